import { execFileSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';
import { signHostKeys } from '../../../../supabase/host/index.ts';
import { LOCAL_ADMIN_PAIR, LOCAL_DEMO_PASSWORD } from '../../../../supabase/host/localAccounts.ts';
import { freePort, journeyBrowser } from '../configShared';

/**
 * A few journeys of a real-mode build: the app built for a Supabase project (`VITE_SUPABASE_URL`),
 * here the local host of `npm run backend:local`, so the app talks to Auth, PostgREST and the
 * functions over HTTP across origins, with no service worker and no PGlite in the page.
 * Playwright starts the host and serves the build, each on a free loopback port.
 *
 * Run: `npm run test:e2e:real` (builds the real-mode app into packages/app/e2e/.real-dist first).
 */

const here = dirname(fileURLToPath(import.meta.url));
const appDir = join(here, '..', '..');
const repoRoot = join(appDir, '..', '..');
const outDir = join(appDir, 'e2e', '.real-dist');
const vite = join(repoRoot, 'node_modules', 'vite', 'bin', 'vite.js');

// The runner picks the ports and builds once; its workers read the same values from the environment.
// Another tool reading the config (knip, in the lint step) does neither.
const readByPlaywright = process.argv.some((arg) => /playwright/.test(arg));
if (!process.env.VAULT_E2E_BACKEND_URL && readByPlaywright) {
  const hostPort = await freePort();
  process.env.VAULT_E2E_APP_PORT = String(await freePort());
  process.env.VAULT_E2E_BACKEND_URL = `http://127.0.0.1:${hostPort}`;
  process.env.VAULT_E2E_ANON_KEY = (await signHostKeys()).anonKey;
  // The demo accounts and the admin pair sign in with the local host's public passwords, as an
  // operator's demo build would with its own (docs/backend.md "Demo accounts").
  execFileSync(process.execPath, [vite, 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'], {
    cwd: appDir,
    stdio: 'inherit',
    env: {
      ...process.env,
      VITE_SUPABASE_URL: process.env.VAULT_E2E_BACKEND_URL,
      VITE_SUPABASE_ANON_KEY: process.env.VAULT_E2E_ANON_KEY,
      VITE_DEMO_PASSWORD: LOCAL_DEMO_PASSWORD,
      VITE_ADMIN_EMAIL: LOCAL_ADMIN_PAIR.email,
      VITE_ADMIN_PASSWORD: LOCAL_ADMIN_PAIR.password,
    },
  });
}
// Port 0 where no runner picked one: a tool that only reads the config starts nothing.
const backendUrl = process.env.VAULT_E2E_BACKEND_URL ?? 'http://127.0.0.1:0';
const appPort = Number(process.env.VAULT_E2E_APP_PORT);
const baseURL = `http://127.0.0.1:${appPort}`;

export default defineConfig({
  testDir: here,
  testMatch: '**/*.real.ts',
  outputDir: join(here, '..', '.results', 'real-mode'),
  // One host holds every journey's data, as one project would; the journeys run one after another.
  workers: 1,
  retries: 1,
  forbidOnly: !!process.env.CI,
  timeout: 120_000,
  expect: { timeout: 15_000 },
  reporter: [['list']],
  use: {
    baseURL,
    ...journeyBrowser,
    trace: 'on-first-retry',
    actionTimeout: 15_000,
    navigationTimeout: 30_000,
  },
  webServer: [
    {
      // `npm run backend:local`, on the port picked above.
      command: 'node --conditions=source --import tsx supabase/host/serve.ts',
      cwd: repoRoot,
      env: { PORT: new URL(backendUrl).port, HOST: '127.0.0.1' },
      url: `${backendUrl}/auth/v1/settings`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      command: `node "${vite}" preview --host 127.0.0.1 --port ${appPort} --strictPort --outDir "${outDir}"`,
      cwd: appDir,
      url: `${baseURL}/`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
  ],
});
