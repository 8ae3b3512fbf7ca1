import { defineConfig } from 'vitest/config';

// The checks that keep the documentation in step with the repository (docs/check/), part of
// `npm run test:unit` through the root vitest.config.ts.
export default defineConfig({
  test: { name: 'docs', include: ['check/**/*.test.ts'], environment: 'node', isolate: false },
});
