import { INVESTMENT_TERMS } from '../constants';

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
