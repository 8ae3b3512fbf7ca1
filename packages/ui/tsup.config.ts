import { vanillaExtractPlugin } from '@vanilla-extract/esbuild-plugin';
import { defineConfig } from 'tsup';

export default defineConfig({
  entry: ['src/index.ts'],
  format: ['esm'],
  // Stories are excluded by the entry graph; .css.ts files compile into one dist/index.css.
  esbuildPlugins: [vanillaExtractPlugin({ identifiers: 'short' })],
  // tsup sets baseUrl for its declaration build, which TypeScript 6 flags as deprecated.
  // No `paths` in the declaration build: @vault/domain stays an external import, not a source under rootDir.
  dts: { compilerOptions: { composite: false, ignoreDeprecations: '6.0', paths: {} } },
  external: ['react', 'react-dom', 'react/jsx-runtime', '@radix-ui/themes', 'cmdk', '@vault/domain'],
  clean: true,
  sourcemap: true,
  target: 'es2022',
});
