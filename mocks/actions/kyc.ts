import {
  actionErrors,
  type BackendError,
  KYC_PROVIDER_NO_REASON,
  KYC_REASON_MAX_LENGTH,
  type KycDecision,
  type KycFunction,
  type KycStatus,
  kycActionFor,
  kycDecisions,
  kycNotification,
  kycStatuses,
  nextKycStatus,
} from '@vault/domain';
import { type MockProfile, mockDb, type ServerRow } from '../state';
import { appendAudit } from './audit';
import type { ActionAnswer, ActionCaller, MockActions } from './types';

/**
 * KYC on the embedded backend: start_kyc, apply_kyc_result and review_kyc as
 * supabase/schemas/06_kyc_and_payments.sql carries them. The transitions come from the domain's `nextKycStatus`, the
 * notification texts from `kycNotification`, the errors from `actionErrors`; the order of the
 * checks is the SQL's, so both backends refuse a bad request with the same error.
 */

export const KYC_CASES_TABLE = 'kyc_cases';
const PROVIDER_EVENTS_TABLE = 'provider_events';
const NOTIFICATIONS_TABLE = 'notifications';

const fail = (error: BackendError): ActionAnswer => ({ ok: false, error });

function statusOf(profile: MockProfile): KycStatus {
  return kycStatuses.includes(profile.kyc_status as KycStatus) ? (profile.kyc_status as KycStatus) : 'not_started';
}

/**
 * Marks a provider event processed; false when it was already (`provider_events`, one row per
 * source and event id).
 */
export function firstTimeEvent(source: 'kyc' | 'payments', eventId: string): boolean {
  return mockDb.withServerRows(PROVIDER_EVENTS_TABLE, (rows) => {
    if (rows.some((row) => row.source === source && row.event_id === eventId)) return false;
    rows.push({ source, event_id: eventId, processed_at: new Date().toISOString() });
    return true;
  });
}

/** A notification for the member about one audit event (`public.notify_member`). */
export function notifyMember(memberId: string, event: ServerRow, note: { title: string; body: string }): void {
  mockDb.insertServerRow(NOTIFICATIONS_TABLE, {
    user_id: memberId,
    id: `evt-${String(event.id)}`,
    title: note.title,
    body: note.body,
    at: String(event.occurred_at).replace(/\.\d+Z$/, 'Z'),
    read: false,
  });
}

/** One transition: the status, the case row, the audit event and the notification (`kyc_transition`). */
function transition(
  caller: ActionCaller,
  memberId: string,
  status: Exclude<KycStatus, 'not_started'>,
  reason: string | null,
  details: Record<string, string>,
): ActionAnswer {
  const keptReason = status === 'rejected' || status === 'resubmission_requested' ? reason?.trim() || null : null;
  const profile = mockDb.writeProfile(memberId, { kyc_status: status });
  const now = new Date().toISOString();
  const existing = mockDb.serverRows(KYC_CASES_TABLE).find((row) => row.member_id === memberId);
  const caseRow: ServerRow = {
    member_id: memberId,
    reason: keptReason,
    submitted_at: status === 'pending' ? now : (existing?.submitted_at ?? null),
    decided_at: status === 'pending' ? null : now,
    provider_applicant_id: existing?.provider_applicant_id ?? null,
    updated_at: now,
  };
  if (existing) mockDb.updateServerRows(KYC_CASES_TABLE, (row) => row.member_id === memberId, caseRow);
  else mockDb.insertServerRow(KYC_CASES_TABLE, caseRow);
  const event = appendAudit(caller, {
    action: kycActionFor[status],
    memberId,
    subjectType: 'kyc',
    subjectId: memberId,
    details: { ...details, status, ...(keptReason === null ? {} : { reason: keptReason }) },
  });
  notifyMember(memberId, event, kycNotification(status, keptReason ?? ''));
  return { ok: true, value: profile ? { ...profile } : null };
}

function isDecision(value: unknown): value is KycDecision {
  return kycDecisions.includes(value as KycDecision);
}

/** The status `fn` leads to, or the refusal the SQL raises for it. */
function target(
  fn: KycFunction,
  from: KycStatus,
  decision?: KycDecision,
): Exclude<KycStatus, 'not_started'> | 'unchanged' | BackendError {
  const next = nextKycStatus(fn, from, decision);
  if (next === 'ignored') return 'unchanged';
  if (next === 'refused') {
    if (fn !== 'start_kyc') return actionErrors.kycNotPending;
    return from === 'rejected' ? actionErrors.kycRejectedFinal : actionErrors.kycAlreadyApproved;
  }
  if (next === 'not_started') return actionErrors.kycNotPending;
  return next;
}

function tooLong(reason: unknown): boolean {
  return typeof reason === 'string' && reason.length > KYC_REASON_MAX_LENGTH;
}

/**
 * `demo_approve_kyc` (demo mode only; mocks/rest.ts checks that): the same transition as a
 * decision, recorded and notified as the SQL's, from the domain's table.
 */
export function demoApproveKyc(caller: Extract<ActionCaller, { kind: 'member' }>): ActionAnswer {
  const profile = mockDb.profile(caller.id);
  if (!profile) return fail(actionErrors.notSignedIn);
  const from = statusOf(profile);
  const next = target('demo_approve_kyc', from);
  if (next === 'unchanged') return { ok: true, value: { ...profile } };
  if (typeof next === 'object') return fail(next);
  return transition(caller, caller.id, next, null, { from, by: 'demo' });
}

export const kycActions: MockActions = {
  start_kyc: (caller) => {
    if (caller.kind !== 'member') return fail(actionErrors.functionDenied('start_kyc'));
    const profile = mockDb.profile(caller.id);
    if (!profile) return fail(actionErrors.notSignedIn);
    const from = statusOf(profile);
    const next = target('start_kyc', from);
    if (next === 'unchanged') return { ok: true, value: { ...profile } };
    if (typeof next === 'object') return fail(next);
    return transition(caller, caller.id, next, null, { from });
  },

  apply_kyc_result: (caller, args) => {
    if (caller.kind !== 'service') return fail(actionErrors.functionDenied('apply_kyc_result'));
    const { member_id: memberId, result, reason, event_id: eventId } = args;
    if (typeof eventId !== 'string' || eventId.length < 1 || eventId.length > 200) {
      return fail(actionErrors.eventIdRequired);
    }
    if (!isDecision(result)) return fail(actionErrors.kycBadResult);
    if (tooLong(reason)) return fail(actionErrors.reasonTooLong);
    const profile = typeof memberId === 'string' ? mockDb.profile(memberId) : undefined;
    if (!profile || typeof memberId !== 'string') return fail(actionErrors.unknownMember);
    if (!firstTimeEvent('kyc', eventId)) return { ok: true, value: { ...profile } };
    const from = statusOf(profile);
    const next = target('apply_kyc_result', from, result);
    if (next === 'unchanged') return { ok: true, value: { ...profile } };
    if (typeof next === 'object') return fail(next);
    const given = typeof reason === 'string' ? reason.trim() : '';
    return transition(caller, memberId, next, given || KYC_PROVIDER_NO_REASON, {
      from,
      event_id: eventId,
      by: 'provider',
    });
  },

  review_kyc: (caller, args) => {
    if (caller.kind !== 'member') return fail(actionErrors.functionDenied('review_kyc'));
    if (!(caller.reader.role === 'compliance' || caller.reader.isAdmin)) return fail(actionErrors.kycReviewDenied);
    const { member_id: memberId, decision, reason } = args;
    if (memberId === caller.id) return fail(actionErrors.kycSelfReview);
    if (!isDecision(decision)) return fail(actionErrors.kycBadDecision);
    if (decision !== 'approved' && (typeof reason !== 'string' || reason.trim() === '')) {
      return fail(actionErrors.kycReasonRequired);
    }
    if (tooLong(reason)) return fail(actionErrors.reasonTooLong);
    const profile = typeof memberId === 'string' ? mockDb.profile(memberId) : undefined;
    if (!profile || typeof memberId !== 'string') return fail(actionErrors.unknownMember);
    const from = statusOf(profile);
    const next = target('review_kyc', from, decision);
    if (next === 'unchanged') return { ok: true, value: { ...profile } };
    if (typeof next === 'object') return fail(next);
    return transition(caller, memberId, next, typeof reason === 'string' ? reason : null, { from, by: 'reviewer' });
  },
};
