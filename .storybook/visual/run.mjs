// `npm run test:visual`: the visual regression check on its own. The shots are taken by the
// interaction tests (.storybook/test-runner.ts, visual/shots.ts) right after each story's play
// function, so `npm test` checks them in its storybook step; this script runs those same tests
// with the options below.
//   npm run test:visual                          the Storybook tests, shots included
//   npm run test:visual -- --update              rewrite the baselines that changed, add missing ones,
//                                                delete those of stories that no longer exist (stale.mjs)
//   npm run test:visual -- CommandPalette        only the stories of the files whose title matches
//   npm run test:visual -- --widths 360,768,1440 also check the layout at these widths (no shots):
//                                                no broken word, small tap target or sideways scroll
// VISUAL_OUTPUT_DIR (test-results/visual) is where the actual and diff images of a failed shot go.
// Other arguments go to test-storybook (jest).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const baselines = join(root, '.storybook/visual-baselines');
const started = Date.now();

const args = process.argv.slice(2);
const env = { ...process.env };
const passThrough = [];
let update = false;
for (let i = 0; i < args.length; i += 1) {
  const arg = args[i];
  if (arg === '--update' || arg === '-u') update = true;
  else if (arg === '--widths') {
    env.VISUAL_WIDTHS = args[i + 1] ?? '';
    i += 1;
  } else passThrough.push(arg);
}
if (update) env.VISUAL_UPDATE = '1';

// The Storybook tests build (or reuse, with VAULT_STORYBOOK_DIR) and serve Storybook themselves.
const { status } = spawnSync('bash', [join(root, '.ci/storybook-tests'), ...passThrough], {
  cwd: root,
  stdio: 'inherit',
  env,
});
const code = status ?? 1;

if (existsSync(baselines)) {
  const files = readdirSync(baselines).filter((file) => file.endsWith('.png'));
  const bytes = files.reduce((sum, file) => sum + statSync(join(baselines, file)).size, 0);
  console.log(
    `test:visual: ${code === 0 ? 'OK' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(0)}s; ${files.length} baselines, ${(bytes / 1024 / 1024).toFixed(1)} MB in .storybook/visual-baselines/`,
  );
}
if (code !== 0) {
  console.log(
    `test:visual: the actual and diff images of each failed shot are under ${process.env.VISUAL_OUTPUT_DIR ?? 'test-results/visual/'} (paths above); accept an intended change with \`npm run test:visual -- --update\`.`,
  );
}
process.exit(code);
