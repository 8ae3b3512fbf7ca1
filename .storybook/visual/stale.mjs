// The baselines no story shoots any more: a story renamed or removed, or tagged `no-visual`.
//   node .storybook/visual/stale.mjs <storybook build>/index.json
// lists them and exits 1; with VISUAL_UPDATE=1 (npm run test:visual -- --update) deletes them.
// Run by .ci/storybook-tests after the interaction tests, against the build they tested.
import { readdirSync, readFileSync, unlinkSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const baselines = resolve(dirname(fileURLToPath(import.meta.url)), '../visual-baselines');
const indexFile = process.argv[2];
if (!indexFile) {
  console.error('usage: node .storybook/visual/stale.mjs <storybook build>/index.json');
  process.exit(2);
}
const { entries } = JSON.parse(readFileSync(indexFile, 'utf8'));
const expected = new Set(
  Object.values(entries)
    .filter((entry) => entry.type === 'story' && !(entry.tags ?? []).includes('no-visual'))
    .flatMap((entry) => [`${entry.id}-light.png`, `${entry.id}-dark.png`]),
);
const stale = readdirSync(baselines).filter((file) => file.endsWith('.png') && !expected.has(file));
if (stale.length === 0) process.exit(0);
if (process.env.VISUAL_UPDATE === '1') {
  for (const file of stale) unlinkSync(join(baselines, file));
  console.log(`visual: removed ${stale.length} baseline(s) of stories that no longer exist: ${stale.join(', ')}`);
  process.exit(0);
}
console.error(
  `visual: ${stale.length} baseline(s) belong to no story: ${stale.join(', ')}. Remove them with \`npm run test:visual -- --update\`.`,
);
process.exit(1);
