import * as v from 'valibot';

/**
 * The audit trail's action names (`public.audit_events.action`, 05_audit.sql).
 * The table's CHECK constraint lists exactly these; supabase/tests/audit.test.ts proves it.
 * docs/backend.md "The audit trail" says which function records each.
 */
export const auditActions = [
  'wallet.created',
  'kyc.submitted',
  'kyc.approved',
  'kyc.rejected',
  'kyc.resubmission_requested',
  'payment.settled',
  'payment.failed',
  'onramp.completed',
  'agreement.signed',
  'document.signed',
  'investment.submitted',
  'investment.confirmed',
  'investment.rejected',
  'investment.cancelled',
  'member.role_changed',
  'alert.acknowledged',
  'alert.resolved',
  'repayment.recorded',
  'asset.status_changed',
  'report.exported',
  'investor.classified',
  'appropriateness.submitted',
  'appropriateness.warning_acknowledged',
  'investment.cooling_off_started',
  'ledger.transferred',
  'payment.refunded',
  'payment.charged_back',
  'onramp.revoked',
  'withdrawal.requested',
  'withdrawal.paid',
  'withdrawal.failed',
  'withdrawal.overdue',
  'investment.funded',
  'investment.expired',
  'kyc.result_ignored',
  'kyc.reopened',
  'investor.professional_reviewed',
  'member.deleted',
  'member.pseudonymised',
  'member.personal_data_viewed',
  'offering.created',
  'offering.updated',
  'offering.submitted',
  'offering.approved',
  'offering.returned',
  'offering.opened',
  'offering.issued',
  'offering.failed',
  'offering.withdrawn',
  'statement.issued',
  'statement.viewed',
  'offering.matured',
  'offering.price_set',
  'offering.income_recorded',
  'distribution.declared',
  'distribution.paid',
  'redemption.requested',
  'redemption.approved',
  'redemption.rejected',
  'bank.account_linked',
  'bank.account_unlinked',
] as const;
export type AuditAction = (typeof auditActions)[number];
const AuditActionSchema = v.picklist(auditActions);

/** Who the trail records as the actor: a Vault role, 'admin' (the admin flag), the service role or 'system'. */
const auditActorRoles = [
  'investor',
  'mfo_admin',
  'cl_spv_admin',
  'eq_spv_admin',
  'production_spv',
  'compliance',
  'admin',
  'service_role',
  'system',
] as const;

/** One row of `public.audit_events`, as a reader gets it. */
export const AuditEventRowSchema = v.object({
  id: v.union([v.number(), v.string()]),
  occurred_at: v.union([v.string(), v.date()]),
  actor_id: v.nullable(v.pipe(v.string(), v.uuid())),
  actor_role: v.picklist(auditActorRoles),
  action: AuditActionSchema,
  member_id: v.nullable(v.pipe(v.string(), v.uuid())),
  subject_type: v.nullable(v.string()),
  subject_id: v.nullable(v.string()),
  details: v.record(v.string(), v.unknown()),
  prev_hash: v.pipe(v.string(), v.regex(/^[0-9a-f]{64}$/)),
  hash: v.pipe(v.string(), v.regex(/^[0-9a-f]{64}$/)),
  /** 2: the hash covers each personal value by its digest, so it can be erased (auditHash.ts). */
  hash_version: v.optional(v.picklist([1, 2])),
  /** The digests of the personal values erased by pseudonymise_member. */
  erased: v.optional(v.nullable(v.record(v.string(), v.string()))),
});

/** The first event's prev_hash: no event comes before it. */
export const AUDIT_GENESIS_HASH = '0'.repeat(64);
