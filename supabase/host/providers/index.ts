/**
 * The embedded providers: stand-ins for Sumsub (KYC), Stripe (payments) and Crossmint (wallets)
 * that need no network. Their results reach the project as the real ones do: the KYC verdict
 * and each payment event are signed with the webhook secret (Sumsub's payload digest, Stripe's
 * `Stripe-Signature`) and delivered to the real kyc-webhook and payments-webhook handlers, so the
 * signature checks and the SQL they call run in every embedded journey.
 *
 * Which result comes is an outcome, chosen by a person or a test (`decide`), or automatically
 * right after the session opens: the member's own choice for their next case or payment
 * (`embeddedNextOutcomes`), else the host's `auto`. A member's withdrawal waits for its payout
 * until someone chooses what the payout does (`payoutOutcomes`): nothing is automatic there. The
 * outcomes are data: a new one is a new entry in `kycOutcomes`, `paymentOutcomes` or
 * `payoutOutcomes`; a Stripe event type the webhook does not record yet is still delivered (and
 * answered `ignored`), so the switch needs no change when the SQL learns it.
 */
import { type KycOutcome, kycOutcomes } from './kyc.ts';
import { type PaymentOutcome, paymentOutcomes, payoutOutcomes } from './payments.ts';

export type { Delivery, ProviderSecrets } from './delivery.ts';
export { type EmbeddedKyc, embeddedKyc, isKycOutcome, type KycOutcome, kycOutcomes } from './kyc.ts';
export { type EmbeddedNextOutcomes, embeddedNextOutcomes, type NextOutcomes } from './next.ts';
export {
  type EmbeddedPayments,
  embeddedPayments,
  isPaymentOutcome,
  isPayoutOutcome,
  type PaymentOutcome,
  paymentOutcomes,
  paymentOutcomesFor,
} from './payments.ts';
export type { PaymentSessionRecord } from './stripeEvents.ts';
export { embeddedWalletAddress } from './wallet.ts';

/**
 * `GET /embedded/v1/providers`: every set of outcomes with their labels, whether a KYC outcome
 * sends a verdict, the session statuses a payment outcome applies to, and the withdrawal
 * statuses a payout outcome applies to.
 */
export function providersAnswer(auto: { kyc: KycOutcome | null; payments: PaymentOutcome | null }) {
  return {
    kyc: {
      auto: auto.kyc,
      outcomes: Object.entries(kycOutcomes).map(([id, o]) => ({ id, label: o.label, verdict: o.review !== null })),
    },
    payments: {
      auto: auto.payments,
      outcomes: Object.entries(paymentOutcomes).map(([id, o]) => ({
        id,
        label: o.label,
        events: o.events,
        appliesTo: o.appliesTo,
      })),
    },
    payouts: {
      outcomes: Object.entries(payoutOutcomes).map(([id, o]) => ({
        id,
        label: o.label,
        events: o.events,
        appliesTo: o.appliesTo,
      })),
    },
  };
}
