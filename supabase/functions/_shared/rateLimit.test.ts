import type { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Account, asActor, createUser, seededDb, tryQuery } from '../../tests/db';

/**
 * The rate limit's table and SQL function (supabase/schemas/04_rate_limits.sql)
 * on PGlite: only the service role may count, the window opens and closes, and no client can
 * read or touch the counters.
 */

let db: PGlite;
let member: Account;

const hit = 'select allowed, retry_after_seconds from public.function_rate_limit_hit($1, $2, $3, $4)';

beforeAll(async () => {
  db = await seededDb();
  member = await createUser(db);
});

afterAll(async () => {
  await db?.close();
});

describe('public.function_rate_limit_hit', () => {
  it('allows max_calls per window, then refuses with the seconds left, per function', async () => {
    await asActor(db, 'service_role', async (tx) => {
      const answers: { allowed: boolean; retry_after_seconds: number }[] = [];
      for (let i = 0; i < 4; i++) {
        const { rows } = await tx.query<{ allowed: boolean; retry_after_seconds: number }>(hit, [
          member.id,
          'create-crossmint-wallet',
          3,
          60,
        ]);
        if (rows[0]) answers.push(rows[0]);
      }
      expect(answers.map((a) => a.allowed)).toEqual([true, true, true, false]);
      expect(answers[0]?.retry_after_seconds).toBe(0);
      expect(answers[3]?.retry_after_seconds).toBeGreaterThanOrEqual(1);
      expect(answers[3]?.retry_after_seconds).toBeLessThanOrEqual(60);

      const other = await tx.query<{ allowed: boolean }>(hit, [member.id, 'kyc-session', 3, 60]);
      expect(other.rows[0]?.allowed).toBe(true);

      // The window ends: the next call opens a new one.
      await tx.query(
        `update public.function_rate_limits set window_started_at = now() - interval '61 seconds'
         where user_id = $1 and fn = 'create-crossmint-wallet'`,
        [member.id],
      );
      const reopened = await tx.query<{ allowed: boolean }>(hit, [member.id, 'create-crossmint-wallet', 3, 60]);
      expect(reopened.rows[0]?.allowed).toBe(true);
      const { rows } = await tx.query<{ calls: number }>(
        `select calls from public.function_rate_limits where user_id = $1 and fn = 'create-crossmint-wallet'`,
        [member.id],
      );
      expect(rows[0]?.calls).toBe(1);
    });
  });

  it('caps the counter of a closed window, and refuses invalid arguments', async () => {
    await asActor(db, 'service_role', async (tx) => {
      for (let i = 0; i < 10; i++) await tx.query(hit, [member.id, 'onramp-session', 2, 60]);
      const { rows } = await tx.query<{ calls: number }>(
        `select calls from public.function_rate_limits where user_id = $1 and fn = 'onramp-session'`,
        [member.id],
      );
      expect(rows[0]?.calls).toBe(3);
      for (const args of [
        [null, 'x', 1, 1],
        [member.id, 'Not A Name', 1, 1],
        [member.id, 'x', 0, 1],
        [member.id, 'x', 1, 0],
        [member.id, 'x', 1, 86401],
      ]) {
        const attempt = await tryQuery(tx, hit, args);
        expect(attempt.ok, JSON.stringify(args)).toBe(false);
      }
    });
  });

  it('is refused to anon and members, who cannot read or write the counters either', async () => {
    for (const who of ['anon', member] as const) {
      await asActor(db, who, async (tx) => {
        const call = await tryQuery(tx, hit, [member.id, 'create-crossmint-wallet', 1000, 60]);
        expect(call.ok ? 'ok' : call.code).toBe('42501');
        const read = await tryQuery(tx, 'select * from public.function_rate_limits');
        expect(read.ok ? 'ok' : read.code).toBe('42501');
        const reset = await tryQuery(tx, 'delete from public.function_rate_limits');
        expect(reset.ok ? 'ok' : reset.code).toBe('42501');
      });
    }
  });

  it('has row-level security with no policy, and a fixed search path as security definer', async () => {
    const { rows: table } = await db.query<{ relrowsecurity: boolean; policies: number }>(
      `select c.relrowsecurity, (select count(*)::int from pg_policies p where p.tablename = c.relname) as policies
       from pg_class c where c.oid = 'public.function_rate_limits'::regclass`,
    );
    expect(table[0]).toEqual({ relrowsecurity: true, policies: 0 });
    const { rows: fn } = await db.query<{ prosecdef: boolean; proconfig: string[] | null; public: boolean }>(
      `select p.prosecdef, p.proconfig,
              has_function_privilege('public', p.oid, 'execute') as public
       from pg_proc p where p.oid = 'public.function_rate_limit_hit(uuid, text, integer, integer)'::regprocedure`,
    );
    expect(fn[0]?.prosecdef).toBe(true);
    expect(fn[0]?.proconfig).toEqual(['search_path=""']);
    expect(fn[0]?.public).toBe(false);
  });
});
