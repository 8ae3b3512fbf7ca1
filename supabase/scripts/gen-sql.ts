import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { baselineFile, baselineFrozen, generateBaseline } from './baseline';
import { generateDomainSql, generatedDomainFile } from './domain-sql';

// `npm run gen:sql`: rewrites supabase/schemas/00_generated_domain.sql from @vault/domain, then
// the baseline migration from the schema files.
const supabaseDir = fileURLToPath(new URL('..', import.meta.url));
writeFileSync(join(supabaseDir, generatedDomainFile), generateDomainSql());
console.log(`wrote ${generatedDomainFile}`);
if (baselineFrozen()) {
  console.log(`${baselineFile} is deployed (deployed-migrations.json): add a new migration for the change`);
} else {
  writeFileSync(join(supabaseDir, 'migrations', baselineFile), generateBaseline());
  console.log(`wrote migrations/${baselineFile}`);
}
