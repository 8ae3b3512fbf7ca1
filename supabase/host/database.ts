import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pgcrypto } from '@electric-sql/pglite/contrib/pgcrypto';

/**
 * PGlite (Postgres compiled to WASM, in-process) in Node, with what Supabase provides
 * (tests/shim.sql), the migrations (every file of supabase/migrations, in name order) and the
 * seed: the database of the tests, of the local host (serve.ts) and of the lint. No vitest here.
 */

export const supabaseDir = fileURLToPath(new URL('..', import.meta.url));
const migrationsDir = join(supabaseDir, 'migrations');

export function migrationFiles(): string[] {
  return readdirSync(migrationsDir)
    .filter((f) => f.endsWith('.sql'))
    .sort();
}

export function readSql(path: string): string {
  return readFileSync(path, 'utf8');
}

/** A new database (initdb: slow) with only what Supabase provides before the first migration. */
export async function freshShimDb(): Promise<PGlite> {
  const db = new PGlite({ extensions: { pgcrypto } });
  await db.exec(readSql(join(supabaseDir, 'tests', 'shim.sql')));
  return db;
}

/** A database from a data directory dumped by tests/global-setup.ts. */
export async function loadDb(file: string): Promise<PGlite> {
  const db = new PGlite({ loadDataDir: new Blob([readFileSync(file)]), extensions: { pgcrypto } });
  await db.waitReady;
  return db;
}

export async function applyMigrations(db: PGlite): Promise<void> {
  for (const file of migrationFiles()) {
    try {
      await db.exec(readSql(join(migrationsDir, file)));
    } catch (error) {
      throw new Error(`migration ${file} failed: ${(error as Error).message}`);
    }
  }
}

export async function applySeed(db: PGlite): Promise<void> {
  await db.exec(readSql(join(supabaseDir, 'seed.sql')));
}

async function writeDump(db: PGlite, file: string): Promise<void> {
  const partial = `${file}.${process.pid}`;
  writeFileSync(partial, Buffer.from(await (await db.dumpDataDir('none')).arrayBuffer()));
  renameSync(partial, file);
}

/**
 * Creating a PGlite database runs initdb in WASM: seconds on a quiet machine, half a minute on a
 * busy one, and the migrations take as long again. Both dumps are kept in node_modules/.cache,
 * named by what made them (the PGlite version, shim.sql; then every migration and the seed), so
 * they are made again exactly when one of those files changes. Answers the two files' paths.
 */
export async function cachedDumps(): Promise<{ shim: string; seeded: string }> {
  const cacheDir = join(supabaseDir, '..', 'node_modules', '.cache', 'vault-supabase');
  mkdirSync(cacheDir, { recursive: true });
  const pglite = JSON.parse(
    readFileSync(join(supabaseDir, '..', 'node_modules', '@electric-sql', 'pglite', 'package.json'), 'utf8'),
  ) as { version: string };
  const shimHash = createHash('sha256')
    .update(pglite.version)
    .update(readSql(join(supabaseDir, 'tests', 'shim.sql')));
  const shimKey = shimHash.copy().digest('hex').slice(0, 16);
  const shim = join(cacheDir, `shim-${shimKey}.tar`);
  if (!existsSync(shim)) {
    const db = await freshShimDb();
    await writeDump(db, shim);
    await db.close();
  }
  for (const file of migrationFiles()) shimHash.update(file).update(readSql(join(migrationsDir, file)));
  const seededKey = shimHash
    .update(readSql(join(supabaseDir, 'seed.sql')))
    .digest('hex')
    .slice(0, 16);
  const seeded = join(cacheDir, `seeded-${seededKey}.tar`);
  if (!existsSync(seeded)) {
    const db = await loadDb(shim);
    await applyMigrations(db);
    await applySeed(db);
    await writeDump(db, seeded);
    await db.close();
  }
  return { shim, seeded };
}
