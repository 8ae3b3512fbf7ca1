import type { BackendError } from '../backend/errors';

/**
 * The refusals of the offering functions (supabase/schemas/12_offerings.sql),
 * part of `actionErrors`. A field's fault is 22023 with the message of `offeringDetailsError` or
 * `offeringConsistencyError`; a subscription the offering refuses is `offeringRefusalError`.
 */
export const offeringErrors = {
  offeringSpvDenied: { code: '42501', message: "only the SPV's administrators may do this" },
  offeringReviewDenied: {
    code: '42501',
    message: 'only mfo_admin, compliance or an administrator may review an offering',
  },
  offeringFourEyes: { code: '42501', message: 'nobody reviews an offering they submitted' },
  unknownSpv: { code: '22023', message: 'spv_id: unknown SPV' },
  noSuchOffering: { code: 'P0001', message: 'no such offering' },
  offeringNotDraft: { code: 'P0001', message: 'only a draft offering can be changed or submitted' },
  offeringNotInReview: { code: 'P0001', message: 'only an offering in review can be approved or returned' },
  offeringAlreadyApproved: { code: 'P0001', message: 'this offering is already approved' },
  offeringDocumentsMissing: {
    code: 'P0001',
    message: 'approval needs a key information sheet and subscription terms among the documents',
  },
  offeringDeadlinePassed: { code: 'P0001', message: 'the deadline of this offering has passed' },
  offeringNotOpen: { code: 'P0001', message: 'only an open offering can be closed' },
  offeringBelowMinimum: { code: 'P0001', message: 'the minimum target is not held yet' },
  offeringReflectionPending: { code: 'P0001', message: "a subscription's reflection period has not ended" },
  offeringNotWithdrawable: { code: 'P0001', message: 'only an offering that is not closed can be withdrawn' },
  offeringReasonRequired: { code: '22023', message: 'a reason is required' },
  offeringClosesItsSubscriptions: {
    code: 'P0001',
    message: 'closing the offering confirms its subscriptions; reject one with a reason instead',
  },
  scheduleDenied: { code: '42501', message: 'only the service role may run the offering schedule' },
  offeringConsoleDenied: {
    code: '42501',
    message: "only an SPV's administrators, mfo_admin, compliance or an administrator may read the offerings",
  },
  subscriptionEvidenceDenied: {
    code: '42501',
    message: "only an SPV's administrators or an administrator may read subscriptions",
  },
  staffQueuesDenied: { code: '42501', message: 'only staff have queues' },
} as const satisfies Record<string, BackendError>;

/** The offering functions, as actions.ts declares every server action (it includes these). */
export const offeringServerActions = [
  {
    name: 'create_offering',
    args: ['details'],
    executableBy: ['authenticated'],
    accepts: "the SPV's administrators",
    records: ['offering.created'],
  },
  {
    name: 'update_offering',
    args: ['id', 'details'],
    executableBy: ['authenticated'],
    accepts: "the SPV's administrators",
    records: ['offering.updated'],
  },
  {
    name: 'submit_offering',
    args: ['id'],
    executableBy: ['authenticated'],
    accepts: "the SPV's administrators",
    records: ['offering.submitted'],
  },
  {
    name: 'approve_offering',
    args: ['id'],
    executableBy: ['authenticated'],
    accepts: 'offering reviewers',
    records: ['offering.approved', 'offering.opened'],
  },
  {
    name: 'return_offering',
    args: ['id', 'reason'],
    executableBy: ['authenticated'],
    accepts: 'offering reviewers',
    records: ['offering.returned'],
  },
  {
    name: 'withdraw_offering',
    args: ['id', 'reason'],
    executableBy: ['authenticated'],
    accepts: "the SPV's administrators",
    records: ['offering.withdrawn'],
  },
  {
    name: 'close_offering',
    args: ['id'],
    executableBy: ['authenticated'],
    accepts: "the SPV's administrators",
    records: ['offering.issued'],
  },
  {
    name: 'run_offering_schedule',
    args: [],
    executableBy: ['service_role'],
    accepts: 'the service role',
    records: ['offering.opened', 'offering.issued', 'offering.failed'],
  },
  {
    name: 'offering_accepts',
    args: ['opportunity_id', 'amount_cents'],
    executableBy: ['authenticated'],
    accepts: 'anyone',
    records: [],
  },
  { name: 'my_positions', args: [], executableBy: ['authenticated'], accepts: 'the member', records: [] },
  { name: 'offering_progress', args: [], executableBy: ['authenticated'], accepts: 'anyone', records: [] },
  { name: 'list_offerings', args: ['status'], executableBy: ['authenticated'], accepts: 'staff readers', records: [] },
  { name: 'offering_spvs', args: [], executableBy: ['authenticated'], accepts: 'staff readers', records: [] },
  {
    name: 'offering_subscriptions',
    args: ['id'],
    executableBy: ['authenticated'],
    accepts: 'staff readers',
    records: [],
  },
  {
    name: 'subscription_evidence',
    args: ['investment_id'],
    executableBy: ['authenticated'],
    accepts: "the SPV's administrators",
    records: ['member.personal_data_viewed'],
  },
  { name: 'staff_queues', args: [], executableBy: ['authenticated'], accepts: 'staff readers', records: [] },
] as const;
