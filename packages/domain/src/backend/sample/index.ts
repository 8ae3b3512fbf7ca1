import { collectionAccount } from './collectionAccount';
import { opportunities, opportunityDetails } from './opportunities';
import { activity, notifications, repayments, upcomingActions, users } from './platform';
import {
  auditLogs,
  complianceAlerts,
  documents,
  equityHoldings,
  investments,
  loanSchedule,
  loans,
  productionAssets,
} from './portfolio';
import { spvs } from './spvs';

/** The sample SPVs (`public.spvs`): the seed writes them before the rows that name them. */
export const sampleSpvs = spvs;

/** The account the demo collects bank transfers on (`app_settings`): a test account. */
export const sampleCollectionAccount = collectionAccount;

/** The sample loans' repayment schedules (`public.loan_schedule`), written after the loans. */
export const sampleLoanSchedule = loanSchedule;

/**
 * The sample data, one source for both backends: the embedded mock serves it, and
 * `supabase/seed.sql` is generated from it (`npm run gen:seed`, docs/backend.md).
 */
export const sampleData = {
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
} as const;

/**
 * The per-member sample rows, by table (`sample_member_rows`): the demo investor's sample history,
 * which the seed gives it (its investments as real, funded ones); of them a new member gets only the
 * membership agreement awaiting signature, in the new-user trigger (docs/backend.md, demo mode).
 */
export const sampleMemberRows = {
  documents,
  investments,
  notifications,
  upcoming_actions: upcomingActions,
} as const;

/** The rows of the tables every reader shares (catalogue and role tables), by table name. */
export const sampleSharedRows = {
  opportunities,
  opportunity_details: opportunityDetails,
  loans,
  repayments,
  equity_holdings: equityHoldings,
  production_assets: productionAssets,
  compliance_alerts: complianceAlerts,
  audit_logs: auditLogs,
  activity,
} as const;
