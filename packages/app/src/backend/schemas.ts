import {
  ActivitySchema,
  AuditLogSchema,
  ComplianceAlertSchema,
  DocumentSchema,
  EquityHoldingSchema,
  InvestmentRowSchema,
  LoanSchema,
  NotificationSchema,
  OpportunityDetailSchema,
  OpportunitySchema,
  PlatformUserSchema,
  ProductionAssetSchema,
  RepaymentSchema,
  UpcomingActionSchema,
} from '@vault/domain';
import type * as v from 'valibot';

// The row schemas live in @vault/domain (the backend contract); these names stay for the screens.
export type {
  PlatformUser,
  Repayment,
} from '@vault/domain';

/**
 * Every table the screens read and the schema its rows must meet (docs/decisions.md (13)); the
 * backend's extra columns (a per-member row's `user_id`) are dropped by the schemas.
 */
export const tableSchemas = {
  opportunities: OpportunitySchema,
  opportunity_details: OpportunityDetailSchema,
  documents: DocumentSchema,
  investments: InvestmentRowSchema,
  loans: LoanSchema,
  repayments: RepaymentSchema,
  equity_holdings: EquityHoldingSchema,
  production_assets: ProductionAssetSchema,
  compliance_alerts: ComplianceAlertSchema,
  audit_logs: AuditLogSchema,
  members: PlatformUserSchema,
  activity: ActivitySchema,
  notifications: NotificationSchema,
  upcoming_actions: UpcomingActionSchema,
} as const;

export type TableName = keyof typeof tableSchemas;
export type TableRow<T extends TableName> = v.InferOutput<(typeof tableSchemas)[T]>;
