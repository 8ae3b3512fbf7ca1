// `npm run test:visual`: the visual regression test (see visual.spec.ts).
//   npm run test:visual                          build Storybook into a temp folder, then compare
//   npm run test:visual -- --storybook-dir <dir> compare an already built Storybook (CI builds once)
//   npm run test:visual -- --update              rewrite the baselines that changed, add missing ones,
//                                                delete those of stories that no longer exist
//   npm run test:visual -- -g "ReadinessCard"    only the stories whose title › name matches
//   npm run test:visual -- --widths 360,768,1440 also check the layout at these widths (no shots):
//                                                no broken word, small tap target or sideways scroll
// VISUAL_STORYBOOK_DIR=<dir> works like --storybook-dir; VISUAL_WORKERS (2) sets the parallel pages;
// VISUAL_OUTPUT_DIR (test-results/visual) where failures go. Other arguments go to `playwright test`.
// A failure keeps the actual and diff images under test-results/visual/ and prints their paths.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, unlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serveStatic } from '../../.ci/serve-static.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '../..');
const baselines = join(root, '.storybook/visual-baselines');
const started = Date.now();

const args = process.argv.slice(2);
let storybookDir = process.env.VISUAL_STORYBOOK_DIR || '';
let update = false;
const passThrough = [];
for (let i = 0; i < args.length; i += 1) {
  const arg = args[i];
  if (arg === '--update' || arg === '-u') update = true;
  else if (arg === '--widths') {
    process.env.VISUAL_WIDTHS = args[i + 1] ?? '';
    i += 1;
  } else if (arg === '--storybook-dir') {
    storybookDir = args[i + 1] ?? '';
    i += 1;
  } else if (arg.startsWith('--storybook-dir=')) storybookDir = arg.slice('--storybook-dir='.length);
  else passThrough.push(arg);
}
const filtered = passThrough.some((arg) => arg === '-g' || arg.startsWith('--grep') || !arg.startsWith('-'));

const chrome =
  process.env.CHROME_PATH || execFileSync('bash', [join(root, '.ci/ensure-chromium')], { encoding: 'utf8' }).trim();

let built = '';
if (storybookDir) {
  storybookDir = resolve(storybookDir);
  if (!existsSync(join(storybookDir, 'index.json'))) {
    console.error(`test:visual: ${storybookDir} is not a built Storybook (no index.json)`);
    process.exit(1);
  }
} else {
  built = mkdtempSync(join(tmpdir(), 'vault-visual-storybook-'));
  console.log('test:visual: building Storybook…');
  try {
    execFileSync('npx', ['storybook', 'build', '-o', built, '--quiet', '--disable-telemetry'], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
  } catch (error) {
    console.error(`${error.stdout ?? ''}${error.stderr ?? ''}`.split('\n').slice(-60).join('\n'));
    console.error('test:visual: storybook build failed');
    rmSync(built, { recursive: true, force: true });
    process.exit(1);
  }
  storybookDir = built;
}

const { server, url } = await serveStatic(storybookDir);
const code = await new Promise((resolveRun) => {
  const child = spawn(
    'npx',
    [
      'playwright',
      'test',
      '-c',
      join(here, 'playwright.config.ts'),
      `--update-snapshots=${update ? 'changed' : 'none'}`,
      ...passThrough,
    ],
    {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, CHROME_PATH: chrome, VISUAL_STORYBOOK_DIR: storybookDir, VISUAL_STORYBOOK_URL: url },
    },
  );
  child.on('exit', (exitCode) => resolveRun(exitCode ?? 1));
});
server.close();

// After a full --update, drop the baselines of stories that are gone.
if (update && !filtered && code === 0) {
  const index = JSON.parse(readFileSync(join(storybookDir, 'index.json'), 'utf8'));
  const expected = new Set(
    Object.values(index.entries)
      .filter((entry) => entry.type === 'story')
      .flatMap((entry) => [`${entry.id}-light.png`, `${entry.id}-dark.png`]),
  );
  for (const file of readdirSync(baselines)) {
    if (file.endsWith('.png') && !expected.has(file)) {
      unlinkSync(join(baselines, file));
      console.log(`test:visual: removed the baseline of a story that no longer exists: ${file}`);
    }
  }
}
if (built) rmSync(built, { recursive: true, force: true });

if (existsSync(baselines)) {
  const files = readdirSync(baselines).filter((file) => file.endsWith('.png'));
  const bytes = files.reduce((sum, file) => sum + statSync(join(baselines, file)).size, 0);
  console.log(
    `test:visual: ${code === 0 ? 'OK' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(0)}s; ${files.length} baselines, ${(bytes / 1024 / 1024).toFixed(1)} MB in .storybook/visual-baselines/`,
  );
}
if (code !== 0) {
  console.log(
    `test:visual: the actual, expected and diff images of each failed shot are under ${process.env.VISUAL_OUTPUT_DIR ?? 'test-results/visual/'} (paths above); accept an intended change with \`npm run test:visual -- --update\`.`,
  );
}
process.exit(code);
