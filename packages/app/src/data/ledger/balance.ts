import { type BalanceRow, BalanceRowSchema } from '@vault/domain';
import { type MemberRead, useMemberRead } from '../_query/memberRead';

/** The member's cash from the ledger (`my_balance()`, docs/ledger.md): one row, available, held and total. */
export const balanceRead: MemberRead<BalanceRow> = { fn: 'my_balance', schema: BalanceRowSchema };

export const useBalance = () => useMemberRead(balanceRead);
