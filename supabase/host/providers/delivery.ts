/** What the embedded providers share: how they reach the host's webhooks, and the secrets they sign with. */

/** What the webhook answered to one delivered event. */
export interface Delivery {
  event: string;
  status: number;
  body: unknown;
}

/** Sends a signed request to one of the host's own functions. */
export type Deliver = (
  fn: 'kyc-webhook' | 'payments-webhook',
  body: string,
  headers: Record<string, string>,
) => Promise<Delivery>;

export interface ProviderSecrets {
  /** Sumsub's webhook secret key (kyc-webhook's SUMSUB_WEBHOOK_SECRET). */
  sumsubWebhook: string;
  /** Stripe's endpoint signing secret (payments-webhook's STRIPE_WEBHOOK_SECRET). */
  stripeWebhook: string;
}
