import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// `npm run test:unit`: the unit tests of every workspace, and the checks of docs/, in one vitest
// run, each project with its own config (`npx vitest run --project <name>` runs one alone). The
// database tests (supabase/, PGlite in WASM) then run beside the domain's and the app's instead of
// after them, and on every core: vitest's default of half the cores leaves one of a 2-core machine
// idle (docs/testing.md).
export default defineConfig({
  test: {
    projects: ['packages/domain', 'packages/ui', 'packages/app', 'supabase', 'docs'],
    maxWorkers: availableParallelism(),
  },
});
