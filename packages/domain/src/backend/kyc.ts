import * as v from 'valibot';
import { parseTable } from '../table';
import type { AuditAction } from './audit';

/**
 * KYC: the statuses of `profiles.kyc_status` and the transitions the server functions carry
 * (06_kyc_and_payments.sql; docs/backend.md "KYC"). supabase/tests/kyc.test.ts runs every row of
 * `kycTransitions` against the SQL, and the notification texts against `kycNotification`
 * (packages/domain/src/notifications).
 */
export const kycStatuses = ['not_started', 'pending', 'approved', 'rejected', 'resubmission_requested'] as const;
export type KycStatus = (typeof kycStatuses)[number];
const KycStatusSchema = v.picklist(kycStatuses);

/** A new member's status. */
export const KYC_DEFAULT_STATUS: KycStatus = 'not_started';

/** The outcomes a provider or a reviewer can give. */
export const kycDecisions = ['approved', 'rejected', 'resubmission_requested'] as const;
export type KycDecision = (typeof kycDecisions)[number];

const kycFunctions = ['start_kyc', 'apply_kyc_result', 'review_kyc', 'reopen_kyc', 'demo_approve_kyc'] as const;
export type KycFunction = (typeof kycFunctions)[number];

const KycTransitionSchema = v.object({
  fn: v.picklist(kycFunctions),
  from: v.array(KycStatusSchema),
  /** null: the status the caller gives (the provider's result, the reviewer's decision). */
  to: v.nullable(KycStatusSchema),
  /**
   * What happens from the other statuses: 'refused' (an error), 'unchanged' (the row comes back,
   * nothing recorded), 'ignored' (the row comes back, kyc.result_ignored recorded).
   */
  otherwise: v.picklist(['refused', 'unchanged', 'ignored']),
});
export type KycTransition = v.InferOutput<typeof KycTransitionSchema>;

export const kycTransitions: readonly KycTransition[] = parseTable('KYC transition', KycTransitionSchema, [
  // The member submits; from pending it is a no-op (a retry). Approved is refused, and so is a
  // final rejection: only compliance reopens it.
  { fn: 'start_kyc', from: ['not_started', 'resubmission_requested'], to: 'pending', otherwise: 'refused' },
  // The provider's answer applies to a case under review only, once per event id and only when
  // newer than the last result applied; any other is recorded and ignored.
  { fn: 'apply_kyc_result', from: ['pending'], to: null, otherwise: 'ignored' },
  // A reviewer decides on a pending verification only.
  { fn: 'review_kyc', from: ['pending'], to: null, otherwise: 'refused' },
  // Compliance reopens a final rejection with a reason: the member is asked to submit again.
  { fn: 'reopen_kyc', from: ['rejected'], to: 'resubmission_requested', otherwise: 'refused' },
  // Demo mode approves at once; already approved, nothing changes.
  {
    fn: 'demo_approve_kyc',
    from: ['not_started', 'pending', 'rejected', 'resubmission_requested'],
    to: 'approved',
    otherwise: 'unchanged',
  },
]);

/**
 * The status after `fn` from `from` (with the caller's `decision` where the function takes one),
 * 'unchanged' for a no-op, 'ignored' for a provider result recorded and ignored, or 'refused'.
 * start_kyc from pending is the one 'unchanged' besides demo_approve_kyc from approved.
 */
export function nextKycStatus(
  fn: KycFunction,
  from: KycStatus,
  decision?: KycDecision,
): KycStatus | 'unchanged' | 'ignored' | 'refused' {
  if (fn === 'start_kyc' && from === 'pending') return 'unchanged';
  const transition = kycTransitions.find((t) => t.fn === fn);
  if (!transition) return 'refused';
  if (!transition.from.includes(from)) return transition.otherwise;
  return transition.to ?? decision ?? 'refused';
}

/** The audit action each status is reached by. */
export const kycActionFor: Record<Exclude<KycStatus, 'not_started'>, AuditAction> = {
  pending: 'kyc.submitted',
  approved: 'kyc.approved',
  rejected: 'kyc.rejected',
  resubmission_requested: 'kyc.resubmission_requested',
};

/** The reason apply_kyc_result stores when the provider rejects without one. */
export const KYC_PROVIDER_NO_REASON = 'No reason given by the provider';

/** The longest reason a decision may carry. */
export const KYC_REASON_MAX_LENGTH = 500;
