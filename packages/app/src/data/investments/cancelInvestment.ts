import { useCallback } from 'react';
import type { CallResult } from '../../backend/callResult';
import { useSessionStore } from '../../session/context';
import type { SessionStore } from '../../session/store';
import { callMemberAction } from '../_mutation/writeForMember';
import { refreshQuery } from '../_query/cache';
import { refreshMemberRead } from '../_query/memberRead';
import { balanceRead } from '../ledger/balance';
import { investmentsQuery } from './keys';

/**
 * Cancels the member's Pending investment inside its cancellation window (`cancel_investment`,
 * docs/eligibility.md); the investments are then read again, so every list shows it Cancelled.
 */
async function cancelInvestment(store: SessionStore, investmentId: string): Promise<CallResult> {
  const answer = await callMemberAction(store, 'cancel_investment', { investment_id: investmentId });
  if (!answer.ok) return answer;
  refreshQuery(investmentsQuery.table);
  // The hold is voided: the cash is available again at once.
  refreshMemberRead(balanceRead);
  return { ok: true };
}

export function useCancelInvestment(): (investmentId: string) => Promise<CallResult> {
  const store = useSessionStore();
  return useCallback((investmentId: string) => cancelInvestment(store, investmentId), [store]);
}
