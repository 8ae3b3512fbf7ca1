import { defineConfig } from 'tsup';

export default defineConfig({
  entry: ['src/index.ts'],
  format: ['esm'],
  // tsup sets baseUrl for its declaration build, which TypeScript 6 flags as deprecated.
  dts: { compilerOptions: { composite: false, ignoreDeprecations: '6.0' } },
  clean: true,
  sourcemap: true,
  target: 'es2022',
});
