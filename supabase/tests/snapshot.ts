import type { PGlite } from '@electric-sql/pglite';

/**
 * Everything the schema defines, in a form two databases can be compared by: tables, columns,
 * constraints, indexes, policies, grants, functions with their bodies and privileges, triggers,
 * views, types, sequences, default privileges and comments.
 * Each list is sorted by its content, so the order in which objects were created (or privileges
 * granted) does not count. No vitest here: scripts/compare-schemas.ts uses it too.
 */
export async function schemaSnapshot(db: PGlite): Promise<Record<string, unknown[]>> {
  const q = async (sql: string) => sorted((await db.query<Record<string, unknown>>(sql)).rows);
  return {
    columns:
      await q(`select table_name, column_name, ordinal_position, data_type, udt_name, is_nullable, column_default,
        is_identity, identity_generation, is_generated, generation_expression
      from information_schema.columns where table_schema = 'public'`),
    constraints:
      await q(`select c.conrelid::regclass::text as rel, c.conname, c.contype, pg_get_constraintdef(c.oid) as def
      from pg_constraint c join pg_namespace n on n.oid = c.connamespace where n.nspname = 'public'`),
    indexes: await q(`select tablename, indexname, indexdef from pg_indexes where schemaname = 'public'`),
    policies: await q(`select tablename, policyname, permissive, cmd, roles::text, qual, with_check
      from pg_policies where schemaname = 'public'`),
    grants: await q(`select table_name, grantee, privilege_type from information_schema.role_table_grants
      where table_schema = 'public' and grantee <> 'postgres'`),
    columnGrants: await q(`select table_name, column_name, grantee, privilege_type
      from information_schema.column_privileges where table_schema = 'public' and grantee <> 'postgres'`),
    functions: await q(`select p.proname, pg_get_function_identity_arguments(p.oid) as args, p.prosecdef, p.provolatile,
        pg_get_functiondef(p.oid) as def,
        array(select a::text from unnest(coalesce(p.proacl, acldefault('f', p.proowner))) a order by 1) as acl
      from pg_proc p join pg_namespace n on n.oid = p.pronamespace where n.nspname = 'public'`),
    triggers: await q(`select t.tgrelid::regclass::text as rel, t.tgname, pg_get_triggerdef(t.oid) as def
      from pg_trigger t where not t.tgisinternal`),
    relations: await q(`select c.relname, c.relkind, c.relrowsecurity, c.relforcerowsecurity, c.reloptions::text,
        array(select a::text from unnest(c.relacl) a order by 1) as acl,
        obj_description(c.oid, 'pg_class') as comment
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind in ('r', 'p', 'v', 'm', 'S')`),
    views: await q(`select viewname, definition from pg_views where schemaname = 'public'`),
    types: await q(`select t.typname, t.typtype,
        array(select a.attname || ' ' || format_type(a.atttypid, a.atttypmod) from pg_attribute a
              where a.attrelid = t.typrelid and a.attnum > 0 order by a.attnum) as attributes
      from pg_type t join pg_namespace n on n.oid = t.typnamespace
      where n.nspname = 'public' and t.typtype in ('c', 'e', 'd')
        and (t.typrelid = 0 or (select c.relkind from pg_class c where c.oid = t.typrelid) = 'c')`),
    defaultPrivileges:
      await q(`select d.defaclrole::regrole::text as role, d.defaclnamespace::regnamespace::text as schema,
        d.defaclobjtype, array(select a::text from unnest(d.defaclacl) a order by 1) as acl from pg_default_acl d`),
    schemaUsage: await q(`select nspname, array(select a::text from unnest(nspacl) a order by 1) as acl
      from pg_namespace where nspname in ('public', 'graphql', 'graphql_public')`),
  };
}

function sorted(rows: Record<string, unknown>[]): unknown[] {
  return rows
    .map((r) => JSON.stringify(r))
    .sort()
    .map((s) => JSON.parse(s) as unknown);
}
