import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';
import { freePort, journeyBrowser } from './configShared';

/**
 * Vault's end-to-end journeys, in the system Chromium (docs/toolchain.md), against the
 * production build served the way `npm start` serves it: `vite preview` of packages/app/dist with
 * the embedded mock backend. Playwright starts and stops the server on a free loopback port.
 *
 * Run: `npm run build && npm run test:e2e`; one journey: add `-g "keyboard"`.
 */

const here = dirname(fileURLToPath(import.meta.url));
const appDir = join(here, '..');
const repoRoot = join(appDir, '..', '..');
// VAULT_E2E_DIST serves another build folder (e.g. a private copy while others rebuild dist/).
const outDir = process.env.VAULT_E2E_DIST || join(appDir, 'dist');
const dist = join(outDir, 'index.html');

// The config is evaluated again in every worker process; the port picked by the first evaluation
// (the runner) travels to the workers in the environment, so all agree on one server. Another
// tool reading the config (knip, in the lint step) neither picks a port nor builds.
const readByPlaywright = process.argv.some((arg) => /playwright/.test(arg));
if (!process.env.VAULT_E2E_PORT && readByPlaywright) {
  process.env.VAULT_E2E_PORT = String(await freePort());
  // The test command builds before the journeys; run alone, a missing build is made once here.
  if (process.env.VAULT_E2E_DIST && !existsSync(dist)) {
    throw new Error(`[e2e] VAULT_E2E_DIST is set but ${dist} does not exist.`);
  }
  if (!existsSync(dist)) {
    console.log(`[e2e] ${dist} is missing: running \`npm run build\` first (the test command builds before e2e).`);
    try {
      execSync('npm run build', { cwd: repoRoot, stdio: 'inherit' });
    } catch {
      throw new Error('[e2e] `npm run build` failed, so there is no production build to test. Fix the build first.');
    }
    if (!existsSync(dist)) throw new Error(`[e2e] The build finished but ${dist} is still missing.`);
  }
}
const port = Number(process.env.VAULT_E2E_PORT);
const baseURL = `http://127.0.0.1:${port}`;
const vite = join(repoRoot, 'node_modules', 'vite', 'bin', 'vite.js');

export default defineConfig({
  testDir: here,
  // The signed-in states first (signed-in.setup.ts, once per run), then the journeys that start from them.
  projects: [
    { name: 'setup', testMatch: '**/*.setup.ts' },
    { name: 'journeys', testMatch: '**/*.spec.ts', dependencies: ['setup'] },
  ],
  outputDir: join(here, '.results'),
  fullyParallel: true,
  workers: 2,
  // One retry: a test that passes on its retry is still listed as flaky in the report, so the
  // flake is seen and fixed, and the retry records the trace (see `trace` below).
  retries: 1,
  forbidOnly: !!process.env.CI,
  // Generous: a loaded 2-core machine can take seconds per screen chunk; only failures wait this long.
  timeout: 120_000,
  // A fresh browser context starts its own database (PGlite from the build's image): seconds on an
  // idle machine, up to 20 s when two workers start theirs at once on 2 cores. A context's first
  // screen that reads the backend waits for it, so the waits allow that.
  expect: { timeout: 30_000 },
  reporter: [['list']],
  use: {
    baseURL,
    ...journeyBrowser,
    // Recording a trace doubles a test's time on 2 cores, so only the retry of a failed test records
    // one: a test that fails twice keeps screenshot + trace. VAULT_E2E_TRACE=on traces every test.
    trace: process.env.VAULT_E2E_TRACE === 'on' ? 'on' : 'on-first-retry',
    actionTimeout: 30_000,
    navigationTimeout: 30_000,
  },
  webServer: {
    // `npm start` serves with `vite preview`; the same, on the port picked above.
    command: `node "${vite}" preview --host 127.0.0.1 --port ${port} --strictPort --outDir "${outDir}"`,
    cwd: appDir,
    url: `${baseURL}/`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
