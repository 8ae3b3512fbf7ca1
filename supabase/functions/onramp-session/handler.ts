/**
 * The onramp-session edge function: from the member's token and an amount in cents, opens a
 * payment at the provider (a Stripe Checkout Session, EUR, metadata member_id) and answers what
 * the app needs to send the member there. The payment is recorded when the provider's signed
 * event reaches payments-webhook (`public.record_payment`), never from this answer.
 *
 * - The same guards as every session function (../_shared/session.ts).
 * - Refuses less than the first on-ramp minimum with the on-ramp form's own text
 *   (`Minimum first on-ramp is €20`, @vault/domain messages.minimumOnramp; a test checks it).
 * - The body's optional `returnPath` names the app's page the member comes back to: /wallet (the
 *   default) or an investment's flow, `/investments/<id>?<its query>`, nothing else (400
 *   'badReturnPath'). It is a path only, put behind the app's own origin by the provider, so the
 *   return can never leave the app (no open redirect); see `returnPath` below.
 * - The provider is Stripe when STRIPE_SECRET_KEY is set; the demo provider only when it is
 *   absent AND demo mode is on: it settles at once, recorded with record_payment as the service
 *   role, so a demo project's journey stays the same. Otherwise 502 'unavailable'.
 * docs/backend.md "Edge functions".
 */
import { isRecord } from '../_shared/http.ts';
import { reasonOf } from '../_shared/logger.ts';
import type { PostgrestClient } from '../_shared/postgrest.ts';
import { runSessionFunction, type SessionDeps } from '../_shared/session.ts';
import { TimeoutError } from '../_shared/timeout.ts';

/** The first on-ramp minimum in cents (MIN_FIRST_ONRAMP_EUR in @vault/domain; a test checks it). */
export const minimumOnrampCents = 2000;
/** Stripe's largest EUR charge (MAXIMUM_ONRAMP_CENTS in @vault/domain; a test checks it). */
export const maximumOnrampCents = 99_999_999;

export const onrampSessionContract = {
  name: 'onramp-session',
  errors: {
    notSignedIn: 'Not signed in',
    badRequest: 'The request could not be read',
    methodNotAllowed: 'Method not allowed',
    payloadTooLarge: 'The request is too large',
    rateLimited: 'Too many attempts. Please wait a moment and try again.',
    serverTimeout: 'The server did not answer in time',
    internal: 'The payment could not be started',
    timeout: 'The payment provider did not answer in time',
    unavailable: 'The payment provider is unavailable',
    /** The on-ramp form's text (@vault/domain messages.minimumOnramp). */
    belowMinimum: 'Minimum first on-ramp is €20',
    aboveMaximum: 'The amount is too large',
    /** A `returnPath` that is not one of the pages below. */
    badReturnPath: 'The page to return to after the payment is not a page of the app',
  },
  status: {
    notSignedIn: 401,
    badRequest: 400,
    methodNotAllowed: 405,
    payloadTooLarge: 413,
    rateLimited: 429,
    serverTimeout: 504,
    internal: 500,
    timeout: 504,
    unavailable: 502,
    belowMinimum: 400,
    aboveMaximum: 400,
    badReturnPath: 400,
  },
  corsAllowHeaders: ['authorization', 'x-client-info', 'apikey', 'content-type', 'x-correlation-id', 'idempotency-key'],
  providerTimeoutMs: 10_000,
  /**
   * The body's optional `returnPath` (@vault/domain onrampSessionFunction.returnPath; a test checks
   * they are equal): a path of the app, never a URL. Only /wallet (the default) and an investment's
   * flow, `/investments/<id>` with its flow's query: the only pages that start a payment. The path
   * segment and the query take unreserved characters and %-escapes only (no `.`, so no dot
   * segment, and no `%2e` in the path), no `//`, no backslash, no `@`, no `:`, no fragment. The
   * investment in the query is not checked as the caller's: the page reads only what the member
   * may read, so another member's id shows nothing.
   */
  returnPath: {
    default: '/wallet',
    pattern: '^/(?:wallet|investments/(?:[A-Za-z0-9_~-]|%(?!2[Ee])[0-9A-Fa-f]{2})+)(?:\\?[A-Za-z0-9_~.%+=&*-]*)?$',
    maxLength: 1000,
  },
} as const;

const returnPathPattern = new RegExp(onrampSessionContract.returnPath.pattern);

/** The body's `returnPath` as the page to come back to: the default when absent, null when refused. */
export function returnPathOf(value: unknown): string | null {
  if (value === undefined) return onrampSessionContract.returnPath.default;
  if (typeof value !== 'string' || value.length > onrampSessionContract.returnPath.maxLength) return null;
  return returnPathPattern.test(value) ? value : null;
}

/**
 * The provider's return address: `returnUrl` (the app's origin and a `returnPath`) with `outcome`
 * (e.g. `onramp=cancelled`) added to its query, after a `?` or a `&` as the query needs, and any
 * earlier outcome dropped. `outcome` is added as given, so Stripe's `{CHECKOUT_SESSION_ID}` stays.
 */
export function returnUrlWith(returnUrl: string, outcome: string): string {
  const at = returnUrl.indexOf('?');
  const page = at < 0 ? returnUrl : returnUrl.slice(0, at);
  const query = new URLSearchParams(at < 0 ? '' : returnUrl.slice(at + 1));
  query.delete('onramp');
  query.delete('session_id');
  const kept = query.toString();
  return `${page}?${kept === '' ? '' : `${kept}&`}${outcome}`;
}

export const onrampSessionRateLimit = { maxCalls: 10, windowSeconds: 600 } as const;

export interface PaymentRequest {
  memberId: string;
  email?: string;
  amountCents: number;
  currency: 'EUR';
  /** The same key for a retried request makes the provider answer the same session. */
  idempotencyKey: string;
  /** The app's page the member returns to, checked (`returnPathOf`): a path, never a URL. */
  returnPath: string;
}

type PaymentSession =
  /** The member pays on the provider's page; payments-webhook records the outcome. */
  | { kind: 'redirect'; url: string; sessionId: string }
  /** The demo provider: paid at once. */
  | { kind: 'settled'; providerRef: string };

export interface PaymentProvider {
  readonly name: string;
  createSession(input: PaymentRequest, signal: AbortSignal): Promise<PaymentSession>;
}

export interface PaymentRecord {
  memberId: string;
  providerRef: string;
  amountCents: number;
  currency: string;
  status: 'pending' | 'settled' | 'failed';
  eventId: string;
}

export interface OnrampStore {
  demoMode(signal: AbortSignal): Promise<boolean>;
  /** `public.record_payment` as the service role (the demo provider's settlement only). */
  recordPayment(record: PaymentRecord, signal: AbortSignal): Promise<void>;
}

export interface OnrampSessionDeps extends SessionDeps {
  /** Stripe, or null when its secret is not set. */
  payments: PaymentProvider | null;
  /** Used only when `payments` is null and demo mode is on. */
  demo: PaymentProvider;
  store: OnrampStore;
}

const idempotencyPattern = /^[A-Za-z0-9._:-]{8,100}$/;

export function handleOnrampSession(request: Request, deps: OnrampSessionDeps): Promise<Response> {
  return runSessionFunction(
    request,
    deps,
    {
      contract: onrampSessionContract,
      rateLimit: onrampSessionRateLimit,
      errorBody: (error) => ({ success: false, error }),
    },
    async ({ user, body, log, fail, ok, database, provider: withProviderTimeout }) => {
      const amountCents = body.amountCents;
      if (typeof amountCents !== 'number' || !Number.isSafeInteger(amountCents) || amountCents < minimumOnrampCents) {
        return fail('belowMinimum', { userId: user.id, amountCents: String(amountCents) });
      }
      if (amountCents > maximumOnrampCents) return fail('aboveMaximum', { userId: user.id, amountCents });
      const returnPath = returnPathOf(body.returnPath);
      if (returnPath === null) {
        return fail('badReturnPath', { userId: user.id, returnPath: String(body.returnPath).slice(0, 200) });
      }

      const provider =
        deps.payments ??
        ((await database('read demo mode', (signal) => deps.store.demoMode(signal))) ? deps.demo : null);
      if (!provider) return fail('unavailable', { userId: user.id, reason: 'no provider configured' });

      const clientKey = request.headers.get('idempotency-key');
      const idempotencyKey = `vault-onramp-${user.id}-${
        clientKey && idempotencyPattern.test(clientKey) ? clientKey : crypto.randomUUID()
      }`;
      let session: PaymentSession;
      try {
        session = await withProviderTimeout('provider', (signal) =>
          provider.createSession(
            { memberId: user.id, email: user.email, amountCents, currency: 'EUR', idempotencyKey, returnPath },
            signal,
          ),
        );
      } catch (error) {
        if (error instanceof TimeoutError) return fail('timeout', { userId: user.id, provider: provider.name });
        return fail('unavailable', { userId: user.id, provider: provider.name, reason: reasonOf(error) });
      }

      if (session.kind === 'settled') {
        const { providerRef } = session;
        await database('record_payment', (signal) =>
          deps.store.recordPayment(
            {
              memberId: user.id,
              providerRef,
              amountCents,
              currency: 'EUR',
              status: 'settled',
              eventId: `${provider.name}:${providerRef}`,
            },
            signal,
          ),
        );
        log('info', 'payment settled', { userId: user.id, provider: provider.name, amountCents });
        return ok({
          success: true,
          provider: provider.name,
          status: 'settled',
          url: null,
          sessionId: null,
          error: null,
        });
      }
      log('info', 'payment session opened', { userId: user.id, provider: provider.name, amountCents });
      return ok({
        success: true,
        provider: provider.name,
        status: 'pending',
        url: session.url,
        sessionId: session.sessionId,
        error: null,
      });
    },
  );
}

/** Demo mode's provider: paid at once, no network. */
export const demoPaymentProvider: PaymentProvider = {
  name: 'demo',
  createSession: async ({ memberId }) => ({
    kind: 'settled',
    providerRef: `demo-payment-${memberId.replaceAll('-', '').slice(0, 12)}-${crypto.randomUUID().slice(0, 8)}`,
  }),
};

/**
 * Stripe Checkout (`POST /v1/checkout/sessions`, form-encoded, secret key as bearer): one EUR
 * line of the amount, `metadata[member_id]` on the session AND on its PaymentIntent (so both
 * checkout.session.* and payment_intent.* events name the member), an Idempotency-Key, and the
 * request's `returnPath` on the app's origin as the return page, with `onramp=success&session_id=…`
 * or `onramp=cancelled` in its query.
 */
export function stripeProvider(options: {
  secretKey: string;
  /** The app's origin, e.g. https://vault.example: the return page is `<appOrigin><returnPath>`. */
  appOrigin: string;
  baseUrl?: string;
  fetch?: typeof fetch;
}): PaymentProvider {
  const baseUrl = options.baseUrl ?? 'https://api.stripe.com';
  const doFetch = options.fetch ?? fetch;
  return {
    name: 'stripe',
    async createSession(input, signal) {
      const returnUrl = `${options.appOrigin}${input.returnPath}`;
      const form = new URLSearchParams({
        mode: 'payment',
        'line_items[0][quantity]': '1',
        'line_items[0][price_data][currency]': input.currency.toLowerCase(),
        'line_items[0][price_data][unit_amount]': String(input.amountCents),
        'line_items[0][price_data][product_data][name]': 'Vault on-ramp',
        client_reference_id: input.memberId,
        'metadata[member_id]': input.memberId,
        'payment_intent_data[metadata][member_id]': input.memberId,
        success_url: returnUrlWith(returnUrl, 'onramp=success&session_id={CHECKOUT_SESSION_ID}'),
        cancel_url: returnUrlWith(returnUrl, 'onramp=cancelled'),
      });
      if (input.email) form.set('customer_email', input.email);
      const response = await doFetch(`${baseUrl}/v1/checkout/sessions`, {
        method: 'POST',
        signal,
        headers: {
          Authorization: `Bearer ${options.secretKey}`,
          'Content-Type': 'application/x-www-form-urlencoded',
          'Idempotency-Key': input.idempotencyKey,
        },
        body: form.toString(),
      });
      if (!response.ok) throw new Error(`stripe answered ${response.status}`);
      const answer: unknown = await response.json();
      if (!isRecord(answer) || typeof answer.id !== 'string' || typeof answer.url !== 'string') {
        throw new Error('stripe sent no session');
      }
      return { kind: 'redirect', url: answer.url, sessionId: answer.id };
    },
  };
}

/** record_payment's arguments as PostgREST sends them. */
function recordPaymentArgs(record: PaymentRecord): Record<string, unknown> {
  return {
    member_id: record.memberId,
    provider_ref: record.providerRef,
    amount_cents: record.amountCents,
    currency: record.currency,
    status: record.status,
    event_id: record.eventId,
  };
}

export function postgrestOnrampStore(client: PostgrestClient, demoMode: OnrampStore['demoMode']): OnrampStore {
  return {
    demoMode,
    async recordPayment(record, signal) {
      await client.rpc('record_payment', recordPaymentArgs(record), { signal });
    },
  };
}
