/**
 * The kyc-webhook edge function: Sumsub's verdict on a member's applicant, applied with
 * `public.apply_kyc_result(member_id, result, reason, event_id, occurred_at)` as the service role.
 * occurred_at is Sumsub's own event time (createdAtMs): the SQL applies a result only to a case
 * under review and only when it is newer than the last one applied, so a late delivery of an
 * older verdict is recorded and ignored.
 *
 * - The signature first (../_shared/signatures.ts verifySumsubDigest): X-Payload-Digest is the
 *   HMAC of the raw body with the webhook's secret key (SUMSUB_WEBHOOK_SECRET), in the algorithm
 *   X-Payload-Digest-Alg names. A bad or missing digest is 401 and nothing changes.
 * - Freshness: Sumsub's digest covers no timestamp, so the payload's own `createdAtMs` (or
 *   `createdAt`) is checked once the digest has proved the payload. Sumsub resends a failed
 *   webhook after 5 minutes, 1, 5 and 18 hours with the same payload, so the window is 24 hours;
 *   within it a replay is answered by the SQL's idempotency per event id.
 * - `applicantReviewed` maps reviewResult.reviewAnswer GREEN → approved; RED with
 *   reviewRejectType RETRY → resubmission_requested; RED otherwise (FINAL) → rejected. The
 *   reason is Sumsub's moderationComment (the text meant for the applicant; clientComment is
 *   not), else the reject labels. The member is the applicant's externalUserId (kyc-session
 *   creates applicants with the Vault member id). Other event types are acknowledged and ignored.
 * docs/backend.md "Edge functions".
 */
import { isRecord } from '../_shared/http.ts';
import type { PostgrestClient } from '../_shared/postgrest.ts';
import { verifySumsubDigest } from '../_shared/signatures.ts';
import { isUuid, runWebhook, type WebhookDeps } from '../_shared/webhook.ts';

const kycWebhookName = 'kyc-webhook';

/** How old an event may be (its createdAtMs), and how far ahead of this clock. */
export const kycEventMaxAgeMs = 24 * 60 * 60 * 1000;
const maxClockSkewMs = 5 * 60 * 1000;

type KycResult = 'approved' | 'rejected' | 'resubmission_requested';

export interface KycResultInput {
  memberId: string;
  result: KycResult;
  reason: string | null;
  eventId: string;
  /** The provider's event time, ISO 8601 UTC. */
  occurredAt: string;
}

export interface KycWebhookStore {
  /** `public.apply_kyc_result` as the service role; idempotent per eventId in SQL. */
  applyKycResult(input: KycResultInput, signal: AbortSignal): Promise<void>;
}

export interface KycWebhookDeps extends WebhookDeps {
  /** Sumsub's webhook secret key. */
  secret: string;
  store: KycWebhookStore;
}

export function handleKycWebhook(request: Request, deps: KycWebhookDeps): Promise<Response> {
  return runWebhook(
    request,
    deps,
    kycWebhookName,
    (raw, headers) =>
      verifySumsubDigest(headers.get('x-payload-digest'), headers.get('x-payload-digest-alg'), raw, deps.secret),
    async ({ event, now, log, fail, ok, database }) => {
      const createdAt = eventTime(event);
      if (createdAt === null) return fail('badRequest', { reason: 'no createdAtMs' });
      if (now - createdAt > kycEventMaxAgeMs || createdAt - now > maxClockSkewMs) {
        return fail('stale', { createdAt });
      }
      if (event.type !== 'applicantReviewed') return ok({ ignored: true });

      const input = kycResultOf(event, createdAt);
      if (typeof input === 'string') {
        // Not retry-worthy: the same payload would be refused again. Logged for the operator.
        log('error', 'kyc event ignored', { reason: input, applicantId: event.applicantId });
        return ok({ ignored: true });
      }
      await database('apply_kyc_result', (signal) => deps.store.applyKycResult(input, signal));
      log('info', 'kyc result applied', { memberId: input.memberId, result: input.result, eventId: input.eventId });
      return ok();
    },
  );
}

/** The event's creation time in ms: createdAtMs, else createdAt ("2024-01-31 10:00:00+0000" or ISO). */
function eventTime(event: Record<string, unknown>): number | null {
  const ms = event.createdAtMs;
  if (typeof ms === 'number' && Number.isFinite(ms)) return ms;
  if (typeof ms === 'string' && /^\d{10,16}$/.test(ms)) return Number(ms);
  if (typeof event.createdAt === 'string') {
    const iso = event.createdAt.replace(' ', 'T').replace(/([+-]\d{2})(\d{2})$/, '$1:$2');
    const parsed = Date.parse(iso);
    if (Number.isFinite(parsed)) return parsed;
  }
  return null;
}

/** An applicantReviewed payload as apply_kyc_result's arguments, or why it cannot be one. */
function kycResultOf(event: Record<string, unknown>, createdAt: number): KycResultInput | string {
  if (!isUuid(event.externalUserId)) return 'externalUserId is not a Vault member id';
  if (typeof event.applicantId !== 'string' || event.applicantId === '') return 'no applicantId';
  const review = event.reviewResult;
  if (!isRecord(review)) return 'no reviewResult';
  let result: KycResult;
  if (review.reviewAnswer === 'GREEN') result = 'approved';
  else if (review.reviewAnswer === 'RED')
    result = review.reviewRejectType === 'RETRY' ? 'resubmission_requested' : 'rejected';
  else return 'unknown reviewAnswer';
  let reason: string | null = null;
  if (result !== 'approved') {
    const labels = Array.isArray(review.rejectLabels) ? review.rejectLabels.filter((l) => typeof l === 'string') : [];
    const comment = typeof review.moderationComment === 'string' ? review.moderationComment.trim() : '';
    reason = (comment || labels.join(', ') || null)?.slice(0, 500) ?? null;
  }
  return {
    memberId: event.externalUserId.toLowerCase(),
    result,
    reason,
    // The same review resent by Sumsub carries the same applicant, type and creation time.
    eventId: `sumsub:${event.applicantId}:applicantReviewed:${createdAt}`,
    occurredAt: new Date(createdAt).toISOString(),
  };
}

export function postgrestKycWebhookStore(client: PostgrestClient): KycWebhookStore {
  return {
    async applyKycResult(input, signal) {
      await client.rpc(
        'apply_kyc_result',
        {
          member_id: input.memberId,
          result: input.result,
          reason: input.reason,
          event_id: input.eventId,
          occurred_at: input.occurredAt,
        },
        { signal },
      );
    },
  };
}
