import { describe, expect, it } from 'vitest';
import { offeringTermLines } from './quote';

describe('offeringTermLines', () => {
  it("quotes the specification's terms word for word where the offering states none", () => {
    expect(offeringTermLines({})).toEqual([
      '5-year term',
      'Annual distributions',
      'Early redemption after 2 years with a 2% fee',
      'Projected yield 6.5%',
      'Processing within 2 business days',
    ]);
  });

  it("quotes the offering's own typed fields", () => {
    expect(
      offeringTermLines({
        term_months: 36,
        projected_yield_bps: 720,
        distribution_frequency: 'quarterly',
        lockup_months: 18,
        early_redemption_fee_bps: 150,
        min_ticket_cents: 250_000,
      }),
    ).toEqual([
      '3-year term',
      'Quarterly distributions',
      'Early redemption after 18 months with a 1.5% fee',
      'Projected yield 7.2%',
      'Minimum investment €2,500',
      'Processing within 2 business days',
    ]);
  });

  it('says when there is no lock-up, and when it lasts the whole term', () => {
    expect(offeringTermLines({ term_months: 18, lockup_months: 0, early_redemption_fee_bps: 0 })[2]).toBe(
      'Early redemption at any time without a fee',
    );
    expect(offeringTermLines({ term_months: 12, lockup_months: 24 })[0]).toBe('1-year term');
    expect(offeringTermLines({ term_months: 12, lockup_months: 24 })[2]).toBe(
      'No early redemption before the end of the term',
    );
  });
});
