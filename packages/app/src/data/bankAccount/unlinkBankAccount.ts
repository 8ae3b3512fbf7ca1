import type { CallResult } from '../../backend/callResult';
import type { SessionStore } from '../../session/store';
import { callMemberAction, useMutation } from '../_mutation/writeForMember';
import { refreshMemberRead } from '../_query/memberRead';
import { bankAccountRead } from './bankAccount';

/**
 * Unlinks the member's bank account (`unlink_bank_account`): withdrawals go back to where the
 * deposits came from. Nothing linked is not an error; the linked account is read again either way.
 */
export async function unlinkBankAccount(store: SessionStore): Promise<CallResult> {
  const answer = await callMemberAction(store, 'unlink_bank_account', {});
  if (!answer.ok) return answer;
  refreshMemberRead(bankAccountRead);
  return { ok: true };
}

export const useUnlinkBankAccount = () => useMutation(unlinkBankAccount);
