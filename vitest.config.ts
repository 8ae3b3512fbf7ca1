import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// `npm run test:unit`: the unit tests of every workspace in one vitest run, each project with its
// own config (`npm test -w <workspace>` still runs one alone). The database tests (supabase/, PGlite
// in WASM) then run beside the domain's and the app's instead of after them, and on every core:
// vitest's default of half the cores leaves one of a 2-core machine idle (63 s one workspace after
// the other, 40 s together on all cores; docs/testing.md).
export default defineConfig({
  test: {
    projects: ['packages/domain', 'packages/app', 'supabase'],
    maxWorkers: availableParallelism(),
  },
});
