import type { PGlite } from '@electric-sql/pglite';
import { listMembers, listMembersErrors, type Role } from '@vault/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Account, asActor, createUser, seededDb, tryQuery } from './db';

/**
 * public.list_members, the member list behind /users (docs/backend.md "The member list"): only
 * for mfo_admin and the admin flag, every member reachable by keyset paging in one stable
 * order, however many there are (PostgREST would cut a plain read at 1,000 rows).
 */

let db: PGlite;
let admin: Account;
let adminFlag: Account;
const MEMBERS = 1_234;

beforeAll(async () => {
  db = await seededDb();
  admin = await createUser(db, { role: 'mfo_admin' });
  adminFlag = await createUser(db, { role: 'investor', isAdmin: true });
  // Many members at once, as Supabase Auth would insert them (the trigger makes each profile).
  await db.query(
    `insert into auth.users (id, aud, role, email, raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
     select gen_random_uuid(), 'authenticated', 'authenticated', 'bulk' || i || '@example.test',
       jsonb_build_object('role', case when i % 100 = 0 then 'compliance' else 'investor' end),
       jsonb_build_object('name', 'Bulk Member ' || i), now(), now()
     from generate_series(1, $1::int) as i`,
    [MEMBERS],
  );
});

afterAll(async () => {
  await db?.close();
});

interface Row {
  id: string;
  name: string;
  email: string;
  role: string;
  status: string;
  joined: string;
}

async function page(who: Account, args: Record<string, unknown>): Promise<Row[]> {
  const names = Object.keys(args);
  const sql = `select * from public.list_members(${names.map((n, i) => `${n} => $${i + 1}`).join(', ')})`;
  return asActor(db, who, async (tx) => (await tx.query<Row>(sql, Object.values(args))).rows);
}

describe('list_members', () => {
  it('pages every member, past 1,000, once each, in id order', async () => {
    const { rows: all } = await db.query<{ id: string }>('select id::text as id from public.profiles order by id');
    expect(all.length).toBeGreaterThan(1_000);
    const seen: string[] = [];
    let after: string | null = null;
    for (;;) {
      const rows: Row[] = await page(admin, { after, page_size: listMembers.maxPageSize });
      if (rows.length === 0) break;
      expect(rows.length).toBeLessThanOrEqual(listMembers.maxPageSize);
      seen.push(...rows.map((r) => r.id));
      after = rows.at(-1)?.id ?? null;
    }
    expect(seen).toEqual(all.map((r) => r.id));
  });

  it('returns what /users shows for each member', async () => {
    const [row] = await page(adminFlag, { search: 'BULK MEMBER 700', page_size: 1 });
    expect(row).toMatchObject({
      name: 'Bulk Member 700',
      email: 'bulk700@example.test',
      role: 'compliance',
      status: 'Pending',
      joined: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    });
  });

  it('caps the page, defaults it, filters by role and searches name or email without case', async () => {
    expect((await page(admin, {})).length).toBe(listMembers.defaultPageSize);
    expect((await page(admin, { page_size: 100_000 })).length).toBe(listMembers.maxPageSize);
    expect((await page(admin, { page_size: 0 })).length).toBe(1);
    const compliance = await page(admin, { role: 'compliance', search: 'bulk', page_size: 200 });
    expect(compliance.length).toBe(Math.floor(MEMBERS / 100));
    const expected = Array.from({ length: MEMBERS }, (_, i) => i + 1)
      .filter((i) => String(i).startsWith('12'))
      .map((i) => `bulk${i}@example.test`);
    const found = await page(admin, { search: 'BULK12', page_size: 200 });
    expect(found.map((r) => r.email).sort()).toEqual(expected.sort());
    expect(await page(admin, { search: '%' })).toEqual([]);
    expect((await page(admin, { search: 'MFO_ADMIN', page_size: 200 })).map((r) => r.email)).toEqual([
      'demo.mfo_admin@vault.example',
    ]);
  });

  it('refuses bad arguments with 22023', async () => {
    for (const [args, error] of [
      [{ role: 'owner' }, listMembersErrors.badRole],
      [{ after: 'page-2' }, listMembersErrors.badCursor],
      [{ search: 'x'.repeat(201) }, listMembersErrors.badSearch],
    ] as const) {
      const result = await asActor(db, admin, (tx) =>
        tryQuery(tx, `select * from public.list_members(${Object.keys(args)[0]} => $1)`, Object.values(args)),
      );
      expect(result).toMatchObject({ ok: false, ...error });
    }
  });

  it('refuses every other role, and anon, with 42501', async () => {
    const roles: Role[] = ['investor', 'cl_spv_admin', 'eq_spv_admin', 'production_spv', 'compliance'];
    for (const role of roles) {
      const who = await createUser(db, { role });
      const result = await asActor(db, who, (tx) => tryQuery(tx, 'select * from public.list_members()'));
      expect(result, role).toMatchObject({ ok: false, ...listMembersErrors.denied });
    }
    const anon = await asActor(db, 'anon', (tx) => tryQuery(tx, 'select * from public.list_members()'));
    expect(anon).toMatchObject({ ok: false, ...listMembersErrors.denied });
  });

  it('replaces the members view, which read auth.users with its owner’s rights', async () => {
    const { rows } = await db.query(
      `select 1 from pg_class where relname = 'members' and relnamespace = 'public'::regnamespace`,
    );
    expect(rows).toEqual([]);
    const { rows: fn } = await db.query<{ secdef: boolean; config: string[] }>(
      `select prosecdef as secdef, proconfig as config from pg_proc where oid = 'public.list_members(text, text, text, integer)'::regprocedure`,
    );
    expect(fn).toEqual([{ secdef: true, config: ['search_path=""'] }]);
  });
});
