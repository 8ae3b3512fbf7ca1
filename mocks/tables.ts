import { sampleData } from '@vault/domain';

const {
  opportunities,
  opportunityDetails,
  documents,
  investments,
  loans,
  repayments,
  equityHoldings,
  productionAssets,
  complianceAlerts,
  auditLogs,
  users,
  activity,
  notifications,
  upcomingActions,
} = sampleData;

/**
 * Every sample table the embedded backend serves at /rest/v1/<name> (docs/decisions.md (13)).
 * The rows live in @vault/domain, the one source `supabase/seed.sql` is generated from too.
 */
export const sampleTables = {
  opportunities,
  opportunity_details: opportunityDetails,
  documents,
  investments,
  loans,
  repayments,
  equity_holdings: equityHoldings,
  production_assets: productionAssets,
  compliance_alerts: complianceAlerts,
  audit_logs: auditLogs,
  users,
  activity,
  notifications,
  upcoming_actions: upcomingActions,
} as const;

export type SampleTableName = keyof typeof sampleTables;

export function isSampleTable(name: string): name is SampleTableName {
  return Object.hasOwn(sampleTables, name);
}
