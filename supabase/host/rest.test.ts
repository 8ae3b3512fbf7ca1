import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Account, asActor, seededDb, tryQuery, type Who } from '../tests/db';
import type { Host } from './index.ts';
import { call, signIn, staff, testHost } from './testing.ts';

/**
 * The host's PostgREST against the same request sent to the SQL directly, as the same caller:
 * the status, the body and the headers PostgREST would send.
 */

let db: PGlite;
let host: Host;
let alice: Account & { token: string };
let bob: Account & { token: string };
let mfo: Account & { token: string };

async function member(
  email: string,
  password?: string,
  role: Account['role'] = 'investor',
): Promise<Account & { token: string }> {
  const { id, token } = await signIn(host, email, password);
  return { id, email, role, isAdmin: false, token };
}

/** The rows of a query as JSON, as Postgres makes it for the caller (what PostgREST sends). */
async function sqlJson(who: Who, sql: string, params: unknown[] = []): Promise<unknown> {
  return asActor(db, who, async (tx) => {
    const { rows } = await tx.query<{ body: string }>(
      `select coalesce(json_agg(t), '[]')::text as body from (${sql}) t`,
      params,
    );
    return JSON.parse(rows[0]?.body ?? 'null');
  });
}

/** The error a statement raises for the caller, as PostgREST's body. */
async function sqlError(
  who: Who,
  sql: string,
  params: unknown[] = [],
): Promise<{ code: string | null; message: string }> {
  return asActor(db, who, async (tx) => {
    const attempt = await tryQuery(tx, sql, params);
    if (attempt.ok) throw new Error('the statement succeeded');
    return { code: attempt.code, message: attempt.message };
  });
}

beforeAll(async () => {
  db = await seededDb();
  host = testHost(db);
  alice = await member('alice@host.test');
  bob = await member('bob@host.test');
  mfo = { ...(await member(staff.mfo_admin.email, staff.mfo_admin.password, 'mfo_admin')) };
});

afterAll(async () => {
  await db.close();
});

describe('table reads', () => {
  it('a column list, an eq filter, order and limit', async () => {
    const answer = await call(host, '/rest/v1/opportunities?select=id,name,apy&open=eq.true&order=name.desc&limit=3', {
      token: alice.token,
    });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(answer.headers.get('content-range')).toBe('0-2/*');
    expect(answer.body).toEqual(
      await sqlJson(
        alice,
        'select id, name, apy from public.opportunities where open = true order by name desc limit 3',
      ),
    );
    expect((answer.body as unknown[]).length).toBe(3);
  });

  it('neq, in, is, gt, gte, lt, lte and not.', async () => {
    const cases: [string, string][] = [
      ['id=neq.schools-ghana', `id <> 'schools-ghana'`],
      ['id=in.(schools-ghana,"clean-water-kenya",nope)', `id in ('schools-ghana', 'clean-water-kenya', 'nope')`],
      ['eligible_countries=is.null', 'eligible_countries is null'],
      ['eligible_countries=not.is.null', 'eligible_countries is not null'],
      ['ratings=gt.4.4', 'ratings > 4.4'],
      ['ratings=gte.4.4', 'ratings >= 4.4'],
      ['riskScore=lt.3', '"riskScore" < 3'],
      ['riskScore=lte.3&audited=is.true', '"riskScore" <= 3 and audited is true'],
    ];
    for (const [filter, where] of cases) {
      const answer = await call(host, `/rest/v1/opportunities?select=id,ratings,riskScore&${filter}&order=id`, {
        token: alice.token,
      });
      expect(answer.status, filter).toBe(200);
      const expected = await sqlJson(
        alice,
        `select id, ratings, "riskScore" from public.opportunities where ${where} order by id`,
      );
      expect(answer.body, filter).toEqual(expected);
      expect((expected as unknown[]).length, filter).toBeGreaterThan(0);
    }
  });

  it('count=exact with a Range: 206 and the total in Content-Range', async () => {
    const answer = await call(host, '/rest/v1/opportunities?select=id&order=id', {
      token: alice.token,
      headers: { Prefer: 'count=exact', Range: '2-4', 'Range-Unit': 'items' },
    });
    const total = (await sqlJson(alice, 'select id from public.opportunities')) as unknown[];
    expect(answer.status).toBe(206);
    expect(answer.headers.get('content-range')).toBe(`2-4/${total.length}`);
    expect(answer.body).toEqual(
      await sqlJson(alice, 'select id from public.opportunities order by id offset 2 limit 3'),
    );
  });

  it('limit and offset as supabase-js range() sends them, and a count of all rows is 200', async () => {
    const page = await call(host, '/rest/v1/opportunities?select=id&order=id&offset=1&limit=2', { token: alice.token });
    expect(page.body).toEqual(await sqlJson(alice, 'select id from public.opportunities order by id offset 1 limit 2'));
    expect(page.headers.get('content-range')).toBe('1-2/*');
    const all = await call(host, '/rest/v1/loans?select=id', { token: mfo.token, headers: { Prefer: 'count=exact' } });
    expect(all.status).toBe(200);
    expect(all.headers.get('content-range')).toBe('0-3/4');
  });

  it('one row as an object, and PostgREST’s 406 when there is not exactly one', async () => {
    const one = await call(host, `/rest/v1/profiles?select=id,name,kyc_status&id=eq.${alice.id}`, {
      token: alice.token,
      headers: { Accept: 'application/vnd.pgrst.object+json' },
    });
    expect(one.status).toBe(200);
    expect(one.headers.get('content-type')).toBe('application/vnd.pgrst.object+json; charset=utf-8');
    expect(one.body).toEqual(
      (
        (await sqlJson(alice, 'select id, name, kyc_status from public.profiles where id = $1', [
          alice.id,
        ])) as unknown[]
      )[0],
    );
    const many = await call(host, '/rest/v1/notifications?select=id', {
      token: alice.token,
      headers: { Accept: 'application/vnd.pgrst.object+json' },
    });
    expect(many.status).toBe(406);
    const rows = (await sqlJson(alice, 'select id from public.notifications')) as unknown[];
    expect(many.body).toEqual({
      code: 'PGRST116',
      message: 'Cannot coerce the result to a single JSON object',
      details: `The result contains ${rows.length} rows`,
      hint: null,
    });
  });

  it('an unknown table is PGRST205, 404', async () => {
    const answer = await call(host, '/rest/v1/nope', { token: alice.token });
    expect(answer.status).toBe(404);
    expect(answer.body).toMatchObject({ code: 'PGRST205' });
  });
});

describe('row-level security', () => {
  it('two members read the same table and each gets their own rows, as the SQL gives them', async () => {
    // Documents: every new member in demo mode owns one, the membership agreement to sign.
    for (const who of [alice, bob]) {
      const answer = await call(host, '/rest/v1/documents?select=user_id,id,name&order=id', { token: who.token });
      expect(answer.status).toBe(200);
      const expected = (await sqlJson(who, 'select user_id, id, name from public.documents order by id')) as {
        user_id: string;
      }[];
      expect(answer.body).toEqual(expected);
      expect(expected.length).toBeGreaterThan(0);
      expect(expected.every((row) => row.user_id === who.id)).toBe(true);
    }
    const other = await call(host, `/rest/v1/profiles?id=eq.${bob.id}`, { token: alice.token });
    expect(other).toMatchObject({ status: 200, body: [] });
  });

  it('anon is refused a member table with 42501 as 401', async () => {
    const answer = await call(host, '/rest/v1/profiles?select=id');
    expect(answer.status).toBe(401);
    expect(answer.body).toEqual({
      ...(await sqlError('anon', 'select id from public.profiles')),
      details: null,
      hint: null,
    });
  });
});

describe('writes', () => {
  it('the profile PATCH with return=representation answers the row the SQL then holds', async () => {
    const answer = await call(host, `/rest/v1/profiles?id=eq.${alice.id}&select=id,name,preferences`, {
      method: 'PATCH',
      token: alice.token,
      headers: { Prefer: 'return=representation' },
      body: { name: 'Alice Host', preferences: { email: false } },
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual(
      await sqlJson(alice, 'select id, name, preferences from public.profiles where id = $1', [alice.id]),
    );
    expect(answer.body).toEqual([{ id: alice.id, name: 'Alice Host', preferences: { email: false } }]);
  });

  it('a PATCH without representation is 204', async () => {
    const answer = await call(host, `/rest/v1/profiles?id=eq.${alice.id}`, {
      method: 'PATCH',
      token: alice.token,
      body: { name: 'Alice' },
    });
    expect(answer.status).toBe(204);
    expect(answer.body).toBeNull();
  });

  it('a server-owned column, an insert and a delete are refused by the grants: 42501 as 403', async () => {
    const patch = await call(host, `/rest/v1/profiles?id=eq.${alice.id}`, {
      method: 'PATCH',
      token: alice.token,
      headers: { Prefer: 'return=representation' },
      body: { kyc_status: 'approved' },
    });
    expect(patch.status).toBe(403);
    expect(patch.body).toEqual({
      ...(await sqlError(alice, `update public.profiles set kyc_status = 'approved' where id = $1`, [alice.id])),
      details: null,
      hint: null,
    });
    const insert = await call(host, '/rest/v1/notifications', {
      token: alice.token,
      body: { user_id: alice.id, id: 'n-x', title: 't', body: 'b', at: 'now' },
    });
    expect(insert.status).toBe(403);
    expect(insert.body).toMatchObject({ code: '42501' });
    const remove = await call(host, `/rest/v1/documents?id=eq.doc-membership`, {
      method: 'DELETE',
      token: alice.token,
    });
    expect(remove.status).toBe(403);
    expect(remove.body).toMatchObject({ code: '42501' });
    expect(await sqlJson(alice, `select id from public.documents where id = 'doc-membership'`)).toHaveLength(1);
  });

  it('the service role writes past row-level security, as the wallet function does', async () => {
    const { serviceRoleKey } = await host.keys();
    const answer = await call(
      host,
      `/rest/v1/profiles?id=eq.${bob.id}&crossmint_wallet_id=is.null&select=crossmint_wallet_id`,
      {
        method: 'PATCH',
        token: serviceRoleKey,
        headers: { Prefer: 'return=representation' },
        body: { crossmint_wallet_id: '0xabc' },
      },
    );
    expect(answer).toMatchObject({ status: 200, body: [{ crossmint_wallet_id: '0xabc' }] });
    const again = await call(
      host,
      `/rest/v1/profiles?id=eq.${bob.id}&crossmint_wallet_id=is.null&select=crossmint_wallet_id`,
      {
        method: 'PATCH',
        token: serviceRoleKey,
        headers: { Prefer: 'return=representation' },
        body: { crossmint_wallet_id: '0xdef' },
      },
    );
    expect(again).toMatchObject({ status: 200, body: [] });
  });
});

describe('rpc', () => {
  it('a function returning a set of rows answers an array, as the SQL returns it', async () => {
    const answer = await call(host, '/rest/v1/rpc/list_members', {
      token: mfo.token,
      body: { page_size: 3, role: 'investor' },
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual(
      await sqlJson(mfo, `select * from public.list_members(page_size := 3, role := 'investor')`),
    );
    expect((answer.body as unknown[]).length).toBeGreaterThan(0);
  });

  it('a function returning one row answers an object', async () => {
    const carol = await member('carol@host.test');
    const answer = await call(host, '/rest/v1/rpc/start_kyc', { token: carol.token, body: {} });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ id: carol.id, kyc_status: 'pending' });
    expect(await sqlJson(carol, 'select id, kyc_status from public.profiles where id = $1', [carol.id])).toEqual([
      { id: carol.id, kyc_status: 'pending' },
    ]);
  });

  it('a function returning a scalar answers the bare value', async () => {
    const answer = await call(host, '/rest/v1/rpc/vault_role', { token: mfo.token, body: {} });
    const expected = await asActor(
      db,
      mfo,
      async (tx) => (await tx.query<{ v: unknown }>('select public.vault_role() as v')).rows[0]?.v,
    );
    expect(answer).toMatchObject({ status: 200, body: expected });
    expect(expected).toBe('mfo_admin');
  });

  it('an unknown function or argument is PGRST202, 404', async () => {
    const missing = await call(host, '/rest/v1/rpc/nope', { token: alice.token, body: {} });
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({
      code: 'PGRST202',
      message: 'Could not find the function public.nope without parameters in the schema cache',
    });
    const wrongArg = await call(host, '/rest/v1/rpc/start_kyc', { token: alice.token, body: { who: 'me' } });
    expect(wrongArg).toMatchObject({ status: 404, body: { code: 'PGRST202' } });
  });

  it('refusals: 42501 (anon 401, member 403), 22023 and P0001 (400), with the SQL’s own message', async () => {
    const refusals: {
      path: string;
      who: 'anon' | 'service_role' | (Account & { token: string });
      body: Record<string, unknown>;
      sql: string;
      params: unknown[];
      status: number;
      code: string;
    }[] = [
      {
        path: 'start_kyc',
        who: 'anon',
        body: {},
        sql: 'select public.start_kyc()',
        params: [],
        status: 401,
        code: '42501',
      },
      {
        path: 'list_members',
        who: alice,
        body: {},
        sql: 'select * from public.list_members()',
        params: [],
        status: 403,
        code: '42501',
      },
      {
        path: 'apply_kyc_result',
        who: 'service_role',
        body: {
          member_id: alice.id,
          result: 'maybe',
          reason: null,
          event_id: 'e-1',
          occurred_at: '2026-01-01T00:00:00Z',
        },
        sql: `select public.apply_kyc_result($1::uuid, 'maybe', null, 'e-1', '2026-01-01T00:00:00Z')`,
        params: [alice.id],
        status: 400,
        code: '22023',
      },
      {
        path: 'demo_complete_first_onramp',
        who: alice,
        body: { amount_cents: 100 },
        sql: 'select public.demo_complete_first_onramp(100)',
        params: [],
        status: 400,
        code: 'P0001',
      },
    ];
    const { serviceRoleKey } = await host.keys();
    for (const refusal of refusals) {
      const token =
        refusal.who === 'anon' ? undefined : refusal.who === 'service_role' ? serviceRoleKey : refusal.who.token;
      const answer = await call(host, `/rest/v1/rpc/${refusal.path}`, { token, body: refusal.body });
      expect(answer.status, refusal.path).toBe(refusal.status);
      const expected = await sqlError(refusal.who, refusal.sql, refusal.params);
      expect(expected, refusal.path).toMatchObject({ code: refusal.code });
      expect(answer.body, refusal.path).toEqual({ ...(expected as object), details: null, hint: null });
    }
  });
});

describe('tokens', () => {
  it('a token signed with another secret, or expired, is 401 before any SQL', async () => {
    const forged = `${alice.token.slice(0, alice.token.lastIndexOf('.'))}.AAAA`;
    expect(await call(host, '/rest/v1/profiles', { token: forged })).toMatchObject({
      status: 401,
      body: { code: 'PGRST301' },
    });
    const expiring = testHost(db, { auth: { openSignIn: true, accessTokenSeconds: -1 } });
    const { token } = await signIn(expiring, 'dave@host.test');
    expect(await call(expiring, '/rest/v1/profiles', { token })).toMatchObject({
      status: 401,
      body: { code: 'PGRST303', message: 'JWT expired' },
    });
  });
});

describe('the browser module', () => {
  it('imports no Node module, from index.ts down', () => {
    const seen = new Set<string>();
    const walk = (file: string) => {
      if (seen.has(file)) return;
      seen.add(file);
      const source = readFileSync(file, 'utf8');
      for (const [, spec = ''] of source.matchAll(/^\s*(?:import|export)[^'"]*from\s+'([^']+)'/gm)) {
        expect(spec.startsWith('node:'), `${file} imports ${spec}`).toBe(false);
        if (spec.startsWith('.')) walk(resolve(dirname(file), spec));
      }
    };
    walk(join(dirname(fileURLToPath(import.meta.url)), 'index.ts'));
    expect(seen.size).toBeGreaterThan(8);
  });
});
