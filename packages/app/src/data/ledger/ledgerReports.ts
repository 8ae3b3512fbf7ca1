import * as v from 'valibot';
import type { CallResult } from '../../backend/callResult';
import type { SessionStore } from '../../session/store';
import { callForOperator, type PagedList, useOperatorCall, usePagedList } from '../audit/pagedCall';

/** Integer cents, as the ledger keeps every balance (at most 2^53 - 1: exact in a number). */
const Cents = v.pipe(v.number(), v.safeInteger());

/** One row of `ledger_trial_balance()`: a currency's four sums over every account. */
const TrialBalanceRowSchema = v.object({
  currency: v.string(),
  debits_pending: Cents,
  debits_posted: Cents,
  credits_pending: Cents,
  credits_posted: Cents,
});
export type TrialBalanceRow = v.InferOutput<typeof TrialBalanceRowSchema>;

/**
 * One row of `ledger_escrows()`: an offering's escrow account in one currency, its four balances,
 * what it holds (credits_posted - debits_posted) and what is pending in (held from members, not
 * yet posted).
 */
const EscrowRowSchema = v.object({
  opportunity_id: v.string(),
  opportunity_name: v.string(),
  spv_id: v.string(),
  currency: v.string(),
  debits_pending: Cents,
  debits_posted: Cents,
  credits_pending: Cents,
  credits_posted: Cents,
  holds_cents: v.pipe(v.number(), v.integer()),
  pending_in_cents: Cents,
});
export type EscrowRow = v.InferOutput<typeof EscrowRowSchema>;

/**
 * A read answered whole by the server (no paging arguments), its rows validated; `what` names it
 * in the error. As a paged list whose first page is the last, so a console table shows it.
 */
function wholeRead<Row>(fn: string, schema: v.GenericSchema<unknown, Row>, what: string) {
  return async (store: SessionStore, after: Row | null): Promise<CallResult<{ rows: readonly Row[] }>> => {
    if (after !== null) return { ok: true, rows: [] };
    const answer = await callForOperator(store, fn, {});
    if (!answer.ok) return answer;
    const parsed = v.safeParse(v.array(schema), answer.value ?? []);
    return parsed.success
      ? { ok: true, rows: parsed.output }
      : { ok: false, error: `${what} answered rows this screen cannot read` };
  };
}

export const readTrialBalance = wholeRead('ledger_trial_balance', TrialBalanceRowSchema, 'The trial balance');
export const readEscrows = wholeRead('ledger_escrows', EscrowRowSchema, 'The escrow accounts');

/** /reports' trial balance (mfo_admin, compliance, the admin flag): one row per currency. */
export function useTrialBalance(): PagedList<TrialBalanceRow> {
  return usePagedList('ledger-trial-balance', Number.POSITIVE_INFINITY, readTrialBalance);
}

/** /reports' escrow accounts: every offering's for the staff, an SPV administrator's own offerings'. */
export function useEscrows(): PagedList<EscrowRow> {
  return usePagedList('ledger-escrows', Number.POSITIVE_INFINITY, readEscrows);
}

/** `ledger_verify()`: null when every invariant holds, else the first that fails (`'<n>: <what>'`). */
export async function verifyLedger(store: SessionStore): Promise<CallResult<{ failure: string | null }>> {
  const answer = await callForOperator(store, 'ledger_verify', {});
  if (!answer.ok) return answer;
  const value = answer.value;
  if (value === null || value === undefined) return { ok: true, failure: null };
  if (typeof value === 'string') return { ok: true, failure: value };
  return { ok: false, error: 'The ledger check answered something unexpected' };
}

export const useVerifyLedger = () => useOperatorCall(verifyLedger);
