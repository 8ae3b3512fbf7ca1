import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { generateSeed } from './seed';

// `npm run gen:seed`: rewrites supabase/seed.sql from the domain's sample data.
const target = fileURLToPath(new URL('../seed.sql', import.meta.url));
writeFileSync(target, generateSeed());
console.log(`wrote ${target}`);
