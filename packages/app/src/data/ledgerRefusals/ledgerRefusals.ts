import * as v from 'valibot';
import type { CallResult } from '../../backend/callResult';
import type { SessionStore } from '../../session/store';
import { callForOperator, type PagedList, usePagedList } from '../audit/pagedCall';

/**
 * One row of `list_ledger_refusals`: a provider's payment event the ledger could not apply (an
 * unknown member, an amount or currency that differs from the payment, a reversal of a payment
 * not settled), kept for the operators with its reason (docs/ledger.md).
 */
const LedgerRefusalSchema = v.object({
  id: v.number(),
  event_id: v.string(),
  provider_ref: v.string(),
  member_id: v.nullable(v.string()),
  kind: v.picklist(['payment', 'refund', 'chargeback', 'payout']),
  reason: v.string(),
  refused_at: v.string(),
  amount_cents: v.nullable(v.number()),
  currency: v.nullable(v.string()),
  status: v.nullable(v.string()),
});
export type LedgerRefusal = v.InferOutput<typeof LedgerRefusalSchema>;

/** Each kind of refused event in words, as the operators' lists name it. */
export const ledgerRefusalKindWords: Readonly<Record<LedgerRefusal['kind'], string>> = {
  payment: 'Payment',
  refund: 'Refund',
  chargeback: 'Charge-back',
  payout: 'Payout',
};

/** Rows per page; the server answers at most 200. */
export const LEDGER_REFUSALS_PAGE = 50;

/** A page of the refusals, newest first, after the last row shown (keyset on the id). */
export async function readLedgerRefusals(
  store: SessionStore,
  after: LedgerRefusal | null,
): Promise<CallResult<{ rows: readonly LedgerRefusal[] }>> {
  const answer = await callForOperator(store, 'list_ledger_refusals', {
    after: after?.id ?? null,
    page_size: LEDGER_REFUSALS_PAGE,
  });
  if (!answer.ok) return answer;
  const parsed = v.safeParse(v.array(LedgerRefusalSchema), answer.value ?? []);
  return parsed.success
    ? { ok: true, rows: parsed.output }
    : { ok: false, error: 'The refused payment events answered rows this screen cannot read' };
}

/** The review list of refused payment events, on /compliance and /reports. */
export function useLedgerRefusals(): PagedList<LedgerRefusal> {
  return usePagedList('ledger-refusals', LEDGER_REFUSALS_PAGE, readLedgerRefusals);
}
