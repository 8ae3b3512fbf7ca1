import type { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatFinding, judge, lintDatabase, parseAllowList, readAllowList } from '../lint/lint';
import { seededDb, shimDb } from './db';

/**
 * The database lint (supabase/lint) over the migrated database: every finding is listed in
 * supabase/lint/allowed.md with its reason, and every entry there still matches a finding. A
 * second database, deliberately wrong, shows each rule does find what it looks for.
 */

let db: PGlite;

beforeAll(async () => {
  db = await seededDb();
});

afterAll(async () => {
  await db?.close();
});

describe('the database lint', () => {
  it('finds nothing the allow-list does not explain', async () => {
    const result = judge(await lintDatabase(db), readAllowList());
    expect(result.failing.map(formatFinding)).toEqual([]);
    expect(result.stale).toEqual([]);
    expect(result.allowed.length).toBeGreaterThan(0);
  });

  it('gives every allowed finding a reason and refuses a line it cannot read', () => {
    for (const entry of readAllowList()) expect(entry.reason.length, entry.object).toBeGreaterThan(10);
    expect(() => parseAllowList('- `no_such_lint` `x` — because')).toThrow(/cannot read/);
    expect(() => parseAllowList('- `anon_privilege` `x`')).toThrow(/cannot read/);
  });

  it('finds each kind of problem in a schema made to have them', async () => {
    const bad = await shimDb();
    try {
      await bad.exec(`
        create function public.role_of() returns text language sql stable as $$ select 'x' $$;
        create table public.parents (id int primary key);
        create table public.no_rls (id int primary key, parent int references public.parents (id));
        create table public.with_policy (id int primary key);
        alter table public.with_policy enable row level security;
        alter table public.parents enable row level security;
        create policy per_row on public.with_policy for select using (public.role_of() = 'x');
        create view public.emails as select id, email from auth.users;
        create function public.limit_of() returns int language sql immutable set search_path = '' as $$ select 10 $$;
        revoke execute on function public.limit_of() from public, anon, authenticated, service_role;
        create table public.checked (id int primary key, n int check (n < public.limit_of()));
        alter table public.checked enable row level security;
        grant insert on public.checked to authenticated;
      `);
      const found = (await lintDatabase(bad)).map((f) => `${f.lint} ${f.object}`);
      expect(found).toEqual(
        expect.arrayContaining([
          'rls_disabled public.no_rls',
          'auth_users_view public.emails',
          'security_definer_view public.emails',
          'function_search_path public.role_of()',
          'anon_privilege public.no_rls: SELECT',
          'anon_privilege public.role_of(): EXECUTE',
          'unindexed_foreign_key public.no_rls: no_rls_parent_fkey',
          'policy_call_unwrapped public.with_policy policy per_row: public.role_of()',
          'write_check_not_executable public.checked checked_n_check: public.limit_of() (authenticated)',
        ]),
      );
    } finally {
      await bad.close();
    }
  });
});
