import { describe, expect, it } from 'vitest';
import { maturityPaymentCents, offeringTermEnd, unitPriceOn } from './rules';

describe("an offering's maturity", () => {
  it('ends its term the same calendar day and time, months after the first issue', () => {
    const end = offeringTermEnd('2026-03-02T15:30:00Z', 60, new Date('2031-03-02T15:29:59Z'));
    expect(end?.endsAt.toISOString()).toBe('2031-03-02T15:30:00.000Z');
    expect(end?.ended).toBe(false);
    expect(offeringTermEnd('2026-03-02T15:30:00Z', 60, new Date('2031-03-02T15:30:00Z'))?.ended).toBe(true);
  });

  it('clamps the day to a shorter month, as PostgreSQL adds months', () => {
    expect(offeringTermEnd('2026-01-31T09:00:00Z', 1, new Date(0))?.endsAt.toISOString()).toBe(
      '2026-02-28T09:00:00.000Z',
    );
    expect(offeringTermEnd('2027-08-31T09:00:00Z', 6, new Date(0))?.endsAt.toISOString()).toBe(
      '2028-02-29T09:00:00.000Z',
    );
  });

  it('has no term end without a first issue or a term', () => {
    expect(offeringTermEnd(null, 60, new Date())).toBeNull();
    expect(offeringTermEnd('2026-03-02T15:30:00Z', null, new Date())).toBeNull();
    expect(offeringTermEnd('not a time', 60, new Date())).toBeNull();
  });

  it('pays the latest price on or before the day, else the offering’s own', () => {
    const prices = [
      { as_of: '2026-03-02', price_cents: 10_000 },
      { as_of: '2028-03-03', price_cents: 20_000 },
      { as_of: '2027-01-01', price_cents: 15_000 },
    ];
    expect(unitPriceOn(prices, '2031-03-02', 9_999)).toEqual({ priceCents: 20_000, asOf: '2028-03-03' });
    expect(unitPriceOn(prices, '2027-06-30', 9_999)).toEqual({ priceCents: 15_000, asOf: '2027-01-01' });
    expect(unitPriceOn(prices, '2026-03-01', 9_999)).toEqual({ priceCents: 9_999, asOf: null });
    expect(unitPriceOn([], '2026-03-01', null)).toBeNull();
  });

  it('pays every unit at the final price, exactly', () => {
    expect(maturityPaymentCents(6, 20_000)).toBe(120_000);
    expect(maturityPaymentCents(3_000_000, 3_000_000_001)).toBe(9_000_000_003_000_000);
    expect(maturityPaymentCents(0, 20_000)).toBe(0);
  });
});
