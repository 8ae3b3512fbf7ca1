import { actionErrors } from './actionErrors';
import type { Actor, Expectation, Scenario, ScenarioValue } from './conformance';
import { consoleFunctions, mayCallConsoleFunction, mayExportReport, reportKinds } from './consoles';
import type { BackendError } from './errors';
import { sampleSharedRows } from './sample';

/**
 * The conformance scenarios of the consoles' functions (10_consoles.sql,
 * mocks/actions/consoles.ts), played by both runners with the rest of conformance.ts: every actor
 * calls every function (allowed exactly as `consoleFunctions` says, else its refusal), exports
 * every report (as `reportExporters` says), and the refusals both backends must word alike.
 * supabase/tests/consoles.test.ts covers what each does to the rows.
 */

export type ConsoleActionName = (typeof consoleFunctions)[number]['name'] | 'export_report';

const activeLoan = sampleSharedRows.loans.find((l) => l.status === 'Active')?.id ?? '';
const pendingLoan = sampleSharedRows.loans.find((l) => l.status === 'Pending')?.id ?? '';
const asset = sampleSharedRows.production_assets.find((a) => a.status === 'Operational')?.name ?? '';

/** Arguments each function accepts from its own roles; the first alert is id 1 in both backends. */
const validArgs: Record<string, Record<string, ScenarioValue>> = {
  list_kyc_queue: { after: null, page_size: null },
  list_audit_events: { member_id: null, action: null, from_at: null, to_at: null, before_id: null, page_size: null },
  list_subscriptions: { status: null, after: null, page_size: null },
  member_detail: { member_id: '$other' },
  list_alerts: { status: null, after: null, page_size: null },
  set_member_role: { member_id: '$other', role: 'compliance', is_admin: false },
  acknowledge_alert: { alert_id: 1, note: 'Looking into it' },
  resolve_alert: { alert_id: 1, note: 'Document renewed' },
  record_repayment: { loan_id: activeLoan, amount_cents: 10_000, paid_on: '2025-04-01' },
  loan_book: {},
  set_asset_status: { asset_id: asset, status: 'Under Maintenance', note: 'Inverter replaced' },
};

function refused(error: BackendError): Expectation {
  return error.code === '42501'
    ? { denied: '42501', message: error.message }
    : { error: error.code, message: error.message };
}

export function consoleScenarios(actors: readonly Actor[]): Scenario[] {
  const out: Scenario[] = [];
  for (const a of actors) {
    const reader = a.role ? { role: a.role, isAdmin: a.isAdmin } : null;
    for (const fn of consoleFunctions) {
      out.push({
        name: `${a.id} calls ${fn.name}`,
        actor: a.id,
        op: 'rpc',
        target: fn.name as ConsoleActionName,
        values: validArgs[fn.name] ?? {},
        expect: !reader
          ? refused(actionErrors.functionDenied(fn.name))
          : mayCallConsoleFunction(fn.name, reader)
            ? { ok: true }
            : refused(fn.denied),
      });
    }
    for (const kind of reportKinds) {
      out.push({
        name: `${a.id} exports ${kind}`,
        actor: a.id,
        op: 'rpc',
        target: 'export_report',
        values: { kind, from_at: null, to_at: null },
        expect: !reader
          ? refused(actionErrors.functionDenied('export_report'))
          : mayExportReport(kind, reader)
            ? { ok: true }
            : refused(actionErrors.reportDenied),
      });
    }
  }
  const cases: [string, ConsoleActionName, Record<string, ScenarioValue>, BackendError][] = [
    [
      'their own role',
      'set_member_role',
      { member_id: '$own', role: 'investor', is_admin: false },
      actionErrors.roleChangeSelf,
    ],
    [
      'a role that is none',
      'set_member_role',
      { member_id: '$other', role: 'root', is_admin: false },
      actionErrors.notAVaultRole,
    ],
    [
      'no admin flag',
      'set_member_role',
      { member_id: '$other', role: 'investor', is_admin: null },
      actionErrors.isAdminRequired,
    ],
    ['a resolution without a note', 'resolve_alert', { alert_id: 1, note: ' ' }, actionErrors.alertNoteRequired],
    ['an unknown alert', 'acknowledge_alert', { alert_id: 999, note: null }, actionErrors.unknownAlert],
    [
      'a report of no kind',
      'export_report',
      { kind: 'members', from_at: null, to_at: null },
      actionErrors.badReportKind,
    ],
    [
      'a reversed range',
      'export_report',
      { kind: 'audit_events', from_at: '2026-02-01T00:00:00Z', to_at: '2026-01-01T00:00:00Z' },
      actionErrors.badRange,
    ],
  ];
  for (const [what, fn, values, error] of cases) {
    out.push({
      name: `admin calls ${fn}: ${what}`,
      actor: 'admin',
      op: 'rpc',
      target: fn,
      values,
      expect: refused(error),
    });
  }
  // /compliance's list: every sample alert starts open, numbered 1.. in both backends.
  const alertCount = sampleSharedRows.compliance_alerts.length;
  const alertPages: [string, Record<string, ScenarioValue>, Expectation][] = [
    ['every alert', {}, { rows: alertCount }],
    ['the open ones', { status: 'open' }, { rows: alertCount }],
    ['the resolved ones', { status: 'resolved' }, { rows: 0 }],
    ['a page of one', { page_size: 1 }, { rows: 1 }],
    ['after the oldest open alert', { status: 'open', after: '1' }, { rows: 0 }],
    ['after the newest alert', { after: String(alertCount) }, { rows: alertCount - 1 }],
    ['a status that is none', { status: 'closed' }, refused(actionErrors.badAlertStatus)],
    ['a cursor that is no alert', { after: '999' }, refused(actionErrors.badAlertCursor)],
  ];
  for (const [what, values, expect] of alertPages) {
    out.push({
      name: `mfo_admin calls list_alerts: ${what}`,
      actor: 'mfo_admin',
      op: 'rpc',
      target: 'list_alerts',
      values,
      expect,
    });
  }
  out.push(
    {
      name: 'cl_spv_admin calls record_repayment: a pending loan',
      actor: 'cl_spv_admin',
      op: 'rpc',
      target: 'record_repayment',
      values: { loan_id: pendingLoan, amount_cents: 100, paid_on: '2025-04-01' },
      expect: refused(actionErrors.loanNotActive),
    },
    {
      name: 'cl_spv_admin calls record_repayment: no amount',
      actor: 'cl_spv_admin',
      op: 'rpc',
      target: 'record_repayment',
      values: { loan_id: activeLoan, amount_cents: 0, paid_on: '2025-04-01' },
      expect: refused(actionErrors.badAmount),
    },
    {
      name: 'production_spv calls set_asset_status: no note',
      actor: 'production_spv',
      op: 'rpc',
      target: 'set_asset_status',
      values: { asset_id: asset, status: 'Under Maintenance', note: '' },
      expect: refused(actionErrors.noteRequired),
    },
    {
      name: 'production_spv calls set_asset_status: an unknown asset',
      actor: 'production_spv',
      op: 'rpc',
      target: 'set_asset_status',
      values: { asset_id: 'Nowhere', status: 'Operational', note: 'x' },
      expect: refused(actionErrors.unknownAsset),
    },
  );
  return out;
}
