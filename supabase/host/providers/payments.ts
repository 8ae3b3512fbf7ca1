/** The embedded Stripe (payments): its outcomes, the sessions it opens and the signed events it delivers to payments-webhook. */
import type { PGliteInterface } from '@electric-sql/pglite';
import { hmacHex, sha256Hex } from '../jwt.ts';
import type { Deliver, Delivery, ProviderSecrets } from './delivery.ts';
import { providersSchema, SESSIONS_TABLE } from './schema.ts';
import { type PaymentSessionRecord, type StripeEventName, stripeEvents } from './stripeEvents.ts';

/**
 * Where a payment session stands at the provider: `open` (nothing decided yet) or the status the
 * payments table holds for its PaymentIntent.
 */
export type PaymentSessionStatus = 'open' | 'pending' | 'settled' | 'failed' | 'refunded' | 'charged_back';

export const paymentOutcomes = {
  /** Paid by card at once. */
  settle: {
    label: 'Payment settles',
    events: ['checkout.session.completed (paid)'],
    appliesTo: ['open', 'failed'],
  },
  /** The card is declined. */
  fail: { label: 'Payment fails', events: ['payment_intent.payment_failed'], appliesTo: ['open'] },
  /** The member chose a bank transfer: the checkout completes unpaid, the money is awaited. */
  await_bank_transfer: {
    label: 'Pay by bank transfer',
    events: ['checkout.session.completed (unpaid)'],
    appliesTo: ['open'],
  },
  /** The awaited bank transfer arrives. */
  bank_transfer_arrives: {
    label: 'Bank transfer arrives',
    events: ['checkout.session.async_payment_succeeded'],
    appliesTo: ['pending'],
  },
  /** The awaited bank transfer never comes. */
  bank_transfer_fails: {
    label: 'Bank transfer fails',
    events: ['checkout.session.async_payment_failed'],
    appliesTo: ['pending'],
  },
  /** A settled payment is refunded. */
  refund: { label: 'Refunded', events: ['charge.refunded'], appliesTo: ['settled'] },
  /** The member's bank charges a settled payment back. */
  chargeback: { label: 'Charged back', events: ['charge.dispute.created'], appliesTo: ['settled'] },
} as const satisfies Record<
  string,
  { label: string; events: readonly StripeEventName[]; appliesTo: readonly PaymentSessionStatus[] }
>;

export type PaymentOutcome = keyof typeof paymentOutcomes;

export function isPaymentOutcome(value: unknown): value is PaymentOutcome {
  return typeof value === 'string' && Object.hasOwn(paymentOutcomes, value);
}

/** A session as its member lists it: where its payment stands and what may happen to it next. */
export interface PaymentSessionView extends PaymentSessionRecord {
  status: PaymentSessionStatus;
  outcomes: PaymentOutcome[];
}

const sessionStatuses: readonly PaymentSessionStatus[] = ['pending', 'settled', 'failed', 'refunded', 'charged_back'];

/** A payments row's status as a session's; no row yet: `open`. */
function sessionStatus(status: string | null): PaymentSessionStatus {
  return sessionStatuses.find((known) => known === status) ?? 'open';
}

/** The outcomes that apply to a session in `status` (`open`: the ones a new session can get). */
export function paymentOutcomesFor(status: PaymentSessionStatus): PaymentOutcome[] {
  return (Object.keys(paymentOutcomes) as PaymentOutcome[]).filter((id) =>
    (paymentOutcomes[id].appliesTo as readonly PaymentSessionStatus[]).includes(status),
  );
}

/**
 * The embedded Stripe: opens Checkout Sessions (kept in the database, in the host's own schema,
 * so a reload or another tab finds them) and delivers the events of the chosen outcome.
 */
export function embeddedPayments(db: PGliteInterface, secrets: ProviderSecrets, deliver: Deliver) {
  const ensureTable = providersSchema(db);
  let counter = 0;
  const sign = async (payload: string) => {
    const t = Math.floor(Date.now() / 1000);
    return `t=${t},v1=${await hmacHex('SHA-256', secrets.stripeWebhook, `${t}.${payload}`)}`;
  };
  return {
    /** The outcome delivered right after onramp-session opens a session; null leaves every session to `decide`. */
    auto: 'settle' as PaymentOutcome | null,
    async open(input: { memberId: string; amountCents: number; currency: string; idempotencyKey: string }) {
      await ensureTable();
      // The same idempotency key names the same session, as Stripe's Idempotency-Key does.
      const key = (await sha256Hex(input.idempotencyKey)).slice(0, 24);
      const record: PaymentSessionRecord = {
        id: `cs_test_${key}`,
        paymentIntent: `pi_${key}`,
        memberId: input.memberId,
        amountCents: input.amountCents,
        currency: input.currency,
      };
      const inserted = await db.query(
        `insert into ${SESSIONS_TABLE} (id, payment_intent, member_id, amount_cents, currency)
         values ($1, $2, $3::uuid, $4::bigint, $5) on conflict (id) do nothing returning id`,
        [record.id, record.paymentIntent, record.memberId, String(record.amountCents), record.currency],
      );
      // A retry of the same attempt finds the session it opened: not a new one.
      return { ...record, created: inserted.rows.length > 0 };
    },
    async session(id: string): Promise<PaymentSessionRecord | null> {
      await ensureTable();
      const { rows } = await db.query<{
        id: string;
        payment_intent: string;
        member_id: string;
        amount_cents: string;
        currency: string;
      }>(
        `select id, payment_intent, member_id::text, amount_cents::text, currency from ${SESSIONS_TABLE} where id = $1`,
        [id],
      );
      const row = rows[0];
      return row
        ? {
            id: row.id,
            paymentIntent: row.payment_intent,
            memberId: row.member_id,
            amountCents: Number(row.amount_cents),
            currency: row.currency,
          }
        : null;
    },
    /**
     * The member's sessions, newest first, each with where its payment stands (the payments table,
     * keyed by the PaymentIntent as payments-webhook records it) and the outcomes that apply to it.
     */
    async sessionsOf(memberId: string): Promise<PaymentSessionView[]> {
      await ensureTable();
      const { rows } = await db.query<{ id: string; status: string | null }>(
        `select s.id, p.status from ${SESSIONS_TABLE} s
           left join public.payments p on p.provider_ref = s.payment_intent
          where s.member_id = $1::uuid order by s.created_at desc, s.id`,
        [memberId],
      );
      const sessions = await Promise.all(
        rows.map(async (row): Promise<PaymentSessionView | null> => {
          const session = await this.session(row.id);
          const status = sessionStatus(row.status);
          return session && { ...session, status, outcomes: paymentOutcomesFor(status) };
        }),
      );
      return sessions.filter((s): s is PaymentSessionView => s !== null);
    },
    async decide(session: PaymentSessionRecord, outcome: PaymentOutcome): Promise<Delivery[]> {
      const deliveries: Delivery[] = [];
      for (const name of paymentOutcomes[outcome].events) {
        const { type, object } = stripeEvents[name](session);
        counter += 1;
        const payload = JSON.stringify({
          id: `evt_${(await sha256Hex(`${session.id}:${name}:${Date.now()}:${counter}`)).slice(0, 24)}`,
          object: 'event',
          api_version: '2024-06-20',
          created: Math.floor(Date.now() / 1000),
          livemode: false,
          type,
          data: { object },
        });
        deliveries.push(await deliver('payments-webhook', payload, { 'stripe-signature': await sign(payload) }));
      }
      return deliveries;
    },
  };
}

export type EmbeddedPayments = ReturnType<typeof embeddedPayments>;
