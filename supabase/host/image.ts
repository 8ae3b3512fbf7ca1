import type { PGliteInterface } from '@electric-sql/pglite';

/**
 * The database as a PGlite data directory (a gzip tarball) that another copy starts from: the
 * build's image of the embedded backend, and the host's `GET /embedded/v1/database`.
 *
 * The WAL written so far stays out of it. With recycling off, a switch to a new segment and a
 * checkpoint delete the old segment instead of keeping it for reuse, so the copy holds one segment
 * with little more than the checkpoint: zeros, which gzip reduces to nothing. Otherwise the 16 MB
 * segment of old records was most of the tarball. PGlite runs the checkpoint in this session, so
 * the session's setting is the one that applies.
 */
export async function dataDirectoryImage(db: PGliteInterface): Promise<Blob> {
  await db.exec('set wal_recycle = off');
  try {
    await db.exec('select pg_switch_wal()');
    await db.exec('checkpoint');
  } finally {
    await db.exec('reset wal_recycle');
  }
  return db.dumpDataDir('gzip');
}
