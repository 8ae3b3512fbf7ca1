import * as v from 'valibot';
import { actionErrors } from './backend/actionErrors';
import type { BackendError } from './backend/errors';
import { formatDate } from './dates';
import type { InvestmentRow } from './entities';
import { formatEuros, type PaymentMethod, paymentMethods } from './money';
import { firstUnmetNeed, type Need } from './readiness';
import type { Role } from './roles';

/**
 * Investments that are stored (docs/backend.md "Investments"): the arguments of the three server
 * actions, the rules both backends apply (supabase/schemas/08_investments.sql and
 * mocks/actions/investments.ts), and how a stored row reads on screen.
 */

/** An investor may cancel their own Pending investment for this long after submitting it. */
export const CANCELLATION_WINDOW_DAYS = 4;
const DAY_MS = 24 * 60 * 60 * 1000;

const UuidSchema = v.pipe(v.string(), v.uuid());
const methodNames = Object.keys(paymentMethods) as PaymentMethod[];

/** `submit_investment(opportunity_id, amount_cents, method, idempotency_key)`: each argument's own check, in the SQL's order. */
const SubmitInvestmentArgsSchema = v.object({
  opportunity_id: v.pipe(v.string(), v.nonEmpty(), v.maxLength(200)),
  amount_cents: v.pipe(v.number(), v.safeInteger(), v.minValue(1)),
  method: v.picklist(methodNames),
  idempotency_key: UuidSchema,
});
export type SubmitInvestmentArgs = v.InferOutput<typeof SubmitInvestmentArgsSchema>;

const investmentDecisions = ['confirmed', 'rejected'] as const;
export type InvestmentDecision = (typeof investmentDecisions)[number];

/** `review_investment(investment_id, decision, reason)`. */
const ReviewInvestmentArgsSchema = v.object({
  investment_id: UuidSchema,
  decision: v.picklist(investmentDecisions),
  reason: v.nullish(v.pipe(v.string(), v.maxLength(500))),
});

/**
 * The first argument error of a submit_investment call, as the SQL raises it (its section 2),
 * or null. The opportunity is looked up after a retry is recognised (section 4).
 */
export function submitInvestmentArgsError(args: Record<string, unknown>): BackendError | null {
  if (!v.is(UuidSchema, args.idempotency_key)) return actionErrors.idempotencyKeyRequired;
  if (!v.is(SubmitInvestmentArgsSchema.entries.amount_cents, args.amount_cents)) return actionErrors.badAmount;
  if (!v.is(SubmitInvestmentArgsSchema.entries.method, args.method)) return actionErrors.quoteBadMethod;
  return null;
}

/** The refusal for the first readiness step an investor has not met (readiness.ts `firstUnmetNeed`). */
const readinessRefusals: Readonly<Record<Need, BackendError>> = {
  wallet: actionErrors.investWalletMissing,
  kyc: actionErrors.investKycNotApproved,
  onramp: actionErrors.investOnrampMissing,
};

/** A profile row's readiness columns, as `public.profiles` holds them. */
export interface ReadinessColumns {
  crossmint_wallet_id: string | null;
  kyc_status: string;
  first_onramp_ok: boolean;
}

/**
 * The readiness gate of submit_investment (its section 5): the refusal for the first step the
 * member has not met, in the gate's order, or null when all are met.
 */
export function readinessRefusal(id: string, role: Role, profile: ReadinessColumns): BackendError | null {
  const need = firstUnmetNeed({
    id,
    name: '',
    email: '',
    role,
    crossmintWalletId: profile.crossmint_wallet_id ?? undefined,
    kycStatus: profile.kyc_status,
    firstOnrampOk: profile.first_onramp_ok,
  });
  return need ? readinessRefusals[need] : null;
}

/** The first argument error of a review_investment call, as the SQL raises it, or null. */
export function reviewInvestmentArgsError(args: Record<string, unknown>): BackendError | null {
  if (!v.is(UuidSchema, args.investment_id)) return actionErrors.investmentIdRequired;
  if (!v.is(ReviewInvestmentArgsSchema.entries.decision, args.decision)) return actionErrors.investmentBadDecision;
  const reason = typeof args.reason === 'string' ? args.reason.trim() : '';
  if (args.decision === 'rejected' && reason === '') return actionErrors.investmentReasonRequired;
  if (typeof args.reason === 'string' && args.reason.length > 500) return actionErrors.reasonTooLong;
  return null;
}

/** The argument error of a cancel_investment call, as the SQL raises it, or null. */
export function cancelInvestmentArgsError(args: Record<string, unknown>): BackendError | null {
  return v.is(UuidSchema, args.investment_id) ? null : actionErrors.investmentIdRequired;
}

/** When a Pending investment's cancellation (reflection) window closes. */
function cancellationEndsAt(submittedAt: string): Date {
  return new Date(new Date(submittedAt).getTime() + CANCELLATION_WINDOW_DAYS * DAY_MS);
}

/** Whether the investor may still cancel this investment at `now`: held or awaiting payment, within the window. */
export function mayCancelInvestment(row: Pick<InvestmentRow, 'status' | 'submitted_at'>, now: Date): boolean {
  return (
    (row.status === 'Pending' || row.status === 'Awaiting payment') &&
    now.getTime() < cancellationEndsAt(row.submitted_at).getTime()
  );
}

/** A stored investment as the screens show it: money and dates already formatted. */
export interface InvestmentView {
  id: string;
  name: string;
  amount: string;
  fees: string;
  total: string;
  method: string;
  /** The submission date, for people ('14 Feb 2025'), and as stored, for `<time dateTime>`. */
  date: string;
  dateTime: string;
  status: InvestmentRow['status'];
  reason: string | null;
}

export function investmentView(row: InvestmentRow): InvestmentView {
  return {
    id: row.id,
    name: row.opportunity_name || row.opportunity_id,
    amount: formatEuros(row.amount_cents),
    fees: formatEuros(row.management_fee_cents + row.card_fee_cents),
    total: formatEuros(row.total_cents),
    method: paymentMethods[row.method].label,
    date: formatDate(row.submitted_at),
    dateTime: row.submitted_at,
    status: row.status,
    reason: row.reason,
  };
}

/**
 * A server refusal of submit_investment as the screen shows it: a sentence ('create your wallet
 * before investing' reads 'Create your wallet before investing.'), without an eligibility code
 * prefix ('NOT_CLASSIFIED: …').
 */
export function investmentErrorText(message: string): string {
  const text = message.replace(/^[A-Z_]+: /, '').trim();
  if (text === '') return 'The investment could not be submitted.';
  const sentence = text.charAt(0).toUpperCase() + text.slice(1);
  return /[.!?]$/.test(sentence) ? sentence : `${sentence}.`;
}
