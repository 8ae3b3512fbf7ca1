import { createHmac } from 'node:crypto';
import type { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, seededDb } from '../../tests/db';
import { PostgrestError } from '../_shared/postgrest';
import { asServiceRole, collectingLogger, hangUntilAborted, type LogLine } from '../_shared/testing/fakes';
import {
  handlePaymentsWebhook,
  type PaymentEventRecord,
  type PaymentReversalRecord,
  type PaymentsWebhookDeps,
  type PaymentsWebhookStore,
} from './handler';

/**
 * The payments-webhook handler under Node, with Stripe's events signed in the test exactly as
 * Stripe's documentation describes: `Stripe-Signature: t=<unix>,v1=<hex HMAC-SHA256 of
 * "<t>.<raw body>" keyed with the endpoint secret>`.
 */

const secret = 'whsec_test_secret_for_vault';
const nowSeconds = 1_795_000_000;
const memberId = '7a0c3c2e-5a43-4f5e-9d7e-2f1d1f0b9a11';

function checkoutCompleted(overrides: Record<string, unknown> = {}, eventId = 'evt_1QcheckoutA') {
  return {
    id: eventId,
    object: 'event',
    type: 'checkout.session.completed',
    created: nowSeconds - 5,
    data: {
      object: {
        id: 'cs_test_a1b2c3',
        object: 'checkout.session',
        mode: 'payment',
        payment_status: 'paid',
        amount_total: 2500,
        currency: 'eur',
        payment_intent: 'pi_3QpaymentA',
        client_reference_id: memberId,
        metadata: { member_id: memberId },
        ...overrides,
      },
    },
  };
}

function paymentIntent(type: string, overrides: Record<string, unknown> = {}, eventId = 'evt_1QintentA') {
  return {
    id: eventId,
    object: 'event',
    type,
    data: {
      object: {
        id: 'pi_3QpaymentA',
        object: 'payment_intent',
        amount: 2500,
        amount_received: type === 'payment_intent.succeeded' ? 2500 : 0,
        currency: 'eur',
        metadata: { member_id: memberId },
        ...overrides,
      },
    },
  };
}

/** Stripe's charge.refunded: the Charge, with what has been refunded of it so far. */
function chargeRefunded(overrides: Record<string, unknown> = {}, eventId = 'evt_1QrefundA') {
  return {
    id: eventId,
    object: 'event',
    type: 'charge.refunded',
    data: {
      object: {
        id: 'ch_3QpaymentA',
        object: 'charge',
        amount: 2500,
        amount_refunded: 2500,
        refunded: true,
        currency: 'eur',
        payment_intent: 'pi_3QpaymentA',
        metadata: { member_id: memberId },
        ...overrides,
      },
    },
  };
}

/** Stripe's charge.dispute.created: the Dispute, naming its charge and PaymentIntent. */
function disputeCreated(overrides: Record<string, unknown> = {}, eventId = 'evt_1QdisputeA') {
  return {
    id: eventId,
    object: 'event',
    type: 'charge.dispute.created',
    data: {
      object: {
        id: 'dp_3QpaymentA',
        object: 'dispute',
        amount: 2500,
        currency: 'eur',
        charge: 'ch_3QpaymentA',
        payment_intent: 'pi_3QpaymentA',
        reason: 'fraudulent',
        status: 'needs_response',
        ...overrides,
      },
    },
  };
}

function stripeSignature(raw: string, t: number, key = secret): string {
  return createHmac('sha256', key).update(`${t}.${raw}`).digest('hex');
}

function signed(
  payload: unknown,
  options: { t?: number; key?: string; header?: string; tamper?: boolean } = {},
): Request {
  const raw = JSON.stringify(payload);
  const t = options.t ?? nowSeconds;
  const header = options.header ?? `t=${t},v1=${stripeSignature(raw, t, options.key)},v0=ignored`;
  return new Request('http://localhost/functions/v1/payments-webhook', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': header },
    body: options.tamper ? raw.replace('2500', '250000') : raw,
  });
}

/**
 * Stands in for record_payment and record_payment_reversal: records every call, applies each
 * event id once (as the SQL does).
 */
function idempotentStore(): PaymentsWebhookStore & {
  calls: PaymentEventRecord[];
  reversals: PaymentReversalRecord[];
  applied: Map<string, PaymentEventRecord | PaymentReversalRecord>;
} {
  const store = {
    calls: [] as PaymentEventRecord[],
    reversals: [] as PaymentReversalRecord[],
    applied: new Map<string, PaymentEventRecord | PaymentReversalRecord>(),
    async recordPayment(record: PaymentEventRecord) {
      store.calls.push(record);
      if (!store.applied.has(record.eventId)) store.applied.set(record.eventId, record);
    },
    async recordReversal(record: PaymentReversalRecord) {
      store.reversals.push(record);
      if (!store.applied.has(record.eventId)) store.applied.set(record.eventId, record);
    },
  };
  return store;
}

/** A store whose every call fails the test: for events that must reach no SQL. */
const noCalls: PaymentsWebhookStore = {
  recordPayment: async () => {
    throw new Error('record_payment must not be called');
  },
  recordReversal: async () => {
    throw new Error('record_payment_reversal must not be called');
  },
};

function deps(overrides: Partial<PaymentsWebhookDeps> = {}, lines: LogLine[] = []): PaymentsWebhookDeps {
  return {
    logger: collectingLogger(lines),
    serverTimeoutMs: 100,
    now: () => nowSeconds * 1000,
    secret,
    store: idempotentStore(),
    ...overrides,
  };
}

describe('the payments-webhook handler', () => {
  it('records a paid checkout.session.completed signed as Stripe documents as settled, on its PaymentIntent', async () => {
    const store = idempotentStore();
    const response = await handlePaymentsWebhook(signed(checkoutCompleted()), deps({ store }));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ received: true });
    expect(store.calls).toEqual([
      {
        memberId,
        providerRef: 'pi_3QpaymentA',
        amountCents: 2500,
        currency: 'EUR',
        status: 'settled',
        eventId: 'evt_1QcheckoutA',
      },
    ]);
  });

  it('maps payment_intent.succeeded to settled and payment_intent.payment_failed to failed, on the same reference', async () => {
    const store = idempotentStore();
    await handlePaymentsWebhook(signed(paymentIntent('payment_intent.succeeded')), deps({ store }));
    await handlePaymentsWebhook(
      signed(paymentIntent('payment_intent.payment_failed', {}, 'evt_1QintentB')),
      deps({ store }),
    );
    expect(store.calls.map((c) => [c.status, c.providerRef, c.amountCents, c.eventId])).toEqual([
      ['settled', 'pi_3QpaymentA', 2500, 'evt_1QintentA'],
      ['failed', 'pi_3QpaymentA', 2500, 'evt_1QintentB'],
    ]);
  });

  it('records a delayed method’s completed session as pending, and its async outcome', async () => {
    const store = idempotentStore();
    await handlePaymentsWebhook(signed(checkoutCompleted({ payment_status: 'unpaid' })), deps({ store }));
    const succeeded = {
      ...checkoutCompleted({ payment_status: 'paid' }, 'evt_async_ok'),
      type: 'checkout.session.async_payment_succeeded',
    };
    await handlePaymentsWebhook(signed(succeeded), deps({ store }));
    expect(store.calls.map((c) => c.status)).toEqual(['pending', 'settled']);
  });

  it('accepts any one of several v1 signatures (a secret being rolled)', async () => {
    const raw = JSON.stringify(checkoutCompleted());
    const header = `t=${nowSeconds},v1=${stripeSignature(raw, nowSeconds, 'whsec_old')},v1=${stripeSignature(raw, nowSeconds)}`;
    const response = await handlePaymentsWebhook(signed(checkoutCompleted(), { header }), deps());
    expect(response.status).toBe(200);
  });

  it.each([
    ['another secret', { key: 'whsec_not_ours' }],
    ['a body changed after signing', { tamper: true }],
    ['no v1 signature', { header: `t=${nowSeconds},v0=abc` }],
    ['no timestamp', { header: 'v1=abc' }],
    ['a garbage header', { header: 'nonsense' }],
    ['an empty header', { header: '' }],
  ])('refuses %s with 401 and records nothing', async (_name, options) => {
    const store = idempotentStore();
    const response = await handlePaymentsWebhook(signed(checkoutCompleted(), options), deps({ store }));
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ received: false, error: 'Invalid signature' });
    expect(store.calls).toEqual([]);
  });

  it('refuses a correctly signed event whose timestamp is more than 300 s away, and records nothing', async () => {
    const store = idempotentStore();
    for (const t of [nowSeconds - 301, nowSeconds + 301]) {
      const response = await handlePaymentsWebhook(signed(checkoutCompleted(), { t }), deps({ store }));
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ received: false, error: 'The event is too old' });
    }
    expect(store.calls).toEqual([]);
    expect(
      (await handlePaymentsWebhook(signed(checkoutCompleted(), { t: nowSeconds - 299 }), deps({ store }))).status,
    ).toBe(200);
  });

  it('answers a replayed event 200 and records it once (idempotent per event id)', async () => {
    const store = idempotentStore();
    const first = await handlePaymentsWebhook(signed(checkoutCompleted()), deps({ store }));
    const again = await handlePaymentsWebhook(signed(checkoutCompleted()), deps({ store }));
    expect([first.status, again.status]).toEqual([200, 200]);
    expect(store.calls.map((c) => c.eventId)).toEqual(['evt_1QcheckoutA', 'evt_1QcheckoutA']);
    expect(store.applied.size).toBe(1);
  });

  it('answers 504 when the database hangs, 422 when the SQL refuses, 500 when it fails', async () => {
    const lines: LogLine[] = [];
    const hung: PaymentsWebhookStore = { ...noCalls, recordPayment: (_record, signal) => hangUntilAborted(signal) };
    const started = Date.now();
    expect((await handlePaymentsWebhook(signed(checkoutCompleted()), deps({ store: hung }, lines))).status).toBe(504);
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(lines).toContainEqual(expect.objectContaining({ level: 'error', message: 'refused: serverTimeout' }));
    const refusing: PaymentsWebhookStore = {
      ...noCalls,
      recordPayment: async () => {
        throw new PostgrestError(400, '23503', 'insert or update violates foreign key constraint');
      },
    };
    expect((await handlePaymentsWebhook(signed(checkoutCompleted()), deps({ store: refusing }))).status).toBe(422);
    const broken: PaymentsWebhookStore = {
      ...noCalls,
      recordPayment: async () => {
        throw new PostgrestError(503, null, null);
      },
    };
    expect((await handlePaymentsWebhook(signed(checkoutCompleted()), deps({ store: broken }))).status).toBe(500);
  });

  it('acknowledges events that are not a member’s payment without recording them', async () => {
    const lines: LogLine[] = [];
    const store = idempotentStore();
    const other = { id: 'evt_other', type: 'customer.created', data: { object: { id: 'cus_1' } } };
    expect(await (await handlePaymentsWebhook(signed(other), deps({ store }, lines))).json()).toEqual({
      received: true,
      ignored: true,
    });
    const subscription = checkoutCompleted({ mode: 'subscription' });
    expect((await handlePaymentsWebhook(signed(subscription), deps({ store }, lines))).status).toBe(200);
    const free = checkoutCompleted({ amount_total: 0 });
    expect(await (await handlePaymentsWebhook(signed(free), deps({ store }, lines))).json()).toEqual({
      received: true,
      ignored: true,
    });
    expect(store.calls).toEqual([]);
    expect(lines).toContainEqual(expect.objectContaining({ level: 'error', message: 'payment event ignored' }));
  });

  it('sends a payment that names no Vault member to record_payment without one, for the review list', async () => {
    const store = idempotentStore();
    for (const metadata of [{}, { member_id: 'not-a-member' }]) {
      const event = checkoutCompleted({ metadata }, `evt_anonymous_${Object.keys(metadata).length}`);
      expect((await handlePaymentsWebhook(signed(event), deps({ store }))).status).toBe(200);
    }
    expect(store.calls.map((c) => [c.memberId, c.providerRef, c.amountCents, c.currency, c.status])).toEqual([
      [null, 'pi_3QpaymentA', 2500, 'EUR', 'settled'],
      [null, 'pi_3QpaymentA', 2500, 'EUR', 'settled'],
    ]);
  });
});

describe('the payments-webhook handler: refunds and charge-backs', () => {
  it('sends a whole refund to record_payment_reversal as a refund of the charge’s PaymentIntent', async () => {
    const store = idempotentStore();
    const response = await handlePaymentsWebhook(signed(chargeRefunded()), deps({ store }));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ received: true });
    expect(store.reversals).toEqual([{ providerRef: 'pi_3QpaymentA', kind: 'refund', eventId: 'evt_1QrefundA' }]);
    expect(store.calls).toEqual([]);
  });

  it('takes a refund as whole when amount_refunded equals the amount, even without `refunded`', async () => {
    const store = idempotentStore();
    const event = chargeRefunded({ refunded: false, amount_refunded: 2500 }, 'evt_1QrefundB');
    expect((await handlePaymentsWebhook(signed(event), deps({ store }))).status).toBe(200);
    expect(store.reversals.map((r) => [r.kind, r.eventId])).toEqual([['refund', 'evt_1QrefundB']]);
  });

  it('logs a partial refund and acknowledges it as ignored: the SQL reverses whole payments only', async () => {
    const lines: LogLine[] = [];
    const store = idempotentStore();
    const partial = chargeRefunded({ refunded: false, amount_refunded: 1000 });
    const response = await handlePaymentsWebhook(signed(partial), deps({ store }, lines));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ received: true, ignored: true });
    expect(store.reversals).toEqual([]);
    expect(lines).toContainEqual(
      expect.objectContaining({
        level: 'error',
        message: 'payment reversal ignored',
        fields: expect.objectContaining({
          reason: 'a partial refund',
          paymentIntent: 'pi_3QpaymentA',
          amountRefunded: 1000,
        }),
      }),
    );
  });

  it('sends a dispute to record_payment_reversal as a charge-back of the dispute’s PaymentIntent', async () => {
    const store = idempotentStore();
    const response = await handlePaymentsWebhook(signed(disputeCreated()), deps({ store }));
    expect(response.status).toBe(200);
    expect(store.reversals).toEqual([{ providerRef: 'pi_3QpaymentA', kind: 'chargeback', eventId: 'evt_1QdisputeA' }]);
  });

  it('answers a replayed refund or dispute 200 each time and applies it once (idempotent per event id)', async () => {
    const store = idempotentStore();
    for (const event of [chargeRefunded(), chargeRefunded(), disputeCreated(), disputeCreated()]) {
      expect((await handlePaymentsWebhook(signed(event), deps({ store }))).status).toBe(200);
    }
    expect(store.reversals.map((r) => r.eventId)).toEqual([
      'evt_1QrefundA',
      'evt_1QrefundA',
      'evt_1QdisputeA',
      'evt_1QdisputeA',
    ]);
    expect([...store.applied.keys()]).toEqual(['evt_1QrefundA', 'evt_1QdisputeA']);
  });

  it.each([
    ['a refund with no payment_intent', chargeRefunded({ payment_intent: null })],
    ['a dispute with no payment_intent', disputeCreated({ payment_intent: null })],
    ['a dispute with an empty payment_intent', disputeCreated({ payment_intent: '' })],
  ])('refuses %s: logged, acknowledged as ignored, no SQL called', async (_name, event) => {
    const lines: LogLine[] = [];
    const response = await handlePaymentsWebhook(signed(event), deps({ store: noCalls }, lines));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ received: true, ignored: true });
    expect(lines).toContainEqual(
      expect.objectContaining({
        level: 'error',
        message: 'payment reversal ignored',
        fields: expect.objectContaining({ reason: 'no payment_intent' }),
      }),
    );
  });

  it('refuses a forged refund with 401 and calls nothing', async () => {
    const response = await handlePaymentsWebhook(
      signed(chargeRefunded(), { key: 'whsec_not_ours' }),
      deps({ store: noCalls }),
    );
    expect(response.status).toBe(401);
  });

  it('answers 422 when the SQL refuses the reversal (a payment it never recorded), 504 when it hangs', async () => {
    const lines: LogLine[] = [];
    const unknown: PaymentsWebhookStore = {
      ...noCalls,
      recordReversal: async () => {
        throw new PostgrestError(400, '22023', 'unknown payment');
      },
    };
    const refused = await handlePaymentsWebhook(signed(disputeCreated()), deps({ store: unknown }, lines));
    expect(refused.status).toBe(422);
    expect(lines).toContainEqual(
      expect.objectContaining({
        level: 'error',
        message: 'refused: unprocessable',
        fields: expect.objectContaining({ reason: 'unknown payment' }),
      }),
    );
    const hung: PaymentsWebhookStore = { ...noCalls, recordReversal: (_record, signal) => hangUntilAborted(signal) };
    expect((await handlePaymentsWebhook(signed(chargeRefunded()), deps({ store: hung }))).status).toBe(504);
  });
});

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
  };

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
});
