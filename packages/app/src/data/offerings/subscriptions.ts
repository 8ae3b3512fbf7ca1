import * as v from 'valibot';
import type { CallResult } from '../../backend/callResult';
import type { SessionStore } from '../../session/store';
import { callForOperator, type PagedList, usePagedList } from '../audit/pagedCall';

/** One row of `offering_subscriptions`: a subscription with its hold in the ledger and its allocation. */
const OfferingSubscriptionSchema = v.object({
  investment_id: v.string(),
  member_id: v.string(),
  investor: v.string(),
  email: v.string(),
  amount_cents: v.number(),
  total_cents: v.number(),
  method: v.string(),
  status: v.string(),
  submitted_at: v.nullable(v.string()),
  decided_at: v.nullable(v.string()),
  reason: v.nullable(v.string()),
  /** 'held', 'posted', 'released' or 'none'. */
  hold: v.string(),
  held_cents: v.number(),
  allocated_units: v.nullable(v.number()),
  allocated_cents: v.nullable(v.number()),
});
export type OfferingSubscription = v.InferOutput<typeof OfferingSubscriptionSchema>;

const ALL = 10_000;

async function readSubscriptions(
  store: SessionStore,
  offeringId: string,
): Promise<CallResult<{ rows: readonly OfferingSubscription[] }>> {
  const answer = await callForOperator(store, 'offering_subscriptions', { id: offeringId });
  if (!answer.ok) return answer;
  const parsed = v.safeParse(v.array(OfferingSubscriptionSchema), answer.value ?? []);
  return parsed.success
    ? { ok: true, rows: parsed.output }
    : { ok: false, error: 'The subscriptions answered rows this screen cannot read' };
}

/** An offering's subscriptions, oldest first; `version` changes after an action on the offering. */
export function useOfferingSubscriptions(offeringId: string, version: number): PagedList<OfferingSubscription> {
  return usePagedList(`offering-subscriptions#${offeringId}#${version}`, ALL, (store, after) =>
    after === null ? readSubscriptions(store, offeringId) : Promise.resolve({ ok: true, rows: [] }),
  );
}
