import { type BankAccountRow, BankAccountRowSchema } from '@vault/domain';
import { type MemberRead, useMemberRead } from '../_query/memberRead';

/**
 * The member's linked bank account (`my_bank_account()`, docs/ledger.md "Bank accounts"): one row,
 * its IBAN masked, or none. /wallet's card and Withdraw share it; a link or an unlink reads it again.
 */
export const bankAccountRead: MemberRead<BankAccountRow> = { fn: 'my_bank_account', schema: BankAccountRowSchema };

export const useBankAccount = () => useMemberRead(bankAccountRead);
