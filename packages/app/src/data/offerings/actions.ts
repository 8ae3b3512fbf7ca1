import * as v from 'valibot';
import type { CallResult } from '../../backend/callResult';
import type { SessionStore } from '../../session/store';
import { useMutation } from '../_mutation/writeForMember';
import { callForOperator, useOperatorCall } from '../audit/pagedCall';

/**
 * The offering's life on the server (docs/offerings.md): each call is one SQL function, which
 * checks the caller, the state and the fields; a refusal comes back with the server's message
 * (a field's fault starts with the field's name) and code.
 */

/** A new draft (`create_offering`): answers its id. */
async function createOffering(
  store: SessionStore,
  details: Record<string, unknown>,
): Promise<CallResult<{ id: string }>> {
  const answer = await callForOperator(store, 'create_offering', { details });
  if (!answer.ok) return answer;
  const id = v.safeParse(v.string(), answer.value);
  return id.success ? { ok: true, id: id.output } : { ok: false, error: 'The new offering answered no id' };
}
export const useCreateOffering = () => useOperatorCall(createOffering);

const plain =
  (fn: string, args: (...values: string[]) => Record<string, unknown>) =>
  async (store: SessionStore, ...values: string[]): Promise<CallResult> => {
    const answer = await callForOperator(store, fn, args(...values));
    return answer.ok ? { ok: true } : answer;
  };

async function updateOffering(store: SessionStore, id: string, details: Record<string, unknown>): Promise<CallResult> {
  const answer = await callForOperator(store, 'update_offering', { id, details });
  return answer.ok ? { ok: true } : answer;
}
export const useUpdateOffering = () => useMutation(updateOffering);

const submitOffering = plain('submit_offering', (id) => ({ id }));
const approveOffering = plain('approve_offering', (id) => ({ id }));
const returnOffering = plain('return_offering', (id, reason) => ({ id, reason }));
const withdrawOffering = plain('withdraw_offering', (id, reason) => ({ id, reason }));
const closeOffering = plain('close_offering', (id) => ({ id }));

export type OfferingAction = 'submit' | 'approve' | 'return' | 'withdraw' | 'close';

/** The state changes of the console, each bound to the session: `actions.submit(id)`, `actions.return(id, reason)`. */
export function useOfferingActions(): Record<OfferingAction, (id: string, reason?: string) => Promise<CallResult>> {
  const submit = useMutation(submitOffering);
  const approve = useMutation(approveOffering);
  const back = useMutation(returnOffering);
  const withdraw = useMutation(withdrawOffering);
  const close = useMutation(closeOffering);
  return {
    submit: (id) => submit(id),
    approve: (id) => approve(id),
    return: (id, reason = '') => back(id, reason.trim()),
    withdraw: (id, reason = '') => withdraw(id, reason.trim()),
    close: (id) => close(id),
  };
}
