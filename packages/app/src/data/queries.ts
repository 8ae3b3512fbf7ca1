import { type DashboardKind, dashboardFor, type ScreenKey, type Session } from '@vault/domain';
import type { TableName } from '../backend/schemas';
import { type Eq, prefetch } from './cache';
import { useQuery } from './useQuery';

/**
 * The table behind each entity: the one place a table's name is written in the app, so a
 * renamed table is a one-line change here.
 */
export const tableOf = {
  opportunity: 'opportunities',
  opportunityDetail: 'opportunity_details',
  document: 'documents',
  investment: 'investments',
  notification: 'notifications',
  upcomingAction: 'upcoming_actions',
  member: 'members',
  activity: 'activity',
  loan: 'loans',
  repayment: 'repayments',
  equityHolding: 'equity_holdings',
  productionAsset: 'production_assets',
  complianceAlert: 'compliance_alerts',
  auditLog: 'audit_logs',
} as const satisfies Record<string, TableName>;

export const useOpportunities = () => useQuery(tableOf.opportunity);
/** One opportunity of the list; answered from the list's rows when they are here. */
export const useOpportunity = (id: string) => useQuery(tableOf.opportunity, { id });
/** The detail and the investment flow share it: going from one to the other fetches nothing. */
export const useOpportunityDetail = (id: string) => useQuery(tableOf.opportunityDetail, { id });
export const useDocuments = () => useQuery(tableOf.document);
export const useInvestments = () => useQuery(tableOf.investment);
export const useNotifications = () => useQuery(tableOf.notification);
export const useUpcomingActions = () => useQuery(tableOf.upcomingAction);
export const useMembers = () => useQuery(tableOf.member);
export const useActivity = () => useQuery(tableOf.activity);
export const useLoans = () => useQuery(tableOf.loan);
export const useRepayments = () => useQuery(tableOf.repayment);
export const useEquityHoldings = () => useQuery(tableOf.equityHolding);
export const useProductionAssets = () => useQuery(tableOf.productionAsset);
export const useComplianceAlerts = () => useQuery(tableOf.complianceAlert);
export const useAuditLogs = () => useQuery(tableOf.auditLog);

type Needs = (params: Readonly<Record<string, string>>, session: Session) => [TableName, Eq?][];

/** What each dashboard reads on its first render (screens/Dashboard/*Dashboard.tsx). */
const dashboardTables: Record<Exclude<DashboardKind, 'signed-out' | 'unknown'>, TableName[]> = {
  investor: [tableOf.investment, tableOf.notification, tableOf.upcomingAction],
  'mfo-admin': [
    tableOf.member,
    tableOf.complianceAlert,
    tableOf.activity,
    tableOf.loan,
    tableOf.equityHolding,
    tableOf.productionAsset,
  ],
  'cl-spv': [tableOf.loan, tableOf.repayment],
  'eq-spv': [tableOf.equityHolding],
  'production-spv': [tableOf.productionAsset],
  compliance: [tableOf.complianceAlert, tableOf.auditLog],
};

/**
 * What each screen loads first, so the router can start it with the screen's code. Screens not
 * listed load nothing from tables, or choose by role (the dashboard) once they render.
 */
const screenNeeds: Partial<Record<ScreenKey, Needs>> = {
  dashboard: (_params, session) => {
    const kind = dashboardFor(session);
    return kind === 'signed-out' || kind === 'unknown' ? [] : dashboardTables[kind].map((table) => [table]);
  },
  opportunities: () => [[tableOf.opportunity]],
  // Both at once: the facts under the detail do not wait for the detail (OpportunityDetail).
  opportunityDetail: ({ id = '' }) => [
    [tableOf.opportunityDetail, { id }],
    [tableOf.opportunity, { id }],
  ],
  investmentFlow: ({ id = '' }) => [[tableOf.opportunityDetail, { id }]],
  documents: () => [[tableOf.document]],
  users: () => [[tableOf.member]],
};

/** Starts a screen's first data requests (see screenNeeds); the router calls it with the screen's code. */
export function prefetchScreen(screen: ScreenKey, params: Readonly<Record<string, string>>, session: Session): void {
  for (const [table, eq] of screenNeeds[screen]?.(params, session) ?? []) prefetch(table, eq);
}
