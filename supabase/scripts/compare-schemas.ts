import { readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { freshShimDb, readSql } from '../host/database';
import { schemaSnapshot } from '../tests/snapshot';

/**
 * `node --conditions=source --import tsx supabase/scripts/compare-schemas.ts <a> <b>`: applies
 * each side (a folder of .sql files in name order, or one file) to its own fresh database with
 * Supabase's shim, and compares the schema snapshots of tests/snapshot.ts. Prints each
 * difference and exits 1, or prints that they are equal.
 */
function files(path: string): string[] {
  const full = resolve(path);
  if (statSync(full).isFile()) return [full];
  return readdirSync(full)
    .filter((f) => f.endsWith('.sql'))
    .sort()
    .map((f) => join(full, f));
}

async function snapshotOf(path: string): Promise<Record<string, unknown[]>> {
  const db = await freshShimDb();
  try {
    for (const file of files(path)) {
      try {
        await db.exec(readSql(file));
      } catch (error) {
        throw new Error(`${file}: ${(error as Error).message}`);
      }
    }
    // And the rows the schema itself writes.
    const rows = async (sql: string) =>
      (await db.query<Record<string, unknown>>(sql)).rows.map((r) => JSON.stringify(r)).sort();
    return {
      ...(await schemaSnapshot(db)),
      settingsRows: await rows('select * from public.app_settings'),
      agreementVersions: await rows('select version, sha256, current from public.agreement_versions'),
    };
  } finally {
    await db.close();
  }
}

// `--rename FROM=TO` reads constraint names of <a> starting FROM as starting TO: a table made under
// another name and renamed keeps the constraint names it was made with.
const args = process.argv.slice(2);
const renames: [string, string][] = [];
for (let i = args.indexOf('--rename'); i >= 0; i = args.indexOf('--rename')) {
  const [from, to] = (args[i + 1] ?? '').split('=');
  if (!from || to === undefined) throw new Error('--rename FROM=TO');
  renames.push([from, to]);
  args.splice(i, 2);
}
const [a, b] = args;
if (!a || !b) {
  console.error('usage: compare-schemas.ts [--rename FROM=TO] <folder or file> <folder or file>');
  process.exit(2);
}
const [left, right] = [await snapshotOf(a), await snapshotOf(b)];
left.constraints = (left.constraints ?? []).map((row) => {
  const r = row as { conname: string };
  const rule = renames.find(([from]) => r.conname.startsWith(from));
  return rule ? { ...r, conname: rule[1] + r.conname.slice(rule[0].length) } : row;
});
let differences = 0;
for (const part of Object.keys(left)) {
  const l = new Set((left[part] ?? []).map((r) => JSON.stringify(r)));
  const r = new Set((right[part] ?? []).map((x) => JSON.stringify(x)));
  for (const row of l)
    if (!r.has(row)) {
      differences += 1;
      console.log(`${part}: only in ${a}: ${row}`);
    }
  for (const row of r)
    if (!l.has(row)) {
      differences += 1;
      console.log(`${part}: only in ${b}: ${row}`);
    }
  console.log(`${part}: ${l.size} and ${r.size} entries`);
}
console.log(differences === 0 ? 'equal' : `${differences} differences`);
process.exit(differences === 0 ? 0 : 1);
