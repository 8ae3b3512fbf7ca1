import type { CallResult } from '../../backend/callResult';
import type { SessionStore } from '../../session/store';
import { useMutation } from '../_mutation/writeForMember';
import { callForOperator } from '../audit/pagedCall';

export type ProfessionalDecision = 'approved' | 'rejected';

/**
 * Compliance's decision on a member's declared professional status (`review_professional_status`):
 * the server checks the caller (nobody reviews their own), requires a reason when rejecting,
 * records the decision and tells the member. A refusal comes back with the server's own message.
 */
export async function reviewProfessionalStatus(
  store: SessionStore,
  memberId: string,
  decision: ProfessionalDecision,
  reason: string | null,
): Promise<CallResult> {
  const answer = await callForOperator(store, 'review_professional_status', {
    member_id: memberId,
    decision,
    reason: reason?.trim() ? reason.trim() : null,
  });
  return answer.ok ? { ok: true } : answer;
}

export const useReviewProfessionalStatus = () => useMutation(reviewProfessionalStatus);
