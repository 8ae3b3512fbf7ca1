import * as v from 'valibot';
import type { CallResult } from '../../backend/callResult';
import type { SessionStore } from '../../session/store';
import { useMutation } from '../_mutation/writeForMember';
import { callForOperator, type PagedList, usePagedList } from '../audit/pagedCall';

/** One row of `loan_book`: a loan with what was due, what was paid and whether it is overdue. */
const LoanBookRowSchema = v.object({
  id: v.string(),
  borrower: v.string(),
  amount: v.string(),
  status: v.string(),
  due_cents: v.number(),
  paid_cents: v.number(),
  next_due_on: v.nullable(v.string()),
  overdue: v.boolean(),
});
export type LoanBookRow = v.InferOutput<typeof LoanBookRowSchema>;

/** The loan book holds one row per loan, answered whole by the server (it has no paging arguments). */
async function readLoanBook(
  store: SessionStore,
  after: LoanBookRow | null,
): Promise<CallResult<{ rows: readonly LoanBookRow[] }>> {
  if (after !== null) return { ok: true, rows: [] };
  const answer = await callForOperator(store, 'loan_book', {});
  if (!answer.ok) return answer;
  const parsed = v.safeParse(v.array(LoanBookRowSchema), answer.value ?? []);
  return parsed.success
    ? { ok: true, rows: parsed.output }
    : { ok: false, error: 'The loan book answered rows this screen cannot read' };
}

/** /loans' book; `version` changes after a repayment is recorded, to read it again. */
export function useLoanBook(version: number): PagedList<LoanBookRow> {
  return usePagedList(`loan-book#${version}`, Number.POSITIVE_INFINITY, readLoanBook);
}

/**
 * A repayment received on a loan (`record_repayment`): integer cents, the day it was paid and the
 * lender's reference. The server checks the caller, the amount (at most what is outstanding), the
 * date (within the loan's life) and that the loan is active, and records it; the same reference
 * sent twice is stored once.
 */
async function recordRepayment(
  store: SessionStore,
  loanId: string,
  amountCents: number,
  paidOn: string,
  reference: string,
): Promise<CallResult> {
  const answer = await callForOperator(store, 'record_repayment', {
    loan_id: loanId,
    amount_cents: amountCents,
    paid_on: paidOn,
    reference,
  });
  return answer.ok ? { ok: true } : answer;
}

export const useRecordRepayment = () => useMutation(recordRepayment);
