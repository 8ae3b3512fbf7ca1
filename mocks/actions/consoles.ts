import {
  actionErrors,
  alertStatuses,
  assetStatusChoices,
  type BackendError,
  CONSOLE_NOTE_MAX_LENGTH,
  centsToEuros,
  consoleFunctions,
  consolePageSize,
  csvField,
  investmentStatuses,
  listAlertsPage,
  mayCallConsoleFunction,
  mayExportReport,
  type ReportKind,
  type Role,
  reportColumns,
  reportKinds,
  roleIds,
  sampleSharedRows,
} from '@vault/domain';
import { mockDb, type ServerRow } from '../state';
import { AUDIT_TABLE, appendAudit } from './audit';
import { investmentRowsOf } from './investments';
import { KYC_CASES_TABLE, notifyMember } from './kyc';
import type { ActionAnswer, ActionCaller, MockActions } from './types';

/**
 * The consoles' functions on the embedded backend, as supabase/schemas/10_consoles.sql carries them, in the
 * SQL's order of checks. Who may call each (`consoleFunctions`), who may export which report
 * (`reportExporters`), the page bounds, the CSV columns and fields, the errors: all from
 * @vault/domain. The alerts' and assets' changes are server rows laid over the sample rows
 * (`complianceAlertRows`, `productionAssetRows`), as the database's updated rows would read.
 */

const ALERT_STATES_TABLE = 'compliance_alert_states';
const ASSET_STATES_TABLE = 'production_asset_states';
const REPAYMENTS_TABLE = 'loan_repayments';

const fail = (error: BackendError): ActionAnswer => ({ ok: false, error });
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The caller check every console function starts with: no EXECUTE for anon, then the roles. */
function refusal(fn: string, caller: ActionCaller): BackendError | null {
  if (caller.kind !== 'member') return actionErrors.functionDenied(fn);
  const entry = consoleFunctions.find((f) => f.name === fn);
  if (!entry) return actionErrors.functionDenied(fn);
  return mayCallConsoleFunction(fn, caller.reader) ? null : entry.denied;
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

function pageSize(value: unknown): number {
  return consolePageSize(typeof value === 'number' ? value : null);
}

/** The role `list_members` and `member_detail` show: an unknown one reads as investor (the database's roles are an enum). */
export function roleOf(role: unknown): Role {
  return roleIds.includes(role as Role) ? (role as Role) : 'investor';
}

function emailOf(id: string): string {
  return mockDb.accountById(id)?.email ?? '';
}

function nameOf(id: string): string {
  const name = mockDb.profile(id)?.name ?? '';
  return name !== '' ? name : emailOf(id);
}

/** Every compliance alert with its id (insertion order, as the sequence numbers them) and status. */
export function complianceAlertRows(): ServerRow[] {
  const states = mockDb.serverRows(ALERT_STATES_TABLE);
  return sampleSharedRows.compliance_alerts.map((alert, index) => {
    const id = index + 1;
    const state = states.find((s) => s.id === id);
    return {
      ...alert,
      id,
      status: 'open',
      acknowledged_by: null,
      acknowledged_at: null,
      resolved_by: null,
      resolved_at: null,
      note: null,
      ...state,
    };
  });
}

/** Every production asset with the status last set on it. */
export function productionAssetRows(): ServerRow[] {
  const states = mockDb.serverRows(ASSET_STATES_TABLE);
  return sampleSharedRows.production_assets.map((asset) => ({
    ...asset,
    ...(states.findLast((s) => s.name === asset.name) ?? {}),
  }));
}

/** The cents of a text amount such as '€62,500'. */
function textCents(amount: string): number {
  return Math.round(Number(amount.replace(/[^0-9.]/g, '')) * 100);
}

function alertTransition(
  fn: 'acknowledge_alert' | 'resolve_alert',
  caller: ActionCaller,
  args: Readonly<Record<string, unknown>>,
): ActionAnswer {
  const denied = refusal(fn, caller);
  if (denied || caller.kind !== 'member') return fail(denied ?? actionErrors.notSignedIn);
  const next = fn === 'acknowledge_alert' ? alertStatuses[1] : alertStatuses[2];
  const note = text(args.note);
  if (typeof args.alert_id !== 'number') return fail(actionErrors.unknownAlert);
  if (next === 'resolved' && note === null) return fail(actionErrors.alertNoteRequired);
  if (note !== null && note.length > CONSOLE_NOTE_MAX_LENGTH) return fail(actionErrors.noteTooLong);
  const current = complianceAlertRows().find((a) => a.id === args.alert_id);
  if (!current) return fail(actionErrors.unknownAlert);
  if (current.status === next) return { ok: true, value: current as Record<string, string> };
  if (current.status === 'resolved') return fail(actionErrors.alertResolved);
  const now = new Date().toISOString();
  const state: ServerRow = {
    id: current.id,
    status: next,
    acknowledged_by: next === 'acknowledged' ? caller.id : current.acknowledged_by,
    acknowledged_at: next === 'acknowledged' ? now : current.acknowledged_at,
    resolved_by: next === 'resolved' ? caller.id : current.resolved_by,
    resolved_at: next === 'resolved' ? now : current.resolved_at,
    note: note ?? current.note,
  };
  mockDb.withServerRows(ALERT_STATES_TABLE, (rows) => {
    const kept = rows.filter((r) => r.id !== current.id);
    rows.splice(0, rows.length, ...kept, state);
  });
  appendAudit(caller, {
    action: next === 'acknowledged' ? 'alert.acknowledged' : 'alert.resolved',
    memberId: null,
    subjectType: 'compliance_alert',
    subjectId: String(current.id),
    details: {
      from: String(current.status),
      to: next,
      user: String(current.user),
      issue: String(current.issue),
      ...(note === null ? {} : { note }),
    },
  });
  return { ok: true, value: { ...current, ...state } as Record<string, string> };
}

function csv(kind: ReportKind, lines: (string | number | null)[][]): string {
  const row = (fields: readonly (string | number | null)[]) =>
    fields.map((f) => csvField(f === null ? null : String(f))).join(',');
  return `${[row(reportColumns[kind]), ...lines.map(row)].map((l) => `${l}\r\n`).join('')}`;
}

/** UTC ISO 8601 to the second, as the SQL's csv_time writes it. */
function isoSecond(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? `${new Date(value).toISOString().slice(0, 19)}Z` : null;
}

function inRange(at: unknown, from: number | null, to: number | null): boolean {
  const t = Date.parse(String(at));
  return (from === null || t >= from) && (to === null || t < to);
}

function allInvestments(): ServerRow[] {
  return mockDb.accounts().flatMap((a) => investmentRowsOf(a.id));
}

export const consoleActions: MockActions = {
  list_kyc_queue: (caller, args) => {
    const denied = refusal('list_kyc_queue', caller);
    if (denied) return fail(denied);
    const after = text(args.after);
    const waiting = mockDb
      .serverRows(KYC_CASES_TABLE)
      .filter((c) => c.decided_at === null && c.submitted_at !== null)
      .filter((c) => mockDb.profile(String(c.member_id))?.kyc_status === 'pending')
      .sort(
        (a, b) =>
          String(a.submitted_at).localeCompare(String(b.submitted_at)) ||
          String(a.member_id).localeCompare(String(b.member_id)),
      );
    let start = 0;
    if (after !== null) {
      const at = waiting.findIndex((c) => c.member_id === after);
      const known = mockDb.serverRows(KYC_CASES_TABLE).some((c) => c.member_id === after && c.submitted_at);
      if (!UUID.test(after) || !known) return fail(actionErrors.badMemberCursor);
      start = at + 1;
    }
    const rows = waiting.slice(start, start + pageSize(args.page_size)).map((c) => ({
      id: String(c.member_id),
      name: nameOf(String(c.member_id)),
      email: emailOf(String(c.member_id)),
      submitted_at: c.submitted_at,
      provider_applicant_id: c.provider_applicant_id ?? null,
      reason: c.reason ?? null,
    }));
    return { ok: true, value: rows as unknown as Record<string, string>[] };
  },

  list_audit_events: (caller, args) => {
    const denied = refusal('list_audit_events', caller);
    if (denied) return fail(denied);
    const action = text(args.action);
    if (action !== null && !/^[a-z_]+\.[a-z_]+$/.test(action)) return fail(actionErrors.badAuditAction);
    const from = typeof args.from_at === 'string' ? Date.parse(args.from_at) : null;
    const to = typeof args.to_at === 'string' ? Date.parse(args.to_at) : null;
    if (from !== null && to !== null && from > to) return fail(actionErrors.badRange);
    const all = mockDb.serverRows(AUDIT_TABLE);
    // Newest first by time, then id; the page's cursor is the row before_id names (none: no rows).
    const newestFirst = (a: ServerRow, b: ServerRow) =>
      String(b.occurred_at).localeCompare(String(a.occurred_at)) || Number(b.id) - Number(a.id);
    const cursor = typeof args.before_id === 'number' ? all.find((e) => e.id === args.before_id) : undefined;
    if (typeof args.before_id === 'number' && !cursor) return { ok: true, value: [] };
    const rows = all
      .filter((e) => args.member_id == null || e.member_id === args.member_id)
      .filter((e) => action === null || e.action === action)
      .filter((e) => inRange(e.occurred_at, from, to))
      .filter((e) => cursor === undefined || newestFirst(cursor, e) < 0)
      .sort(newestFirst)
      .slice(0, pageSize(args.page_size));
    return { ok: true, value: rows as unknown as Record<string, string>[] };
  },

  list_subscriptions: (caller, args) => {
    const denied = refusal('list_subscriptions', caller);
    if (denied) return fail(denied);
    const status = text(args.status);
    if (status !== null && !investmentStatuses.includes(status as (typeof investmentStatuses)[number])) {
      return fail(actionErrors.badInvestmentStatus);
    }
    const rank = (r: ServerRow) => (status === null && r.status !== 'Pending' ? 1 : 0);
    const ordered = allInvestments()
      .filter((r) => status === null || r.status === status)
      .sort(
        (a, b) =>
          rank(a) - rank(b) ||
          String(a.submitted_at).localeCompare(String(b.submitted_at)) ||
          String(a.id).localeCompare(String(b.id)),
      );
    const after = text(args.after);
    let start = 0;
    if (after !== null) {
      if (!UUID.test(after) || !allInvestments().some((r) => r.id === after)) {
        return fail(actionErrors.badInvestmentCursor);
      }
      start = ordered.findIndex((r) => r.id === after) + 1;
    }
    const rows = ordered.slice(start, start + pageSize(args.page_size)).map((r) => ({
      id: r.id,
      member_id: r.user_id,
      investor: nameOf(String(r.user_id)),
      email: emailOf(String(r.user_id)),
      opportunity_id: r.opportunity_id,
      opportunity_name: r.opportunity_name,
      amount_cents: r.amount_cents,
      total_cents: r.total_cents,
      method: r.method,
      status: r.status,
      submitted_at: r.submitted_at,
      decided_at: r.decided_at ?? null,
      reason: r.reason ?? null,
    }));
    return { ok: true, value: rows as unknown as Record<string, string>[] };
  },

  member_detail: (caller, args) => {
    const denied = refusal('member_detail', caller);
    if (denied) return fail(denied);
    const id = typeof args.member_id === 'string' ? args.member_id : '';
    const account = mockDb.accountById(id);
    const profile = account ? mockDb.profile(id) : undefined;
    if (!account || !profile) return fail(actionErrors.unknownMember);
    const kycCase = mockDb.serverRows(KYC_CASES_TABLE).find((c) => c.member_id === id);
    const wallet = profile.crossmint_wallet_id !== null;
    const kyc = profile.kyc_status === 'approved';
    return {
      ok: true,
      value: {
        id,
        name: nameOf(id),
        email: account.email,
        role: roleOf(account.role),
        is_admin: account.isAdmin,
        joined: isoSecond(account.createdAt),
        readiness: {
          wallet,
          kyc,
          first_onramp: profile.first_onramp_ok,
          ready: wallet && kyc && profile.first_onramp_ok,
        },
        kyc: {
          status: profile.kyc_status,
          reason: (kycCase?.reason as string | null) ?? null,
          submitted_at: isoSecond(kycCase?.submitted_at),
          decided_at: isoSecond(kycCase?.decided_at),
        },
        wallet: { id: profile.crossmint_wallet_id },
        investments: investmentRowsOf(id).map((r) => ({
          id: String(r.id),
          opportunity_id: String(r.opportunity_id),
          opportunity_name: String(r.opportunity_name),
          amount_cents: Number(r.amount_cents),
          total_cents: Number(r.total_cents),
          method: String(r.method),
          status: String(r.status),
          submitted_at: isoSecond(r.submitted_at),
        })),
      },
    };
  },

  set_member_role: (caller, args) => {
    const denied = refusal('set_member_role', caller);
    if (denied || caller.kind !== 'member') return fail(denied ?? actionErrors.notSignedIn);
    if (args.member_id === caller.id) return fail(actionErrors.roleChangeSelf);
    if (!roleIds.includes(args.role as Role)) return fail(actionErrors.notAVaultRole);
    if (typeof args.is_admin !== 'boolean') return fail(actionErrors.isAdminRequired);
    const role = args.role as Role;
    const isAdmin = args.is_admin;
    const id = typeof args.member_id === 'string' ? args.member_id : '';
    const account = mockDb.accountById(id);
    if (!account) return fail(actionErrors.unknownMember);
    const answer = { id, role, is_admin: isAdmin };
    if (account.role === role && account.isAdmin === isAdmin) return { ok: true, value: answer };
    mockDb.setAccountRole(id, role, isAdmin);
    const event = appendAudit(caller, {
      action: 'member.role_changed',
      memberId: id,
      subjectType: 'member',
      subjectId: id,
      details: {
        from: { role: roleOf(account.role), is_admin: account.isAdmin },
        to: { role, is_admin: isAdmin },
      },
    });
    notifyMember(id, event, {
      title: 'Your access changed',
      body: `Your role is now ${role}${isAdmin ? ', with administrator rights' : ''}. It applies the next time you sign in.`,
    });
    return { ok: true, value: answer };
  },

  // /compliance's list: the order, filter and cursor are the domain's `listAlertsPage`.
  list_alerts: (caller, args) => {
    const denied = refusal('list_alerts', caller);
    if (denied) return fail(denied);
    const alerts = complianceAlertRows().map((row) => ({
      ...row,
      id: Number(row.id),
      status: alertStatuses.find((s) => s === row.status) ?? alertStatuses[0],
    }));
    const page = listAlertsPage(alerts, args);
    if (!page.ok) return fail(page.error);
    return { ok: true, value: page.rows as unknown as Record<string, string>[] };
  },

  acknowledge_alert: (caller, args) => alertTransition('acknowledge_alert', caller, args),
  resolve_alert: (caller, args) => alertTransition('resolve_alert', caller, args),

  record_repayment: (caller, args) => {
    const denied = refusal('record_repayment', caller);
    if (denied || caller.kind !== 'member') return fail(denied ?? actionErrors.notSignedIn);
    const cents = args.amount_cents;
    if (typeof cents !== 'number' || !Number.isInteger(cents) || cents <= 0) return fail(actionErrors.badAmount);
    const paidOn = typeof args.paid_on === 'string' ? args.paid_on : '';
    const today = new Date().toISOString().slice(0, 10);
    if (!/^\d{4}-\d{2}-\d{2}$/.test(paidOn) || paidOn > today) return fail(actionErrors.repaymentBadDate);
    const loan = sampleSharedRows.loans.find((l) => l.id === args.loan_id);
    if (!loan) return fail(actionErrors.unknownLoan);
    if (loan.status !== 'Active') return fail(actionErrors.loanNotActive);
    const existing = mockDb
      .serverRows(REPAYMENTS_TABLE)
      .find((r) => r.loan_id === loan.id && r.paid_on === paidOn && r.amount_cents === cents);
    if (existing) return { ok: true, value: existing as Record<string, string> };
    const row = mockDb.withServerRows(REPAYMENTS_TABLE, (rows) => {
      const made: ServerRow = {
        id: rows.length + 1,
        loan_id: loan.id,
        amount_cents: cents,
        paid_on: paidOn,
        recorded_by: caller.id,
        recorded_at: new Date().toISOString(),
      };
      rows.push(made);
      return { ...made };
    });
    appendAudit(caller, {
      action: 'repayment.recorded',
      memberId: null,
      subjectType: 'loan',
      subjectId: loan.id,
      details: { repayment_id: Number(row.id), amount_cents: cents, paid_on: paidOn, borrower: loan.borrower },
    });
    return { ok: true, value: row as Record<string, string> };
  },

  loan_book: (caller) => {
    const denied = refusal('loan_book', caller);
    if (denied) return fail(denied);
    const today = new Date().toISOString().slice(0, 10);
    const paid = mockDb.serverRows(REPAYMENTS_TABLE);
    const rows = [...sampleSharedRows.loans]
      .sort((a, b) => a.id.localeCompare(b.id))
      .map((loan) => {
        const schedule = sampleSharedRows.repayments.filter((r) => r.borrower === loan.borrower);
        const dueCents = schedule.filter((r) => r.due < today).reduce((sum, r) => sum + textCents(r.amount), 0);
        const paidCents = paid.filter((r) => r.loan_id === loan.id).reduce((sum, r) => sum + Number(r.amount_cents), 0);
        const upcoming = schedule.filter((r) => r.due >= today).map((r) => r.due.slice(0, 10));
        return {
          ...loan,
          due_cents: dueCents,
          paid_cents: paidCents,
          next_due_on: upcoming.sort()[0] ?? null,
          overdue: dueCents > paidCents,
        };
      });
    return { ok: true, value: rows as unknown as Record<string, string>[] };
  },

  set_asset_status: (caller, args) => {
    const denied = refusal('set_asset_status', caller);
    if (denied) return fail(denied);
    const status = args.status;
    if (!assetStatusChoices.includes(status as (typeof assetStatusChoices)[number])) {
      return fail(actionErrors.badAssetStatus);
    }
    const note = text(args.note);
    if (note === null) return fail(actionErrors.noteRequired);
    if (note.length > CONSOLE_NOTE_MAX_LENGTH) return fail(actionErrors.noteTooLong);
    const current = productionAssetRows().find((a) => a.name === args.asset_id);
    if (!current) return fail(actionErrors.unknownAsset);
    if (current.status === status) return { ok: true, value: current as Record<string, string> };
    mockDb.insertServerRow(ASSET_STATES_TABLE, { name: current.name, status });
    appendAudit(caller, {
      action: 'asset.status_changed',
      memberId: null,
      subjectType: 'asset',
      subjectId: String(current.name),
      details: { from: String(current.status), to: String(status), note },
    });
    return { ok: true, value: { ...current, status } as Record<string, string> };
  },

  export_report: (caller, args) => {
    if (caller.kind !== 'member') return fail(actionErrors.functionDenied('export_report'));
    const kind = reportKinds.find((k) => k === args.kind);
    if (!kind) return fail(actionErrors.badReportKind);
    if (!mayExportReport(kind, caller.reader)) return fail(actionErrors.reportDenied);
    const from = typeof args.from_at === 'string' ? Date.parse(args.from_at) : null;
    const to = typeof args.to_at === 'string' ? Date.parse(args.to_at) : null;
    if (from !== null && to !== null && from > to) return fail(actionErrors.badRange);
    const events = mockDb.serverRows(AUDIT_TABLE).filter((e) => inRange(e.occurred_at, from, to));
    let lines: (string | number | null)[][];
    if (kind === 'investments') {
      lines = allInvestments()
        .filter((r) => inRange(r.submitted_at, from, to))
        .sort((a, b) => String(a.submitted_at).localeCompare(String(b.submitted_at)))
        .map((r) => [
          String(r.id),
          isoSecond(r.submitted_at),
          isoSecond(r.decided_at),
          String(r.status),
          String(r.method),
          String(r.user_id),
          emailOf(String(r.user_id)),
          String(r.opportunity_id),
          String(r.opportunity_name),
          Number(r.amount_cents),
          centsToEuros(Number(r.amount_cents)),
          Number(r.total_cents),
          centsToEuros(Number(r.total_cents)),
        ]);
    } else if (kind === 'kyc_decisions') {
      const decisions = new Set<string>(['kyc.approved', 'kyc.rejected', 'kyc.resubmission_requested']);
      lines = events
        .filter((e) => decisions.has(String(e.action)))
        .map((e) => {
          const details = (e.details ?? {}) as Record<string, unknown>;
          return [
            Number(e.id),
            isoSecond(e.occurred_at),
            (e.member_id as string | null) ?? null,
            e.member_id ? emailOf(String(e.member_id)) : null,
            (details.status as string | undefined) ?? null,
            String(e.actor_role),
            (details.reason as string | undefined) ?? null,
          ];
        });
    } else if (kind === 'repayments') {
      const day = (t: number | null) => (t === null ? null : new Date(t).toISOString().slice(0, 10));
      const [fromDay, toDay] = [day(from), day(to)];
      lines = mockDb
        .serverRows(REPAYMENTS_TABLE)
        .filter(
          (r) => (fromDay === null || String(r.paid_on) >= fromDay) && (toDay === null || String(r.paid_on) < toDay),
        )
        .sort((a, b) => String(a.paid_on).localeCompare(String(b.paid_on)) || Number(a.id) - Number(b.id))
        .map((r) => [
          Number(r.id),
          String(r.loan_id),
          sampleSharedRows.loans.find((l) => l.id === r.loan_id)?.borrower ?? null,
          String(r.paid_on),
          Number(r.amount_cents),
          centsToEuros(Number(r.amount_cents)),
          isoSecond(r.recorded_at),
        ]);
    } else {
      lines = events.map((e) => [
        Number(e.id),
        isoSecond(e.occurred_at),
        (e.actor_id as string | null) ?? null,
        String(e.actor_role),
        String(e.action),
        (e.member_id as string | null) ?? null,
        (e.subject_type as string | null) ?? null,
        (e.subject_id as string | null) ?? null,
        JSON.stringify(e.details ?? {}),
        String(e.hash),
      ]);
    }
    const body = csv(kind, lines);
    appendAudit(caller, {
      action: 'report.exported',
      memberId: null,
      subjectType: 'report',
      subjectId: kind,
      details: { kind, from_at: isoSecond(args.from_at), to_at: isoSecond(args.to_at), rows: lines.length },
    });
    return { ok: true, value: body };
  },
};
