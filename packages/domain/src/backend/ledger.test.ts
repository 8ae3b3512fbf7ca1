import { describe, expect, it } from 'vitest';
import { investmentQuote } from '../money';
import { investmentFunding, investmentPaymentReference } from './ledger';

describe('investmentFunding', () => {
  const total = investmentQuote(500_000, 'bank').totalCents;

  it('holds the whole total at once when the available cash covers it, to the cent', () => {
    expect(investmentFunding(total, total)).toEqual({ status: 'Pending', heldNowCents: total, collectedCents: 0 });
    expect(investmentFunding(2_000_000, total)).toEqual({ status: 'Pending', heldNowCents: total, collectedCents: 0 });
  });

  it('holds nothing when the cash falls short, even by a cent: the method collects what is missing', () => {
    expect(investmentFunding(total - 1, total)).toEqual({
      status: 'Awaiting payment',
      heldNowCents: 0,
      collectedCents: 1,
    });
    expect(investmentFunding(100_000, total)).toEqual({
      status: 'Awaiting payment',
      heldNowCents: 0,
      collectedCents: total - 100_000,
    });
    expect(investmentFunding(0, total)).toEqual({ status: 'Awaiting payment', heldNowCents: 0, collectedCents: total });
  });

  it('collects the card fee with the rest: it is part of the total', () => {
    const card = investmentQuote(1_000_000, 'card');
    expect(investmentFunding(100_000, card.totalCents).collectedCents).toBe(1_025_000 - 100_000);
  });

  it('refuses figures that are not whole, non-negative cents', () => {
    expect(() => investmentFunding(-1, total)).toThrow(RangeError);
    expect(() => investmentFunding(0, 1.5)).toThrow(RangeError);
    expect(() => investmentFunding(Number.NaN, total)).toThrow(RangeError);
  });
});

describe('investmentPaymentReference', () => {
  it('is VLT- and the first 16 hex digits of the id, upper case', () => {
    expect(investmentPaymentReference('7e570000-0000-4000-8000-0000000000f1')).toBe('VLT-7E57000000004000');
  });
});
