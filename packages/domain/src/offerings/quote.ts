import { INVESTMENT_TERMS } from '../constants';
import { formatEuros } from '../money';
import type { Opportunity } from '../opportunities';
import { sampleOfferingDefaults, yieldDisplay } from './terms';

/**
 * The terms the investment flow quotes before confirming, from the offering's typed fields; the
 * specification's terms (INVESTMENT_TERMS: 5-year term, annual distributions, early redemption
 * after 2 years with a 2% fee, projected yield 6.5%) stand for any field the offering does not state.
 */
type QuotedFields = Pick<
  Opportunity,
  | 'term_months'
  | 'projected_yield_bps'
  | 'distribution_frequency'
  | 'lockup_months'
  | 'early_redemption_fee_bps'
  | 'min_ticket_cents'
>;

const distributionsText: Readonly<Record<string, string>> = {
  monthly: 'Monthly distributions',
  quarterly: 'Quarterly distributions',
  annual: 'Annual distributions',
};

/** A span of months as the terms say it: 60 is '5 years', 18 is '18 months', 1 is '1 month'. */
function monthsText(months: number): string {
  if (months > 0 && months % 12 === 0) return months === 12 ? '1 year' : `${months / 12} years`;
  return months === 1 ? '1 month' : `${months} months`;
}

/** The term as its line starts: '5-year term', '18-month term'. */
function termText(months: number): string {
  return months > 0 && months % 12 === 0 ? `${months / 12}-year term` : `${months}-month term`;
}

/** A fee in basis points as a percent: 200 is '2%', 150 is '1.5%'. */
const bpsPercent = (bps: number) => yieldDisplay(bps);

export function offeringTermLines(o: QuotedFields): string[] {
  const term = o.term_months ?? sampleOfferingDefaults.term_months;
  const yieldBps = o.projected_yield_bps ?? sampleOfferingDefaults.projected_yield_bps;
  const frequency = o.distribution_frequency ?? sampleOfferingDefaults.distribution_frequency;
  const lockup = o.lockup_months ?? sampleOfferingDefaults.lockup_months;
  const fee = o.early_redemption_fee_bps ?? sampleOfferingDefaults.early_redemption_fee_bps;
  const lines = [
    termText(term),
    distributionsText[frequency] ?? INVESTMENT_TERMS.distributions,
    lockup >= term
      ? 'No early redemption before the end of the term'
      : lockup === 0
        ? fee === 0
          ? 'Early redemption at any time without a fee'
          : `Early redemption at any time with a ${bpsPercent(fee)} fee`
        : fee === 0
          ? `Early redemption after ${monthsText(lockup)} without a fee`
          : `Early redemption after ${monthsText(lockup)} with a ${bpsPercent(fee)} fee`,
    `Projected yield ${yieldDisplay(yieldBps)}`,
  ];
  if (o.min_ticket_cents) lines.push(`Minimum investment ${formatEuros(o.min_ticket_cents)}`);
  lines.push(`Processing within ${INVESTMENT_TERMS.processingBusinessDays} business days`);
  return lines;
}
