/**
 * Stripe's events as its API sends them, built for one session of the embedded Stripe, or for
 * one withdrawal it pays out: a payment or payout outcome (payments.ts) names the events it delivers.
 */

/** An open payment at the embedded provider (a Checkout Session and its PaymentIntent). */
export interface PaymentSessionRecord {
  id: string;
  paymentIntent: string;
  memberId: string;
  amountCents: number;
  currency: string;
}

type StripeEvent = (session: PaymentSessionRecord) => { type: string; object: Record<string, unknown> };

function checkoutSession(session: PaymentSessionRecord, paymentStatus: 'paid' | 'unpaid'): Record<string, unknown> {
  return {
    id: session.id,
    object: 'checkout.session',
    mode: 'payment',
    payment_status: paymentStatus,
    status: 'complete',
    amount_total: session.amountCents,
    currency: session.currency.toLowerCase(),
    payment_intent: session.paymentIntent,
    client_reference_id: session.memberId,
    metadata: { member_id: session.memberId },
  };
}

function paymentIntent(session: PaymentSessionRecord, status: string): Record<string, unknown> {
  return {
    id: session.paymentIntent,
    object: 'payment_intent',
    amount: session.amountCents,
    amount_received: status === 'succeeded' ? session.amountCents : 0,
    currency: session.currency.toLowerCase(),
    status,
    metadata: { member_id: session.memberId },
  };
}

function charge(session: PaymentSessionRecord, extra: Record<string, unknown>): Record<string, unknown> {
  return {
    id: `ch_${session.paymentIntent.slice(3)}`,
    object: 'charge',
    amount: session.amountCents,
    currency: session.currency.toLowerCase(),
    payment_intent: session.paymentIntent,
    metadata: { member_id: session.memberId },
    ...extra,
  };
}

/** Stripe's events, as its API sends them, for one session. */
export const stripeEvents = {
  'checkout.session.completed (paid)': (s) => ({
    type: 'checkout.session.completed',
    object: checkoutSession(s, 'paid'),
  }),
  'checkout.session.completed (unpaid)': (s) => ({
    type: 'checkout.session.completed',
    object: checkoutSession(s, 'unpaid'),
  }),
  'checkout.session.async_payment_succeeded': (s) => ({
    type: 'checkout.session.async_payment_succeeded',
    object: checkoutSession(s, 'paid'),
  }),
  'checkout.session.async_payment_failed': (s) => ({
    type: 'checkout.session.async_payment_failed',
    object: checkoutSession(s, 'unpaid'),
  }),
  'payment_intent.payment_failed': (s) => ({
    type: 'payment_intent.payment_failed',
    object: paymentIntent(s, 'requires_payment_method'),
  }),
  'charge.refunded': (s) => ({
    type: 'charge.refunded',
    object: charge(s, { refunded: true, amount_refunded: s.amountCents }),
  }),
  'charge.dispute.created': (s) => ({
    type: 'charge.dispute.created',
    object: {
      id: `dp_${s.paymentIntent.slice(3)}`,
      object: 'dispute',
      amount: s.amountCents,
      currency: s.currency.toLowerCase(),
      charge: `ch_${s.paymentIntent.slice(3)}`,
      payment_intent: s.paymentIntent,
      reason: 'fraudulent',
      status: 'needs_response',
      metadata: { member_id: s.memberId },
    },
  }),
} satisfies Record<string, StripeEvent>;

export type StripeEventName = keyof typeof stripeEvents;

/** A member's withdrawal as the embedded Stripe pays it out (a Payout naming it in its metadata). */
export interface WithdrawalRecord {
  /** `public.withdrawals.id`: the Payout's `metadata.withdrawal_id`, which payments-webhook records it by. */
  id: string;
  memberId: string;
  amountCents: number;
  currency: string;
}

type StripePayoutEvent = (withdrawal: WithdrawalRecord) => { type: string; object: Record<string, unknown> };

function payout(withdrawal: WithdrawalRecord, status: 'paid' | 'failed'): Record<string, unknown> {
  const key = withdrawal.id.replaceAll('-', '').slice(0, 24);
  return {
    id: `po_${key}`,
    object: 'payout',
    amount: withdrawal.amountCents,
    currency: withdrawal.currency.toLowerCase(),
    arrival_date: Math.floor(Date.now() / 1000),
    automatic: false,
    destination: `ba_${key}`,
    method: 'standard',
    type: 'bank_account',
    status,
    failure_code: status === 'failed' ? 'account_closed' : null,
    failure_message: status === 'failed' ? 'The bank account has been closed.' : null,
    metadata: { withdrawal_id: withdrawal.id, member_id: withdrawal.memberId },
  };
}

/** Stripe's payout events, as its API sends them, for one withdrawal. */
export const stripePayoutEvents = {
  'payout.paid': (w) => ({ type: 'payout.paid', object: payout(w, 'paid') }),
  'payout.failed': (w) => ({ type: 'payout.failed', object: payout(w, 'failed') }),
} satisfies Record<string, StripePayoutEvent>;

export type StripePayoutEventName = keyof typeof stripePayoutEvents;
