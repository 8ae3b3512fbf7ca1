import { createHmac } from 'node:crypto';
import { collectingLogger, type LogLine } from '../_shared/testing/fakes';
import type {
  PaymentEventRecord,
  PaymentReversalRecord,
  PaymentsWebhookDeps,
  PaymentsWebhookStore,
  PayoutRecord,
} from './handler';

/**
 * What the payments-webhook tests share (settlement, reversals, payouts, signatures, and the
 * handler on PGlite): Stripe's events as its API sends them, signed in the test exactly as Stripe's
 * documentation describes: `Stripe-Signature: t=<unix>,v1=<hex HMAC-SHA256 of
 * "<t>.<raw body>" keyed with the endpoint secret>`.
 */

const secret = 'whsec_test_secret_for_vault';
export const nowSeconds = 1_795_000_000;
export const memberId = '7a0c3c2e-5a43-4f5e-9d7e-2f1d1f0b9a11';
export const withdrawalId = '3b9e2f4a-1c6d-4e8f-a0b1-c2d3e4f5a6b7';

export function checkoutCompleted(overrides: Record<string, unknown> = {}, eventId = 'evt_1QcheckoutA') {
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

export function paymentIntent(type: string, overrides: Record<string, unknown> = {}, eventId = 'evt_1QintentA') {
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
export function chargeRefunded(overrides: Record<string, unknown> = {}, eventId = 'evt_1QrefundA') {
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
export function disputeCreated(overrides: Record<string, unknown> = {}, eventId = 'evt_1QdisputeA') {
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

/** Stripe's payout.paid, payout.failed or payout.canceled: the Payout, naming its withdrawal in metadata. */
export function payoutEvent(
  type: 'payout.paid' | 'payout.failed' | 'payout.canceled',
  overrides: Record<string, unknown> = {},
  eventId = 'evt_1QpayoutA',
) {
  const status = type.slice('payout.'.length);
  return {
    id: eventId,
    object: 'event',
    type,
    data: {
      object: {
        id: 'po_1QpayoutA',
        object: 'payout',
        amount: 4000,
        currency: 'eur',
        method: 'standard',
        type: 'bank_account',
        status,
        failure_code: status === 'failed' ? 'account_closed' : null,
        metadata: { withdrawal_id: withdrawalId, member_id: memberId },
        ...overrides,
      },
    },
  };
}

export function stripeSignature(raw: string, t: number, key = secret): string {
  return createHmac('sha256', key).update(`${t}.${raw}`).digest('hex');
}

export function signed(
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

type AppliedRecord = PaymentEventRecord | PaymentReversalRecord | PayoutRecord;

/**
 * Stands in for record_payment, record_payment_reversal and record_payout: records every call,
 * applies each event id once (as the SQL does).
 */
export function idempotentStore(): PaymentsWebhookStore & {
  calls: PaymentEventRecord[];
  reversals: PaymentReversalRecord[];
  payouts: PayoutRecord[];
  applied: Map<string, AppliedRecord>;
} {
  const store = {
    calls: [] as PaymentEventRecord[],
    reversals: [] as PaymentReversalRecord[],
    payouts: [] as PayoutRecord[],
    applied: new Map<string, AppliedRecord>(),
    async recordPayment(record: PaymentEventRecord) {
      store.calls.push(record);
      if (!store.applied.has(record.eventId)) store.applied.set(record.eventId, record);
    },
    async recordReversal(record: PaymentReversalRecord) {
      store.reversals.push(record);
      if (!store.applied.has(record.eventId)) store.applied.set(record.eventId, record);
    },
    async recordPayout(record: PayoutRecord) {
      store.payouts.push(record);
      if (!store.applied.has(record.eventId)) store.applied.set(record.eventId, record);
    },
  };
  return store;
}

/** A store whose every call fails the test: for events that must reach no SQL. */
export const noCalls: PaymentsWebhookStore = {
  recordPayment: async () => {
    throw new Error('record_payment must not be called');
  },
  recordReversal: async () => {
    throw new Error('record_payment_reversal must not be called');
  },
  recordPayout: async () => {
    throw new Error('record_payout must not be called');
  },
};

export function deps(overrides: Partial<PaymentsWebhookDeps> = {}, lines: LogLine[] = []): PaymentsWebhookDeps {
  return {
    logger: collectingLogger(lines),
    serverTimeoutMs: 100,
    now: () => nowSeconds * 1000,
    secret,
    store: idempotentStore(),
    ...overrides,
  };
}
