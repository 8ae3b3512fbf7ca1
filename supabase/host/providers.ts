/**
 * The embedded providers: stand-ins for Sumsub (KYC), Stripe (payments) and Crossmint (wallets)
 * that need no network. Their results reach the project as the real ones do: the KYC verdict
 * and each payment event are signed with the webhook secret (Sumsub's payload digest, Stripe's
 * `Stripe-Signature`) and delivered to the real kyc-webhook and payments-webhook handlers, so the
 * signature checks and the SQL they call run in every embedded journey.
 *
 * Which result comes is an outcome, chosen by a person or a test (`decide`), or automatically
 * right after the session opens: the member's own choice for their next case or payment
 * (`embeddedNextOutcomes`), else the host's `auto`. The outcomes are data: a new one is a new entry in
 * `kycOutcomes` or `paymentOutcomes`; a Stripe event type the webhook does not record yet is
 * still delivered (and answered `ignored`), so the switch needs no change when the SQL learns it.
 */
import type { PGliteInterface } from '@electric-sql/pglite';
import { hmacHex, sha256Hex } from './jwt.ts';

/** Sumsub's review of an applicant, as its `applicantReviewed` event carries it; null: no verdict (compliance decides). */
type SumsubReview =
  | { reviewAnswer: 'GREEN' }
  | {
      reviewAnswer: 'RED';
      reviewRejectType: 'FINAL' | 'RETRY';
      moderationComment: string;
      rejectLabels: string[];
    };

export const kycOutcomes = {
  /** The provider approves the member. */
  approve: { label: 'Approve', review: { reviewAnswer: 'GREEN' } },
  /** The provider decides nothing: the case stays pending for a compliance officer's review. */
  review: { label: 'Leave for compliance review', review: null },
  /** The provider rejects for good. */
  reject: {
    label: 'Reject',
    review: {
      reviewAnswer: 'RED',
      reviewRejectType: 'FINAL',
      moderationComment: 'The identity document could not be verified.',
      rejectLabels: ['FORGERY'],
    },
  },
  /** The provider asks the member to submit again. */
  resubmit: {
    label: 'Ask to resubmit',
    review: {
      reviewAnswer: 'RED',
      reviewRejectType: 'RETRY',
      moderationComment: 'The photo of the document is blurred. Please upload a sharper one.',
      rejectLabels: ['BAD_PROOF_OF_IDENTITY'],
    },
  },
} as const satisfies Record<string, { label: string; review: SumsubReview | null }>;

export type KycOutcome = keyof typeof kycOutcomes;

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
const stripeEvents = {
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

type StripeEventName = keyof typeof stripeEvents;

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

export function isKycOutcome(value: unknown): value is KycOutcome {
  return typeof value === 'string' && Object.hasOwn(kycOutcomes, value);
}

export function isPaymentOutcome(value: unknown): value is PaymentOutcome {
  return typeof value === 'string' && Object.hasOwn(paymentOutcomes, value);
}

/**
 * `GET /embedded/v1/providers`: both sets of outcomes with their labels, whether a KYC outcome
 * sends a verdict, and the session statuses a payment outcome applies to.
 */
export function providersAnswer(auto: { kyc: KycOutcome | null; payments: PaymentOutcome | null }) {
  return {
    kyc: {
      auto: auto.kyc,
      outcomes: Object.entries(kycOutcomes).map(([id, o]) => ({ id, label: o.label, verdict: o.review !== null })),
    },
    payments: {
      auto: auto.payments,
      outcomes: Object.entries(paymentOutcomes).map(([id, o]) => ({
        id,
        label: o.label,
        events: o.events,
        appliesTo: o.appliesTo,
      })),
    },
  };
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

/** What the webhook answered to one delivered event. */
export interface Delivery {
  event: string;
  status: number;
  body: unknown;
}

/** Sends a signed request to one of the host's own functions. */
export type Deliver = (
  fn: 'kyc-webhook' | 'payments-webhook',
  body: string,
  headers: Record<string, string>,
) => Promise<Delivery>;

export interface ProviderSecrets {
  /** Sumsub's webhook secret key (kyc-webhook's SUMSUB_WEBHOOK_SECRET). */
  sumsubWebhook: string;
  /** Stripe's endpoint signing secret (payments-webhook's STRIPE_WEBHOOK_SECRET). */
  stripeWebhook: string;
}

/** The embedded Sumsub: delivers the chosen verdict on a member's applicant to kyc-webhook. */
export function embeddedKyc(secrets: ProviderSecrets, deliver: Deliver) {
  return {
    /** The outcome delivered right after kyc-session opens a case; null leaves every case to `decide`. */
    auto: 'approve' as KycOutcome | null,
    async decide(memberId: string, outcome: KycOutcome): Promise<Delivery[]> {
      const review: SumsubReview | null = kycOutcomes[outcome].review;
      if (!review) return [];
      const applicantId = (await sha256Hex(`applicant:${memberId}`)).slice(0, 24);
      const payload = JSON.stringify({
        applicantId,
        inspectionId: applicantId,
        correlationId: crypto.randomUUID(),
        externalUserId: memberId,
        levelName: 'basic-kyc-level',
        type: 'applicantReviewed',
        reviewStatus: 'completed',
        reviewResult: review,
        createdAtMs: Date.now(),
        sandboxMode: true,
      });
      const digest = await hmacHex('SHA-256', secrets.sumsubWebhook, payload);
      return [
        await deliver('kyc-webhook', payload, {
          'x-payload-digest': digest,
          'x-payload-digest-alg': 'HMAC_SHA256_HEX',
        }),
      ];
    },
  };
}

const SESSIONS_TABLE = 'embedded_providers.payment_sessions';
const NEXT_TABLE = 'embedded_providers.next_outcomes';

/**
 * The host's own schema, beside the project's: no role of the API is granted it, so only the host
 * reads and writes it; kept in the database so a reload or another tab finds what it holds.
 */
function providersSchema(db: PGliteInterface): () => Promise<void> {
  let ready: Promise<void> | null = null;
  return () => {
    ready ??= db
      .exec(`create schema if not exists embedded_providers;
        revoke all on schema embedded_providers from public;
        create table if not exists ${SESSIONS_TABLE} (
          id text primary key,
          payment_intent text not null unique,
          member_id uuid not null,
          amount_cents bigint not null,
          currency text not null,
          created_at timestamptz not null default now()
        );
        create table if not exists ${NEXT_TABLE} (
          member_id uuid not null,
          provider text not null check (provider in ('kyc', 'payments')),
          outcome text not null,
          primary key (member_id, provider)
        );`)
      .then(() => undefined);
    return ready;
  };
}

/** A member's choice of what the provider does with their next KYC case or payment session. */
export interface NextOutcomes {
  kyc: KycOutcome | null;
  payments: PaymentOutcome | null;
}

/**
 * Each member's own choice of the next outcome, one per provider: taken (and forgotten) when their
 * next case or session opens, in place of the host's `auto`, so one member's demo never steers another's.
 */
export function embeddedNextOutcomes(db: PGliteInterface) {
  const ensureSchema = providersSchema(db);
  return {
    async of(memberId: string): Promise<NextOutcomes> {
      await ensureSchema();
      const { rows } = await db.query<{ provider: string; outcome: string }>(
        `select provider, outcome from ${NEXT_TABLE} where member_id = $1::uuid`,
        [memberId],
      );
      const kyc = rows.find((row) => row.provider === 'kyc')?.outcome;
      const payments = rows.find((row) => row.provider === 'payments')?.outcome;
      return { kyc: isKycOutcome(kyc) ? kyc : null, payments: isPaymentOutcome(payments) ? payments : null };
    },
    /** Sets (or, with null, clears) the member's choice for each provider named in `choice`. */
    async choose(memberId: string, choice: Partial<NextOutcomes>): Promise<NextOutcomes> {
      await ensureSchema();
      for (const provider of ['kyc', 'payments'] as const) {
        if (!(provider in choice)) continue;
        const outcome = choice[provider];
        if (outcome) {
          await db.query(
            `insert into ${NEXT_TABLE} (member_id, provider, outcome) values ($1::uuid, $2, $3)
             on conflict (member_id, provider) do update set outcome = excluded.outcome`,
            [memberId, provider, outcome],
          );
        } else {
          await db.query(`delete from ${NEXT_TABLE} where member_id = $1::uuid and provider = $2`, [
            memberId,
            provider,
          ]);
        }
      }
      return this.of(memberId);
    },
    /** The member's choice for `provider`, forgotten as it is taken; null when they made none. */
    async take<P extends keyof NextOutcomes>(memberId: string, provider: P): Promise<NextOutcomes[P] | null> {
      await ensureSchema();
      const { rows } = await db.query<{ outcome: string }>(
        `delete from ${NEXT_TABLE} where member_id = $1::uuid and provider = $2 returning outcome`,
        [memberId, provider],
      );
      const outcome = rows[0]?.outcome;
      const valid = provider === 'kyc' ? isKycOutcome(outcome) : isPaymentOutcome(outcome);
      return valid ? (outcome as NextOutcomes[P]) : null;
    },
  };
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

export type EmbeddedKyc = ReturnType<typeof embeddedKyc>;
export type EmbeddedPayments = ReturnType<typeof embeddedPayments>;
export type EmbeddedNextOutcomes = ReturnType<typeof embeddedNextOutcomes>;

/** The embedded Crossmint: a stable EVM-style address per member. */
export async function embeddedWalletAddress(userId: string): Promise<string> {
  return `0x${(await sha256Hex(`wallet:${userId}`)).slice(0, 40)}`;
}
