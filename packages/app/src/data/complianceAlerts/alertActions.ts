import type { CallResult } from '../../backend/callResult';
import type { SessionStore } from '../../session/store';
import { useMutation } from '../_mutation/writeForMember';
import { callForOperator } from '../audit/pagedCall';

/** What mfo_admin does with a compliance alert; each is its own server function. */
export type AlertAction = 'acknowledge' | 'resolve';

const functionOf: Record<AlertAction, string> = { acknowledge: 'acknowledge_alert', resolve: 'resolve_alert' };

/**
 * Acknowledges or resolves a compliance alert (`acknowledge_alert` / `resolve_alert`, docs/backend.md
 * "Consoles"): the server checks the caller, requires a note to resolve, keeps who acted and when,
 * and records alert.acknowledged / alert.resolved. A refusal comes back with the server's words.
 */
async function actOnAlert(
  store: SessionStore,
  action: AlertAction,
  alertId: number,
  note: string,
): Promise<CallResult> {
  const answer = await callForOperator(store, functionOf[action], {
    alert_id: alertId,
    note: note.trim() ? note.trim() : null,
  });
  return answer.ok ? { ok: true } : answer;
}

export const useActOnAlert = () => useMutation(actOnAlert);
