import { defaultServerConditions } from 'vite';
import { defineConfig } from 'vitest/config';

// Node tests run in Vite's SSR environment, which reads its own resolve conditions: both must
// name 'source' so @vault/* load from TypeScript sources, with no prior package build.
const conditions = ['source', ...defaultServerConditions];

export default defineConfig({
  resolve: { conditions },
  ssr: { resolve: { conditions, externalConditions: conditions } },
  test: {
    include: ['tests/**/*.test.ts', 'functions/**/*.test.ts', 'host/**/*.test.ts'],
    globalSetup: ['tests/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    environment: 'node',
    // Each test file compiles PGlite's WebAssembly anew; V8's optimizing tier would recompile it in
    // the background, which costs a short-lived worker more than it gains (docs/testing.md).
    execArgv: ['--liftoff-only'],
    // A worker runs its files one after another in one module graph: nothing here mocks a module or
    // a global, and each file opens its own database (docs/testing.md).
    isolate: false,
  },
});
