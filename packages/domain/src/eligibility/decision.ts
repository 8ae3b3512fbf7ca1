import * as v from 'valibot';
import { declarationExpiresAt, type InvestorCategory, isUkCategory, skipsAppropriateness } from './classification';
import { UK_COUNTRY } from './countries';
import { APPROPRIATENESS_RETAKE_HOURS } from './questionnaire';

/**
 * Who may invest in what: the one decision (docs/eligibility.md). `public.eligibility_decision`
 * in SQL is its twin, proven equal over this module's whole input space by
 * supabase/tests/eligibility.test.ts; `public.investment_eligibility` and `submit_investment` feed
 * it the caller's rows, and the embedded mock calls this function.
 */

/** The refusals, in the order they are checked: the first that applies is the answer. */
export const eligibilityRefusals = [
  'NOT_CLASSIFIED',
  'DECLARATION_EXPIRED',
  'COUNTRY_NOT_ELIGIBLE',
  'CATEGORY_NOT_ELIGIBLE',
  'BELOW_MINIMUM',
  'COOLING_OFF_ACTIVE',
  'APPROPRIATENESS_REQUIRED',
] as const;
export type EligibilityRefusal = (typeof eligibilityRefusals)[number];

/** A UK first-time investor waits this long from their first request to invest (COBS 4.12A). */
const COOLING_OFF_HOURS = 24;

const HOUR_MS = 60 * 60 * 1000;

/** The member's latest appropriateness result. 'acknowledged': failed, then the warning was acknowledged. */
export type QuestionnaireState =
  | { result: 'not_taken' }
  | { result: 'passed' }
  | { result: 'failed'; at: Date }
  | { result: 'acknowledged' };

interface Classification {
  country: string;
  category: InvestorCategory;
  declaredAt: Date;
}

export interface OpportunityEligibility {
  /** null: every country. */
  eligibleCountries: readonly string[] | null;
  /** null: every category. */
  eligibleCategories: readonly string[] | null;
  /** null: no minimum. */
  minTicketCents: number | null;
}

export interface EligibilityInput {
  classification: Classification | null;
  now: Date;
  opportunity: OpportunityEligibility;
  amountCents: number;
  questionnaire: QuestionnaireState;
  /** When the member first asked to invest, or null. */
  coolingOffStartedAt: Date | null;
  /** No investment of theirs yet (the FCA's first-time investor, `isFirstTimeInvestor`). */
  firstTimeInvestor: boolean;
}

/**
 * ok, or the first refusal with its time: when the cooling-off ends (COOLING_OFF_ACTIVE, null
 * before it has started) or when a failed UK test may be taken again (APPROPRIATENESS_REQUIRED,
 * null when it may be taken now).
 */
export type EligibilityDecision = { ok: true } | { ok: false; code: EligibilityRefusal; at: Date | null };

function refuse(code: EligibilityRefusal, at: Date | null = null): EligibilityDecision {
  return { ok: false, code, at };
}

export function decideEligibility(input: EligibilityInput): EligibilityDecision {
  const { classification, now, opportunity } = input;
  if (!classification) return refuse('NOT_CLASSIFIED');
  const expiresAt = declarationExpiresAt(classification.category, classification.declaredAt);
  if (expiresAt && now.getTime() >= expiresAt.getTime()) return refuse('DECLARATION_EXPIRED');
  if (opportunity.eligibleCountries && !opportunity.eligibleCountries.includes(classification.country))
    return refuse('COUNTRY_NOT_ELIGIBLE');
  if (opportunity.eligibleCategories && !opportunity.eligibleCategories.includes(classification.category))
    return refuse('CATEGORY_NOT_ELIGIBLE');
  if (opportunity.minTicketCents !== null && input.amountCents < opportunity.minTicketCents)
    return refuse('BELOW_MINIMUM');
  if (classification.country === UK_COUNTRY && input.firstTimeInvestor) {
    const endsAt = coolingOffEndsAt(input.coolingOffStartedAt);
    if (!endsAt || now.getTime() < endsAt.getTime()) return refuse('COOLING_OFF_ACTIVE', endsAt);
  }
  if (!skipsAppropriateness(classification.category)) {
    const state = input.questionnaire;
    const ukRetail = isUkCategory(classification.category);
    if (state.result === 'not_taken') return refuse('APPROPRIATENESS_REQUIRED');
    if (state.result === 'failed') {
      const retakeAt = ukRetail ? appropriatenessRetakeAt(state.at) : null;
      return refuse('APPROPRIATENESS_REQUIRED', retakeAt && now.getTime() < retakeAt.getTime() ? retakeAt : null);
    }
    // A UK investor must pass: an acknowledgement never counts for them.
    if (state.result === 'acknowledged' && ukRetail) return refuse('APPROPRIATENESS_REQUIRED');
  }
  return { ok: true };
}

function coolingOffEndsAt(startedAt: Date | null): Date | null {
  return startedAt ? new Date(startedAt.getTime() + COOLING_OFF_HOURS * HOUR_MS) : null;
}

function appropriatenessRetakeAt(failedAt: Date): Date {
  return new Date(failedAt.getTime() + APPROPRIATENESS_RETAKE_HOURS * HOUR_MS);
}

/** A time in the refusal texts: UTC, to the second, the same in SQL (`to_char`) and here. */
function formatRefusalTime(at: Date): string {
  return `${at.toISOString().slice(0, 19).replace('T', ' ')} UTC`;
}

/** What the investor reads, and what to do next. `submit_investment` raises `<CODE>: <text>`. */
export function eligibilityRefusalMessage(code: EligibilityRefusal, at: Date | null = null): string {
  switch (code) {
    case 'NOT_CLASSIFIED':
      return 'Tell us where you live and what kind of investor you are, then try again.';
    case 'DECLARATION_EXPIRED':
      return 'Your investor statement is more than 12 months old. Sign it again, then try again.';
    case 'COUNTRY_NOT_ELIGIBLE':
      return 'This opportunity is not offered where you live. Choose another opportunity.';
    case 'CATEGORY_NOT_ELIGIBLE':
      return 'This opportunity is not offered to your investor category. Choose another opportunity.';
    case 'BELOW_MINIMUM':
      return 'This amount is below the minimum for this opportunity. Enter at least the minimum.';
    case 'COOLING_OFF_ACTIVE':
      return at
        ? `Your 24-hour cooling-off period ends at ${formatRefusalTime(at)}. Come back then to continue.`
        : 'As a first-time investor you have a 24-hour cooling-off period. Ask to invest to start it.';
    case 'APPROPRIATENESS_REQUIRED':
      return at
        ? `You did not pass the appropriateness questions. You can take them again after ${formatRefusalTime(at)}.`
        : 'Answer the appropriateness questions, then try again.';
  }
}

/** The short title of each refusal: the heading of "Not available to you". */
export const eligibilityRefusalTitles: Record<EligibilityRefusal, string> = {
  NOT_CLASSIFIED: 'Tell us about yourself first',
  DECLARATION_EXPIRED: 'Your investor statement has expired',
  COUNTRY_NOT_ELIGIBLE: 'Not offered where you live',
  CATEGORY_NOT_ELIGIBLE: 'Not offered to your investor category',
  BELOW_MINIMUM: 'Below the minimum investment',
  COOLING_OFF_ACTIVE: 'Cooling-off period',
  APPROPRIATENESS_REQUIRED: 'Appropriateness questions needed',
};

/** What the first-time rule reads of an investment row: its status, and whether it is a sample copy. */
export interface PriorInvestmentRow {
  status: unknown;
  /** An illustration marked sample (`public.investments.sample`): true; absent or false otherwise. */
  sample?: unknown;
}

/**
 * An investment that makes its investor no longer first-time: one they submitted, not rejected
 * or cancelled. A row marked sample is illustration, not theirs (a new member has none; the demo
 * investor's sample history is real, funded investments, and counts).
 */
function countsAsPriorInvestment(row: PriorInvestmentRow): boolean {
  return row.sample !== true && row.status !== 'Rejected' && row.status !== 'Cancelled';
}

/** The FCA's first-time investor (`public.is_first_time_investor`): no investment that counts. */
export function isFirstTimeInvestor(investments: readonly PriorInvestmentRow[]): boolean {
  return !investments.some(countsAsPriorInvestment);
}

/**
 * How submit_investment refuses, in both backends: P0001 (HTTP 400) with the message
 * '<CODE>: <text>', so a client reads the code before the first ':' (`eligibilityRefusalCodeOf`).
 */
export function eligibilityRefusalError(code: EligibilityRefusal, at: Date | null): { code: 'P0001'; message: string } {
  return { code: 'P0001', message: `${code}: ${eligibilityRefusalMessage(code, at)}` };
}

const EligibilityAnswerSchema = v.nullable(
  v.object({
    code: v.picklist(eligibilityRefusals),
    at: v.nullable(
      v.pipe(
        v.string(),
        v.check((text) => !Number.isNaN(Date.parse(text))),
      ),
    ),
  }),
);

/** An answer of `investment_eligibility` as the screens read it, or null when it is not one. */
export function parseEligibilityAnswer(value: unknown): { refusal: EligibilityRefusal | null; at: Date | null } | null {
  const parsed = v.safeParse(EligibilityAnswerSchema, value);
  if (!parsed.success) return null;
  if (parsed.output === null) return { refusal: null, at: null };
  return { refusal: parsed.output.code, at: parsed.output.at ? new Date(parsed.output.at) : null };
}

/** The refusal code an error message carries, or null for any other error. */
export function eligibilityRefusalCodeOf(message: string): EligibilityRefusal | null {
  const head = message.split(':', 1)[0] ?? '';
  return (eligibilityRefusals as readonly string[]).includes(head) ? (head as EligibilityRefusal) : null;
}
