import * as v from 'valibot';
import type { CallResult } from '../../backend/callResult';
import type { SessionStore } from '../../session/store';
import { callMemberAction, useMutation } from '../_mutation/writeForMember';
import { refreshMemberRead } from '../_query/memberRead';
import { balanceRead } from './balance';

/**
 * Asks for a payout of `amountCents` (`request_withdrawal`, docs/ledger.md): the server holds it
 * from available cash until the provider pays it out. One key per attempt, so a retry answers the
 * same withdrawal; the balance is read again after it.
 */
export async function requestWithdrawal(
  store: SessionStore,
  amountCents: number,
  idempotencyKey: string,
): Promise<CallResult<{ withdrawalId: string }>> {
  const answer = await callMemberAction(store, 'request_withdrawal', {
    amount_cents: amountCents,
    idempotency_key: idempotencyKey,
  });
  if (!answer.ok) return answer;
  const row = v.safeParse(v.object({ id: v.string() }), answer.value);
  if (!row.success) return { ok: false, error: 'The server answered something unexpected' };
  refreshMemberRead(balanceRead);
  return { ok: true, withdrawalId: row.output.id };
}

export const useRequestWithdrawal = () => useMutation(requestWithdrawal);
