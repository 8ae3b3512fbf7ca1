import * as v from 'valibot';
import type { CallResult } from '../../backend/callResult';
import type { SessionStore } from '../../session/store';
import { callForOperator, type PagedList, usePagedList } from '../audit/pagedCall';

/** One row of `list_subscriptions`: an investment as the equity SPV reviews it. */
const SubscriptionRowSchema = v.object({
  id: v.string(),
  member_id: v.string(),
  investor: v.string(),
  email: v.string(),
  opportunity_id: v.string(),
  opportunity_name: v.string(),
  amount_cents: v.number(),
  total_cents: v.number(),
  method: v.string(),
  status: v.string(),
  submitted_at: v.nullable(v.string()),
  decided_at: v.nullable(v.string()),
  reason: v.nullable(v.string()),
  /** When it may be confirmed: a retail investor's reflection period ends 4 days after submission. */
  window_ends_at: v.optional(v.nullable(v.string()), null),
});
export type SubscriptionRow = v.InferOutput<typeof SubscriptionRowSchema>;

const SUBSCRIPTIONS_PAGE_SIZE = 50;

/**
 * One page of subscriptions after the investment `after` (null: the first page). With no status
 * filter the server lists `Pending` first, then the rest, each oldest submission first.
 */
async function readSubscriptionsPage(
  store: SessionStore,
  status: string | null,
  after: SubscriptionRow | null,
): Promise<CallResult<{ rows: readonly SubscriptionRow[] }>> {
  const answer = await callForOperator(store, 'list_subscriptions', {
    status,
    after: after?.id ?? null,
    page_size: SUBSCRIPTIONS_PAGE_SIZE,
  });
  if (!answer.ok) return answer;
  const parsed = v.safeParse(v.array(SubscriptionRowSchema), answer.value ?? []);
  return parsed.success
    ? { ok: true, rows: parsed.output }
    : { ok: false, error: 'The subscriptions answered rows this screen cannot read' };
}

/** /investments' list, paged and filtered on the server; `version` changes after a decision, to read it again. */
export function useSubscriptions(status: string | null, version: number): PagedList<SubscriptionRow> {
  return usePagedList(`subscriptions#${status ?? 'all'}#${version}`, SUBSCRIPTIONS_PAGE_SIZE, (store, after) =>
    readSubscriptionsPage(store, status, after),
  );
}
