import * as v from 'valibot';
import type { CallResult } from '../../backend/callResult';
import type { SessionStore } from '../../session/store';
import { type MemberRead, useMemberRead } from '../_query/memberRead';
import { callForOperator, type PagedList, useOperatorCall, usePagedList } from '../audit/pagedCall';

/**
 * An offering's distributions (docs/lifecycle.md §2): declared by its SPV's administrators,
 * listed for them and for staff (`list_distributions`), paid by mfo_admin or the admin flag but
 * never by their declarer (`pay_distribution`), and each member's lines (`my_distributions`).
 */

const Kind = v.picklist(['income', 'capital']);
const Status = v.picklist(['declared', 'paid']);

/** One row of `list_distributions(offering_id)`, with what the offering's account may pay now. */
const DistributionRowSchema = v.object({
  id: v.string(),
  opportunity_id: v.string(),
  opportunity_name: v.string(),
  record_date: v.string(),
  kind: Kind,
  amount_cents: v.number(),
  withholding_cents: v.number(),
  holders: v.number(),
  status: Status,
  declared_by: v.nullable(v.string()),
  declared_at: v.string(),
  paid_at: v.nullable(v.string()),
  available_cents: v.number(),
});
export type DistributionRow = v.InferOutput<typeof DistributionRowSchema>;

const ALL = 10_000;

export async function readDistributions(
  store: SessionStore,
  offeringId: string,
): Promise<CallResult<{ rows: readonly DistributionRow[] }>> {
  const answer = await callForOperator(store, 'list_distributions', { offering_id: offeringId });
  if (!answer.ok) return answer;
  const parsed = v.safeParse(v.array(DistributionRowSchema), answer.value ?? []);
  return parsed.success
    ? { ok: true, rows: parsed.output }
    : { ok: false, error: 'The distributions answered rows this screen cannot read' };
}

/** An offering's distributions, newest record date first; `version` changes after a declaration or a payment. */
export function useOfferingDistributions(offeringId: string, version: number): PagedList<DistributionRow> {
  return usePagedList(`distributions#${offeringId}#${version}`, ALL, (store, after) =>
    after === null ? readDistributions(store, offeringId) : Promise.resolve({ ok: true, rows: [] }),
  );
}

/** What `declare_distribution` answers: the totals and a line per holder, largest remainder first. */
const DeclaredSchema = v.object({
  id: v.string(),
  record_date: v.string(),
  kind: Kind,
  amount_cents: v.number(),
  withholding_cents: v.number(),
  net_cents: v.number(),
  holders: v.number(),
  units: v.number(),
  status: Status,
  lines: v.array(
    v.object({
      member_id: v.string(),
      units: v.number(),
      gross_cents: v.number(),
      withholding_cents: v.number(),
      net_cents: v.number(),
    }),
  ),
});
export type DeclaredDistribution = v.InferOutput<typeof DeclaredSchema>;

interface DistributionInput {
  opportunityId: string;
  /** yyyy-mm-dd, today or before. */
  recordDate: string;
  amountCents: number;
  kind: 'income' | 'capital';
}

export async function declareDistribution(
  store: SessionStore,
  input: DistributionInput,
): Promise<CallResult<{ distribution: DeclaredDistribution }>> {
  const answer = await callForOperator(store, 'declare_distribution', {
    opportunity_id: input.opportunityId,
    record_date: input.recordDate,
    amount_cents: input.amountCents,
    kind: input.kind,
  });
  if (!answer.ok) return answer;
  const parsed = v.safeParse(DeclaredSchema, answer.value);
  return parsed.success
    ? { ok: true, distribution: parsed.output }
    : { ok: false, error: 'The declaration answered what this screen cannot read' };
}
export const useDeclareDistribution = () => useOperatorCall(declareDistribution);

/** Pays a declared distribution; `paidNow` is false when it was already paid (nothing moved). */
export async function payDistribution(
  store: SessionStore,
  distributionId: string,
): Promise<CallResult<{ paidNow: boolean }>> {
  const answer = await callForOperator(store, 'pay_distribution', { distribution_id: distributionId });
  if (!answer.ok) return answer;
  const parsed = v.safeParse(v.object({ paid_now: v.boolean() }), answer.value);
  return parsed.success
    ? { ok: true, paidNow: parsed.output.paid_now }
    : { ok: false, error: 'The payment answered what this screen cannot read' };
}
export const usePayDistribution = () => useOperatorCall(payDistribution);

/** One of the member's distribution lines (`my_distributions()`), newest first. */
const MyDistributionSchema = v.object({
  distribution_id: v.string(),
  opportunity_id: v.string(),
  opportunity_name: v.string(),
  record_date: v.string(),
  kind: Kind,
  status: Status,
  paid_at: v.nullable(v.string()),
  units: v.number(),
  gross_cents: v.number(),
  withholding_cents: v.number(),
  net_cents: v.number(),
});
export type MyDistribution = v.InferOutput<typeof MyDistributionSchema>;

export const myDistributionsRead: MemberRead<MyDistribution> = { fn: 'my_distributions', schema: MyDistributionSchema };

/** The member's distribution lines: /placements shows each position's income received. */
export const useMyDistributions = () => useMemberRead(myDistributionsRead);
