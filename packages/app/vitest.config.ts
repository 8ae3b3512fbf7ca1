import { defaultServerConditions } from 'vite';
import { defineConfig } from 'vitest/config';

// Node tests run in Vite's SSR environment, which reads its own resolve conditions: both must
// name 'source' so @vault/* load from TypeScript sources, with no prior package build.
const conditions = ['source', ...defaultServerConditions];

export default defineConfig({
  resolve: { conditions },
  ssr: { resolve: { conditions, externalConditions: conditions } },
  test: {
    include: ['src/**/*.test.ts'],
    environment: 'node',
    // Each test file compiles PGlite's WebAssembly anew; V8's optimizing tier would recompile it in
    // the background, which costs a short-lived worker more than it gains (docs/testing.md).
    execArgv: ['--liftoff-only'],
    // The tests that talk to the backend run the local host over PGlite, loaded from the dump the
    // database tests make (supabase/tests/global-setup.ts).
    globalSetup: ['../../supabase/tests/global-setup.ts'],
    hookTimeout: 120_000,
    testTimeout: 60_000,
  },
});
