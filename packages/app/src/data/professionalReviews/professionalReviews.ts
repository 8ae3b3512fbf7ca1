import * as v from 'valibot';
import type { CallResult } from '../../backend/callResult';
import type { SessionStore } from '../../session/store';
import { callForOperator, type PagedList, usePagedList } from '../audit/pagedCall';

/** One row of `list_professional_reviews`: a member's professional declaration waiting for compliance. */
const ProfessionalReviewRowSchema = v.object({
  member_id: v.string(),
  name: v.string(),
  email: v.string(),
  country: v.string(),
  category: v.string(),
  /** The category the declaration replaced; null for a member's first declaration. */
  previous_category: v.nullable(v.string()),
  declared_at: v.string(),
  /** The criteria the member declared, each true or false. */
  answers: v.record(v.string(), v.boolean()),
});
export type ProfessionalReviewRow = v.InferOutput<typeof ProfessionalReviewRowSchema>;

/** The server answers the whole list (oldest first, at most 200): there is no later page. */
export async function readProfessionalReviews(
  store: SessionStore,
  after: ProfessionalReviewRow | null,
): Promise<CallResult<{ rows: readonly ProfessionalReviewRow[] }>> {
  if (after !== null) return { ok: true, rows: [] };
  const answer = await callForOperator(store, 'list_professional_reviews', {});
  if (!answer.ok) return answer;
  const parsed = v.safeParse(v.array(ProfessionalReviewRowSchema), answer.value ?? []);
  return parsed.success
    ? { ok: true, rows: parsed.output }
    : { ok: false, error: 'The professional status requests answered rows this screen cannot read' };
}

/** /kyc's professional status requests; `version` changes after a decision, to read them again. */
export function useProfessionalReviews(version: number): PagedList<ProfessionalReviewRow> {
  return usePagedList(`professional-reviews#${version}`, Number.POSITIVE_INFINITY, readProfessionalReviews);
}
