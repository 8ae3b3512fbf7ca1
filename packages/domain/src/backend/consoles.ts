import * as v from 'valibot';
import type { alertStatuses } from '../entities';
import { type Role, RoleSchema } from '../roles';
import { parseTable } from '../table';
import type { BackendError } from './errors';

/**
 * The operators' consoles on the server (docs/backend.md "Consoles"): who may call each of their
 * functions, and which role may export which report. The SQL implements them
 * (supabase/schemas/10_consoles.sql); these tables hold the data the app and the SQL tests share,
 * and supabase/tests/consoles.test.ts calls every function as every role and holds the SQL to them.
 */

/** The refusals of the consoles' functions (actionErrors.ts includes them). */
export const consoleErrors = {
  kycQueueDenied: { code: '42501', message: 'only compliance or an administrator may read the KYC queue' },
  auditReadDenied: {
    code: '42501',
    message: 'only compliance, mfo_admin or an administrator may read the audit trail',
  },
  subscriptionsDenied: {
    code: '42501',
    message: "only an SPV's administrators or an administrator may read subscriptions",
  },
  memberDetailDenied: { code: '42501', message: "only mfo_admin or an administrator may read a member's detail" },
  roleChangeDenied: { code: '42501', message: "only mfo_admin or an administrator may change a member's role" },
  roleChangeSelf: { code: '42501', message: 'nobody changes their own role' },
  roleChangeDemo: { code: '42501', message: 'a demo account changes no role' },
  roleChangeNeedsAdmin: {
    code: '42501',
    message:
      "only an administrator grants or removes the admin flag or the mfo_admin role, or changes an administrator's role",
  },
  alertSelfReview: { code: '42501', message: 'nobody reviews an alert about themselves' },
  repaymentReferenceRequired: {
    code: '22023',
    message: "reference is required: the lender's reference, at most 100 characters",
  },
  repaymentReferenceReused: {
    code: 'P0001',
    message: 'this reference is already recorded for another repayment of this loan',
  },
  repaymentOutsideLoanLife: { code: '22023', message: "paid_on must be within the loan's life" },
  repaymentOverOutstanding: { code: '22023', message: "amount_cents is more than the loan's outstanding amount" },
  notAVaultRole: { code: '22023', message: 'role is not a Vault role' },
  isAdminRequired: { code: '22023', message: 'is_admin must be true or false' },
  alertDenied: { code: '42501', message: 'only mfo_admin or an administrator may act on compliance alerts' },
  alertReadDenied: { code: '42501', message: 'only mfo_admin or an administrator may read compliance alerts' },
  badAlertStatus: { code: '22023', message: 'status must be open, acknowledged or resolved' },
  badAlertCursor: { code: '22023', message: 'after is not an alert id' },
  unknownAlert: { code: '22023', message: 'unknown alert' },
  alertNoteRequired: { code: '22023', message: 'a note is required to resolve an alert' },
  noteTooLong: { code: '22023', message: 'note must be at most 500 characters' },
  alertResolved: { code: 'P0001', message: 'the alert is already resolved' },
  repaymentDenied: { code: '42501', message: 'only cl_spv_admin or an administrator may record a repayment' },
  repaymentBadDate: { code: '22023', message: 'paid_on must be a date, not in the future' },
  unknownLoan: { code: '22023', message: 'unknown loan' },
  loanNotActive: { code: 'P0001', message: 'only an active loan takes repayments' },
  loanBookDenied: {
    code: '42501',
    message: 'only cl_spv_admin, mfo_admin or an administrator may read the loan book',
  },
  assetDenied: { code: '42501', message: "only production_spv or an administrator may change an asset's status" },
  badAssetStatus: { code: '22023', message: 'status must be Operational or Under Maintenance' },
  noteRequired: { code: '22023', message: 'a note is required' },
  unknownAsset: { code: '22023', message: 'unknown asset' },
  reportDenied: { code: '42501', message: 'your role may not export this report' },
  badReportKind: {
    code: '22023',
    message: 'kind must be investments, kyc_decisions, repayments or audit_events',
  },
  badRange: { code: '22023', message: 'from_at must not be after to_at' },
  badAuditAction: { code: '22023', message: 'action is not an audit action' },
  badInvestmentStatus: { code: '22023', message: 'status is not an investment status' },
  badMemberCursor: { code: '22023', message: 'after is not a member id' },
  badInvestmentCursor: { code: '22023', message: 'after is not an investment id' },
} as const satisfies Record<string, BackendError>;

/** The functions of the consoles and the Vault roles each accepts; the admin flag reaches all of them. */
const ConsoleFunctionSchema = v.object({
  name: v.pipe(v.string(), v.regex(/^[a-z_]+$/)),
  roles: v.array(RoleSchema),
  /** The refusal of a signed-in caller of another role. */
  denied: v.object({ code: v.literal('42501'), message: v.string() }),
});
export type ConsoleFunction = v.InferOutput<typeof ConsoleFunctionSchema>;

export const consoleFunctions: readonly ConsoleFunction[] = parseTable('console function', ConsoleFunctionSchema, [
  { name: 'list_kyc_queue', roles: ['compliance'], denied: consoleErrors.kycQueueDenied },
  { name: 'list_audit_events', roles: ['compliance', 'mfo_admin'], denied: consoleErrors.auditReadDenied },
  { name: 'audit_names', roles: ['compliance', 'mfo_admin'], denied: consoleErrors.auditReadDenied },
  {
    name: 'list_subscriptions',
    roles: ['cl_spv_admin', 'eq_spv_admin', 'production_spv'],
    denied: consoleErrors.subscriptionsDenied,
  },
  { name: 'member_detail', roles: ['mfo_admin'], denied: consoleErrors.memberDetailDenied },
  { name: 'list_alerts', roles: ['mfo_admin'], denied: consoleErrors.alertReadDenied },
  { name: 'set_member_role', roles: ['mfo_admin'], denied: consoleErrors.roleChangeDenied },
  { name: 'acknowledge_alert', roles: ['mfo_admin'], denied: consoleErrors.alertDenied },
  { name: 'resolve_alert', roles: ['mfo_admin'], denied: consoleErrors.alertDenied },
  { name: 'record_repayment', roles: ['cl_spv_admin'], denied: consoleErrors.repaymentDenied },
  { name: 'loan_book', roles: ['cl_spv_admin', 'mfo_admin'], denied: consoleErrors.loanBookDenied },
  { name: 'set_asset_status', roles: ['production_spv'], denied: consoleErrors.assetDenied },
]);

/** Whether a caller (their Vault role and admin flag) may call a console function. */
export function mayCallConsoleFunction(name: string, caller: { role: Role; isAdmin: boolean }): boolean {
  const entry = consoleFunctions.find((f) => f.name === name);
  if (!entry) return false;
  return caller.isAdmin || entry.roles.includes(caller.role);
}

/** A page of a console list: null means the default; anything else is kept within the bounds. */
const consolePage = { defaultSize: 50, maxSize: 200 } as const;
export function consolePageSize(requested: number | null | undefined): number {
  if (requested === null || requested === undefined) return consolePage.defaultSize;
  return Math.min(Math.max(Math.trunc(requested), 1), consolePage.maxSize);
}

/**
 * The order of /compliance's alerts (`list_alerts`): open first, then acknowledged, then
 * resolved (an alert's status rank is its place in `alertStatuses`, as
 * `public.alert_status_rank(status)` gives it), and newest first within a status (a higher id is
 * a later alert). The SQL implements the order, the filter and the keyset paging
 * (10_consoles.sql; supabase/tests/list-alerts.test.ts).
 */
export type AlertStatus = (typeof alertStatuses)[number];

/** The reports of /reports, each a CSV over a date range. */
export const reportKinds = ['investments', 'kyc_decisions', 'repayments', 'audit_events'] as const;
export type ReportKind = (typeof reportKinds)[number];

/** Which roles may export each report; the admin flag exports every one. */
const reportExporters: Readonly<Record<ReportKind, readonly Role[]>> = {
  investments: ['mfo_admin', 'eq_spv_admin'],
  kyc_decisions: ['mfo_admin', 'compliance'],
  repayments: ['mfo_admin', 'cl_spv_admin'],
  audit_events: ['mfo_admin', 'compliance'],
};

export function mayExportReport(kind: ReportKind, caller: { role: Role; isAdmin: boolean }): boolean {
  return caller.isAdmin || reportExporters[kind].includes(caller.role);
}

/** Each report's header row, the CSV's first line. */
export const reportColumns: Readonly<Record<ReportKind, readonly string[]>> = {
  investments: [
    'id',
    'submitted_at',
    'decided_at',
    'status',
    'method',
    'member_id',
    'email',
    'opportunity_id',
    'opportunity_name',
    'amount_cents',
    'amount_eur',
    'total_cents',
    'total_eur',
  ],
  kyc_decisions: ['event_id', 'decided_at', 'member_id', 'email', 'decision', 'decided_by', 'reason'],
  repayments: ['id', 'loan_id', 'borrower', 'paid_on', 'amount_cents', 'amount_eur', 'recorded_at'],
  audit_events: [
    'id',
    'occurred_at',
    'actor_id',
    'actor_role',
    'action',
    'member_id',
    'subject_type',
    'subject_id',
    'details',
    'hash',
  ],
};

/** The statuses an operator may set on a production asset. */
export const assetStatusChoices = ['Operational', 'Under Maintenance'] as const;

/** A note or reason an operator types: at most this many characters. */
export const CONSOLE_NOTE_MAX_LENGTH = 500;

/** One CSV field (RFC 4180), with a leading = + - @ escaped so a spreadsheet runs no formula. */
export function csvField(value: string | null): string {
  if (value === null) return '';
  const escaped = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(escaped) ? `"${escaped.replaceAll('"', '""')}"` : escaped;
}

/** Cents as euros with two decimals ('1234.50'). */
export function centsToEuros(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const whole = Math.abs(cents);
  return `${sign}${Math.trunc(whole / 100)}.${String(whole % 100).padStart(2, '0')}`;
}

/**
 * The consoles' server actions, as actions.ts declares every server action (it includes these):
 * arguments in order, who holds EXECUTE, and what each records.
 */
export const consoleServerActions = [
  { name: 'list_kyc_queue', args: ['after', 'page_size'], records: ['member.personal_data_viewed'] },
  {
    name: 'list_audit_events',
    args: ['member_id', 'action', 'from_at', 'to_at', 'before_id', 'page_size'],
    records: [],
  },
  { name: 'audit_names', args: ['ids'], records: [] },
  { name: 'list_subscriptions', args: ['status', 'after', 'page_size'], records: [] },
  { name: 'member_detail', args: ['member_id'], records: ['member.personal_data_viewed'] },
  { name: 'list_alerts', args: ['status', 'after', 'page_size'], records: [] },
  { name: 'set_member_role', args: ['member_id', 'role', 'is_admin'], records: ['member.role_changed'] },
  { name: 'acknowledge_alert', args: ['alert_id', 'note'], records: ['alert.acknowledged'] },
  { name: 'resolve_alert', args: ['alert_id', 'note'], records: ['alert.resolved'] },
  {
    name: 'record_repayment',
    args: ['loan_id', 'amount_cents', 'paid_on', 'reference'],
    records: ['repayment.recorded'],
  },
  { name: 'loan_book', args: [], records: [] },
  { name: 'set_asset_status', args: ['asset_id', 'status', 'note'], records: ['asset.status_changed'] },
  { name: 'export_report', args: ['kind', 'from_at', 'to_at'], records: ['report.exported'] },
].map((action) => ({
  ...action,
  executableBy: ['authenticated'],
  accepts: action.name === 'export_report' ? 'per report kind' : 'the roles consoleFunctions names',
}));
