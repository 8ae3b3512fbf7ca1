import { opportunities, opportunityDetails } from './data/opportunities';
import { activity, notifications, repayments, upcomingActions, users } from './data/platform';
import {
  auditLogs,
  complianceAlerts,
  documents,
  equityHoldings,
  investments,
  loans,
  productionAssets,
} from './data/portfolio';

/** Every sample table the embedded backend serves at /rest/v1/<name> (PRODUCT.md decision 13). */
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
