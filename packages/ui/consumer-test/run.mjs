// Proves @vault/ui works for a consuming team: build and pack @vault/domain and @vault/ui, install
// the tarballs into a throwaway React + Vite app outside the workspace, type-check and build it,
// then load the built page in headless Chromium and check the ReadinessCard renders, styled.
// Prints one line; exits non-zero on failure. KEEP_CONSUMER_APP=1 keeps the temp folder.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serveStatic } from '../../../.ci/serve-static.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '../../..');
const requireFromRoot = createRequire(join(root, 'package.json'));
const started = Date.now();
// Read package.json from disk: some packages' `exports` do not expose it to require().
const version = (name) => JSON.parse(readFileSync(join(root, 'node_modules', name, 'package.json'), 'utf8')).version;

const npm = (args, cwd) =>
  execFileSync('npm', args, {
    cwd,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, npm_config_loglevel: 'error' },
  });

class Failure extends Error {
  constructor(message, detail) {
    super(message);
    this.detail = detail;
  }
}
function fail(message, detail) {
  throw new Failure(message, detail);
}

const app = mkdtempSync(join(tmpdir(), 'vault-consumer-'));
let server;
let browser;
try {
  for (const workspace of ['@vault/domain', '@vault/ui']) npm(['run', 'build', '-w', workspace], root);

  const packed = JSON.parse(
    npm(['pack', '-w', '@vault/domain', '-w', '@vault/ui', '--json', '--pack-destination', app], root),
  );
  const tarball = (name) => {
    const entry = packed.find((p) => p.name === name);
    if (!entry) fail(`npm pack did not produce ${name}`);
    return `file:./${entry.filename}`;
  };
  const uiFiles = packed.find((p) => p.name === '@vault/ui')?.files.map((f) => f.path) ?? [];
  for (const required of ['dist/index.js', 'dist/index.d.ts', 'dist/index.css', 'README.md']) {
    if (!uiFiles.includes(required)) fail(`the @vault/ui tarball lacks ${required}`);
  }

  cpSync(join(here, 'template'), app, { recursive: true });
  const domain = tarball('@vault/domain');
  writeFileSync(
    join(app, 'package.json'),
    `${JSON.stringify(
      {
        name: 'vault-ui-consumer',
        private: true,
        type: 'module',
        dependencies: {
          '@vault/domain': domain,
          '@vault/ui': tarball('@vault/ui'),
          '@radix-ui/themes': version('@radix-ui/themes'),
          react: version('react'),
          'react-dom': version('react-dom'),
        },
        devDependencies: {
          '@types/react': version('@types/react'),
          '@types/react-dom': version('@types/react-dom'),
          '@vitejs/plugin-react': version('@vitejs/plugin-react'),
          typescript: version('typescript'),
          vite: version('vite'),
        },
        // @vault/ui's own dependency on @vault/domain must resolve to the packed tarball, not a registry.
        overrides: { '@vault/domain': domain },
      },
      null,
      2,
    )}\n`,
  );
  npm(['install', '--prefer-offline', '--no-audit', '--no-fund'], app);

  try {
    execFileSync(join(app, 'node_modules/.bin/tsc'), ['-p', 'tsconfig.json'], {
      cwd: app,
      encoding: 'utf8',
      stdio: 'pipe',
    });
  } catch (error) {
    fail(
      'tsc --noEmit failed in the consumer app (types do not resolve)',
      `${error.stdout ?? ''}${error.stderr ?? ''}`,
    );
  }
  try {
    execFileSync(join(app, 'node_modules/.bin/vite'), ['build'], { cwd: app, encoding: 'utf8', stdio: 'pipe' });
  } catch (error) {
    fail('vite build failed in the consumer app', `${error.stdout ?? ''}${error.stderr ?? ''}`);
  }

  ({ server } = await serveStatic(join(app, 'dist')).then((s) => ({ server: s.server, url: s.url })));
  const address = server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/`;

  const { chromium } = requireFromRoot('playwright-core');
  browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH || '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  const page = await browser.newPage();
  const pageErrors = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  await page.goto(url, { waitUntil: 'load' });

  const title = page.getByRole('heading', { name: 'Readiness Level' });
  await title.waitFor({ state: 'visible', timeout: 15_000 });
  const card = page.getByRole('region', { name: 'Readiness Level' });
  if (!(await card.getByText('50%').isVisible())) fail('the card does not show 50%');
  const kyc = page.getByRole('button', { name: 'Continue KYC' });
  if (!(await kyc.isVisible())) fail("the 'Continue KYC' button is not visible");
  await kyc.click();
  const navigatedTo = await page.evaluate(() => document.body.dataset.navigatedTo);
  if (navigatedTo !== '/kyc-verification') fail(`Continue KYC called back with ${navigatedTo}, not /kyc-verification`);

  // The package's compiled CSS is loaded and applies: some class on the card (not Radix's rt-*)
  // is matched by a rule in the page's stylesheets.
  const styled = await page.evaluate(() => {
    const section = document.querySelector('section');
    const classes = new Set(
      [section, ...(section?.querySelectorAll('*') ?? [])]
        .flatMap((element) => (element ? [...element.classList] : []))
        .filter((name) => !name.startsWith('rt-') && !name.startsWith('radix-')),
    );
    const selectors = [...document.styleSheets].flatMap((sheet) =>
      [...sheet.cssRules].map((rule) => ('selectorText' in rule ? String(rule.selectorText) : '')),
    );
    return [...classes].filter((name) => selectors.some((selector) => selector.includes(`.${name}`)));
  });
  if (styled.length === 0) fail('no @vault/ui style rule applies to the rendered card (styles.css not loaded?)');
  if (pageErrors.length > 0) fail(`page errors: ${pageErrors.join('; ')}`);

  const size = (name) => {
    const entry = packed.find((p) => p.name === name);
    return entry ? `${(statSync(join(app, entry.filename)).size / 1024).toFixed(1)} KB` : '?';
  };
  const css = readFileSync(join(app, 'node_modules/@vault/ui/dist/index.css'), 'utf8').length;
  console.log(
    `consumer test: OK (${((Date.now() - started) / 1000).toFixed(1)}s): packed @vault/domain ${size('@vault/domain')} and @vault/ui ${size('@vault/ui')} (styles.css ${(css / 1024).toFixed(1)} KB), installed into a React ${version('react')} + Vite app in ${tmpdir()}, tsc --noEmit clean, vite build ok, ReadinessCard rendered at 50% in Chromium with ${styled.length} @vault/ui class(es) styled, Continue KYC → /kyc-verification`,
  );
} catch (error) {
  const detail = error instanceof Failure ? error.detail : (error?.stderr ?? error?.stdout);
  if (detail) console.error(detail);
  console.log(`consumer test: FAILED: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
  process.exitCode = 1;
} finally {
  await browser?.close();
  server?.close();
  if (process.env.KEEP_CONSUMER_APP) console.error(`consumer app kept at ${app}`);
  else rmSync(app, { recursive: true, force: true });
}
