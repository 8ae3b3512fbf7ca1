import { INVESTMENT_TERMS } from '../constants';
import { addMonthsUtc } from '../eligibility/classification';

/**
 * The arithmetic of an offering after its issue (docs/lifecycle.md), as pure functions. The SQL
 * of supabase/schemas/13_lifecycle.sql restates each; supabase/tests/lifecycle-property.test.ts
 * checks the database's answers against these.
 */

/** A holder at a distribution's record date: their units and their place (earliest holding first). */
export interface Holding {
  units: number;
  /** Earlier holdings win a tie of remainders: the smaller first. */
  order: number;
}

/**
 * Each holder's gross share of `amountCents`, pro rata by units: the whole cents of each exact
 * share, then the cents left over one each to the largest remainders (the earlier holding first
 * on a tie), so the shares sum to the amount exactly and each is within one cent of its exact share.
 */
export function distributionShares(amountCents: number, holdings: readonly Holding[]): number[] {
  const total = holdings.reduce((sum, h) => sum + BigInt(h.units), 0n);
  if (total === 0n) return holdings.map(() => 0);
  const amount = BigInt(amountCents);
  const parts = holdings.map((h, index) => {
    const scaled = amount * BigInt(h.units);
    return { index, order: h.order, base: scaled / total, remainder: scaled % total };
  });
  let left = amount - parts.reduce((sum, p) => sum + p.base, 0n);
  const ranked = [...parts].sort((a, b) =>
    a.remainder === b.remainder ? a.order - b.order : a.remainder > b.remainder ? -1 : 1,
  );
  const shares = parts.map((p) => p.base);
  for (const p of ranked) {
    if (left <= 0n) break;
    shares[p.index] = (shares[p.index] ?? 0n) + 1n;
    left -= 1n;
  }
  return shares.map(Number);
}

/** An early redemption's fee on its gross price: basis points of it, half a cent rounded up. */
export function redemptionFeeCents(priceCents: number, feeBps: number): number {
  return Number((BigInt(priceCents) * BigInt(feeBps) + 5_000n) / 10_000n);
}

/** Business days an SPV has to decide a redemption request: the terms' processing time. */
export const REDEMPTION_REVIEW_BUSINESS_DAYS = INVESTMENT_TERMS.processingBusinessDays;

/** A time `days` business days (Monday to Friday, UTC) after `from`. */
export function addBusinessDays(from: Date, days: number): Date {
  const at = new Date(from.getTime());
  let left = days;
  while (left > 0) {
    at.setUTCDate(at.getUTCDate() + 1);
    const weekday = at.getUTCDay();
    if (weekday !== 0 && weekday !== 6) left -= 1;
  }
  return at;
}

/** Where an offering's term stands: the moment it ends, and whether that has come. */
export interface TermEnd {
  endsAt: Date;
  ended: boolean;
}

/**
 * An offering's term end as `offering_term_ended` counts it: its first issue plus `term_months`
 * calendar months (UTC, the day clamped to the month's length as PostgreSQL adds months). Null
 * when either is unknown.
 */
export function offeringTermEnd(issuedAt: string | null, termMonths: number | null, now: Date): TermEnd | null {
  if (issuedAt === null || termMonths === null) return null;
  const issued = new Date(issuedAt);
  if (Number.isNaN(issued.getTime())) return null;
  const endsAt = addMonthsUtc(issued, termMonths);
  return { endsAt, ended: now.getTime() >= endsAt.getTime() };
}

/** One day of an offering's price history (`public.unit_prices`). */
export interface PriceOfDay {
  /** yyyy-mm-dd. */
  as_of: string;
  price_cents: number;
}

/**
 * An offering's unit price on `day` (yyyy-mm-dd) as `unit_price_on` answers it: the latest of its
 * history on or before that day (with its day), else its own unit price (`asOf` null); null when
 * it has neither.
 */
export function unitPriceOn(
  prices: readonly PriceOfDay[],
  day: string,
  ownPriceCents: number | null,
): { priceCents: number; asOf: string | null } | null {
  let latest: PriceOfDay | null = null;
  for (const price of prices) {
    if (price.as_of <= day && (latest === null || price.as_of > latest.as_of)) latest = price;
  }
  if (latest) return { priceCents: latest.price_cents, asOf: latest.as_of };
  return ownPriceCents === null ? null : { priceCents: ownPriceCents, asOf: null };
}

/** What maturity pays in all: every unit outstanding at the final price, in cents. */
export function maturityPaymentCents(units: number, finalPriceCents: number): number {
  return Number(BigInt(units) * BigInt(finalPriceCents));
}
