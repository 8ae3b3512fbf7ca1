/**
 * The ledger's rules as data (supabase/schemas/11_ledger.sql, docs/ledger.md):
 * the bounds, the days an investment may wait for its payment, the SEPA reference of an
 * investment, and what the member is told. supabase/tests/ledger*.test.ts hold the SQL to them.
 */

/** No investment's total (amount and fees) above €100,000,000. */
export const LEDGER_MAX_INVESTMENT_TOTAL_CENTS = 10_000_000_000;

/** An investment still awaiting its payment this long after submission is cancelled. */
export const AWAITING_PAYMENT_DAYS = 7;

/** The kinds of account the ledger starts with; more are rows of public.ledger_account_kinds. */
export const ledgerAccountKinds = [
  'member_cash',
  'member_receivable',
  'offering_escrow',
  'platform_fee_income',
  'card_fees',
  'provider_clearing',
  'tax_withheld',
] as const;

/** The bank-transfer reference of an investment (public.investment_payment_reference). */
export function investmentPaymentReference(investmentId: string): string {
  return `VLT-${investmentId.replaceAll('-', '').slice(0, 16).toUpperCase()}`;
}

/** The notifications the ledger's functions send (title and body, as public.notifications holds them). */
export const ledgerNotifications = {
  chargedBack: {
    title: 'Payment charged back',
    body: 'A deposit to your wallet was charged back. Please contact support.',
  },
  withdrawalFailed: {
    title: 'Withdrawal failed',
    body: 'Your withdrawal did not go through. The money is available in your wallet again.',
  },
  investmentExpired: (opportunityName: string) => ({
    title: 'Investment cancelled',
    body: `Your investment in ${opportunityName} was cancelled: the payment did not arrive within ${AWAITING_PAYMENT_DAYS} days.`,
  }),
} as const;
