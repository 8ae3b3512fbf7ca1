/**
 * The project's edge functions (supabase/functions/<name>/handler.ts), run unchanged: each gets
 * the dependencies its Deno entry wires, except that its PostgREST client and Supabase Auth
 * calls come back into this host (as the service role, or as the member with their token), and
 * the paid providers are the embedded ones (providers.ts). kyc-webhook and payments-webhook
 * receive the embedded providers' signed events like any provider's.
 */
import { supabaseAuthGateway } from '../functions/_shared/auth.ts';
import type { Logger } from '../functions/_shared/logger.ts';
import { postgrestClient } from '../functions/_shared/postgrest.ts';
import { postgrestRateLimiter } from '../functions/_shared/rateLimit.ts';
import type { SessionDeps } from '../functions/_shared/session.ts';
import {
  demoProvider,
  handleCreateWallet,
  postgrestWalletStore,
  type WalletProvider,
} from '../functions/create-crossmint-wallet/handler.ts';
import {
  demoKycProvider,
  handleKycSession,
  type KycProvider,
  postgrestKycSessionStore,
} from '../functions/kyc-session/handler.ts';
import { handleKycWebhook, postgrestKycWebhookStore } from '../functions/kyc-webhook/handler.ts';
import {
  demoPaymentProvider,
  handleOnrampSession,
  type PaymentProvider,
  postgrestOnrampStore,
  returnUrlWith,
} from '../functions/onramp-session/handler.ts';
import { handlePaymentsWebhook, postgrestPaymentsWebhookStore } from '../functions/payments-webhook/handler.ts';
import {
  type EmbeddedKyc,
  type EmbeddedNextOutcomes,
  type EmbeddedPayments,
  embeddedWalletAddress,
  type PaymentSessionRecord,
  type ProviderSecrets,
} from './providers/index.ts';

export interface FunctionsContext {
  /** The host's own URL (with its base path): the functions' SUPABASE_URL. */
  url: string;
  /** The `iss` of the host's access tokens. */
  issuer: string;
  /** Sends a request into the host itself, without a network. */
  fetch: typeof fetch;
  keys: () => Promise<{ anonKey: string; serviceRoleKey: string }>;
  logger: Logger;
  allowedOrigins: readonly string[];
  serverTimeoutMs: number;
  secrets: ProviderSecrets;
  kyc: EmbeddedKyc;
  payments: EmbeddedPayments;
  /** Each member's own choice of their next outcome, used before `auto`. */
  next: EmbeddedNextOutcomes;
  /**
   * Where onramp-session sends the member to pay while no outcome is automatic (default: the page
   * they return to). `returnUrl` is the request's checked `returnPath` (/wallet by default) on the
   * calling page's origin, without a query of the outcome: add it with `returnUrlWith`.
   */
  checkoutUrl?: (session: { id: string; returnUrl: string }) => string;
}

const PROVIDER_TIMEOUT_MS = 10_000;

const functionNames = [
  'create-crossmint-wallet',
  'kyc-session',
  'onramp-session',
  'kyc-webhook',
  'payments-webhook',
] as const;

async function platform(context: FunctionsContext) {
  const { anonKey, serviceRoleKey } = await context.keys();
  const rest = postgrestClient({ url: context.url, serviceKey: serviceRoleKey, anonKey, fetch: context.fetch });
  const session: SessionDeps = {
    auth: supabaseAuthGateway({ url: context.url, apiKey: anonKey, fetch: context.fetch }),
    issuer: context.issuer,
    rateLimiter: postgrestRateLimiter(rest),
    logger: context.logger,
    allowedOrigins: context.allowedOrigins,
    timeouts: { serverMs: context.serverTimeoutMs, providerMs: PROVIDER_TIMEOUT_MS },
  };
  const demoMode = async (signal: AbortSignal) => {
    const rows = await rest.request('app_settings?select=demo_mode', { signal });
    const row: unknown = Array.isArray(rows) ? rows[0] : undefined;
    return typeof row === 'object' && row !== null && (row as { demo_mode?: unknown }).demo_mode === true;
  };
  return { rest, session, demoMode };
}

/**
 * The app's page a payment returns to, as Stripe's success_url names it: the request's
 * `returnPath` (checked by the handler before the provider is called) on the calling page's origin.
 */
function returnUrlOf(request: Request, fallback: string, returnPath: string): string {
  const origin = request.headers.get('origin');
  const base = origin && /^https?:\/\/[^/\s]+$/.test(origin) ? origin : new URL(fallback).origin;
  return `${base}${returnPath}`;
}

/** Answers `/functions/v1/<name>`; null when the project has no such function. */
export async function handleFunction(
  context: FunctionsContext,
  name: string,
  request: Request,
): Promise<Response | null> {
  if (!(functionNames as readonly string[]).includes(name)) return null;
  const { rest, session, demoMode } = await platform(context);
  switch (name) {
    case 'create-crossmint-wallet': {
      const crossmint: WalletProvider = {
        name: 'embedded',
        createWallet: ({ userId }) => embeddedWalletAddress(userId),
      };
      return handleCreateWallet(request, {
        ...session,
        crossmint,
        demo: demoProvider,
        store: postgrestWalletStore(rest, demoMode),
      });
    }
    case 'kyc-session': {
      let opened = null as string | null;
      const kyc: KycProvider = {
        name: 'embedded',
        accessFor: async ({ id }) => {
          opened = id;
          return {
            accessToken: `embedded-kyc-${id.replaceAll('-', '').slice(0, 12)}`,
            expiresInSeconds: 600,
            levelName: 'basic-kyc-level',
          };
        },
      };
      const response = await handleKycSession(request, {
        ...session,
        kyc,
        demo: demoKycProvider,
        store: postgrestKycSessionStore(rest, demoMode),
      });
      if (response.status === 200 && opened) {
        const outcome = (await context.next.take(opened, 'kyc')) ?? context.kyc.auto;
        // The provider's verdict comes after start_kyc made the case pending, as Sumsub's webhook does.
        if (outcome) await context.kyc.decide(opened, outcome);
      }
      return response;
    }
    case 'onramp-session': {
      let opened = null as PaymentSessionRecord | null;
      let outcome = context.payments.auto;
      const payments: PaymentProvider = {
        name: 'embedded',
        createSession: async (input) => {
          const { created, ...record } = await context.payments.open(input);
          opened = record;
          // The member's own choice is for their next new session, not a retry of one already open.
          if (created) outcome = (await context.next.take(record.memberId, 'payments')) ?? outcome;
          const returnUrl = returnUrlOf(request, context.url, input.returnPath);
          const url =
            !outcome && context.checkoutUrl
              ? context.checkoutUrl({ id: record.id, returnUrl })
              : returnUrlWith(returnUrl, `onramp=success&session_id=${encodeURIComponent(record.id)}`);
          return { kind: 'redirect', url, sessionId: record.id };
        },
      };
      const response = await handleOnrampSession(request, {
        ...session,
        payments,
        demo: demoPaymentProvider,
        store: postgrestOnrampStore(rest, demoMode),
      });
      if (response.status === 200 && opened && outcome) await context.payments.decide(opened, outcome);
      return response;
    }
    case 'kyc-webhook':
      return handleKycWebhook(request, {
        logger: context.logger,
        serverTimeoutMs: context.serverTimeoutMs,
        secret: context.secrets.sumsubWebhook,
        store: postgrestKycWebhookStore(rest),
      });
    case 'payments-webhook':
      return handlePaymentsWebhook(request, {
        logger: context.logger,
        serverTimeoutMs: context.serverTimeoutMs,
        secret: context.secrets.stripeWebhook,
        store: postgrestPaymentsWebhookStore(rest),
      });
    default:
      return null;
  }
}
