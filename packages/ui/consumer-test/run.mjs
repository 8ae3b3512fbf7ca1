// Proves @vault/ui works for a consuming team: build and pack @vault/domain and @vault/ui, install
// the tarballs into a throwaway React + Vite app outside the workspace, type-check it (tsc --strict),
// render on the server in plain Node (renderToString, no window), measure what importing one
// component costs, build it, then load the page in headless Chromium: the ReadinessCard renders,
// styled, and the ref, className and data-testid the app gives ReadinessCard, NudgeBanner,
// GuideCards and CommandPalette arrive on their root elements.
// Prints one line; exits non-zero on failure. KEEP_CONSUMER_APP=1 keeps the temp folder. --no-build
// packs the packages' dist as it is (the test command's build step has just made it).
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromiumArgs, chromiumPath } from '../../../.ci/chromium.mjs';
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
  const noBuild = process.argv.includes('--no-build');
  if (!noBuild) for (const workspace of ['@vault/domain', '@vault/ui']) npm(['run', 'build', '-w', workspace], root);

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
    execFileSync(join(app, 'node_modules/.bin/tsc'), ['-p', 'tsconfig.json', '--strict'], {
      cwd: app,
      encoding: 'utf8',
      stdio: 'pipe',
    });
  } catch (error) {
    fail(
      'tsc --strict failed in the consumer app (types do not resolve or are wrong)',
      `${error.stdout ?? ''}${error.stderr ?? ''}`,
    );
  }
  // Server rendering: plain Node, the installed packages, no DOM.
  let ssr;
  try {
    ssr = JSON.parse(execFileSync(process.execPath, ['ssr.mjs'], { cwd: app, encoding: 'utf8', stdio: 'pipe' }));
  } catch (error) {
    fail(
      'renderToString failed in Node (does importing @vault/ui touch window?)',
      `${error.stdout ?? ''}${error.stderr ?? ''}`,
    );
  }
  if (ssr.before.window !== 'undefined' || ssr.after.window !== 'undefined' || ssr.after.document !== 'undefined') {
    fail(`importing @vault/ui defined window or document on the server: ${JSON.stringify(ssr)}`);
  }
  for (const [what, ok] of Object.entries(ssr.has))
    if (!ok) fail(`renderToString output lacks ${what}: ${JSON.stringify(ssr)}`);

  // What importing one component costs: @vault/ui's own code only (its dependencies are the app's
  // either way), minified and gzipped, against importing everything.
  const { build } = requireFromRoot('esbuild');
  const external = [
    'react',
    'react-dom',
    'react/jsx-runtime',
    'react-dom/*',
    '@radix-ui/themes',
    '@vault/domain',
    'cmdk',
  ];
  const bundleOf = async (contents) => {
    const result = await build({
      stdin: { contents, resolveDir: app, loader: 'js' },
      bundle: true,
      format: 'esm',
      minify: true,
      write: false,
      splitting: false,
      external,
      platform: 'browser',
      logLevel: 'silent',
    });
    const code = result.outputFiles.map((file) => file.text).join('');
    return { code, gz: gzipSync(code).length };
  };
  const everything = await bundleOf("export * from '@vault/ui';");
  const sizes = {};
  for (const name of ['ReadinessCard', 'NudgeBanner', 'GuideCards', 'CommandPalette', 'StatusChip', 'AppShell']) {
    const one = await bundleOf(`export { ${name} } from '@vault/ui';`);
    sizes[name] = one.gz;
    if (one.gz >= everything.gz) fail(`importing ${name} alone pulls in all of @vault/ui (${one.gz} B gz)`);
  }
  const readinessOnly = await bundleOf("export { ReadinessCard } from '@vault/ui';");
  if (readinessOnly.code.includes('cmdk') || readinessOnly.code.includes('Search pages and actions')) {
    fail('importing ReadinessCard alone pulls in the command palette');
  }
  if (sizes.ReadinessCard > everything.gz / 4) {
    fail(
      `ReadinessCard alone is ${sizes.ReadinessCard} B gz, over a quarter of the whole package (${everything.gz} B)`,
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
    executablePath: chromiumPath,
    args: [...chromiumArgs],
  });
  const page = await browser.newPage();
  const pageErrors = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  await page.goto(url, { waitUntil: 'load' });

  const title = page.getByRole('heading', { name: 'Readiness Level' });
  await title.waitFor({ state: 'visible', timeout: 15_000 });
  const card = page.getByRole('region', { name: 'Readiness Level' });
  if (!(await card.getByText('50%').isVisible())) fail('the card does not show 50%');
  const kyc = card.getByRole('button', { name: 'Continue KYC' });
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

  // The app's ref, className and data-testid arrive on each component's root element, our own
  // class stays beside the app's, and the app's rule wins over ours (its CSS loads after ours).
  const arrived = async (testId, tag, refName) => {
    const element = page.getByTestId(testId);
    await element.waitFor({ state: 'visible', timeout: 15_000 });
    const found = await element.evaluate(
      (node, name) => ({
        tag: node.tagName,
        classes: [...node.classList],
        ref: document.body.dataset[`ref${name}`],
      }),
      refName,
    );
    if (found.tag !== tag)
      fail(`data-testid=${testId} is on a <${found.tag.toLowerCase()}>, not the root <${tag.toLowerCase()}>`);
    if (!found.classes.includes(testId))
      fail(`className ${testId} did not arrive on ${tag} (classes: ${found.classes.join(' ')})`);
    if (found.classes.length < 2) fail(`${testId}: our own class was replaced by the app's`);
    if (found.ref !== tag)
      fail(`the ref given to ${testId} received ${found.ref ?? 'nothing'}, not the <${tag.toLowerCase()}>`);
  };
  await arrived('consumer-readiness', 'SECTION', 'Readiness');
  await arrived('consumer-nudge', 'SECTION', 'Nudge');
  await arrived('consumer-guides', 'UL', 'Guides');
  const gap = await page.getByTestId('consumer-readiness').evaluate((node) => getComputedStyle(node).rowGap);
  if (gap !== '31px') fail(`the app's .consumer-readiness { gap: 31px } lost to @vault/ui's rule (gap is ${gap})`);
  await page.getByRole('button', { name: 'Open palette' }).click();
  await page.getByRole('dialog', { name: 'Command palette' }).waitFor({ state: 'visible', timeout: 15_000 });
  await arrived('consumer-palette', 'DIALOG', 'Palette');
  const dialogTestId = await page
    .getByRole('dialog', { name: 'Command palette' })
    .evaluate((node) => node instanceof HTMLDialogElement && node.matches(':modal') && node.dataset.testid);
  if (dialogTestId !== 'consumer-palette') fail("the palette's data-testid is not on its modal dialog element");
  if (pageErrors.length > 0) fail(`page errors: ${pageErrors.join('; ')}`);

  const size = (name) => {
    const entry = packed.find((p) => p.name === name);
    return entry ? `${(statSync(join(app, entry.filename)).size / 1024).toFixed(1)} KB` : '?';
  };
  const css = readFileSync(join(app, 'node_modules/@vault/ui/dist/index.css'), 'utf8').length;
  console.log(
    `consumer test: OK (${((Date.now() - started) / 1000).toFixed(1)}s): packed @vault/domain ${size('@vault/domain')} and @vault/ui ${size('@vault/ui')} (styles.css ${(css / 1024).toFixed(1)} KB), installed into a React ${version('react')} + Vite app in ${tmpdir()}, tsc --strict clean, renderToString in Node ok (no window; ${ssr.bytes} chars), vite build ok, ReadinessCard rendered at 50% in Chromium with ${styled.length} @vault/ui class(es) styled, Continue KYC → /kyc-verification, ref + className + data-testid arrived on ReadinessCard, NudgeBanner, GuideCards and CommandPalette, the app's class wins over ours`,
  );
  console.log(
    `consumer test: import cost, @vault/ui code only, min+gz: everything ${everything.gz} B; ${Object.entries(sizes)
      .map(([name, bytes]) => `${name} ${bytes} B`)
      .join(', ')}`,
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
