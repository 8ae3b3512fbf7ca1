import type { TestProject } from 'vitest/node';
import { cachedDumps } from '../host/database';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Files holding PGlite data directories: Supabase's starting point, and that plus migrations and seed. */
    pgliteDumps: { shim: string; seeded: string };
  }
}

/**
 * Each test file loads its own copy of a database made once (host/database.ts cachedDumps): the
 * shim alone, or with the migrations and the seed. The database tests and the app's Node tests
 * (which run the local host) both start from these.
 */
export default async function setup(project: TestProject): Promise<void> {
  project.provide('pgliteDumps', await cachedDumps());
}
