import * as v from 'valibot';
import { RoleSchema } from './roles';

/** Schemas of the sample entities of docs/product.md §3, as the backend serves them. */

export const OpportunityDetailSchema = v.object({
  id: v.pipe(v.string(), v.nonEmpty()),
  name: v.string(),
  type: v.string(),
  yield: v.string(),
  risk: v.string(),
  impact: v.string(),
  term: v.string(),
  status: v.string(),
});
export type OpportunityDetail = v.InferOutput<typeof OpportunityDetailSchema>;

const documentStatuses = ['Signed', 'Pending', 'Available', 'Sent'] as const;
export const DocumentSchema = v.object({
  id: v.optional(v.string()),
  name: v.string(),
  status: v.picklist(documentStatuses),
  type: v.optional(v.string()),
  date: v.optional(v.string()),
});
export type VaultDocument = v.InferOutput<typeof DocumentSchema>;

/** An investment's life (packages/domain/src/investments.ts says who moves it). */
export const investmentStatuses = [
  'Pending',
  'Awaiting payment',
  'Active',
  'Matured',
  'Rejected',
  'Cancelled',
] as const;
const CentsSchema = v.pipe(v.number(), v.safeInteger(), v.minValue(0));
/** An ISO 8601 timestamp with its offset, as PostgREST serializes a timestamptz. */
const TimestampSchema = v.pipe(v.string(), v.isoTimestamp());
/**
 * One of the member's investments, as `public.investments` stores it: money in integer cents,
 * times as timestamptz. The screens format both through the domain (investments.ts).
 */
export const InvestmentRowSchema = v.object({
  opportunity_id: v.pipe(v.string(), v.nonEmpty()),
  id: v.pipe(v.string(), v.nonEmpty()),
  /** The opportunity's name when the member invested. */
  opportunity_name: v.string(),
  amount_cents: CentsSchema,
  management_fee_cents: CentsSchema,
  card_fee_cents: CentsSchema,
  total_cents: CentsSchema,
  method: v.picklist(['bank', 'card']),
  status: v.picklist(investmentStatuses),
  submitted_at: TimestampSchema,
  decided_at: v.nullable(TimestampSchema),
  reason: v.nullable(v.string()),
});
export type InvestmentRow = v.InferOutput<typeof InvestmentRowSchema>;

const loanStatuses = ['Active', 'Pending'] as const;
/** The SPV a loan, holding or asset belongs to (`public.spvs`): its administrators see it. */
const SpvIdSchema = v.optional(v.string());

export const LoanSchema = v.object({
  id: v.string(),
  borrower: v.string(),
  amount: v.string(),
  status: v.picklist(loanStatuses),
  /** The loan's first day, where known: no repayment is recorded before it. */
  starts_on: v.optional(v.nullable(v.string())),
  spv_id: SpvIdSchema,
  /** The offering that financed the loan: repayments are paid into its account. */
  opportunity_id: v.optional(v.nullable(v.string())),
});
export type Loan = v.InferOutput<typeof LoanSchema>;

export const EquityHoldingSchema = v.object({
  company: v.string(),
  shares: v.number(),
  value: v.string(),
  performance: v.string(),
  spv_id: SpvIdSchema,
});
export type EquityHolding = v.InferOutput<typeof EquityHoldingSchema>;

const assetStatuses = ['Operational', 'Under Maintenance'] as const;
export const ProductionAssetSchema = v.object({
  name: v.string(),
  status: v.picklist(assetStatuses),
  value: v.string(),
  spv_id: SpvIdSchema,
});
export type ProductionAsset = v.InferOutput<typeof ProductionAssetSchema>;

export const alertPriorities = ['High', 'Medium'] as const;
/** An alert moves open → acknowledged → resolved (or open → resolved), never back (acknowledge_alert, resolve_alert). */
export const alertStatuses = ['open', 'acknowledged', 'resolved'] as const;
const OptionalTextSchema = v.optional(v.nullable(v.string()));
export const ComplianceAlertSchema = v.object({
  user: v.string(),
  issue: v.string(),
  priority: v.picklist(alertPriorities),
  /** The server's id and status, with who acted and when; absent from rows written before them. */
  id: v.optional(v.number()),
  status: v.optional(v.picklist(alertStatuses)),
  acknowledged_by: OptionalTextSchema,
  acknowledged_at: OptionalTextSchema,
  resolved_by: OptionalTextSchema,
  resolved_at: OptionalTextSchema,
  note: OptionalTextSchema,
  /** The member the alert concerns, where known (nobody reviews an alert about themselves). */
  member_id: OptionalTextSchema,
});
export type ComplianceAlert = v.InferOutput<typeof ComplianceAlertSchema>;

export const AuditLogSchema = v.object({
  id: v.string(),
  actor: v.string(),
  action: v.string(),
  at: v.string(),
});
export type AuditLog = v.InferOutput<typeof AuditLogSchema>;

export type Status = (
  | typeof documentStatuses
  | typeof investmentStatuses
  | typeof assetStatuses
  | typeof alertPriorities
)[number];
/** Every status a StatusChip can show, across entities, once each (Pending is a document's and an investment's). */
export const statuses: readonly Status[] = [
  ...new Set<Status>([...documentStatuses, ...investmentStatuses, ...assetStatuses, ...alertPriorities]),
];

/** The create-crossmint-wallet function's answer (docs/product.md §3 and §7). */
const CreateWalletResponseSchema = v.object({
  success: v.boolean(),
  walletId: v.optional(v.nullable(v.string())),
  error: v.optional(v.nullable(v.string())),
});

/**
 * Reads the wallet function's answer: the wallet id on success, or the message to show after
 * 'Failed to create wallet'. Success needs `success: true` and a wallet id (docs/product.md §5).
 */
export function readCreateWalletResponse(body: unknown): { ok: true; walletId: string } | { ok: false; error: string } {
  const parsed = v.safeParse(CreateWalletResponseSchema, body);
  if (!parsed.success) return { ok: false, error: 'The wallet service sent an answer that could not be read' };
  const { success, walletId, error } = parsed.output;
  if (success && walletId) return { ok: true, walletId };
  if (success) return { ok: false, error: 'The wallet service did not return a wallet id' };
  return { ok: false, error: error || 'The wallet service reported a failure' };
}

// The platform tables behind /users, the dashboards and /loans (docs/backend.md), moved here from
// the app so the app, the embedded backend and supabase/ read one schema.

const memberStatuses = ['Active', 'Pending', 'Suspended'] as const;
/** A row of the member list behind /users (the `members` view). */
export const PlatformUserSchema = v.object({
  id: v.string(),
  name: v.string(),
  email: v.string(),
  role: RoleSchema,
  status: v.picklist(memberStatuses),
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
