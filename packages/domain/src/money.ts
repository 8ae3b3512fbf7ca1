import { CARD_FEE_BPS, MANAGEMENT_FEE_BPS, MIN_FIRST_ONRAMP_EUR } from './constants';
import { messages } from './messages';

export type PaymentMethod = 'bank' | 'card';

interface QuoteLine {
  label: string;
  cents: number;
}

export interface InvestmentQuote {
  method: PaymentMethod;
  amountCents: number;
  managementFeeCents: number;
  /** Zero for bank transfers. */
  cardFeeCents: number;
  totalCents: number;
  lines: QuoteLine[];
  settlement: string;
}

export const paymentMethods: Record<PaymentMethod, { label: string; settlement: string }> = {
  bank: { label: 'Bank transfer', settlement: 'SEPA, 1–2 business days' },
  card: { label: 'Card payment', settlement: 'Instant' },
};

/** A fee in basis points of an amount, in whole cents, rounded half up. */
function feeCents(amountCents: number, bps: number): number {
  return Math.floor((amountCents * bps + 5_000) / 10_000);
}

/**
 * The confirm step's figures in integer cents (docs/product.md §9): a 1% management fee (so a bank
 * total is 1.01 times the amount), and for cards a 1.5% card fee as its own line.
 */
export function investmentQuote(amountCents: number, method: PaymentMethod): InvestmentQuote {
  if (!Number.isSafeInteger(amountCents) || amountCents < 0) {
    throw new RangeError(`amountCents must be a whole, non-negative number of cents, got ${amountCents}`);
  }
  const managementFeeCents = feeCents(amountCents, MANAGEMENT_FEE_BPS);
  const cardFeeCents = method === 'card' ? feeCents(amountCents, CARD_FEE_BPS) : 0;
  const lines: QuoteLine[] = [
    { label: 'Investment amount', cents: amountCents },
    { label: 'Management fee (1%)', cents: managementFeeCents },
  ];
  if (method === 'card') lines.push({ label: 'Card fee (1.5%)', cents: cardFeeCents });
  return {
    method,
    amountCents,
    managementFeeCents,
    cardFeeCents,
    totalCents: amountCents + managementFeeCents + cardFeeCents,
    lines,
    settlement: paymentMethods[method].settlement,
  };
}

const euroFormat = new Intl.NumberFormat('en-IE', { style: 'currency', currency: 'EUR' });
const wholeEuroFormat = new Intl.NumberFormat('en-IE', {
  style: 'currency',
  currency: 'EUR',
  maximumFractionDigits: 0,
});

/** Euros in the en-IE locale: €5,000 for whole euros, €50.50 otherwise (docs/decisions.md (10)). */
export function formatEuros(cents: number): string {
  return cents % 100 === 0 ? wholeEuroFormat.format(cents / 100) : euroFormat.format(cents / 100);
}

/**
 * Reads an amount a person typed ('20', '19.99', '€5,000', '5 000,50' is refused) into cents.
 * Null when it is not a plain positive amount with at most two decimals.
 */
export function parseEuroAmount(input: string): number | null {
  const cleaned = input
    .trim()
    .replace(/^€\s*/, '')
    .replace(/,(?=\d{3}(\D|$))/g, '');
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(cleaned)) return null;
  const [whole = '0', fraction = ''] = cleaned.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** The first on-ramp amount check (docs/decisions.md (7)): null when fine, else the message. */
export function validateFirstOnramp(input: string): string | null {
  const cents = parseEuroAmount(input);
  if (cents === null || cents < MIN_FIRST_ONRAMP_EUR * 100) return messages.minimumOnramp;
  return null;
}

/** Investment step 1 (docs/product.md §5): an amount is required; the €5,000 minimum is shown only. */
export function validateInvestmentAmount(input: string): string | null {
  const cents = parseEuroAmount(input);
  return cents === null || cents === 0 ? messages.enterInvestmentAmount : null;
}
