import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { applyMigrations, applySeed, freshShimDb, loadDb, readSql, supabaseDir } from '../host/database';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Files holding PGlite data directories: Supabase's starting point, and that plus migrations and seed. */
    pgliteDumps: { shim: string; seeded: string };
  }
}

/**
 * Creating a PGlite database runs initdb in WASM: seconds on a quiet machine, half a minute on a
 * busy one. Do it once: the shim-only database is kept in node_modules/.cache (keyed by the
 * PGlite version and shim.sql), the migrations and seed are applied to it afresh on every run,
 * and each test file loads its own copy of the result.
 */
export default async function setup(project: TestProject): Promise<() => void> {
  const cacheDir = join(supabaseDir, '..', 'node_modules', '.cache', 'vault-supabase');
  mkdirSync(cacheDir, { recursive: true });
  const pglite = JSON.parse(
    readFileSync(join(supabaseDir, '..', 'node_modules', '@electric-sql', 'pglite', 'package.json'), 'utf8'),
  ) as { version: string };
  const key = createHash('sha256')
    .update(pglite.version)
    .update(readSql(join(supabaseDir, 'tests', 'shim.sql')))
    .digest('hex')
    .slice(0, 16);
  const shim = join(cacheDir, `shim-${key}.tar`);
  if (!existsSync(shim)) {
    const db = await freshShimDb();
    const partial = `${shim}.${process.pid}`;
    writeFileSync(partial, Buffer.from(await (await db.dumpDataDir('none')).arrayBuffer()));
    renameSync(partial, shim);
    await db.close();
  }
  const db = await loadDb(shim);
  await applyMigrations(db);
  await applySeed(db);
  const seeded = join(cacheDir, `seeded-${process.pid}.tar`);
  writeFileSync(seeded, Buffer.from(await (await db.dumpDataDir('none')).arrayBuffer()));
  await db.close();
  project.provide('pgliteDumps', { shim, seeded });
  return () => rmSync(seeded, { force: true });
}
