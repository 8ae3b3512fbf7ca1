import type { PGlite, Transaction } from '@electric-sql/pglite';
import { actionErrors, demoAccounts } from '@vault/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asOwner, become, type CallerName, type Callers, callerNames, createCallers, whoIs } from './actors';
import { type Account, asActor, createUser, seededDb, setDemoMode, tryQuery } from './db';

/**
 * Who may grant what (docs/security.md "Rules the server holds", H1): only the admin flag grants
 * or removes the admin flag or the mfo_admin role, or changes an administrator's role; nobody
 * changes their own; a demo account changes none; a change ends the member's sessions and the
 * next request with a token issued before it has none of the old rights.
 */

let db: PGlite;
let callers: Callers;

beforeAll(async () => {
  db = await seededDb();
  callers = await createCallers(db);
});

afterAll(async () => {
  await db?.close();
});

const setRole = 'select public.set_member_role($1, $2, $3) as r';

/** Switches to `account` with a token issued at `iat` (seconds), with the claims it holds. */
async function becomeAt(tx: Transaction, account: Account, iat: number | null): Promise<void> {
  await tx.exec('reset role');
  const claims: Record<string, unknown> = {
    sub: account.id,
    role: 'authenticated',
    app_metadata: { role: account.role, ...(account.isAdmin ? { is_admin: true } : {}) },
  };
  if (iat !== null) claims.iat = iat;
  await tx.query(`select set_config('request.jwt.claims', $1, true)`, [JSON.stringify(claims)]);
  await tx.exec('set local role authenticated');
}

async function rightsOf(tx: Transaction): Promise<{ role: string; admin: boolean }> {
  const { rows } = await tx.query<{ role: string; admin: boolean }>(
    'select public.vault_role() as role, public.vault_is_admin() as admin',
  );
  const row = rows[0];
  if (!row) throw new Error('no rights');
  return row;
}

async function nowSeconds(tx: Transaction): Promise<number> {
  const { rows } = await tx.query<{ s: number }>('select floor(extract(epoch from clock_timestamp()))::int as s');
  return Number(rows[0]?.s);
}

describe('set_member_role: who may grant what', () => {
  it.each(callerNames)('as %s: a plain role change (investor to compliance)', async (name: CallerName) => {
    const target = await createUser(db);
    const result = await asActor(db, whoIs(callers, name), (tx) =>
      tryQuery(tx, setRole, [target.id, 'compliance', false]),
    );
    if (name === 'mfo_admin' || name === 'adminFlag') expect(result).toMatchObject({ ok: true });
    else if (name === 'anon' || name === 'service_role')
      expect(result).toMatchObject({ ok: false, ...actionErrors.functionDenied('set_member_role') });
    else expect(result).toMatchObject({ ok: false, ...actionErrors.roleChangeDenied });
  });

  const adminOnly: { what: string; target: { role?: Account['role']; isAdmin?: boolean }; to: [string, boolean] }[] = [
    { what: 'grant the admin flag', target: {}, to: ['investor', true] },
    { what: 'grant the mfo_admin role', target: {}, to: ['mfo_admin', false] },
    { what: 'remove the mfo_admin role', target: { role: 'mfo_admin' }, to: ['investor', false] },
    { what: 'demote an administrator', target: { isAdmin: true }, to: ['investor', false] },
    { what: 'change an administrator’s role', target: { isAdmin: true }, to: ['compliance', true] },
  ];

  it.each(adminOnly)('mfo_admin without the flag may not $what; the admin flag may', async ({ target, to }) => {
    const member = await createUser(db, target);
    const refused = await asActor(db, callers.mfo_admin, async (tx) => {
      const attempt = await tryQuery(tx, setRole, [member.id, ...to]);
      await tx.exec('reset role');
      const { rows } = await tx.query('select raw_app_meta_data as m from auth.users where id = $1', [member.id]);
      return { attempt, meta: rows[0] };
    });
    expect(refused.attempt).toMatchObject({ ok: false, ...actionErrors.roleChangeNeedsAdmin });
    expect(refused.meta).toMatchObject({ m: { role: target.role ?? 'investor' } });
    const granted = await asActor(db, callers.adminFlag, (tx) => tryQuery(tx, setRole, [member.id, ...to]));
    expect(granted).toMatchObject({ ok: true });
  });

  it('refuses a change of one’s own role, even to an administrator', async () => {
    const result = await asActor(db, callers.adminFlag, (tx) =>
      tryQuery(tx, setRole, [callers.adminFlag.id, 'mfo_admin', true]),
    );
    expect(result).toMatchObject({ ok: false, ...actionErrors.roleChangeSelf });
  });

  it('refuses every change from a demo account, demo mode on', async () => {
    const demo = demoAccounts.find((a) => a.role === 'mfo_admin');
    if (!demo) throw new Error('no demo mfo_admin');
    const account: Account = { id: demo.id, email: demo.email, role: 'mfo_admin', isAdmin: false };
    const target = await createUser(db);
    const result = await asActor(db, account, async (tx) => {
      await tx.exec('reset role');
      await setDemoMode(tx, true);
      await become(tx, account);
      return tryQuery(tx, setRole, [target.id, 'compliance', false]);
    });
    expect(result).toMatchObject({ ok: false, ...actionErrors.roleChangeDemo });
  });
});

describe('a change of rights takes effect at once', () => {
  it('ends the member’s sessions and refuses the old rights to a token issued before it', async () => {
    const admin = await createUser(db, { isAdmin: true });
    const other = await createUser(db, { isAdmin: true });
    await asOwner(db, async (tx) => {
      const session = await tx.query<{ id: string }>(
        'insert into auth.sessions (id, user_id) values (gen_random_uuid(), $1) returning id',
        [admin.id],
      );
      await tx.query(`insert into auth.refresh_tokens (token, user_id, session_id) values ('t-1', $1, $2)`, [
        admin.id,
        session.rows[0]?.id,
      ]);
      const issued = (await nowSeconds(tx)) - 60;
      await becomeAt(tx, admin, issued);
      expect(await rightsOf(tx)).toEqual({ role: 'investor', admin: true });
      expect(await tryQuery(tx, 'select * from public.list_members(null, null, null, null, null)')).toMatchObject({
        ok: true,
      });

      await become(tx, other);
      await tx.query(setRole, [admin.id, 'investor', false]);

      // The demoted administrator's next request, with the token issued before: no rights.
      await becomeAt(tx, admin, issued);
      expect(await rightsOf(tx)).toEqual({ role: 'investor', admin: false });
      expect(await tryQuery(tx, 'select * from public.list_members(null, null, null, null, null)')).toMatchObject({
        ok: false,
        code: '42501',
      });
      // A token without an issue time is no newer.
      await becomeAt(tx, admin, null);
      expect(await rightsOf(tx)).toEqual({ role: 'investor', admin: false });
      await tx.exec('reset role');
      const left = await tx.query<{ sessions: number; tokens: number }>(
        `select (select count(*)::int from auth.sessions where user_id = $1) as sessions,
                (select count(*)::int from auth.refresh_tokens where user_id = $1::text) as tokens`,
        [admin.id],
      );
      expect(left.rows).toEqual([{ sessions: 0, tokens: 0 }]);
    });
  });

  it('gives a promoted member the new rights only with a token issued after the change', async () => {
    const member = await createUser(db);
    await asOwner(db, async (tx) => {
      await become(tx, callers.mfo_admin);
      await tx.query(setRole, [member.id, 'compliance', false]);
      const promoted: Account = { ...member, role: 'compliance' };
      const now = await nowSeconds(tx);
      await becomeAt(tx, promoted, now - 5);
      expect(await rightsOf(tx)).toEqual({ role: 'investor', admin: false });
      await becomeAt(tx, promoted, now + 2);
      expect(await rightsOf(tx)).toEqual({ role: 'compliance', admin: false });
    });
  });

  it('leaves the rights of members whose rights never changed to their token', async () => {
    await asActor(db, callers.compliance, async (tx) => {
      expect(await rightsOf(tx)).toEqual({ role: 'compliance', admin: false });
    });
  });
});

describe('vault_token_outdated', () => {
  it.each(callerNames)(
    'as %s: executable by authenticated and service_role only, false without a change',
    async (name) => {
      const result = await asActor(db, whoIs(callers, name), (tx) =>
        tryQuery<{ outdated: boolean }>(tx, 'select public.vault_token_outdated() as outdated'),
      );
      if (name === 'anon') expect(result).toMatchObject({ ok: false, code: '42501' });
      else expect(result).toMatchObject({ ok: true, value: { rows: [{ outdated: false }] } });
    },
  );
});
