import * as v from 'valibot';
import type { CallResult } from '../../backend/callResult';
import type { SessionStore } from '../../session/store';
import { callMemberAction } from '../_mutation/writeForMember';
import { type MemberRead, refreshMemberRead, useMemberRead } from '../_query/memberRead';
import { callForOperator, type PagedList, useOperatorCall, usePagedList } from '../audit/pagedCall';

/**
 * Redemptions (docs/lifecycle.md §3): the investor asks for a quote and to redeem units past
 * their lock-up (`redemption_quote`, `request_redemption`, `my_redemptions`); the SPV's
 * administrators decide each within its time (`list_redemptions`, `review_redemption`).
 */

const Status = v.picklist(['requested', 'approved', 'rejected']);
const cents = v.nullable(v.number());

const redemptionFields = {
  id: v.string(),
  opportunity_id: v.string(),
  opportunity_name: v.string(),
  units: v.number(),
  status: Status,
  requested_at: v.string(),
  due_at: v.string(),
  decided_at: v.nullable(v.string()),
  reason: v.nullable(v.string()),
  unit_price_cents: cents,
  price_cents: cents,
  fee_cents: cents,
  net_cents: cents,
};

/** One row of `list_redemptions()`: open requests first, soonest due first. */
const QueueRowSchema = v.object({
  ...redemptionFields,
  member_id: v.string(),
  member_name: v.nullable(v.string()),
});
export type RedemptionQueueRow = v.InferOutput<typeof QueueRowSchema>;

const ALL = 10_000;

export async function readQueue(store: SessionStore): Promise<CallResult<{ rows: readonly RedemptionQueueRow[] }>> {
  const answer = await callForOperator(store, 'list_redemptions', {});
  if (!answer.ok) return answer;
  const parsed = v.safeParse(v.array(QueueRowSchema), answer.value ?? []);
  return parsed.success
    ? { ok: true, rows: parsed.output }
    : { ok: false, error: 'The redemptions answered rows this screen cannot read' };
}

/** The redemptions of the caller's SPVs; `version` changes after a decision. */
export function useRedemptionQueue(version: number): PagedList<RedemptionQueueRow> {
  return usePagedList(`redemptions#${version}`, ALL, (store, after) =>
    after === null ? readQueue(store) : Promise.resolve({ ok: true, rows: [] }),
  );
}

export async function reviewRedemption(
  store: SessionStore,
  redemptionId: string,
  decision: 'approved' | 'rejected',
  reason: string,
): Promise<CallResult> {
  const answer = await callForOperator(store, 'review_redemption', {
    redemption_id: redemptionId,
    decision,
    reason: reason.trim(),
  });
  return answer.ok ? { ok: true } : answer;
}
export const useReviewRedemption = () => useOperatorCall(reviewRedemption);

/** The member's own redemptions (`my_redemptions()`), newest first. */
const MyRedemptionSchema = v.object(redemptionFields);
export type MyRedemption = v.InferOutput<typeof MyRedemptionSchema>;

export const myRedemptionsRead: MemberRead<MyRedemption> = { fn: 'my_redemptions', schema: MyRedemptionSchema };
export const useMyRedemptions = () => useMemberRead(myRedemptionsRead);

/** What `redemption_quote` answers: the price, fee and net today, or the day the lock-up ends. */
const QuoteSchema = v.object({
  redeemable: v.boolean(),
  lockup_ends_on: v.nullable(v.string()),
  units: v.number(),
  unit_price_cents: v.number(),
  price_cents: v.number(),
  fee_cents: v.number(),
  net_cents: v.number(),
  fee_bps: v.number(),
});
export type RedemptionQuote = v.InferOutput<typeof QuoteSchema>;

export async function redemptionQuote(
  store: SessionStore,
  opportunityId: string,
  units: number,
): Promise<CallResult<{ quote: RedemptionQuote }>> {
  const answer = await callMemberAction(store, 'redemption_quote', { opportunity_id: opportunityId, units });
  if (!answer.ok) return answer;
  const parsed = v.safeParse(QuoteSchema, answer.value);
  return parsed.success ? { ok: true, quote: parsed.output } : { ok: false, error: 'The quote could not be read' };
}
export const useRedemptionQuote = () => useOperatorCall(redemptionQuote);

interface RedemptionRequest {
  opportunityId: string;
  units: number;
  /** One key per attempt: a retry of the same attempt sends the same key and gets the first answer. */
  idempotencyKey: string;
}

/** Asks to redeem; answers the redemption's id, and reads the member's redemptions again. */
export async function requestRedemption(
  store: SessionStore,
  input: RedemptionRequest,
): Promise<CallResult<{ id: string }>> {
  const answer = await callMemberAction(store, 'request_redemption', {
    opportunity_id: input.opportunityId,
    units: input.units,
    idempotency_key: input.idempotencyKey,
  });
  if (!answer.ok) return answer;
  refreshMemberRead(myRedemptionsRead);
  const id = v.safeParse(v.string(), answer.value);
  return id.success ? { ok: true, id: id.output } : { ok: false, error: 'The request answered no id' };
}
export const useRequestRedemption = () => useOperatorCall(requestRedemption);
