import * as v from 'valibot';
import type { CallResult } from '../../backend/callResult';
import type { SessionStore } from '../../session/store';
import { callMemberAction, useMutation } from '../_mutation/writeForMember';
import { refreshMemberRead } from '../_query/memberRead';
import { bankAccountRead } from './bankAccount';

/**
 * Links the account withdrawals are paid to (`link_bank_account`): the server checks the holder's
 * name and the IBAN and refuses with the sentence the form shows beside its field. Linking the
 * account already linked answers it unchanged, so a retry after a lost answer is harmless; the
 * linked account is then read again.
 */
export async function linkBankAccount(store: SessionStore, holderName: string, iban: string): Promise<CallResult> {
  const answer = await callMemberAction(store, 'link_bank_account', { holder_name: holderName, iban });
  if (!answer.ok) return answer;
  if (!v.is(v.object({ member_id: v.string() }), answer.value)) {
    return { ok: false, error: 'The server answered something unexpected' };
  }
  refreshMemberRead(bankAccountRead);
  return { ok: true };
}

export const useLinkBankAccount = () => useMutation(linkBankAccount);
