import * as v from 'valibot';
import { AUDIT_TRAIL_YEARS } from '../constants';
import { parseTable } from '../table';

/**
 * The audit trail's action names (`public.audit_events.action`, 20261124120000_audit_events.sql).
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
  'member.role_changed',
] as const;
export type AuditAction = (typeof auditActions)[number];
export const AuditActionSchema = v.picklist(auditActions);

/** Who the trail records as the actor: a Vault role, 'admin' (the admin flag), the service role or 'system'. */
export const auditActorRoles = [
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
});
export type AuditEventRow = v.InferOutput<typeof AuditEventRowSchema>;

/** The first event's prev_hash: no event comes before it. */
export const AUDIT_GENESIS_HASH = '0'.repeat(64);

/** Who reads which events (the policy on `public.audit_events`). */
const AuditReaderSchema = v.object({
  reader: v.picklist(['compliance', 'mfo_admin', 'admin flag', 'member', 'anon']),
  reads: v.picklist(['all', 'own', 'none']),
});
export const auditReaders = parseTable('audit reader', AuditReaderSchema, [
  { reader: 'compliance', reads: 'all' },
  { reader: 'mfo_admin', reads: 'all' },
  { reader: 'admin flag', reads: 'all' },
  { reader: 'member', reads: 'own' },
  { reader: 'anon', reads: 'none' },
]);

/** How long the trail is kept. No deletion path exists, so nothing is removed before or after. */
export const AUDIT_RETENTION_YEARS = AUDIT_TRAIL_YEARS;
