import {
  AuditLogSchema,
  ComplianceAlertSchema,
  DocumentSchema,
  EquityHoldingSchema,
  InvestmentRowSchema,
  LoanSchema,
  OpportunityDetailSchema,
  OpportunitySchema,
  ProductionAssetSchema,
  RoleSchema,
} from '@vault/domain';
import * as v from 'valibot';

/**
 * A member's profile row (docs/backend.md): `name` and `preferences` are the member's to edit;
 * `kyc_status`, `first_onramp_ok` and `crossmint_wallet_id` are the server's.
 */
export const ProfileRowSchema = v.object({
  id: v.pipe(v.string(), v.nonEmpty()),
  name: v.optional(v.pipe(v.nullable(v.string()), v.transform((name) => name ?? '')), ''),
  kyc_status: v.optional(v.pipe(v.nullable(v.string()), v.transform((status) => status ?? 'unknown')), 'unknown'),
  first_onramp_ok: v.optional(v.pipe(v.nullable(v.boolean()), v.transform((ok) => ok ?? false)), false),
  crossmint_wallet_id: v.optional(v.nullable(v.string()), null),
  updated_at: v.optional(v.string()),
});
export type ProfileRow = v.InferOutput<typeof ProfileRowSchema>;

// Tables the domain package has no entity schema for (users list, activity, notifications,
// upcoming actions, repayments); kept here until the domain takes them over.

export const PlatformUserSchema = v.object({
  id: v.string(),
  name: v.string(),
  email: v.string(),
  role: RoleSchema,
  status: v.picklist(['Active', 'Pending', 'Suspended']),
  joined: v.string(),
});
export type PlatformUser = v.InferOutput<typeof PlatformUserSchema>;

export const ActivitySchema = v.object({ id: v.string(), text: v.string(), at: v.string() });
export type Activity = v.InferOutput<typeof ActivitySchema>;

export const NotificationSchema = v.object({
  id: v.string(),
  title: v.string(),
  body: v.string(),
  at: v.string(),
  read: v.boolean(),
});
export type Notification = v.InferOutput<typeof NotificationSchema>;

export const UpcomingActionSchema = v.object({
  id: v.string(),
  title: v.string(),
  detail: v.string(),
  due: v.string(),
});
export type UpcomingAction = v.InferOutput<typeof UpcomingActionSchema>;

export const RepaymentSchema = v.object({ id: v.string(), borrower: v.string(), amount: v.string(), due: v.string() });
export type Repayment = v.InferOutput<typeof RepaymentSchema>;

/** Every sample table and the schema its rows must meet (PRODUCT.md decision 13). */
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
  users: PlatformUserSchema,
  activity: ActivitySchema,
  notifications: NotificationSchema,
  upcoming_actions: UpcomingActionSchema,
} as const;

export type TableName = keyof typeof tableSchemas;
export type TableRow<T extends TableName> = v.InferOutput<(typeof tableSchemas)[T]>;
