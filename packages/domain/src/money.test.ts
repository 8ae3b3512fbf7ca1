import { describe, expect, it } from 'vitest';
import { investmentQuoteCases, wholeEuroBankCases } from './backend/fees';
import { formatEuros, investmentQuote, parseEuroAmount, validateFirstOnramp, validateInvestmentAmount } from './money';

describe('investmentQuote', () => {
  // The cases are shared with the database's fee test (supabase/tests/fees.test.ts).
  for (const c of investmentQuoteCases) {
    it(`bank and card for ${c.name}`, () => {
      const bank = investmentQuote(c.amountCents, 'bank');
      expect(bank.managementFeeCents).toBe(c.bank.managementFeeCents);
      expect(bank.cardFeeCents).toBe(0);
      expect(bank.totalCents).toBe(c.bank.totalCents);
      expect(bank.lines.map((l) => l.label)).toEqual(['Investment amount', 'Management fee (1%)']);
      expect(bank.settlement).toBe('SEPA, 1–2 business days');
      const card = investmentQuote(c.amountCents, 'card');
      expect(card.managementFeeCents).toBe(c.card.managementFeeCents);
      expect(card.cardFeeCents).toBe(c.card.cardFeeCents);
      expect(card.totalCents).toBe(c.card.totalCents);
      expect(card.lines.map((l) => l.label)).toEqual(['Investment amount', 'Management fee (1%)', 'Card fee (1.5%)']);
      expect(card.settlement).toBe('Instant');
      // The lines always add up to the total.
      for (const q of [bank, card]) expect(q.lines.reduce((s, l) => s + l.cents, 0)).toBe(q.totalCents);
    });
  }

  it('bank total is 1.01 times the amount for whole euros', () => {
    for (const euros of wholeEuroBankCases) {
      expect(investmentQuote(euros * 100, 'bank').totalCents).toBe(euros * 101);
    }
  });

  it('refuses fractions of a cent and negative amounts', () => {
    expect(() => investmentQuote(1.5, 'bank')).toThrow(RangeError);
    expect(() => investmentQuote(-1, 'card')).toThrow(RangeError);
    expect(() => investmentQuote(Number.NaN, 'card')).toThrow(RangeError);
  });
});

describe('euros', () => {
  it('formats in en-IE', () => {
    expect(formatEuros(500_000)).toBe('€5,000');
    expect(formatEuros(5_050)).toBe('€50.50');
    expect(formatEuros(0)).toBe('€0');
    expect(formatEuros(1_010_000)).toBe('€10,100');
  });

  it('parses what people type', () => {
    expect(parseEuroAmount('20')).toBe(2_000);
    expect(parseEuroAmount('19.99')).toBe(1_999);
    expect(parseEuroAmount('€5,000')).toBe(500_000);
    expect(parseEuroAmount(' 10000 ')).toBe(1_000_000);
    expect(parseEuroAmount('0.5')).toBe(50);
    for (const bad of ['', 'abc', '-5', '1.234', '1e3', '5 000', '20€x']) expect(parseEuroAmount(bad)).toBeNull();
  });

  it('refuses a first onramp under €20', () => {
    expect(validateFirstOnramp('19.99')).toBe('Minimum first on-ramp is €20');
    expect(validateFirstOnramp('')).toBe('Minimum first on-ramp is €20');
    expect(validateFirstOnramp('20')).toBeNull();
    expect(validateFirstOnramp('100')).toBeNull();
  });

  it('requires an investment amount but does not enforce the minimum', () => {
    expect(validateInvestmentAmount('')).toBe('Please enter an investment amount');
    expect(validateInvestmentAmount('0')).toBe('Please enter an investment amount');
    expect(validateInvestmentAmount('100')).toBeNull();
  });
});
