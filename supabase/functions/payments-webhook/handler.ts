/**
 * The payments-webhook edge function: Stripe's events about a member's on-ramp, recorded with
 * `public.record_payment(member_id, provider_ref, amount_cents, currency, status, event_id)` as
 * the service role, and about a member's withdrawal, recorded with
 * `public.record_payout(withdrawal_id, status, event_id)`.
 *
 * - The signature first (../_shared/signatures.ts verifyStripeSignature): `Stripe-Signature:
 *   t=<unix>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">` with the endpoint's signing secret
 *   (STRIPE_WEBHOOK_SECRET), compared in constant time; a `t` more than 300 s from now is
 *   refused. Either refusal is 401 and nothing changes.
 * - Events: checkout.session.completed (settled when paid, pending for a delayed method),
 *   checkout.session.async_payment_succeeded / payment_intent.succeeded → settled,
 *   checkout.session.async_payment_failed / payment_intent.payment_failed → failed, each with
 *   record_payment; charge.refunded when the whole charge is refunded (`refunded`, or
 *   `amount_refunded` equal to its amount) → `record_payment_reversal(payment_intent, 'refund',
 *   event id)`, charge.dispute.created → `record_payment_reversal(payment_intent, 'chargeback',
 *   event id)`; payout.paid → `record_payout(metadata.withdrawal_id, 'paid', event id)`,
 *   payout.failed / payout.canceled → the same with 'failed'. Others are acknowledged and
 *   ignored. The SQL reverses a whole payment only, so a partial refund is logged for the
 *   operator and acknowledged as ignored.
 * - The payment's reference is its PaymentIntent id for every event (the session's own id only
 *   when it has none), so a session's and its PaymentIntent's events land on one payment.
 * - The event id (evt_…) is the SQL's event_id: a replay is answered 200 and the SQL changes
 *   nothing the second time.
 * - A payment whose metadata names no Vault member still goes to record_payment, with no member:
 *   the SQL keeps it in the operators' review list (`ledger_refusals`, with an unknown member,
 *   or an amount or currency that differs from the recorded payment) and the answer is 200, so
 *   Stripe stops retrying and the money it names is recorded. A reversal the ledger cannot apply
 *   (a payment not settled, a refund above the member's available cash) is kept there too, and
 *   answered 200; a reversal of a payment the server never recorded is refused by the SQL (422,
 *   logged): Stripe retries it, so one that overtook its payment's delayed event still applies.
 * - A payout names its withdrawal in `metadata.withdrawal_id`. One with none is not a member's
 *   (Stripe pays the platform's own balance out too): logged and acknowledged as ignored, as is
 *   one whose withdrawal_id is not a uuid or that has no event id. An event for a withdrawal
 *   already decided is kept in `ledger_refusals` by the SQL (200); one naming a withdrawal the
 *   server does not know is refused by the SQL (422, logged).
 * docs/backend.md "Edge functions", docs/ledger.md.
 */
import { isRecord } from '../_shared/http.ts';
import type { PostgrestClient } from '../_shared/postgrest.ts';
import { verifyStripeSignature } from '../_shared/signatures.ts';
import { isUuid, runWebhook, type WebhookDeps } from '../_shared/webhook.ts';

const paymentsWebhookName = 'payments-webhook';
/** Stripe's own default tolerance. */
const stripeToleranceSeconds = 300;

export interface PaymentEventRecord {
  /** Null when the event names no Vault member: recorded for review. */
  memberId: string | null;
  providerRef: string;
  amountCents: number;
  currency: string;
  status: 'pending' | 'settled' | 'failed';
  eventId: string;
}

/** A refund or a charge-back of a whole recorded payment, as record_payment_reversal's arguments. */
export interface PaymentReversalRecord {
  /** The PaymentIntent id: the payment's provider_ref as record_payment recorded it. */
  providerRef: string;
  kind: 'refund' | 'chargeback';
  eventId: string;
}

/** A payout's outcome for one withdrawal, as record_payout's arguments. */
export interface PayoutRecord {
  /** The withdrawal the payout pays: `public.withdrawals.id`, from the payout's metadata. */
  withdrawalId: string;
  status: 'paid' | 'failed';
  eventId: string;
}

export interface PaymentsWebhookStore {
  /** `public.record_payment` as the service role; idempotent per eventId in SQL. */
  recordPayment(record: PaymentEventRecord, signal: AbortSignal): Promise<void>;
  /** `public.record_payment_reversal` as the service role; idempotent per eventId in SQL. */
  recordReversal(record: PaymentReversalRecord, signal: AbortSignal): Promise<void>;
  /** `public.record_payout` as the service role; idempotent per eventId in SQL. */
  recordPayout(record: PayoutRecord, signal: AbortSignal): Promise<void>;
}

export interface PaymentsWebhookDeps extends WebhookDeps {
  /** The endpoint's signing secret (whsec_…). */
  secret: string;
  store: PaymentsWebhookStore;
}

export function handlePaymentsWebhook(request: Request, deps: PaymentsWebhookDeps): Promise<Response> {
  return runWebhook(
    request,
    deps,
    paymentsWebhookName,
    (raw, headers, now) =>
      verifyStripeSignature(headers.get('stripe-signature'), raw, deps.secret, now, stripeToleranceSeconds),
    async ({ event, log, ok, database }) => {
      const payout = payoutRecordOf(event);
      if (typeof payout === 'string') {
        const object = isRecord(event.data) ? event.data.object : undefined;
        // Stripe pays the platform's own balance out too, naming no withdrawal: routine, not an error.
        log(payout === noWithdrawal ? 'info' : 'error', 'payout event ignored', {
          reason: payout,
          eventId: event.id,
          type: event.type,
          payout: isRecord(object) ? object.id : undefined,
        });
        return ok({ ignored: true });
      }
      if (payout !== null) {
        await database('record_payout', (signal) => deps.store.recordPayout(payout, signal));
        log('info', 'payout recorded', {
          withdrawalId: payout.withdrawalId,
          status: payout.status,
          eventId: payout.eventId,
        });
        return ok();
      }
      const reversal = reversalRecordOf(event);
      if (typeof reversal === 'string') {
        // As for a payment: the same content would come again, so a retry cannot help. Logged for the operator.
        const object = isRecord(event.data) ? event.data.object : undefined;
        log('error', 'payment reversal ignored', {
          reason: reversal,
          eventId: event.id,
          type: event.type,
          paymentIntent: isRecord(object) ? object.payment_intent : undefined,
          amountRefunded: isRecord(object) ? object.amount_refunded : undefined,
        });
        return ok({ ignored: true });
      }
      if (reversal !== null) {
        await database('record_payment_reversal', (signal) => deps.store.recordReversal(reversal, signal));
        log('info', 'payment reversal recorded', {
          providerRef: reversal.providerRef,
          kind: reversal.kind,
          eventId: reversal.eventId,
        });
        return ok();
      }
      const record = paymentRecordOf(event);
      if (record === null) return ok({ ignored: true });
      if (typeof record === 'string') {
        // Not retry-worthy: Stripe would send the same content again. Logged for the operator.
        log('error', 'payment event ignored', { reason: record, eventId: event.id, type: event.type });
        return ok({ ignored: true });
      }
      await database('record_payment', (signal) => deps.store.recordPayment(record, signal));
      log('info', 'payment recorded', { memberId: record.memberId, status: record.status, eventId: record.eventId });
      return ok();
    },
  );
}

/** A Stripe event as record_payment's arguments; null for a type that is not a payment's; a string says why not. */
function paymentRecordOf(event: Record<string, unknown>): PaymentEventRecord | string | null {
  const type = event.type;
  const data = event.data;
  const object = isRecord(data) ? data.object : undefined;
  let status: PaymentEventRecord['status'];
  let amount: unknown;
  let providerRef: unknown;
  if (typeof type !== 'string') return 'no type';
  if (!isRecord(object)) return 'no data.object';
  switch (type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded':
    case 'checkout.session.async_payment_failed':
      if (object.mode !== 'payment') return null;
      if (type === 'checkout.session.async_payment_failed') status = 'failed';
      else if (type === 'checkout.session.async_payment_succeeded' || object.payment_status === 'paid')
        status = 'settled';
      else if (object.payment_status === 'unpaid') status = 'pending';
      else return null;
      amount = object.amount_total;
      providerRef = typeof object.payment_intent === 'string' ? object.payment_intent : object.id;
      break;
    case 'payment_intent.succeeded':
      status = 'settled';
      amount = object.amount_received;
      providerRef = object.id;
      break;
    case 'payment_intent.payment_failed':
      status = 'failed';
      amount = object.amount;
      providerRef = object.id;
      break;
    default:
      return null;
  }
  if (typeof event.id !== 'string' || !event.id.startsWith('evt_')) return 'no event id';
  const metadata = object.metadata;
  const memberId = isRecord(metadata) ? metadata.member_id : undefined;
  if (typeof providerRef !== 'string' || providerRef === '') return 'no payment reference';
  if (typeof amount !== 'number' || !Number.isSafeInteger(amount) || amount <= 0) return 'no amount';
  if (typeof object.currency !== 'string' || !/^[a-z]{3}$/i.test(object.currency)) return 'no currency';
  return {
    memberId: isUuid(memberId) ? memberId.toLowerCase() : null,
    providerRef,
    amountCents: amount,
    currency: object.currency.toUpperCase(),
    status,
    eventId: event.id,
  };
}

/**
 * A refund or dispute event as record_payment_reversal's arguments; null for any other type; a
 * string says why it cannot be recorded (a partial refund, no PaymentIntent, no event id).
 */
function reversalRecordOf(event: Record<string, unknown>): PaymentReversalRecord | string | null {
  const type = event.type;
  if (type !== 'charge.refunded' && type !== 'charge.dispute.created') return null;
  const data = event.data;
  const object = isRecord(data) ? data.object : undefined;
  if (!isRecord(object)) return 'no data.object';
  if (typeof event.id !== 'string' || !event.id.startsWith('evt_')) return 'no event id';
  const providerRef = object.payment_intent;
  if (typeof providerRef !== 'string' || providerRef === '') return 'no payment_intent';
  if (type === 'charge.dispute.created') return { providerRef, kind: 'chargeback', eventId: event.id };
  const amount = object.amount;
  const whole =
    object.refunded === true || (typeof amount === 'number' && amount > 0 && object.amount_refunded === amount);
  // record_payment_reversal takes back the whole payment: a partial refund has no entry yet.
  if (!whole) return 'a partial refund';
  return { providerRef, kind: 'refund', eventId: event.id };
}

const payoutStatuses = new Map<string, PayoutRecord['status']>([
  ['payout.paid', 'paid'],
  ['payout.failed', 'failed'],
  ['payout.canceled', 'failed'],
]);

const noWithdrawal = 'no withdrawal_id';

/**
 * A payout event as record_payout's arguments; null for any other type; a string says why it
 * cannot be recorded (no withdrawal named, or not a uuid; no event id).
 */
function payoutRecordOf(event: Record<string, unknown>): PayoutRecord | string | null {
  const status = typeof event.type === 'string' ? payoutStatuses.get(event.type) : undefined;
  if (!status) return null;
  const data = event.data;
  const object = isRecord(data) ? data.object : undefined;
  if (!isRecord(object)) return 'no data.object';
  if (typeof event.id !== 'string' || !event.id.startsWith('evt_')) return 'no event id';
  const metadata = object.metadata;
  const withdrawalId = isRecord(metadata) ? metadata.withdrawal_id : undefined;
  if (withdrawalId === undefined || withdrawalId === null || withdrawalId === '') return noWithdrawal;
  if (!isUuid(withdrawalId)) return 'withdrawal_id is not a uuid';
  return { withdrawalId: withdrawalId.toLowerCase(), status, eventId: event.id };
}

export function postgrestPaymentsWebhookStore(client: PostgrestClient): PaymentsWebhookStore {
  return {
    async recordPayment(record, signal) {
      await client.rpc(
        'record_payment',
        {
          member_id: record.memberId,
          provider_ref: record.providerRef,
          amount_cents: record.amountCents,
          currency: record.currency,
          status: record.status,
          event_id: record.eventId,
        },
        { signal },
      );
    },
    async recordReversal(record, signal) {
      await client.rpc(
        'record_payment_reversal',
        { provider_ref: record.providerRef, kind: record.kind, event_id: record.eventId },
        { signal },
      );
    },
    async recordPayout(record, signal) {
      await client.rpc(
        'record_payout',
        { withdrawal_id: record.withdrawalId, status: record.status, event_id: record.eventId },
        { signal },
      );
    },
  };
}
