import { applyMigrations, freshShimDb } from '../host/database';
import { formatFinding, judge, lintDatabase, readAllowList } from './lint';

// `npm run lint:db`: the migrations on a fresh PGlite database, then every lint finding, allowed
// or not; exits 1 when one is not in supabase/lint/allowed.md (or an entry there matched none).
const db = await freshShimDb();
await applyMigrations(db);
const result = judge(await lintDatabase(db), readAllowList());
await db.close();

for (const f of result.allowed) console.log(`allowed  ${formatFinding(f)}`);
for (const f of result.failing) console.log(`FINDING  ${formatFinding(f)}`);
for (const a of result.stale) console.log(`STALE    allowed.md lists ${a.lint} ${a.object}, which no longer occurs`);
console.log(
  `${result.failing.length} finding(s) not allowed, ${result.allowed.length} allowed, ${result.stale.length} stale allow-list entr(ies)`,
);
process.exitCode = result.failing.length > 0 || result.stale.length > 0 ? 1 : 0;
