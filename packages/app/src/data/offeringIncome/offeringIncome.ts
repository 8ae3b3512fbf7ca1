import * as v from 'valibot';
import type { CallResult } from '../../backend/callResult';
import type { SessionStore } from '../../session/store';
import { callForOperator, type PagedList, useOperatorCall, usePagedList } from '../audit/pagedCall';

/**
 * The income an issued offering received (docs/lifecycle.md, "Income received"): recorded by its
 * SPV's administrators (`record_offering_income`) into the offering's account, from which its
 * distributions are paid, and listed with what that account may pay now (`list_offering_income`).
 */

/** The `public.offering_income` row `record_offering_income` answers. */
const IncomeSchema = v.object({
  id: v.number(),
  opportunity_id: v.string(),
  amount_cents: v.number(),
  received_on: v.string(),
  reference: v.string(),
});
type Income = v.InferOutput<typeof IncomeSchema>;

/** One row of `list_offering_income(offering_id)`. */
const IncomeRowSchema = v.object({
  ...IncomeSchema.entries,
  recorded_at: v.string(),
  available_cents: v.number(),
});
export type IncomeRow = v.InferOutput<typeof IncomeRowSchema>;

const ALL = 10_000;

export async function readOfferingIncome(
  store: SessionStore,
  offeringId: string,
): Promise<CallResult<{ rows: readonly IncomeRow[] }>> {
  const answer = await callForOperator(store, 'list_offering_income', { offering_id: offeringId });
  if (!answer.ok) return answer;
  const parsed = v.safeParse(v.array(IncomeRowSchema), answer.value ?? []);
  return parsed.success
    ? { ok: true, rows: parsed.output }
    : { ok: false, error: 'The income answered rows this screen cannot read' };
}

/** An offering's income, newest first; `version` changes after a recording or a payment. */
export function useOfferingIncome(offeringId: string, version: number): PagedList<IncomeRow> {
  return usePagedList(`offering-income#${offeringId}#${version}`, ALL, (store, after) =>
    after === null ? readOfferingIncome(store, offeringId) : Promise.resolve({ ok: true, rows: [] }),
  );
}

interface IncomeInput {
  opportunityId: string;
  amountCents: number;
  /** yyyy-mm-dd, today or before, not before the issue. */
  receivedOn: string;
  reference: string;
}

/**
 * Records income the offering received; the same reference and arguments again answer the same
 * row (nothing moves twice), the reference with others is refused.
 */
export async function recordOfferingIncome(
  store: SessionStore,
  input: IncomeInput,
): Promise<CallResult<{ income: Income }>> {
  const answer = await callForOperator(store, 'record_offering_income', {
    opportunity_id: input.opportunityId,
    amount_cents: input.amountCents,
    received_on: input.receivedOn,
    reference: input.reference,
  });
  if (!answer.ok) return answer;
  const parsed = v.safeParse(IncomeSchema, answer.value);
  return parsed.success
    ? { ok: true, income: parsed.output }
    : { ok: false, error: 'The income recorded answered what this screen cannot read' };
}
export const useRecordOfferingIncome = () => useOperatorCall(recordOfferingIncome);
