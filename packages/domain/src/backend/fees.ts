/**
 * The fee cases of `investmentQuote` (packages/domain/src/money.ts), shared by its own unit test
 * (money.test.ts) and the database's (supabase/tests/fees.test.ts, `public.investment_quote`),
 * so the server computes the same cents for every one of them.
 */
export interface InvestmentQuoteCase {
  name: string;
  amountCents: number;
  bank: { managementFeeCents: number; totalCents: number };
  card: { managementFeeCents: number; cardFeeCents: number; totalCents: number };
}

function feeCase(
  name: string,
  amountCents: number,
  want: { mgmt: number; bankTotal: number; card: number; cardTotal: number },
): InvestmentQuoteCase {
  return {
    name,
    amountCents,
    bank: { managementFeeCents: want.mgmt, totalCents: want.bankTotal },
    card: { managementFeeCents: want.mgmt, cardFeeCents: want.card, totalCents: want.cardTotal },
  };
}

export const investmentQuoteCases: readonly InvestmentQuoteCase[] = [
  feeCase('1 cent', 1, { mgmt: 0, bankTotal: 1, card: 0, cardTotal: 1 }),
  feeCase('€33.33', 3_333, { mgmt: 33, bankTotal: 3_366, card: 50, cardTotal: 3_416 }),
  feeCase('€50 (half cents round up)', 5_000, { mgmt: 50, bankTotal: 5_050, card: 75, cardTotal: 5_125 }),
  feeCase('€5,000', 500_000, { mgmt: 5_000, bankTotal: 505_000, card: 7_500, cardTotal: 512_500 }),
  feeCase('€10,000', 1_000_000, { mgmt: 10_000, bankTotal: 1_010_000, card: 15_000, cardTotal: 1_025_000 }),
  feeCase('€0.50', 50, { mgmt: 1, bankTotal: 51, card: 1, cardTotal: 52 }),
];

/** Whole euros whose bank total is 1.01 times the amount (money.test.ts). */
export const wholeEuroBankCases: readonly number[] = [1, 20, 99, 5_000, 12_345];
