import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { baselineFile, generateBaseline } from './baseline';

// `npm run gen:baseline`: rewrites the baseline migration from supabase/schemas/.
const target = fileURLToPath(new URL(`../migrations/${baselineFile}`, import.meta.url));
writeFileSync(target, generateBaseline());
console.log(`wrote ${target}`);
