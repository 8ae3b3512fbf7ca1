import type { CallResult } from '../../backend/callResult';
import type { SessionStore } from '../../session/store';
import { useMutation } from '../_mutation/writeForMember';
import { callForOperator } from '../audit/pagedCall';

export type InvestmentDecision = 'confirmed' | 'rejected';

/**
 * An SPV administrator's decision on a pending investment (`review_investment`; /investments, and
 * Reject on /offerings before the close): the server checks the caller, requires a reason to
 * reject, records the decision and tells the investor. A refusal comes back with the server's own
 * message.
 */
async function reviewInvestment(
  store: SessionStore,
  investmentId: string,
  decision: InvestmentDecision,
  reason: string | null,
): Promise<CallResult> {
  const answer = await callForOperator(store, 'review_investment', {
    investment_id: investmentId,
    decision,
    reason: reason?.trim() ? reason.trim() : null,
  });
  return answer.ok ? { ok: true } : answer;
}

export const useReviewInvestment = () => useMutation(reviewInvestment);
