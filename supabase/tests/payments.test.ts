import type { PGlite, Transaction } from '@electric-sql/pglite';
import { actionErrors, MIN_FIRST_ONRAMP_CENTS, paymentNotifications } from '@vault/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asOwner, become, type CallerName, type Callers, callerNames, createCallers, whoIs } from './actors';
import { type Account, asActor, seededDb, tryQuery } from './db';

/**
 * Payments (06_kyc_and_payments.sql): record_payment for every caller; the first settled EUR
 * payment of at least €20 completes the first on-ramp, once; payment.settled / payment.failed /
 * onramp.completed and the notifications; idempotency per event id; who reads payments.
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

const record = 'select * from public.record_payment($1, $2, $3, $4, $5, $6)';

async function state(tx: Transaction, member: Account) {
  await tx.exec('reset role');
  const profile = await tx.query<{ first_onramp_ok: boolean }>(
    'select first_onramp_ok from public.profiles where id = $1',
    [member.id],
  );
  const payments = await tx.query<Record<string, unknown>>(
    'select provider_ref, amount_cents, currency, status, settled_at is not null as settled from public.payments where member_id = $1 order by created_at, provider_ref',
    [member.id],
  );
  const events = await tx.query<{ action: string; subject_type: string; details: Record<string, unknown> }>(
    // The ledger's own events (ledger-transfer.test.ts) are left out: these are the payment's.
    `select action, subject_type, details from public.audit_events
     where member_id = $1 and action <> 'ledger.transferred' order by id`,
    [member.id],
  );
  const notes = await tx.query<{ title: string; body: string }>(
    `select title, body from public.notifications where user_id = $1 and id like 'evt-%' order by id`,
    [member.id],
  );
  return {
    onramp: profile.rows[0]?.first_onramp_ok,
    payments: payments.rows,
    actions: events.rows.map((e) => e.action),
    events: events.rows,
    notes: notes.rows,
  };
}

describe('record_payment', () => {
  it.each(callerNames)('as %s', async (name: CallerName) => {
    const me = callers.investorA;
    const result = await asActor(db, whoIs(callers, name), async (tx) => {
      const attempt = await tryQuery(tx, record, [me.id, 'pi_roles', 2000, 'EUR', 'settled', 'evt-roles']);
      return { attempt, after: await state(tx, me) };
    });
    if (name === 'service_role') {
      expect(result.attempt).toMatchObject({ ok: true, value: { rows: [{ status: 'settled', amount_cents: 2000 }] } });
      expect(result.after.onramp).toBe(true);
    } else {
      expect(result.attempt).toMatchObject({ ok: false, ...actionErrors.functionDenied('record_payment') });
      expect(result.after).toMatchObject({ onramp: false, payments: [], actions: [] });
    }
  });

  it('checks the caller itself too: the owner without the service role’s claims is refused', async () => {
    const result = await asOwner(db, (tx) =>
      tryQuery(tx, record, [callers.investorA.id, 'pi_owner', 2000, 'EUR', 'settled', 'evt-owner']),
    );
    expect(result).toMatchObject({ ok: false, ...actionErrors.serviceRoleOnly('record_payment') });
  });

  it('pending then settled: one row, payment.settled, then the first on-ramp with its event and notification', async () => {
    const me = callers.investorA;
    await asActor(db, 'service_role', async (tx) => {
      await tx.query(record, [me.id, 'pi_1', MIN_FIRST_ONRAMP_CENTS, 'EUR', 'pending', 'evt-1']);
      expect(await state(tx, me)).toMatchObject({
        onramp: false,
        payments: [{ provider_ref: 'pi_1', amount_cents: 2000, currency: 'EUR', status: 'pending', settled: false }],
        actions: [],
      });
      await become(tx, 'service_role');
      const settled = await tx.query<Record<string, unknown>>(record, [
        me.id,
        'pi_1',
        MIN_FIRST_ONRAMP_CENTS,
        'EUR',
        'settled',
        'evt-2',
      ]);
      expect(settled.rows[0]).toMatchObject({ provider_ref: 'pi_1', status: 'settled' });
      expect(settled.rows[0]?.settled_at).not.toBeNull();
      const after = await state(tx, me);
      expect(after.onramp).toBe(true);
      expect(after.payments).toHaveLength(1);
      expect(after.actions).toEqual(['payment.settled', 'onramp.completed']);
      expect(after.events[0]).toMatchObject({
        subject_type: 'payment',
        details: { provider_ref: 'pi_1', amount_cents: 2000, currency: 'EUR', event_id: 'evt-2' },
      });
      expect(after.notes).toEqual([paymentNotifications.onrampCompleted]);

      // A second settled payment is recorded, but the first on-ramp happened once.
      await become(tx, 'service_role');
      await tx.query(record, [me.id, 'pi_2', 5000, 'EUR', 'settled', 'evt-3']);
      expect((await state(tx, me)).actions).toEqual(['payment.settled', 'onramp.completed', 'payment.settled']);
    });
  });

  it('does not complete the first on-ramp under €20, in another currency, or while pending or failed', async () => {
    const me = callers.investorB;
    await asActor(db, 'service_role', async (tx) => {
      await tx.query(record, [me.id, 'pi_small', MIN_FIRST_ONRAMP_CENTS - 1, 'EUR', 'settled', 'evt-a']);
      await become(tx, 'service_role');
      await tx.query(record, [me.id, 'pi_usd', 10_000, 'USD', 'settled', 'evt-b']);
      await become(tx, 'service_role');
      await tx.query(record, [me.id, 'pi_pending', 10_000, 'EUR', 'pending', 'evt-c']);
      await become(tx, 'service_role');
      await tx.query(record, [me.id, 'pi_failed', 10_000, 'EUR', 'failed', 'evt-d']);
      const after = await state(tx, me);
      expect(after.onramp).toBe(false);
      expect(after.actions).toEqual(['payment.settled', 'payment.settled', 'payment.failed']);
      expect(after.notes).toEqual([paymentNotifications.failed]);
    });
  });

  it('is idempotent per event id: a replay changes nothing and records nothing new', async () => {
    const me = callers.investorB;
    await asActor(db, 'service_role', async (tx) => {
      const first = await tx.query<Record<string, unknown>>(record, [me.id, 'pi_r', 2500, 'EUR', 'pending', 'evt-r']);
      const before = await state(tx, me);
      // The same event again, even carrying another status, is the same event.
      for (const status of ['pending', 'settled']) {
        await become(tx, 'service_role');
        const again = await tx.query<Record<string, unknown>>(record, [me.id, 'pi_r', 2500, 'EUR', status, 'evt-r']);
        expect(again.rows).toEqual(first.rows);
        expect(await state(tx, me)).toEqual(before);
      }
    });
  });

  it('keeps a final status: a late pending or failed after settled changes nothing', async () => {
    const me = callers.investorB;
    await asActor(db, 'service_role', async (tx) => {
      await tx.query(record, [me.id, 'pi_f', 2500, 'EUR', 'settled', 'evt-f1']);
      const before = await state(tx, me);
      for (const [status, eventId] of [
        ['pending', 'evt-f2'],
        ['failed', 'evt-f3'],
      ]) {
        await become(tx, 'service_role');
        const late = await tx.query<Record<string, unknown>>(record, [me.id, 'pi_f', 2500, 'EUR', status, eventId]);
        expect(late.rows[0]).toMatchObject({ status: 'settled' });
        expect(await state(tx, me)).toEqual(before);
      }
    });
  });

  it('refuses bad input and records nothing (hardening-payments.test.ts: the refusals kept for review)', async () => {
    const me = callers.investorB;
    await asActor(db, 'service_role', async (tx) => {
      await tx.query(record, [me.id, 'pi_m', 2500, 'EUR', 'pending', 'evt-m']);
      const before = await state(tx, me);
      const cases: [unknown[], { code: string; message: string }][] = [
        [[me.id, 'pi_x', 2500, 'EUR', 'settled', null], actionErrors.eventIdRequired],
        [[me.id, '', 2500, 'EUR', 'settled', 'evt-x1'], actionErrors.providerRefRequired],
        [[me.id, 'pi_x', 0, 'EUR', 'settled', 'evt-x2'], actionErrors.badAmount],
        [[me.id, 'pi_x', -100, 'EUR', 'settled', 'evt-x3'], actionErrors.badAmount],
        [[me.id, 'pi_x', 2500, 'eur', 'settled', 'evt-x4'], actionErrors.badCurrency],
        [[me.id, 'pi_x', 2500, 'EUR', 'refunded', 'evt-x5'], actionErrors.badPaymentStatus],
      ];
      for (const [params, error] of cases) {
        await become(tx, 'service_role');
        expect(await tryQuery(tx, record, params), JSON.stringify(params)).toMatchObject({ ok: false, ...error });
      }
      expect(await state(tx, me)).toEqual(before);
      const { rows } = await tx.query(`select * from public.provider_events where event_id like 'evt-x%'`);
      expect(rows).toEqual([]);
    });
  });
});

describe('who reads payments', () => {
  it('a member reads their own; nobody else reads them; no client writes', async () => {
    await asActor(db, 'service_role', async (tx) => {
      await tx.query(record, [callers.investorA.id, 'pi_read', 2500, 'EUR', 'settled', 'evt-read']);
      for (const name of callerNames) {
        await become(tx, whoIs(callers, name));
        const read = await tryQuery<{ provider_ref: string }>(
          tx,
          `select provider_ref from public.payments where provider_ref = 'pi_read'`,
        );
        if (name === 'anon') expect(read, name).toMatchObject({ ok: false, code: '42501' });
        else
          expect(read, name).toMatchObject({
            ok: true,
            value: { rows: name === 'investorA' || name === 'service_role' ? [{ provider_ref: 'pi_read' }] : [] },
          });
        for (const sql of [
          `update public.payments set status = 'failed'`,
          'delete from public.payments',
          `insert into public.payments (member_id, provider_ref, amount_cents, currency, status) values ('${callers.investorA.id}', 'pi_forged', 1, 'EUR', 'pending')`,
        ]) {
          expect(await tryQuery(tx, sql), `${name}: ${sql}`).toMatchObject({ ok: false, code: '42501' });
        }
      }
    });
  });
});
