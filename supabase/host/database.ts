import { readdirSync, readFileSync } from 'node:fs';
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
