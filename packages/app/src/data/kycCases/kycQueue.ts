import * as v from 'valibot';
import type { CallResult } from '../../backend/callResult';
import type { SessionStore } from '../../session/store';
import { callForOperator, type PagedList, usePagedList } from '../audit/pagedCall';

/** One row of `list_kyc_queue`: a member whose KYC waits for compliance. */
const KycQueueRowSchema = v.object({
  id: v.string(),
  name: v.string(),
  email: v.string(),
  submitted_at: v.nullable(v.string()),
  provider_applicant_id: v.nullable(v.string()),
  reason: v.nullable(v.string()),
  /** The case's earlier decisions, oldest first: the provider's and compliance's, each with its reason. */
  decisions: v.optional(
    v.array(
      v.object({
        at: v.string(),
        action: v.string(),
        status: v.nullish(v.string()),
        by: v.nullish(v.string()),
        reason: v.nullish(v.string()),
      }),
    ),
    [],
  ),
});
export type KycQueueRow = v.InferOutput<typeof KycQueueRowSchema>;

const KYC_QUEUE_PAGE_SIZE = 50;

/** One page of the queue, oldest submission first, after the member `after` (null: the first page). */
async function readKycQueuePage(
  store: SessionStore,
  after: KycQueueRow | null,
): Promise<CallResult<{ rows: readonly KycQueueRow[] }>> {
  const answer = await callForOperator(store, 'list_kyc_queue', {
    after: after?.id ?? null,
    page_size: KYC_QUEUE_PAGE_SIZE,
  });
  if (!answer.ok) return answer;
  const parsed = v.safeParse(v.array(KycQueueRowSchema), answer.value ?? []);
  return parsed.success
    ? { ok: true, rows: parsed.output }
    : { ok: false, error: 'The KYC queue answered rows this screen cannot read' };
}

/** /kyc's queue, paged on the server; `version` changes after a decision, to read it again. */
export function useKycQueue(version: number): PagedList<KycQueueRow> {
  return usePagedList(`kyc-queue#${version}`, KYC_QUEUE_PAGE_SIZE, readKycQueuePage);
}
