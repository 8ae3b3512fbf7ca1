import { type AlertStatus, ComplianceAlertSchema, consolePageSize } from '@vault/domain';
import * as v from 'valibot';
import type { CallResult } from '../../backend/callResult';
import type { SessionStore } from '../../session/store';
import { callForOperator, type PagedList, usePagedList } from '../audit/pagedCall';

/** An alert as `list_alerts` answers it: the table's row, with the server's id and status. */
const ListedAlertSchema = v.object({
  ...ComplianceAlertSchema.entries,
  id: v.number(),
  status: ComplianceAlertSchema.entries.status.wrapped,
});
export type ListedAlert = v.InferOutput<typeof ListedAlertSchema>;

/** /compliance's status filter: one status, or '' for every alert (open first). */
export type AlertFilter = AlertStatus | '';

const ALERTS_PAGE_SIZE = consolePageSize(null);

/** One page of `list_alerts` (open, acknowledged, resolved; newest first), after the alert `after`. */
async function readAlertsPage(
  store: SessionStore,
  status: AlertFilter,
  after: ListedAlert | null,
): Promise<CallResult<{ rows: readonly ListedAlert[] }>> {
  const answer = await callForOperator(store, 'list_alerts', {
    status: status || null,
    after: after ? String(after.id) : null,
    page_size: ALERTS_PAGE_SIZE,
  });
  if (!answer.ok) return answer;
  const parsed = v.safeParse(v.array(ListedAlertSchema), answer.value ?? []);
  return parsed.success
    ? { ok: true, rows: parsed.output }
    : { ok: false, error: 'The alert list answered rows this screen cannot read' };
}

/**
 * /compliance's list: the alerts of one status (or all), filtered and paged on the server by
 * keyset (docs/backend.md "Consoles"). `version` reads the first page again after an action.
 */
export function useAlerts(status: AlertFilter, version = 0): PagedList<ListedAlert> {
  return usePagedList(`${status}#${version}`, ALERTS_PAGE_SIZE, (store, after) => readAlertsPage(store, status, after));
}
