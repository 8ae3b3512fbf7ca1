import { PGlite } from '@electric-sql/pglite';
import { pgcrypto } from '@electric-sql/pglite/contrib/pgcrypto';
import { Memfs2OpfsFS } from '@electric-sql/pglite/memfs2opfs';
import type { DatabaseImage } from './protocol';

/**
 * The embedded backend's database, one per browser profile and database image: PGlite in memory,
 * its writes mirrored to the origin private file system (OPFS) within a second of their answer, so
 * they survive reloads; in memory only where the browser offers no OPFS. A first start
 * loads the build's image (schema and seed applied at build time); a marker file says the copy
 * on OPFS is complete. Copies of other images are dropped: a new build starts from its seed.
 */

const PREFIX = 'vault-db-';
/**
 * How long the worker lets writes gather before it mirrors them to OPFS. A SharedWorker has no
 * synchronous access handles, so each flush rewrites every file it touches in full through a
 * writable stream (a 16 MB WAL segment for one row): gathering a burst of calls into one flush
 * saves most of that work. A SharedWorker outlives its last tab long enough to finish a flush.
 */
const FLUSH_DELAY_MS = 1_000;

/** Memfs2OpfsFS whose per-query flushes wait FLUSH_DELAY_MS and are written together. */
class GatheringOpfsFS extends Memfs2OpfsFS {
  private timer: ReturnType<typeof setTimeout> | null = null;

  override async syncToFs(relaxedDurability = false): Promise<void> {
    if (!relaxedDurability) {
      if (this.timer) clearTimeout(this.timer);
      this.timer = null;
      return super.syncToFs(false);
    }
    // The changes stay tracked until a flush takes them; a failed flush keeps them for the next.
    this.timer ??= setTimeout(() => {
      this.timer = null;
      super.syncToFs(true).catch((error: unknown) => console.warn('[embedded backend] OPFS flush failed', error));
    }, FLUSH_DELAY_MS);
  }
}
const directoryName = (image: DatabaseImage) => `${PREFIX}${image.version}`;
const markerName = (image: DatabaseImage) => `${directoryName(image)}.ready`;

async function opfsRoot(): Promise<FileSystemDirectoryHandle | null> {
  try {
    return await navigator.storage.getDirectory();
  } catch {
    return null;
  }
}

async function exists(root: FileSystemDirectoryHandle, name: string): Promise<boolean> {
  try {
    await root.getFileHandle(name);
    return true;
  } catch {
    return false;
  }
}

async function remove(root: FileSystemDirectoryHandle, name: string): Promise<void> {
  await root.removeEntry(name, { recursive: true }).catch(() => undefined);
}

/** Drops what earlier images left, but this image's copy. */
async function dropOtherImages(root: FileSystemDirectoryHandle, image: DatabaseImage): Promise<void> {
  const keep = new Set([directoryName(image), markerName(image)]);
  const names: string[] = [];
  for await (const name of (root as unknown as { keys(): AsyncIterable<string> }).keys()) names.push(name);
  for (const name of names) if (name.startsWith(PREFIX) && !keep.has(name)) await remove(root, name);
}

export interface OpenDatabase {
  db: PGlite;
  /** Closes this database and deletes its copy, so the next open starts from the image. */
  discard(): Promise<void>;
}

/**
 * Opens the profile's database. `persistent: false` keeps it in memory only: for a worker that is
 * not the profile's one SharedWorker, which must not write the copy another tab may hold.
 * `loadImage` brings the image's bytes, when there is no complete copy to open.
 */
export async function openDatabase(
  image: DatabaseImage,
  { persistent, loadImage }: { persistent: boolean; loadImage: () => Promise<Blob> },
): Promise<OpenDatabase> {
  const root = persistent ? await opfsRoot() : null;
  const extensions = { pgcrypto };
  if (!root) {
    const db = await PGlite.create({ loadDataDir: await loadImage(), extensions });
    return { db, discard: () => db.close() };
  }
  await dropOtherImages(root, image);
  const stored = await exists(root, markerName(image));
  if (!stored) await remove(root, directoryName(image));
  const fs = new GatheringOpfsFS(directoryName(image));
  // Relaxed: an answer does not wait for its writes to reach OPFS. The worker outlives a reload,
  // and the copy is written so that an interrupted write leaves a state Postgres recovers from.
  const db = await PGlite.create({
    fs,
    extensions,
    relaxedDurability: true,
    ...(stored ? {} : { loadDataDir: await loadImage() }),
  });
  if (!stored) {
    // The marker follows the first complete copy, so a copy with a marker is one a start can open.
    void db
      .exec('checkpoint')
      .then(() => fs.syncToFs(false))
      .then(() => root.getFileHandle(markerName(image), { create: true }));
  }
  return {
    db,
    async discard() {
      await remove(root, markerName(image));
      await db.close();
      await remove(root, directoryName(image));
    },
  };
}
