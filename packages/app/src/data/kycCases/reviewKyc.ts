import type { KycDecision } from '@vault/domain';
import type { CallResult } from '../../backend/callResult';
import type { SessionStore } from '../../session/store';
import { useMutation } from '../_mutation/writeForMember';
import { callForOperator } from '../audit/pagedCall';

/**
 * Compliance's decision on a member's pending KYC (`review_kyc`, docs/backend.md "KYC"): the
 * server checks the caller, requires a reason unless approving, records the decision in the
 * audit trail and tells the member. A refusal comes back with the server's own message.
 */
async function reviewKyc(
  store: SessionStore,
  memberId: string,
  decision: KycDecision,
  reason: string | null,
): Promise<CallResult> {
  const answer = await callForOperator(store, 'review_kyc', {
    member_id: memberId,
    decision,
    reason: reason?.trim() ? reason.trim() : null,
  });
  return answer.ok ? { ok: true } : answer;
}

export const useReviewKyc = () => useMutation(reviewKyc);
