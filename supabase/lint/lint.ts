import { readFileSync } from 'node:fs';
import type { PGlite } from '@electric-sql/pglite';

/**
 * The database lint (docs/security.md "The database lint"): one catalogue query per rule over a
 * migrated database, in the spirit of Supabase's linter (splinter), which is not published as a
 * package. Each rule returns findings; a finding fails `npm test` (supabase/tests/lint.test.ts)
 * unless supabase/lint/allowed.md lists it with a reason. `npm run lint:db` prints them.
 *
 * The rules cover what an outsider reaches through the API (the `public` schema):
 * - rls_disabled: a table without row-level security;
 * - auth_users_view: a view that reads auth.users;
 * - security_definer_view: a view that runs with its owner's rights (no security_invoker);
 * - function_search_path: a function without a fixed search_path;
 * - anon_privilege: any privilege anon holds (the signed-out API key), on a table, view,
 *   sequence or function, or usage of the GraphQL schema;
 * - unindexed_foreign_key: a foreign key whose columns lead no index;
 * - policy_call_unwrapped: a function call in a policy outside a `(select …)`, evaluated per
 *   row instead of once per query (splinter only sees literal auth.<fn>() calls);
 * - write_check_not_executable: a check constraint or column default calls a function that a
 *   role allowed to write the table may not execute, so its writes fail with a permission error.
 */

const lintNames = [
  'rls_disabled',
  'auth_users_view',
  'security_definer_view',
  'function_search_path',
  'anon_privilege',
  'unindexed_foreign_key',
  'policy_call_unwrapped',
  'write_check_not_executable',
] as const;
type LintName = (typeof lintNames)[number];

export interface Finding {
  lint: LintName;
  /** What the finding is about, stable from run to run: the key allowed.md names. */
  object: string;
  detail: string;
}

/** The schema the API exposes. */
const SCHEMA = 'public';

/** Objects an extension owns are the extension's business, not the migrations'. */
const notFromExtension = (oid: string) =>
  `not exists (select 1 from pg_catalog.pg_depend e where e.objid = ${oid} and e.deptype = 'e')`;

type Row = Record<string, string>;

/** A function as the findings name it, schema-qualified whatever the search_path: public.f(text). */
const functionName = `format('%s.%s(%s)', n.nspname, p.proname, pg_catalog.pg_get_function_identity_arguments(p.oid))`;

async function rows(db: PGlite, sql: string, params: unknown[] = []): Promise<Row[]> {
  return (await db.query<Row>(sql, params)).rows;
}

async function rlsDisabled(db: PGlite): Promise<Finding[]> {
  const found = await rows(
    db,
    `select c.relname as name from pg_catalog.pg_class c
     join pg_catalog.pg_namespace n on n.oid = c.relnamespace
     where n.nspname = $1 and c.relkind in ('r', 'p') and not c.relrowsecurity and ${notFromExtension('c.oid')}
     order by 1`,
    [SCHEMA],
  );
  return found.map((r) => ({
    lint: 'rls_disabled',
    object: `${SCHEMA}.${r.name}`,
    detail: 'row-level security is off: every client holding a grant reads every row',
  }));
}

async function views(db: PGlite): Promise<Finding[]> {
  const found = await rows(
    db,
    `select c.relname as name, c.relkind as kind,
       coalesce(lower(c.reloptions::text), '') ~ 'security_invoker=(1|true|yes|on)' as invoker,
       exists (
         select 1 from pg_catalog.pg_rewrite r
         join pg_catalog.pg_depend d on d.classid = 'pg_catalog.pg_rewrite'::regclass and d.objid = r.oid
         where r.ev_class = c.oid and d.refobjid = to_regclass('auth.users')
       ) as reads_auth_users
     from pg_catalog.pg_class c
     join pg_catalog.pg_namespace n on n.oid = c.relnamespace
     where n.nspname = $1 and c.relkind in ('v', 'm') and ${notFromExtension('c.oid')}
     order by 1`,
    [SCHEMA],
  );
  const out: Finding[] = [];
  for (const r of found) {
    const object = `${SCHEMA}.${r.name}`;
    if (r.reads_auth_users) {
      out.push({ lint: 'auth_users_view', object, detail: 'reads auth.users, which holds every member’s email' });
    }
    if (r.kind === 'm' || !r.invoker) {
      out.push({
        lint: 'security_definer_view',
        object,
        detail:
          r.kind === 'm'
            ? 'a materialized view has no row-level security'
            : 'runs with its owner’s rights: set security_invoker = true',
      });
    }
  }
  return out;
}

async function functionSearchPath(db: PGlite): Promise<Finding[]> {
  const found = await rows(
    db,
    `select ${functionName} as name from pg_catalog.pg_proc p
     join pg_catalog.pg_namespace n on n.oid = p.pronamespace
     where n.nspname = $1 and p.prokind in ('f', 'p') and ${notFromExtension('p.oid')}
       and not exists (select 1 from unnest(coalesce(p.proconfig, '{}')) c where c like 'search_path=%')
     order by 1`,
    [SCHEMA],
  );
  return found.map((r) => ({
    lint: 'function_search_path',
    object: r.name ?? '',
    detail: 'no fixed search_path: a caller’s search_path can swap the objects it names',
  }));
}

const tablePrivileges = ['SELECT', 'INSERT', 'UPDATE', 'DELETE', 'TRUNCATE', 'REFERENCES', 'TRIGGER'];

async function anonPrivileges(db: PGlite): Promise<Finding[]> {
  const relations = await rows(
    db,
    `select c.relname as name, c.relkind as kind, p.privilege
     from pg_catalog.pg_class c
     join pg_catalog.pg_namespace n on n.oid = c.relnamespace
     cross join unnest($2::text[]) as p (privilege)
     where n.nspname = $1 and c.relkind in ('r', 'p', 'v', 'm', 'f', 'S') and ${notFromExtension('c.oid')}
       and (
         (c.relkind = 'S' and p.privilege = 'SELECT' and pg_catalog.has_sequence_privilege('anon', c.oid, 'USAGE, SELECT, UPDATE'))
         or (c.relkind <> 'S' and (
           pg_catalog.has_table_privilege('anon', c.oid, p.privilege)
           or (p.privilege in ('SELECT', 'INSERT', 'UPDATE', 'REFERENCES')
               and pg_catalog.has_any_column_privilege('anon', c.oid, p.privilege))
         ))
       )
     order by 1, 3`,
    [SCHEMA, tablePrivileges],
  );
  const functions = await rows(
    db,
    `select ${functionName} as name from pg_catalog.pg_proc p
     join pg_catalog.pg_namespace n on n.oid = p.pronamespace
     where n.nspname = $1 and ${notFromExtension('p.oid')}
       and pg_catalog.has_function_privilege('anon', p.oid, 'EXECUTE')
     order by 1`,
    [SCHEMA],
  );
  const graphql = await rows(
    db,
    `select nspname as name from pg_catalog.pg_namespace
     where nspname in ('graphql', 'graphql_public') and pg_catalog.has_schema_privilege('anon', oid, 'USAGE')
     order by 1`,
  );
  return [
    ...relations.map((r) => ({
      lint: 'anon_privilege' as const,
      object: `${SCHEMA}.${r.name}: ${r.privilege}`,
      detail: 'the signed-out API key holds this privilege (and sees the columns through the API)',
    })),
    ...functions.map((r) => ({
      lint: 'anon_privilege' as const,
      object: `${r.name}: EXECUTE`,
      detail: 'the signed-out API key may call this function',
    })),
    ...graphql.map((r) => ({
      lint: 'anon_privilege' as const,
      object: `schema ${r.name}: USAGE`,
      detail: 'the signed-out API key reaches GraphQL, whose introspection lists what it may select',
    })),
  ];
}

async function unindexedForeignKeys(db: PGlite): Promise<Finding[]> {
  const found = await rows(
    db,
    `select c.relname as name, k.conname as key from pg_catalog.pg_constraint k
     join pg_catalog.pg_class c on c.oid = k.conrelid
     join pg_catalog.pg_namespace n on n.oid = c.relnamespace
     where k.contype = 'f' and n.nspname = $1 and ${notFromExtension('c.oid')}
       and not exists (
         select 1 from pg_catalog.pg_index i
         where i.indrelid = k.conrelid and i.indisvalid
           and (string_to_array(i.indkey::text, ' ')::smallint[])[1:cardinality(k.conkey)] @> k.conkey
           and cardinality(k.conkey) <= i.indnkeyatts
       )
     order by 1, 2`,
    [SCHEMA],
  );
  return found.map((r) => ({
    lint: 'unindexed_foreign_key',
    object: `${SCHEMA}.${r.name}: ${r.key}`,
    detail: 'no index leads with the key’s columns: a delete of the referenced row scans this table',
  }));
}

/**
 * The explicit function calls of a stored expression (a pg_node_tree) that no sub-select
 * encloses: FUNCEXPR nodes written as calls (funcformat 0, not casts) without a SUBLINK
 * ancestor. Answers their function oids.
 */
export function unwrappedCalls(nodeTree: string): number[] {
  const out: number[] = [];
  const stack: { type: string; start: number }[] = [];
  for (let i = 0; i < nodeTree.length; i += 1) {
    const ch = nodeTree[i];
    if (ch === '\\') {
      i += 1;
    } else if (ch === '{') {
      const type = /^[A-Z_]+/.exec(nodeTree.slice(i + 1, i + 40))?.[0] ?? '';
      stack.push({ type, start: i });
    } else if (ch === '}') {
      const node = stack.pop();
      if (node?.type !== 'FUNCEXPR') continue;
      const text = nodeTree.slice(node.start, i);
      const funcid = /:funcid (\d+)/.exec(text)?.[1];
      const format = /:funcformat (\d+)/.exec(text)?.[1];
      if (funcid && format === '0' && !stack.some((n) => n.type === 'SUBLINK')) out.push(Number(funcid));
    }
  }
  return out;
}

export interface PolicyCalls {
  table: string;
  policy: string;
  /** The functions called outside a (select …), by signature. */
  unwrapped: string[];
  /** Every function the policy calls, wrapped or not. */
  calls: number;
}

/** Every policy on a table of the schema, with its function calls. */
export async function policyCalls(db: PGlite): Promise<PolicyCalls[]> {
  const policies = await rows(
    db,
    `select c.relname as table, p.polname as policy,
       coalesce(p.polqual::text, '') as qual, coalesce(p.polwithcheck::text, '') as with_check
     from pg_catalog.pg_policy p
     join pg_catalog.pg_class c on c.oid = p.polrelid
     join pg_catalog.pg_namespace n on n.oid = c.relnamespace
     where n.nspname = $1
     order by 1, 2`,
    [SCHEMA],
  );
  const out: PolicyCalls[] = [];
  for (const p of policies) {
    const trees = [p.qual ?? '', p.with_check ?? ''];
    const oids = trees.flatMap(unwrappedCalls);
    const calls = trees.reduce((n, tree) => n + (tree.match(/\{FUNCEXPR /g)?.length ?? 0), 0);
    const unwrapped: string[] = [];
    for (const oid of [...new Set(oids)]) {
      const name = (
        await rows(
          db,
          `select ${functionName} as name from pg_catalog.pg_proc p
           join pg_catalog.pg_namespace n on n.oid = p.pronamespace where p.oid = $1`,
          [oid],
        )
      )[0]?.name;
      unwrapped.push(name ?? String(oid));
    }
    out.push({ table: p.table ?? '', policy: p.policy ?? '', unwrapped, calls });
  }
  return out;
}

async function policyCallsUnwrapped(db: PGlite): Promise<Finding[]> {
  return (await policyCalls(db)).flatMap((p) =>
    p.unwrapped.map((fn) => ({
      lint: 'policy_call_unwrapped' as const,
      object: `${SCHEMA}.${p.table} policy ${p.policy}: ${fn}`,
      detail: 'called once per row: wrap it, (select …), so it runs once per query',
    })),
  );
}

/** The API's roles that may write a table: each must be able to run what its checks call. */
const writingRoles = ['anon', 'authenticated', 'service_role'];

async function writeChecksNotExecutable(db: PGlite): Promise<Finding[]> {
  const found = await rows(
    db,
    `with calls as (
       select k.conrelid as rel, d.refobjid as fn, k.conname as via
       from pg_catalog.pg_constraint k
       join pg_catalog.pg_depend d on d.classid = 'pg_catalog.pg_constraint'::regclass and d.objid = k.oid
         and d.refclassid = 'pg_catalog.pg_proc'::regclass
       where k.contype = 'c'
       union
       select a.adrelid, d.refobjid, 'default of ' || t.attname
       from pg_catalog.pg_attrdef a
       join pg_catalog.pg_attribute t on t.attrelid = a.adrelid and t.attnum = a.adnum
       join pg_catalog.pg_depend d on d.classid = 'pg_catalog.pg_attrdef'::regclass and d.objid = a.oid
         and d.refclassid = 'pg_catalog.pg_proc'::regclass
     )
     select c.relname as name, calls.via, r.role, ${functionName} as fn
     from calls
     join pg_catalog.pg_class c on c.oid = calls.rel
     join pg_catalog.pg_namespace cn on cn.oid = c.relnamespace
     join pg_catalog.pg_proc p on p.oid = calls.fn
     join pg_catalog.pg_namespace n on n.oid = p.pronamespace
     cross join unnest($2::text[]) as r(role)
     where cn.nspname = $1 and ${notFromExtension('c.oid')}
       and exists (select 1 from pg_catalog.pg_roles x where x.rolname = r.role)
       and (pg_catalog.has_table_privilege(r.role, c.oid, 'INSERT')
            or pg_catalog.has_any_column_privilege(r.role, c.oid, 'UPDATE'))
       and not pg_catalog.has_function_privilege(r.role, p.oid, 'EXECUTE')
     order by 1, 2, 3, 4`,
    [SCHEMA, writingRoles],
  );
  return found.map((r) => ({
    lint: 'write_check_not_executable' as const,
    object: `${SCHEMA}.${r.name} ${r.via}: ${r.fn} (${r.role})`,
    detail: `${r.role} may write the table, but not execute what its ${r.via} calls: its writes fail`,
  }));
}

/** Every finding on this database, in a stable order. */
export async function lintDatabase(db: PGlite): Promise<Finding[]> {
  return [
    ...(await rlsDisabled(db)),
    ...(await views(db)),
    ...(await functionSearchPath(db)),
    ...(await anonPrivileges(db)),
    ...(await unindexedForeignKeys(db)),
    ...(await policyCallsUnwrapped(db)),
    ...(await writeChecksNotExecutable(db)),
  ];
}

export interface AllowedFinding {
  lint: LintName;
  object: string;
  reason: string;
}

/**
 * The allow-list: one line per finding, "- `<lint>` `<object>` — <reason>". A line that starts
 * with "- `" and does not parse is an error, so a typo cannot silently allow nothing.
 */
export function parseAllowList(text: string): AllowedFinding[] {
  const out: AllowedFinding[] = [];
  for (const line of text.split('\n')) {
    if (!line.startsWith('- `')) continue;
    const match = /^- `([a-z_]+)` `([^`]+)` — (\S.*)$/.exec(line.trim());
    const lint = match?.[1];
    if (!match || !lint || !(lintNames as readonly string[]).includes(lint)) {
      throw new Error(`supabase/lint/allowed.md: cannot read "${line}"`);
    }
    out.push({ lint: lint as LintName, object: match[2] ?? '', reason: match[3] ?? '' });
  }
  return out;
}

export function readAllowList(): AllowedFinding[] {
  return parseAllowList(readFileSync(new URL('./allowed.md', import.meta.url), 'utf8'));
}

/** Splits the findings into allowed and not, and names allow-list entries that matched nothing. */
export function judge(
  findings: readonly Finding[],
  allowed: readonly AllowedFinding[],
): { failing: Finding[]; allowed: Finding[]; stale: AllowedFinding[] } {
  const isAllowed = (f: Finding) => allowed.some((a) => a.lint === f.lint && a.object === f.object);
  return {
    failing: findings.filter((f) => !isAllowed(f)),
    allowed: findings.filter(isAllowed),
    stale: allowed.filter((a) => !findings.some((f) => f.lint === a.lint && f.object === a.object)),
  };
}

export function formatFinding(f: Finding): string {
  return `${f.lint}  ${f.object}  (${f.detail})`;
}
