/** The embedded Sumsub (KYC): its outcomes and the signed `applicantReviewed` verdict it delivers to kyc-webhook. */
import { hmacHex, sha256Hex } from '../jwt.ts';
import type { Deliver, Delivery, ProviderSecrets } from './delivery.ts';

/** Sumsub's review of an applicant, as its `applicantReviewed` event carries it; null: no verdict (compliance decides). */
type SumsubReview =
  | { reviewAnswer: 'GREEN' }
  | {
      reviewAnswer: 'RED';
      reviewRejectType: 'FINAL' | 'RETRY';
      moderationComment: string;
      rejectLabels: string[];
    };

export const kycOutcomes = {
  /** The provider approves the member. */
  approve: { label: 'Approve', review: { reviewAnswer: 'GREEN' } },
  /** The provider decides nothing: the case stays pending for a compliance officer's review. */
  review: { label: 'Leave for compliance review', review: null },
  /** The provider rejects for good. */
  reject: {
    label: 'Reject',
    review: {
      reviewAnswer: 'RED',
      reviewRejectType: 'FINAL',
      moderationComment: 'The identity document could not be verified.',
      rejectLabels: ['FORGERY'],
    },
  },
  /** The provider asks the member to submit again. */
  resubmit: {
    label: 'Ask to resubmit',
    review: {
      reviewAnswer: 'RED',
      reviewRejectType: 'RETRY',
      moderationComment: 'The photo of the document is blurred. Please upload a sharper one.',
      rejectLabels: ['BAD_PROOF_OF_IDENTITY'],
    },
  },
} as const satisfies Record<string, { label: string; review: SumsubReview | null }>;

export type KycOutcome = keyof typeof kycOutcomes;

export function isKycOutcome(value: unknown): value is KycOutcome {
  return typeof value === 'string' && Object.hasOwn(kycOutcomes, value);
}

/** The embedded Sumsub: delivers the chosen verdict on a member's applicant to kyc-webhook. */
export function embeddedKyc(secrets: ProviderSecrets, deliver: Deliver) {
  return {
    /** The outcome delivered right after kyc-session opens a case; null leaves every case to `decide`. */
    auto: 'approve' as KycOutcome | null,
    async decide(memberId: string, outcome: KycOutcome): Promise<Delivery[]> {
      const review: SumsubReview | null = kycOutcomes[outcome].review;
      if (!review) return [];
      const applicantId = (await sha256Hex(`applicant:${memberId}`)).slice(0, 24);
      const payload = JSON.stringify({
        applicantId,
        inspectionId: applicantId,
        correlationId: crypto.randomUUID(),
        externalUserId: memberId,
        levelName: 'basic-kyc-level',
        type: 'applicantReviewed',
        reviewStatus: 'completed',
        reviewResult: review,
        createdAtMs: Date.now(),
        sandboxMode: true,
      });
      const digest = await hmacHex('SHA-256', secrets.sumsubWebhook, payload);
      return [
        await deliver('kyc-webhook', payload, {
          'x-payload-digest': digest,
          'x-payload-digest-alg': 'HMAC_SHA256_HEX',
        }),
      ];
    },
  };
}

export type EmbeddedKyc = ReturnType<typeof embeddedKyc>;
