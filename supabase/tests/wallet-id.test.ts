import type { PGlite } from '@electric-sql/pglite';
import { backendErrors, DEMO_WALLET_PREFIX } from '@vault/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Account, asActor, createUser, seededDb, setDemoMode, tryQuery } from './db';

/** The wallet id is server-owned in every mode (docs/backend.md "Profile columns"). */

let db: PGlite;
let member: Account;
let other: Account;

beforeAll(async () => {
  db = await seededDb();
  member = await createUser(db);
  other = await createUser(db);
});

afterAll(async () => {
  await db?.close();
});

describe('crossmint_wallet_id', () => {
  it.each([true, false])('refuses a member’s PATCH of their own wallet id (demo mode %s)', async (demo) => {
    for (const value of ['demo-wallet-mine', `${DEMO_WALLET_PREFIX}x`, 'someone-elses-wallet']) {
      const result = await asActor(db, member, async (tx) => {
        await tx.exec('reset role');
        await setDemoMode(tx, demo);
        await tx.exec('set local role authenticated');
        return tryQuery(tx, 'update public.profiles set crossmint_wallet_id = $1 where id = $2 returning *', [
          value,
          member.id,
        ]);
      });
      expect(result, value).toMatchObject({
        ok: false,
        code: '42501',
        message: backendErrors.permissionDenied('profiles').message,
      });
    }
  });

  it('holds no column grant for any client role', async () => {
    const { rows } = await db.query(
      `select grantee, privilege_type from information_schema.column_privileges
       where table_schema = 'public' and table_name = 'profiles' and column_name = 'crossmint_wallet_id'
         and grantee in ('anon', 'authenticated', 'PUBLIC') and privilege_type <> 'SELECT'`,
    );
    expect(rows).toEqual([]);
  });

  it('is made by demo_create_wallet in demo mode, once', async () => {
    const ids = await asActor(db, member, async (tx) => {
      const first = (await tx.query<{ id: string }>('select public.demo_create_wallet() as id')).rows[0]?.id;
      const second = (await tx.query<{ id: string }>('select public.demo_create_wallet() as id')).rows[0]?.id;
      return [first, second];
    });
    expect(ids[0]?.startsWith(DEMO_WALLET_PREFIX)).toBe(true);
    expect(ids[1]).toBe(ids[0]);
  });

  it('belongs to one member: a second profile with the same id is refused', async () => {
    const result = await asActor(db, 'service_role', async (tx) => {
      await tx.query(`update public.profiles set crossmint_wallet_id = 'cw-shared' where id = $1`, [member.id]);
      return tryQuery(tx, `update public.profiles set crossmint_wallet_id = 'cw-shared' where id = $1`, [other.id]);
    });
    expect(result).toMatchObject({ ok: false, code: '23505' });
  });
});
