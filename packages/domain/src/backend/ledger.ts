import { spvRoleOfKind } from '../offerings/terms';
import type { Role } from '../roles';

/**
 * The ledger's rules as data (supabase/schemas/11_ledger.sql, docs/ledger.md):
 * the bounds, the days an investment may wait for its payment and the SEPA reference of an
 * investment (what the member is told is in notificationTexts). supabase/tests/ledger*.test.ts
 * hold the SQL to them.
 */

/** No investment's total (amount and fees) above €100,000,000. */
export const LEDGER_MAX_INVESTMENT_TOTAL_CENTS = 10_000_000_000;

/** An investment still awaiting its payment this long after submission is cancelled. */
export const AWAITING_PAYMENT_DAYS = 7;

/**
 * A withdrawal with no payout event this long after its request raises a compliance alert. Its hold
 * stays: the provider may have sent the money, so only its event or an operator may release it.
 */
export const WITHDRAWAL_OVERDUE_DAYS = 5;

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

/**
 * What `submit_investment` does with an investment's total, given the member's available cash
 * (`ledger_hold_investment`, docs/ledger.md "Every movement of money"): all or nothing. When the
 * cash covers the total, all of it is held at once (`Pending`) and the payment method collects
 * nothing; otherwise nothing is held (`Awaiting payment`) and the method collects what is missing:
 * once a payment brings the available cash to the total, the whole total is held
 * (`ledger_fund_awaiting`). supabase/tests/investment-funding.test.ts holds the SQL to it.
 */
export interface InvestmentFunding {
  status: 'Pending' | 'Awaiting payment';
  /** Held from the member's available cash when the investment is submitted. */
  heldNowCents: number;
  /** What the payment method still has to bring in before the total is held. */
  collectedCents: number;
}

export function investmentFunding(availableCents: number, totalCents: number): InvestmentFunding {
  for (const [name, cents] of [
    ['availableCents', availableCents],
    ['totalCents', totalCents],
  ] as const) {
    if (!Number.isSafeInteger(cents) || cents < 0) {
      throw new RangeError(`${name} must be a whole, non-negative number of cents, got ${cents}`);
    }
  }
  return availableCents >= totalCents
    ? { status: 'Pending', heldNowCents: totalCents, collectedCents: 0 }
    : { status: 'Awaiting payment', heldNowCents: 0, collectedCents: totalCents - availableCents };
}

/** A caller as the ledger's readers check it: the Vault role and the admin flag. */
interface LedgerCaller {
  role: Role;
  isAdmin: boolean;
}

/**
 * Who reads the whole ledger: the trial balance, ledger_verify() and the refused payment events
 * (public.ledger_reader_check): mfo_admin, compliance and the admin flag.
 */
export function mayReadLedger(caller: LedgerCaller): boolean {
  return caller.isAdmin || caller.role === 'mfo_admin' || caller.role === 'compliance';
}

/**
 * Who reads the offerings' escrow accounts (public.ledger_escrows): the ledger's readers every
 * offering, an SPV's administrators (the role of an SPV's kind) their own SPVs' offerings.
 */
export function mayReadEscrows(caller: LedgerCaller): boolean {
  return mayReadLedger(caller) || Object.values(spvRoleOfKind).includes(caller.role);
}
