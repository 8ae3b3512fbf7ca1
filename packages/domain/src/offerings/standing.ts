import * as v from 'valibot';
import { formatDate } from '../dates';
import { formatEuros } from '../money';
import type { Opportunity } from '../opportunities';

/**
 * Where an offering stands, as /opportunities and its detail say it: raised against its targets
 * (`offering_progress()`), the days left, its allocation rule, and a plain sentence when it is not
 * open (failed, withdrawn, issued, closed, not yet open).
 */

/** One row of `offering_progress()`: what an offering with a maximum has raised. */
export const OfferingProgressRowSchema = v.object({
  opportunity_id: v.string(),
  raised_cents: v.pipe(v.number(), v.safeInteger(), v.minValue(0)),
});
export type OfferingProgressRow = v.InferOutput<typeof OfferingProgressRowSchema>;

interface OfferingProgressView {
  raisedCents: number;
  maxCents: number;
  minCents: number | null;
  /** Raised as a whole percent of the maximum, 0..100. */
  percent: number;
  /** Where the minimum target sits on the bar, 0..100; null without one. */
  minPercent: number | null;
  /** The bar in words, for its accessible value and its line: '€30,000 raised of €100,000 (30%)'. */
  text: string;
  /** The minimum target in words, or null. */
  minText: string | null;
}

export interface OfferingStanding {
  /** Open to subscriptions now. */
  open: boolean;
  /** Why it is not open, in a sentence; null when it is. */
  notice: string | null;
  progress: OfferingProgressView | null;
  /** '12 days left', 'Last day'; null without a deadline or when not open. */
  daysLeft: string | null;
  /** The allocation rule, in a sentence; null when unstated. */
  allocation: string | null;
}

const DAY_MS = 24 * 60 * 60 * 1000;

const allocationRuleText: Readonly<Record<string, string>> = {
  first_come: 'First come, first served: each subscription is taken as it comes until the maximum is reached.',
  pro_rata:
    'Pro rata: if more is asked than the maximum, every subscription is scaled down in proportion, in whole units.',
};

function progressOf(o: Opportunity, raisedCents: number): OfferingProgressView | null {
  const max = o.max_target_cents;
  if (!max) return null;
  const min = o.min_target_cents ?? null;
  const percent = Math.min(100, Math.floor((raisedCents * 100) / max));
  return {
    raisedCents,
    maxCents: max,
    minCents: min,
    percent,
    minPercent: min === null ? null : Math.min(100, Math.round((min * 100) / max)),
    text: `${formatEuros(raisedCents)} raised of ${formatEuros(max)} (${percent}%)`,
    minText: min === null ? null : `Minimum target ${formatEuros(min)}${raisedCents >= min ? ', reached' : ''}`,
  };
}

export function offeringStanding(o: Opportunity, raisedCents: number | null, now: Date): OfferingStanding {
  const status = o.status ?? (o.open ? 'open' : 'closed');
  const progress = raisedCents === null ? null : progressOf(o, raisedCents);
  const allocation = o.allocation_rule ? (allocationRuleText[o.allocation_rule] ?? null) : null;
  // Only an issued offering keeps its bar (what it raised); one that failed or was withdrawn raised nothing.
  const closed = (notice: string, keepProgress = false): OfferingStanding => ({
    open: false,
    notice,
    progress: keepProgress ? progress : null,
    daysLeft: null,
    allocation,
  });
  if (status === 'failed') {
    return closed(
      'This offering failed: it did not reach its minimum target by its deadline. Every subscription was cancelled and its money released.',
    );
  }
  if (status === 'withdrawn') {
    return closed('This offering was withdrawn by its SPV. Every subscription was cancelled and its money released.');
  }
  if (status === 'issued') return closed('This offering is closed: its units have been issued to its investors.', true);
  if (status !== 'open') return closed('This opportunity is closed to new investments.');
  if (o.opens_at && Date.parse(o.opens_at) > now.getTime()) return closed(`Opens on ${formatDate(o.opens_at)}.`);
  if (o.deadline_at && Date.parse(o.deadline_at) <= now.getTime()) {
    return closed('The subscription period has ended; the offering is being closed.');
  }
  let daysLeft: string | null = null;
  if (o.deadline_at) {
    const days = Math.ceil((Date.parse(o.deadline_at) - now.getTime()) / DAY_MS);
    daysLeft = days <= 1 ? 'Last day' : `${days} days left`;
  }
  return { open: true, notice: null, progress, daysLeft, allocation };
}

/** An offering document's kind as people read it. */
export const offeringDocumentKindText: Readonly<Record<string, string>> = {
  key_information: 'Key information sheet',
  subscription_terms: 'Subscription terms',
  other: 'Document',
};
