// Builds the two floor pages with the same Vite (and the same React plugin) the app uses, so the
// app's figures can be read as ratios to pages built and measured in the same run.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const benchDir = path.dirname(path.dirname(fileURLToPath(import.meta.url)));

/** Floor sources, and where their builds go: bench/dist is git-ignored (the `dist/` rule). */
export const floors = [
  { id: 'floorA', label: 'Floor A (React)', root: path.join(benchDir, 'floors/floor-a') },
  { id: 'floorB', label: 'Floor B (React + router + Radix)', root: path.join(benchDir, 'floors/floor-b') },
].map((floor) => ({ ...floor, outDir: path.join(benchDir, 'dist', path.basename(floor.root)) }));

/** Builds every floor; returns them with their output folders. */
export async function buildFloors({ quiet = true } = {}) {
  // Imported lazily: the budgets check uses this module's paths without paying for Vite.
  const { build } = await import('vite');
  const { default: react } = await import('@vitejs/plugin-react');
  // A production build whatever NODE_ENV the caller has: Vite keeps an inherited one.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    for (const floor of floors) await buildFloor(floor, quiet, build, react);
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
  return floors;
}

async function buildFloor(floor, quiet, build, react) {
  await build({
    // No config file: the app's vite.config must not leak into the floors.
    configFile: false,
    root: floor.root,
    base: '/',
    mode: 'production',
    logLevel: quiet ? 'warn' : 'info',
    plugins: [react()],
    // Source maps as the app has them: the same trailing comment in the JS, and sizes can be explained.
    build: { outDir: floor.outDir, emptyOutDir: true, manifest: true, sourcemap: true },
  });
}
