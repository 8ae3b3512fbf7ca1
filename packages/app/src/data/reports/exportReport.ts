import { mayExportReport, type ReportKind, type Role, reportKinds } from '@vault/domain';
import type { CallResult } from '../../backend/callResult';
import type { SessionStore } from '../../session/store';
import { callForOperator, dayAfter, dayStart, useOperatorCall } from '../audit/pagedCall';

/** The reports this caller is offered: the domain's matrix (the server holds it too, and decides). */
export function reportsFor(caller: { role: Role; isAdmin: boolean }): ReportKind[] {
  return reportKinds.filter((kind) => mayExportReport(kind, caller));
}

/**
 * One report as the server builds it (`export_report`): a CSV with a header row, ISO dates and
 * amounts in cents and euros, over [from, to] (days, inclusive; empty: open-ended). The server
 * refuses a kind the caller's role may not export, with its message.
 */
async function exportReport(
  store: SessionStore,
  kind: ReportKind,
  range: { from: string; to: string },
): Promise<CallResult<{ csv: string }>> {
  const answer = await callForOperator(store, 'export_report', {
    kind,
    from_at: dayStart(range.from),
    to_at: dayAfter(range.to),
  });
  if (!answer.ok) return answer;
  return typeof answer.value === 'string'
    ? { ok: true, csv: answer.value }
    : { ok: false, error: 'The report answered something that is not a CSV' };
}

export const useExportReport = () => useOperatorCall(exportReport);
