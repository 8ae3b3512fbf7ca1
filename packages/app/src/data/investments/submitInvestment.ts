import { InvestmentRowSchema, type SubmitInvestmentArgs } from '@vault/domain';
import { useCallback } from 'react';
import * as v from 'valibot';
import type { CallResult } from '../../backend/callResult';
import { useSessionStore } from '../../session/context';
import type { SessionStore } from '../../session/store';
import { callForMember } from '../_mutation/writeForMember';
import { refreshQuery } from '../_query/cache';
import { refreshMemberRead } from '../_query/memberRead';
import { balanceRead } from '../ledger/balance';
import { investmentsQuery } from './keys';

/**
 * Submits an investment (`submit_investment`, docs/backend.md "Investments"): the server checks
 * the readiness gate, the opportunity and the amount, computes the fees and stores it Pending.
 * The caller passes one idempotency key per flow, so a double click or a retry answers the same
 * investment. The member's investments are then read again, so every list shows it.
 */
async function submitInvestment(
  store: SessionStore,
  args: SubmitInvestmentArgs,
): Promise<CallResult<{ investmentId: string }>> {
  const answer = await callForMember(store, (backend) => backend.callAction('submit_investment', { ...args }));
  if (!answer.ok) return answer;
  const row = v.safeParse(v.object({ id: InvestmentRowSchema.entries.id }), answer.value);
  if (!row.success) return { ok: false, error: 'The server answered something unexpected' };
  refreshQuery(investmentsQuery.table);
  refreshMemberRead(balanceRead);
  return { ok: true, investmentId: row.output.id };
}

/** submitInvestment bound to the app's session store. */
export function useSubmitInvestment(): (args: SubmitInvestmentArgs) => Promise<CallResult<{ investmentId: string }>> {
  const store = useSessionStore();
  return useCallback((args: SubmitInvestmentArgs) => submitInvestment(store, args), [store]);
}
