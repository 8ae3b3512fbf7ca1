import type { PGlite, Transaction } from '@electric-sql/pglite';
import { AUDIT_GENESIS_HASH, AuditEventRowSchema, actionErrors, auditActions } from '@vault/domain';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asOwner, become, type Callers, callerNames, createCallers, whoIs } from './actors';
import { asActor, seededDb, tryQuery } from './db';

/**
 * The audit trail (05_audit.sql): the action list agrees with the domain's;
 * the chain holds and audit_verify() names the first altered row; nobody, the service role and
 * the owner included, updates, deletes or truncates it; only compliance, mfo_admin and the admin
 * flag read every event, a member their own, anon nothing; wallet.created is recorded by trigger.
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

/** Appends one event as the owner would from a server function (the function is internal). */
async function append(tx: Transaction, action: string, memberId: string | null, details: object = {}) {
  const { rows } = await tx.query<{ id: number }>(
    `select (public.audit_append($1, $2, 'test', 'subject', $3::jsonb)).id as id`,
    [action, memberId, JSON.stringify(details)],
  );
  const id = rows[0]?.id;
  if (id === undefined) throw new Error('no event');
  return Number(id);
}

async function verifyAs(tx: Transaction): Promise<number | null> {
  await become(tx, 'service_role');
  const { rows } = await tx.query<{ broken: number | null }>('select public.audit_verify() as broken');
  await tx.exec('reset role');
  const broken = rows[0]?.broken;
  return broken === null || broken === undefined ? null : Number(broken);
}

describe('the action names', () => {
  it('in the CHECK constraint are exactly the domain’s auditActions', async () => {
    const { rows } = await db.query<{ def: string; names: string[] }>(
      `select pg_get_constraintdef(c.oid) as def, public.audit_action_names() as names
       from pg_constraint c where c.conname = 'audit_events_action_check'`,
    );
    expect(rows[0]?.def).toBe('CHECK ((action = ANY (audit_action_names())))');
    expect([...(rows[0]?.names ?? [])].sort()).toEqual([...auditActions].sort());
  });

  it('each is accepted, and a name outside the list is refused', async () => {
    await asOwner(db, async (tx) => {
      for (const action of auditActions) await append(tx, action, callers.investorA.id);
      const bad = await tryQuery(tx, `select public.audit_append('kyc.deleted', null, 'test', 'x', '{}')`);
      expect(bad).toMatchObject({ ok: false, code: '23514' });
    });
  });
});

describe('the chain', () => {
  it('links each event to the previous one, from 64 zeros, and verifies', async () => {
    await asOwner(db, async (tx) => {
      const first = await append(tx, 'kyc.submitted', callers.investorA.id, { n: 1 });
      const second = await append(tx, 'kyc.approved', callers.investorA.id, { reason: 'ünïcødé ✓' });
      const { rows } = await tx.query<Record<string, unknown>>(
        'select * from public.audit_events where id in ($1, $2) order by id',
        [first, second],
      );
      const [a, b] = rows;
      for (const row of rows) expect(v.safeParse(AuditEventRowSchema, row).success).toBe(true);
      expect(b?.prev_hash).toBe(a?.hash);
      const { rows: all } = await tx.query<{ id: number; prev_hash: string }>(
        'select id, prev_hash from public.audit_events order by id limit 1',
      );
      expect(all[0]?.prev_hash).toBe(AUDIT_GENESIS_HASH);
      expect(await verifyAs(tx)).toBeNull();
    });
  });

  it('hashes prev_hash and the canonical content as documented, whatever the session time zone', async () => {
    await asOwner(db, async (tx) => {
      const id = await append(tx, 'payment.settled', callers.investorB.id, { amount_cents: 2000 });
      await tx.exec(`set local timezone = 'Pacific/Chatham'`);
      const { rows } = await tx.query<{ ok: boolean; canonical: string }>(
        `select e.hash = encode(sha256(convert_to(e.prev_hash || jsonb_build_object(
            'id', e.id,
            'occurred_at', to_char(e.occurred_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'),
            'actor_id', e.actor_id, 'actor_role', e.actor_role, 'action', e.action,
            'member_id', e.member_id, 'subject_type', e.subject_type, 'subject_id', e.subject_id,
            'details', e.details)::text, 'UTF8')), 'hex') as ok
         from public.audit_events e where e.id = $1`,
        [id],
      );
      expect(rows[0]?.ok).toBe(true);
      expect(await verifyAs(tx)).toBeNull();
    });
  });

  for (const [what, tamper] of [
    ['a changed detail', (id: number) => `update public.audit_events set details = '{"n": 20}' where id = ${id}`],
    ['a changed actor', (id: number) => `update public.audit_events set actor_role = 'compliance' where id = ${id}`],
    ['a deleted event', (id: number) => `delete from public.audit_events where id = ${id}`],
  ] as const) {
    it(`breaks visibly at ${what}: audit_verify() returns the first id that no longer matches`, async () => {
      await asOwner(db, async (tx) => {
        const ids = [];
        for (let n = 1; n <= 4; n += 1) ids.push(await append(tx, 'kyc.submitted', callers.investorA.id, { n }));
        expect(await verifyAs(tx)).toBeNull();
        const target = ids[1] ?? 0;
        // Behind the triggers' back: only a superuser can do this (the owner could disable the trigger).
        await tx.exec('set local session_replication_role = replica');
        await tx.exec(tamper(target));
        await tx.exec('set local session_replication_role = origin');
        // A changed row fails its own hash; a deleted one breaks the next row's link.
        expect(await verifyAs(tx)).toBe(what === 'a deleted event' ? ids[2] : target);
      });
    });
  }

  it('also breaks when the owner disables the trigger to alter a row', async () => {
    await asOwner(db, async (tx) => {
      const id = await append(tx, 'document.signed', callers.investorA.id);
      await tx.exec('alter table public.audit_events disable trigger user');
      await tx.query(`update public.audit_events set subject_id = 'forged' where id = $1`, [id]);
      await tx.exec('alter table public.audit_events enable trigger user');
      expect(await verifyAs(tx)).toBe(id);
    });
  });

  it('is serial: appends take an exclusive lock on the table', async () => {
    await asOwner(db, async (tx) => {
      await append(tx, 'kyc.submitted', null);
      const { rows } = await tx.query<{ mode: string }>(
        `select mode from pg_locks where relation = 'public.audit_events'::regclass and granted and pid = pg_backend_pid()`,
      );
      expect(rows.map((r) => r.mode)).toContain('ExclusiveLock');
    });
  });
});

describe('append-only', () => {
  const statements = {
    update: `update public.audit_events set details = '{}'`,
    delete: 'delete from public.audit_events',
    truncate: 'truncate public.audit_events',
  };

  it.each(Object.entries(statements))('%s is refused for the owner, by the trigger', async (_op, sql) => {
    await asOwner(db, async (tx) => {
      await append(tx, 'kyc.submitted', null);
      const result = await tryQuery(tx, sql);
      expect(result).toMatchObject({ ok: false, ...actionErrors.auditReadOnly });
      const { rows } = await tx.query<{ n: number }>('select count(*)::int as n from public.audit_events');
      expect(rows[0]?.n).toBeGreaterThan(0);
    });
  });

  it.each(Object.entries(statements))('%s is refused for the service role, even when granted', async (op, sql) => {
    await asOwner(db, async (tx) => {
      await append(tx, 'kyc.submitted', null);
      await become(tx, 'service_role');
      expect(await tryQuery(tx, sql)).toMatchObject({
        ok: false,
        code: '42501',
        message: 'permission denied for table audit_events',
      });
      // A grant given by mistake changes nothing: the trigger binds every role.
      await tx.exec('reset role');
      await tx.exec(`grant ${op} on public.audit_events to service_role`);
      await become(tx, 'service_role');
      expect(await tryQuery(tx, sql)).toMatchObject({ ok: false, ...actionErrors.auditReadOnly });
    });
  });

  it('refuses every client and the service role a direct insert or the internal writer', async () => {
    for (const name of callerNames) {
      const result = await asActor(db, whoIs(callers, name), async (tx) => ({
        insert: await tryQuery(
          tx,
          `insert into public.audit_events (actor_role, action, prev_hash, hash) values ('system', 'kyc.approved', $1, $1)`,
          [AUDIT_GENESIS_HASH],
        ),
        append: await tryQuery(tx, `select public.audit_append('kyc.approved', null, 'x', 'y', '{}')`),
      }));
      expect(result.insert, name).toMatchObject({ ok: false, code: '42501' });
      expect(result.append, name).toMatchObject({
        ok: false,
        ...actionErrors.functionDenied('audit_append'),
      });
    }
  });
});

describe('who reads it', () => {
  it('compliance, mfo_admin and the admin flag read every event; a member their own; the rest nothing', async () => {
    await asOwner(db, async (tx) => {
      const mineA = await append(tx, 'kyc.submitted', callers.investorA.id);
      const mineB = await append(tx, 'kyc.submitted', callers.investorB.id);
      const system = await append(tx, 'kyc.submitted', null);
      const expected: Record<(typeof callerNames)[number], number[] | 'denied'> = {
        anon: 'denied',
        investorA: [mineA],
        investorB: [mineB],
        compliance: [mineA, mineB, system],
        eq_spv_admin: [],
        mfo_admin: [mineA, mineB, system],
        adminFlag: [mineA, mineB, system],
        service_role: [mineA, mineB, system],
      };
      for (const name of callerNames) {
        await become(tx, whoIs(callers, name));
        const result = await tryQuery<{ id: number }>(
          tx,
          'select id from public.audit_events where id = any ($1::bigint[]) order by id',
          [[mineA, mineB, system]],
        );
        const want = expected[name];
        if (want === 'denied') expect(result, name).toMatchObject({ ok: false, code: '42501' });
        else expect(result.ok ? result.value.rows.map((r) => Number(r.id)) : result, name).toEqual(want);
      }
    });
  });

  it('audit_verify() is for compliance, mfo_admin, the admin flag and the service role only', async () => {
    for (const name of callerNames) {
      const result = await asActor(db, whoIs(callers, name), (tx) => tryQuery(tx, 'select public.audit_verify() as b'));
      if (['compliance', 'mfo_admin', 'adminFlag', 'service_role'].includes(name))
        expect(result, name).toMatchObject({ ok: true, value: { rows: [{ b: null }] } });
      else if (name === 'anon')
        expect(result, name).toMatchObject({ ok: false, ...actionErrors.functionDenied('audit_verify') });
      else expect(result, name).toMatchObject({ ok: false, ...actionErrors.auditVerifyDenied });
    }
  });
});

describe('wallet.created', () => {
  it('is recorded once when a wallet id is first set, by the service role, with no actor id', async () => {
    await asActor(db, 'service_role', async (tx) => {
      const me = callers.investorA.id;
      await tx.query(`update public.profiles set crossmint_wallet_id = 'cw-audit-1' where id = $1`, [me]);
      await tx.query(`update public.profiles set name = 'Renamed' where id = $1`, [me]);
      const { rows } = await tx.query<Record<string, unknown>>(
        `select actor_id, actor_role, member_id, subject_type, subject_id from public.audit_events
         where action = 'wallet.created' and member_id = $1`,
        [me],
      );
      expect(rows).toEqual([
        { actor_id: null, actor_role: 'service_role', member_id: me, subject_type: 'wallet', subject_id: 'cw-audit-1' },
      ]);
    });
  });

  it('is recorded by demo_create_wallet with the member as actor, and once only', async () => {
    await asActor(db, callers.investorB, async (tx) => {
      await tx.query('select public.demo_create_wallet()');
      await tx.query('select public.demo_create_wallet()');
      const { rows } = await tx.query<Record<string, unknown>>(
        `select actor_id, actor_role from public.audit_events where action = 'wallet.created' and member_id = $1`,
        [callers.investorB.id],
      );
      expect(rows).toEqual([{ actor_id: callers.investorB.id, actor_role: 'investor' }]);
    });
  });
});
