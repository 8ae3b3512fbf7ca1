/**
 * The embedded Stripe (payments): its outcomes, the sessions it opens, the payouts of members'
 * withdrawals, and the signed events it delivers to payments-webhook.
 */
import type { PGliteInterface } from '@electric-sql/pglite';
import { hmacHex, sha256Hex } from '../jwt.ts';
import type { Deliver, Delivery, ProviderSecrets } from './delivery.ts';
import { providersSchema, SESSIONS_TABLE } from './schema.ts';
import {
  type PaymentSessionRecord,
  type StripeEventName,
  type StripePayoutEventName,
  stripeEvents,
  stripePayoutEvents,
  type WithdrawalRecord,
} from './stripeEvents.ts';

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

/** Where a withdrawal stands: `public.withdrawals.status` (`requested` until its payout event). */
export type WithdrawalStatus = 'requested' | 'paid' | 'failed';

/** What the provider's payout of a member's withdrawal comes to. */
export const payoutOutcomes = {
  /** The money reaches the member's bank. */
  payout_arrives: { label: 'Payout arrives', events: ['payout.paid'], appliesTo: ['requested'] },
  /** The member's bank sends it back (a closed account, wrong details). */
  payout_fails: { label: 'Payout fails', events: ['payout.failed'], appliesTo: ['requested'] },
} as const satisfies Record<
  string,
  { label: string; events: readonly StripePayoutEventName[]; appliesTo: readonly WithdrawalStatus[] }
>;

export type PayoutOutcome = keyof typeof payoutOutcomes;

export function isPayoutOutcome(value: unknown): value is PayoutOutcome {
  return typeof value === 'string' && Object.hasOwn(payoutOutcomes, value);
}

/** The payout outcomes that apply to a withdrawal in `status` (none once it is decided). */
function payoutOutcomesFor(status: WithdrawalStatus): PayoutOutcome[] {
  return (Object.keys(payoutOutcomes) as PayoutOutcome[]).filter((id) =>
    (payoutOutcomes[id].appliesTo as readonly WithdrawalStatus[]).includes(status),
  );
}

/** A withdrawal as its member lists it at the provider: where it stands and what its payout may do now. */
export interface WithdrawalView extends WithdrawalRecord {
  status: WithdrawalStatus;
  outcomes: PayoutOutcome[];
}

const withdrawalStatuses: readonly WithdrawalStatus[] = ['requested', 'paid', 'failed'];

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

interface WithdrawalRow {
  id: string;
  member_id: string;
  amount_cents: string;
  currency: string;
  status: string;
}

function withdrawalView(row: WithdrawalRow): WithdrawalView {
  const status = withdrawalStatuses.find((known) => known === row.status) ?? 'requested';
  return {
    id: row.id,
    memberId: row.member_id,
    amountCents: Number(row.amount_cents),
    currency: row.currency,
    status,
    outcomes: payoutOutcomesFor(status),
  };
}

const withdrawalColumns = 'w.id::text, w.member_id::text, w.amount_cents::text, w.currency, w.status';

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
  /** One event as Stripe sends it, signed and delivered; `seed` makes its id unique. */
  const send = async (seed: string, type: string, object: Record<string, unknown>): Promise<Delivery> => {
    counter += 1;
    const payload = JSON.stringify({
      id: `evt_${(await sha256Hex(`${seed}:${Date.now()}:${counter}`)).slice(0, 24)}`,
      object: 'event',
      api_version: '2024-06-20',
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      type,
      data: { object },
    });
    return deliver('payments-webhook', payload, { 'stripe-signature': await sign(payload) });
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
        deliveries.push(await send(`${session.id}:${name}`, type, object));
      }
      return deliveries;
    },
    /** One withdrawal, whoever's it is; null when there is none with this id. */
    async withdrawal(id: string): Promise<WithdrawalView | null> {
      if (!uuidPattern.test(id)) return null;
      const { rows } = await db.query<WithdrawalRow>(
        `select ${withdrawalColumns} from public.withdrawals w where w.id = $1::uuid`,
        [id],
      );
      const row = rows[0];
      return row ? withdrawalView(row) : null;
    },
    /**
     * The member's withdrawals, newest first, each with where it stands (`public.withdrawals`, as
     * request_withdrawal and record_payout keep it) and the payout outcomes that apply to it.
     */
    async withdrawalsOf(memberId: string): Promise<WithdrawalView[]> {
      const { rows } = await db.query<WithdrawalRow>(
        `select ${withdrawalColumns} from public.withdrawals w
          where w.member_id = $1::uuid order by w.requested_at desc, w.id`,
        [memberId],
      );
      return rows.map(withdrawalView);
    },
    /** The provider pays the withdrawal out (or fails to): its payout events, delivered to payments-webhook. */
    async payout(withdrawal: WithdrawalRecord, outcome: PayoutOutcome): Promise<Delivery[]> {
      const deliveries: Delivery[] = [];
      for (const name of payoutOutcomes[outcome].events) {
        const { type, object } = stripePayoutEvents[name](withdrawal);
        deliveries.push(await send(`${withdrawal.id}:${name}`, type, object));
      }
      return deliveries;
    },
  };
}

export type EmbeddedPayments = ReturnType<typeof embeddedPayments>;
