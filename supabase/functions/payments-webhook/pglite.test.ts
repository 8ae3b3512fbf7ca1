import type { PGlite, Transaction } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, seededDb } from '../../tests/db';
import { asServiceRole } from '../_shared/testing/fakes';
import { handlePaymentsWebhook, type PaymentsWebhookStore } from './handler';
import {
  chargeRefunded,
  checkoutCompleted,
  deps,
  disputeCreated,
  nowSeconds,
  paymentIntent,
  payoutEvent,
  signed,
} from './testing';

/**
 * Every event family against the SQL itself (record_payment, record_payment_reversal and
 * record_payout on PGlite): one file, so the seeded database is loaded once for all of them.
 */

describe('the payments-webhook handler against record_payment on PGlite', () => {
  let db: PGlite;
  beforeAll(async () => {
    db = await seededDb();
  });
  afterAll(async () => {
    await db?.close();
  });

  const sqlStore: PaymentsWebhookStore = {
    recordPayment: (record) =>
      asServiceRole(db, async (tx) => {
        await tx.query('select public.record_payment($1, $2, $3, $4, $5, $6)', [
          record.memberId,
          record.providerRef,
          record.amountCents,
          record.currency,
          record.status,
          record.eventId,
        ]);
      }),
    recordReversal: (record) =>
      asServiceRole(db, async (tx) => {
        await tx.query('select public.record_payment_reversal($1, $2, $3)', [
          record.providerRef,
          record.kind,
          record.eventId,
        ]);
      }),
    recordPayout: (record) =>
      asServiceRole(db, async (tx) => {
        await tx.query('select public.record_payout($1, $2, $3)', [record.withdrawalId, record.status, record.eventId]);
      }),
  };

  /** Runs SQL as the member's access token would (committed), as PostgREST does for the app. */
  async function asMember<T>(id: string, run: (tx: Transaction) => Promise<T>): Promise<T> {
    return db.transaction(async (tx) => {
      await tx.query(`select set_config('request.jwt.claims', $1, true)`, [
        JSON.stringify({ sub: id, role: 'authenticated', aud: 'authenticated' }),
      ]);
      await tx.exec('set local role authenticated');
      return run(tx);
    });
  }

  /** The member's cash as /wallet reads it (`my_balance()`), in cents. */
  async function balanceOf(id: string) {
    return asMember(id, async (tx) => {
      const { rows } = await tx.query<{ available: number; held: number; total: number }>(
        'select available_cents::int as available, held_cents::int as held, total_cents::int as total from public.my_balance()',
      );
      return rows[0];
    });
  }

  /** A new member with a settled deposit of `depositCents` and a withdrawal of `withdrawCents` awaiting its payout. */
  async function memberWithWithdrawal(depositCents: number, withdrawCents: number) {
    const member = await createUser(db);
    const tag = member.id.slice(0, 8);
    const deposit = paymentIntent(
      'payment_intent.succeeded',
      { id: `pi_w_${tag}`, amount: depositCents, amount_received: depositCents, metadata: { member_id: member.id } },
      `evt_wd_${tag}`,
    );
    expect((await handlePaymentsWebhook(signed(deposit), deps({ store: sqlStore }))).status).toBe(200);
    const withdrawalId = await asMember(member.id, async (tx) => {
      const { rows } = await tx.query<{ id: string }>('select id from public.request_withdrawal($1, $2)', [
        withdrawCents,
        crypto.randomUUID(),
      ]);
      return rows[0]?.id ?? '';
    });
    return { member, tag, withdrawalId };
  }

  async function withdrawalStatus(id: string) {
    const { rows } = await db.query<{ status: string }>('select status from public.withdrawals where id = $1', [id]);
    return rows[0]?.status;
  }

  /** The member's available cash and receivable, the payment's status and the first on-ramp, from the SQL. */
  async function moneyOf(id: string, ref: string) {
    const { rows } = await db.query<{ cash: number; owed: number; status: string; first_onramp_ok: boolean }>(
      `select coalesce((select (a.credits_posted - a.debits_posted - a.debits_pending)::int from public.ledger_accounts a
                         where a.member_id = p.id and a.kind = 'member_cash'), 0) as cash,
              coalesce((select (a.debits_posted - a.credits_posted)::int from public.ledger_accounts a
                         where a.member_id = p.id and a.kind = 'member_receivable'), 0) as owed,
              (select x.status from public.payments x where x.provider_ref = $2) as status,
              p.first_onramp_ok
       from public.profiles p where p.id = $1`,
      [id, ref],
    );
    return rows[0];
  }

  it('settles one payment and unlocks the first on-ramp once, across replays and both event kinds', async () => {
    const member = await createUser(db);
    const session = checkoutCompleted({
      metadata: { member_id: member.id },
      payment_intent: `pi_${member.id.slice(0, 8)}`,
    });
    const intent = paymentIntent(
      'payment_intent.succeeded',
      { id: `pi_${member.id.slice(0, 8)}`, metadata: { member_id: member.id } },
      `evt_intent_${member.id.slice(0, 8)}`,
    );
    for (const event of [session, session, intent]) {
      expect((await handlePaymentsWebhook(signed(event), deps({ store: sqlStore }))).status).toBe(200);
    }
    const { rows } = await db.query<{ payments: number; status: string; first_onramp_ok: boolean; events: number }>(
      `select (select count(*)::int from public.payments x where x.member_id = p.id) as payments,
              (select x.status from public.payments x where x.member_id = p.id) as status,
              p.first_onramp_ok,
              (select count(*)::int from public.audit_events e where e.member_id = p.id and e.action = 'onramp.completed') as events
       from public.profiles p where p.id = $1`,
      [member.id],
    );
    expect(rows[0]).toEqual({ payments: 1, status: 'settled', first_onramp_ok: true, events: 1 });
  });

  it('settles a payment whose first attempt failed when its retry succeeds', async () => {
    const member = await createUser(db);
    const ref = `pi_r_${member.id.slice(0, 8)}`;
    const failed = paymentIntent(
      'payment_intent.payment_failed',
      { id: ref, metadata: { member_id: member.id } },
      `evt_failed_${member.id.slice(0, 8)}`,
    );
    const succeeded = paymentIntent(
      'payment_intent.succeeded',
      { id: ref, metadata: { member_id: member.id } },
      `evt_succeeded_${member.id.slice(0, 8)}`,
    );
    for (const event of [failed, succeeded])
      expect((await handlePaymentsWebhook(signed(event), deps({ store: sqlStore }))).status).toBe(200);
    const { rows } = await db.query<{ status: string; first_onramp_ok: boolean }>(
      'select x.status, p.first_onramp_ok from public.payments x join public.profiles p on p.id = x.member_id where x.provider_ref = $1',
      [ref],
    );
    expect(rows).toEqual([{ status: 'settled', first_onramp_ok: true }]);
  });

  it('answers 200 for a payment it cannot apply and keeps it for review', async () => {
    const member = await createUser(db);
    const ref = `pi_u_${member.id.slice(0, 8)}`;
    const unknown = checkoutCompleted({ metadata: {}, payment_intent: ref }, `evt_unknown_${member.id.slice(0, 8)}`);
    const first = checkoutCompleted(
      { metadata: { member_id: member.id }, payment_intent: `${ref}_m`, payment_status: 'unpaid' },
      `evt_m1_${member.id.slice(0, 8)}`,
    );
    const other = checkoutCompleted(
      { metadata: { member_id: member.id }, payment_intent: `${ref}_m`, amount_total: 9900 },
      `evt_m2_${member.id.slice(0, 8)}`,
    );
    for (const event of [unknown, first, other])
      expect((await handlePaymentsWebhook(signed(event), deps({ store: sqlStore }))).status).toBe(200);
    const { rows } = await db.query<{ provider_ref: string; reason: string; amount_cents: number }>(
      `select provider_ref, reason, amount_cents::int as amount_cents from public.ledger_refusals
       where provider_ref in ($1, $2) order by id`,
      [ref, `${ref}_m`],
    );
    expect(rows).toEqual([
      { provider_ref: ref, reason: 'unknown member', amount_cents: 2500 },
      {
        provider_ref: `${ref}_m`,
        reason: 'the amount differs from the payment recorded for provider_ref',
        amount_cents: 9900,
      },
    ]);
  });

  it('a whole refund takes the deposit back from the member’s cash, once across replays', async () => {
    const member = await createUser(db);
    const ref = `pi_rf_${member.id.slice(0, 8)}`;
    const deposit = paymentIntent(
      'payment_intent.succeeded',
      { id: ref, metadata: { member_id: member.id } },
      `evt_d_${member.id.slice(0, 8)}`,
    );
    const refund = chargeRefunded({ payment_intent: ref }, `evt_rf_${member.id.slice(0, 8)}`);
    for (const event of [deposit, refund, refund])
      expect((await handlePaymentsWebhook(signed(event), deps({ store: sqlStore }))).status).toBe(200);
    expect(await moneyOf(member.id, ref)).toEqual({ cash: 0, owed: 0, status: 'refunded', first_onramp_ok: false });
    const { rows } = await db.query<{ n: number }>(
      `select count(*)::int as n from public.audit_events where member_id = $1 and action = 'payment.refunded'`,
      [member.id],
    );
    expect(rows[0]?.n).toBe(1);
  });

  it('a dispute charges the deposit back; a reversal of a payment the server never recorded is 422', async () => {
    const member = await createUser(db);
    const ref = `pi_cb_${member.id.slice(0, 8)}`;
    const deposit = paymentIntent(
      'payment_intent.succeeded',
      { id: ref, metadata: { member_id: member.id } },
      `evt_d2_${member.id.slice(0, 8)}`,
    );
    const dispute = disputeCreated({ payment_intent: ref }, `evt_cb_${member.id.slice(0, 8)}`);
    for (const event of [deposit, dispute])
      expect((await handlePaymentsWebhook(signed(event), deps({ store: sqlStore }))).status).toBe(200);
    expect(await moneyOf(member.id, ref)).toEqual({
      cash: 0,
      owed: 0,
      status: 'charged_back',
      first_onramp_ok: false,
    });
    const stray = disputeCreated({ payment_intent: `${ref}_never` }, `evt_cbx_${member.id.slice(0, 8)}`);
    expect((await handlePaymentsWebhook(signed(stray), deps({ store: sqlStore }))).status).toBe(422);
  });

  it('a refund of a payment not settled is taken (200) and kept for review; nothing moves', async () => {
    const member = await createUser(db);
    const ref = `pi_rx_${member.id.slice(0, 8)}`;
    const awaited = checkoutCompleted(
      { metadata: { member_id: member.id }, payment_intent: ref, payment_status: 'unpaid' },
      `evt_p3_${member.id.slice(0, 8)}`,
    );
    const refund = chargeRefunded({ payment_intent: ref }, `evt_rx_${member.id.slice(0, 8)}`);
    for (const event of [awaited, refund])
      expect((await handlePaymentsWebhook(signed(event), deps({ store: sqlStore }))).status).toBe(200);
    expect(await moneyOf(member.id, ref)).toEqual({ cash: 0, owed: 0, status: 'pending', first_onramp_ok: false });
    const { rows } = await db.query<{ kind: string; reason: string }>(
      'select kind, reason from public.ledger_refusals where provider_ref = $1',
      [ref],
    );
    expect(rows).toEqual([{ kind: 'refund', reason: 'only a settled payment can be refunded' }]);
  });

  it('records nothing for a forged or stale event', async () => {
    const member = await createUser(db);
    const event = checkoutCompleted({
      metadata: { member_id: member.id },
      payment_intent: `pi_f_${member.id.slice(0, 8)}`,
    });
    expect(
      (await handlePaymentsWebhook(signed(event, { key: 'whsec_forged' }), deps({ store: sqlStore }))).status,
    ).toBe(401);
    expect(
      (await handlePaymentsWebhook(signed(event, { t: nowSeconds - 3600 }), deps({ store: sqlStore }))).status,
    ).toBe(401);
    const { rows } = await db.query<{ n: number }>(
      'select count(*)::int as n from public.payments where member_id = $1',
      [member.id],
    );
    expect(rows[0]?.n).toBe(0);
  });
  it('a paid payout posts the hold: the amount leaves held and total, to the cent, once across replays', async () => {
    const { member, tag, withdrawalId } = await memberWithWithdrawal(10_000, 4_001);
    expect(await balanceOf(member.id)).toEqual({ available: 5_999, held: 4_001, total: 10_000 });
    const paid = payoutEvent(
      'payout.paid',
      { amount: 4_001, metadata: { withdrawal_id: withdrawalId } },
      `evt_po_${tag}`,
    );
    for (const event of [paid, paid])
      expect((await handlePaymentsWebhook(signed(event), deps({ store: sqlStore }))).status).toBe(200);
    expect(await balanceOf(member.id)).toEqual({ available: 5_999, held: 0, total: 5_999 });
    expect(await withdrawalStatus(withdrawalId)).toBe('paid');
    const { rows } = await db.query<{ n: number }>(
      `select count(*)::int as n from public.audit_events where member_id = $1 and action = 'withdrawal.paid'`,
      [member.id],
    );
    expect(rows[0]?.n).toBe(1);
  });

  it('a failed payout voids the hold: the amount is available again, to the cent; a later paid event changes nothing', async () => {
    const { member, tag, withdrawalId } = await memberWithWithdrawal(7_550, 2_525);
    expect(await balanceOf(member.id)).toEqual({ available: 5_025, held: 2_525, total: 7_550 });
    const failed = payoutEvent('payout.failed', { metadata: { withdrawal_id: withdrawalId } }, `evt_pf_${tag}`);
    expect((await handlePaymentsWebhook(signed(failed), deps({ store: sqlStore }))).status).toBe(200);
    expect(await balanceOf(member.id)).toEqual({ available: 7_550, held: 0, total: 7_550 });
    expect(await withdrawalStatus(withdrawalId)).toBe('failed');
    // A late paid event for the decided withdrawal is taken (200), kept for review, and moves nothing.
    const late = payoutEvent('payout.paid', { metadata: { withdrawal_id: withdrawalId } }, `evt_pl_${tag}`);
    expect((await handlePaymentsWebhook(signed(late), deps({ store: sqlStore }))).status).toBe(200);
    expect(await balanceOf(member.id)).toEqual({ available: 7_550, held: 0, total: 7_550 });
    const { rows } = await db.query<{ kind: string; reason: string }>(
      'select kind, reason from public.ledger_refusals where event_id = $1',
      [`evt_pl_${tag}`],
    );
    expect(rows).toEqual([{ kind: 'payout', reason: 'the withdrawal is already failed' }]);
  });

  it('a payout naming no withdrawal is ignored (200) and one naming an unknown withdrawal is refused (422); nothing moves', async () => {
    const { member, tag, withdrawalId } = await memberWithWithdrawal(5_000, 1_000);
    const anonymous = payoutEvent('payout.paid', { metadata: {} }, `evt_pa_${tag}`);
    const answer = await handlePaymentsWebhook(signed(anonymous), deps({ store: sqlStore }));
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ received: true, ignored: true });
    const stray = payoutEvent('payout.paid', { metadata: { withdrawal_id: crypto.randomUUID() } }, `evt_px_${tag}`);
    expect((await handlePaymentsWebhook(signed(stray), deps({ store: sqlStore }))).status).toBe(422);
    expect(await balanceOf(member.id)).toEqual({ available: 4_000, held: 1_000, total: 5_000 });
    expect(await withdrawalStatus(withdrawalId)).toBe('requested');
  });
});
