import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { baselineFile, baselineFrozen, generateBaseline } from './baseline';

// `npm run gen:baseline`: rewrites the baseline migration from supabase/schemas/.
const target = fileURLToPath(new URL(`../migrations/${baselineFile}`, import.meta.url));
if (baselineFrozen()) {
  console.log(`${baselineFile} is deployed (deployed-migrations.json): add a new migration instead`);
} else {
  writeFileSync(target, generateBaseline());
  console.log(`wrote ${target}`);
}
