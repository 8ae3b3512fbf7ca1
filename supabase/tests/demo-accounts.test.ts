import type { PGlite } from '@electric-sql/pglite';
import { demoAccounts, type Role } from '@vault/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Account, asActor, seededDb, setDemoMode, tryQuery } from './db';

/** The demo password earlier releases printed and compiled in (the embedded backend's own still): it must open no seeded account. */
const PUBLISHED_DEMO_PASSWORD = 'vault-demo-2025';

/**
 * The seeded demo accounts never outlive demo mode (docs/backend.md "Demo mode and the demo
 * accounts"): banned while it is off, with no staff rights even on a token issued before the
 * switch, and with no password anyone knows until the operator sets one.
 */

let db: PGlite;

beforeAll(async () => {
  db = await seededDb();
});

afterAll(async () => {
  await db?.close();
});

function demoAccount(role: Role): Account {
  const account = demoAccounts.find((a) => a.role === role);
  if (!account) throw new Error(`no demo ${role}`);
  return { id: account.id, email: account.email, role, isAdmin: false };
}

async function bans(): Promise<Record<string, boolean>> {
  const { rows } = await db.query<{ email: string; banned: boolean }>(
    `select email, coalesce(banned_until > now(), false) as banned from auth.users
     where id = any($1::uuid[]) order by email`,
    [demoAccounts.map((a) => a.id)],
  );
  return Object.fromEntries(rows.map((r) => [r.email, r.banned]));
}

describe('the demo staff accounts', () => {
  it('are banned whenever demo mode is off, and unbanned when it is on again, by the switch itself', async () => {
    expect(Object.values(await bans())).toEqual(demoAccounts.map(() => false));
    await setDemoMode(db, false);
    try {
      expect(Object.values(await bans())).toEqual(demoAccounts.map(() => true));
      // The same transaction: a rolled-back switch leaves the bans as they were.
      await db.transaction(async (tx) => {
        await setDemoMode(tx, true);
        await tx.rollback();
      });
      expect(Object.values(await bans())).toEqual(demoAccounts.map(() => true));
    } finally {
      await setDemoMode(db, true);
    }
    expect(Object.values(await bans())).toEqual(demoAccounts.map(() => false));
  });

  it('read no staff table with demo mode off, even with a token issued before the switch', async () => {
    const staff: [Role, string][] = [
      ['mfo_admin', 'activity'],
      ['mfo_admin', 'loans'],
      ['compliance', 'audit_logs'],
      ['cl_spv_admin', 'loans'],
      ['eq_spv_admin', 'equity_holdings'],
      ['production_spv', 'production_assets'],
    ];
    for (const [role, table] of staff) {
      const count = async (demo: boolean) =>
        asActor(db, demoAccount(role), async (tx) => {
          await tx.exec('reset role');
          await setDemoMode(tx, demo);
          await tx.exec('set local role authenticated');
          return (await tx.query(`select * from public.${table}`)).rows.length;
        });
      expect(await count(true), `${role} ${table}, demo on`).toBeGreaterThan(0);
      expect(await count(false), `${role} ${table}, demo off`).toBe(0);
    }
  });

  it('keep the demo admin away from the member list with demo mode off', async () => {
    const result = await asActor(db, { ...demoAccount('mfo_admin'), isAdmin: true }, async (tx) => {
      await tx.exec('reset role');
      await setDemoMode(tx, false);
      await tx.exec('set local role authenticated');
      return tryQuery(tx, 'select * from public.list_members()');
    });
    expect(result).toMatchObject({ ok: false, code: '42501' });
  });

  it('have no password anyone knows after the seed; the operator sets one', async () => {
    const check = async (password: string) =>
      (
        await db.query<{ email: string; ok: boolean }>(
          `select email, extensions.crypt($1, encrypted_password) = encrypted_password as ok
           from auth.users where id = any($2::uuid[]) order by email`,
          [password, demoAccounts.map((a) => a.id)],
        )
      ).rows.map((r) => r.ok);
    expect(await check(PUBLISHED_DEMO_PASSWORD)).toEqual(demoAccounts.map(() => false));
    await db.transaction(async (tx) => {
      const short = await tryQuery(tx, `select public.vault_set_demo_password('short')`);
      expect(short).toMatchObject({ ok: false, code: '22023' });
      const { rows } = await tx.query<{ n: number }>(
        `select public.vault_set_demo_password('a long demo secret') as n`,
      );
      expect(rows[0]?.n).toBe(demoAccounts.length);
      await tx.rollback();
    });
    for (const who of ['anon', 'authenticated']) {
      const result = await asActor(db, who === 'anon' ? 'anon' : demoAccount('investor'), (tx) =>
        tryQuery(tx, `select public.vault_set_demo_password('a long demo secret')`),
      );
      expect(result, who).toMatchObject({ ok: false, code: '42501' });
    }
  });
});
