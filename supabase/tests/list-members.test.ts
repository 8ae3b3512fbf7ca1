import type { PGlite } from '@electric-sql/pglite';
import {
  listMembers,
  listMembersErrors,
  type MemberReadiness,
  memberReadiness,
  memberReadinessValues,
  type Role,
} from '@vault/domain';
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
  // Members at every step of the readiness gate, and the edge of each step: KYC approved with no
  // wallet, an on-ramp done without KYC, a status other than 'approved' or 'pending'.
  await db.query(
    `update public.profiles p set
       crossmint_wallet_id = case when x.i % 2 = 0 then 'bulk-wallet-' || x.i end,
       kyc_status = case x.i % 3 when 0 then 'approved' when 1 then 'pending' else 'rejected' end,
       first_onramp_ok = x.i % 5 = 0
     from (select u.id, substring(u.email from '^bulk([0-9]+)@')::int as i from auth.users u where u.email like 'bulk%') x
     where x.id = p.id`,
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

  it("filters by readiness exactly as the domain's rule places each member, across pages", async () => {
    const { rows: profiles } = await db.query<{
      id: string;
      crossmint_wallet_id: string | null;
      kyc_status: string;
      first_onramp_ok: boolean;
    }>('select id::text as id, crossmint_wallet_id, kyc_status, first_onramp_ok from public.profiles order by id');
    const expected = new Map<MemberReadiness, string[]>(memberReadinessValues.map((r) => [r, []]));
    for (const p of profiles) {
      const step = memberReadiness({
        id: p.id,
        name: '',
        email: '',
        role: 'investor',
        kycStatus: p.kyc_status,
        firstOnrampOk: p.first_onramp_ok,
        ...(p.crossmint_wallet_id ? { crossmintWalletId: p.crossmint_wallet_id } : {}),
      });
      expected.get(step)?.push(p.id);
    }
    for (const readiness of memberReadinessValues) {
      // Every step has members, so a filter that kept none, or all, would fail.
      expect(expected.get(readiness)?.length, readiness).toBeGreaterThan(30);
      expect(expected.get(readiness)?.length, readiness).toBeLessThan(profiles.length);
      const seen: string[] = [];
      let after: string | null = null;
      for (;;) {
        const rows: Row[] = await page(admin, { readiness, after, page_size: 17 });
        if (rows.length === 0) break;
        seen.push(...rows.map((r) => r.id));
        after = rows.at(-1)?.id ?? null;
      }
      expect(seen, readiness).toEqual(expected.get(readiness));
    }
  });

  it('combines readiness with the role and the search; an empty readiness is every member', async () => {
    // bulk600..699 holds 600, 630, 660, 690 as ready (a wallet, KYC approved, an on-ramp) and
    // only 600 among the compliance members (i % 100 = 0).
    const ready = await page(admin, { readiness: 'ready', search: 'bulk6', page_size: 200 });
    expect(
      ready
        .map((r) => r.email)
        .filter((e) => /^bulk6\d\d@/.test(e))
        .sort(),
    ).toEqual(['bulk600@example.test', 'bulk630@example.test', 'bulk660@example.test', 'bulk690@example.test']);
    const readyCompliance = await page(admin, {
      readiness: 'ready',
      role: 'compliance',
      search: 'bulk6',
      page_size: 200,
    });
    expect(readyCompliance.map((r) => r.email)).toEqual(['bulk600@example.test']);
    // KYC approved (702 % 3 = 0) and an on-ramp done cannot skip the missing wallet's step.
    expect((await page(admin, { readiness: 'wallet', search: 'bulk705@' })).map((r) => r.email)).toEqual([
      'bulk705@example.test',
    ]);
    expect(await page(admin, { readiness: 'onramp', search: 'bulk705@' })).toEqual([]);
    // A rejected KYC (bulk704: 704 % 3 = 2) with a wallet still needs KYC.
    expect((await page(admin, { readiness: 'kyc', search: 'bulk704@' })).map((r) => r.email)).toEqual([
      'bulk704@example.test',
    ]);
    expect((await page(admin, { readiness: '', page_size: 200 })).length).toBe(listMembers.maxPageSize);
    expect(await page(admin, { readiness: 'ready', after: 'ffffffff-ffff-4fff-bfff-ffffffffffff' })).toEqual([]);
  });

  it('refuses bad arguments with 22023', async () => {
    for (const [args, error] of [
      [{ readiness: 'verified' }, listMembersErrors.badReadiness],
      [{ readiness: 'READY' }, listMembersErrors.badReadiness],
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
    const { rows: fn } = await db.query<{ secdef: boolean; config: string[]; args: string }>(
      `select prosecdef as secdef, proconfig as config, pg_get_function_identity_arguments(oid) as args
       from pg_proc where proname = 'list_members' and pronamespace = 'public'::regnamespace`,
    );
    // One function: the four-argument one is gone, the readiness filter is its last argument.
    expect(fn).toEqual([
      {
        secdef: true,
        config: ['search_path=""'],
        args: 'search text, role text, after text, page_size integer, readiness text',
      },
    ]);
    expect(listMembers.args).toEqual(['search', 'role', 'after', 'page_size', 'readiness']);
  });
});
