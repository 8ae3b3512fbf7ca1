import { defineConfig } from 'vitest/config';

// The pure helpers of @vault/ui (e.g. toCsv) in Node; components are tested by their stories.
export default defineConfig({
  test: { include: ['src/**/*.test.ts'], environment: 'node', isolate: false },
});
