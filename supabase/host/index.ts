/**
 * The local Supabase host: one module that answers a Supabase project's HTTP API from a PGlite
 * database holding the project's own schema and seed.
 *
 *   /rest/v1/...       PostgREST (postgrest.ts): tables and `rpc/<fn>`, as the caller's role
 *   /auth/v1/...       Supabase Auth (auth.ts): accounts in auth.users of the same database
 *   /functions/v1/...  the project's edge functions, unchanged (functions.ts)
 *   /embedded/v1/...   the embedded providers' outcome controls (providers/), each member's choice of
 *                      their next outcome, and the database image
 *
 * Browser-safe: WebCrypto and fetch's Request and Response only, no Node module, so it runs in a
 * Web Worker beside PGliteWorker as well as in Node (serve.ts, the tests).
 */
import type { PGliteInterface } from '@electric-sql/pglite';
import type { Logger } from '../functions/_shared/logger.ts';
import { type AuthContext, type AuthOptions, handleAuth } from './auth.ts';
import { handleFunction } from './functions.ts';
import { type Caller, callerOf, isRecord, jsonResponse } from './http.ts';
import { dataDirectoryImage } from './image.ts';
import { type JwtSigner, jwtSigner } from './jwt.ts';
import { handleRest, jwtRefusal } from './postgrest.ts';
import {
  type Delivery,
  type EmbeddedKyc,
  type EmbeddedPayments,
  embeddedKyc,
  embeddedNextOutcomes,
  embeddedPayments,
  isKycOutcome,
  isPaymentOutcome,
  isPayoutOutcome,
  type NextOutcomes,
  type ProviderSecrets,
  paymentOutcomesFor,
  providersAnswer,
} from './providers/index.ts';
import { createScheduler } from './schedule.ts';

export { type FixedAccount, stableIdForEmail } from './auth.ts';
export type { Delivery, KycOutcome, PaymentOutcome, PaymentSessionRecord } from './providers/index.ts';
export { kycOutcomes, paymentOutcomes } from './providers/index.ts';

/**
 * The local host's JWT secret: public, like the Supabase CLI's local one, so its tokens prove
 * nothing anywhere else. A host serving anything real must be given its own.
 */
export const LOCAL_JWT_SECRET = 'vault-local-host-jwt-secret-not-for-production';
/** The embedded providers' webhook secrets (public for the same reason). */
export const LOCAL_PROVIDER_SECRETS: ProviderSecrets = {
  sumsubWebhook: 'vault-local-sumsub-webhook-secret',
  stripeWebhook: 'whsec_vault_local_stripe_webhook_secret',
};

export interface HostOptions {
  db: PGliteInterface;
  /** The path the API is served under, e.g. '/mock-supabase' ('' by default, as a Supabase project). */
  basePath?: string;
  /** The host's public URL, base path included; tokens' issuer is `<url>/auth/v1` (default http://localhost<basePath>). */
  url?: string;
  jwtSecret?: string;
  /** Opaque keys also taken as the anon key (the placeholder key of an embedded build). */
  anonKeys?: readonly string[];
  auth?: AuthOptions;
  secrets?: Partial<ProviderSecrets>;
  /** The edge functions' ALLOWED_ORIGIN. */
  allowedOrigins?: readonly string[];
  /** Answer CORS preflights and allow every origin (a local server the app's own origin calls). */
  cors?: boolean;
  /** The edge functions' log lines (default: none). */
  logger?: Logger;
  /** The functions' time limit for Auth and the database. */
  serverTimeoutMs?: number;
  /** Where onramp-session sends the member to pay while no payment outcome is automatic. */
  checkoutUrl?: (session: { id: string; returnUrl: string }) => string;
  /** Run the scheduled jobs as the clock passes their minutes, as pg_cron would (schedule.ts). */
  runScheduledJobs?: boolean;
}

export interface HostKeys {
  anonKey: string;
  serviceRoleKey: string;
}

export interface Host {
  fetch(request: Request): Promise<Response>;
  /** The anon and service-role keys: JWTs signed with the host's secret, as a project's API keys are. */
  keys(): Promise<HostKeys>;
  url: string;
  providers: {
    kyc: EmbeddedKyc;
    payments: EmbeddedPayments;
  };
}

const silentLogger: Logger = { info: () => undefined, error: () => undefined };

/** Far enough ahead for a local key, fixed so the printed keys stay the same from run to run. */
const KEY_ISSUED_AT = 1_700_000_000;
const KEY_EXPIRES_AT = 2_000_000_000;

const EXPOSED_HEADERS =
  'Content-Range, Content-Location, Preference-Applied, Range-Unit, x-correlation-id, retry-after';

/**
 * The anon and service-role keys of a host signed with `signer`: the same on every run, so a
 * build or a test that knows the host's secret knows its keys (the e2e journeys of a real-mode build).
 */
export async function signHostKeys(signer: JwtSigner = jwtSigner(LOCAL_JWT_SECRET)): Promise<HostKeys> {
  const [anonKey, serviceRoleKey] = await Promise.all(
    (['anon', 'service_role'] as const).map((role) =>
      signer.sign({ iss: 'supabase-local-host', role, iat: KEY_ISSUED_AT, exp: KEY_EXPIRES_AT }),
    ),
  );
  return { anonKey: anonKey ?? '', serviceRoleKey: serviceRoleKey ?? '' };
}

export function createHost(options: HostOptions): Host {
  const basePath = (options.basePath ?? '').replace(/\/+$/, '');
  const url = (options.url ?? `http://localhost${basePath}`).replace(/\/+$/, '');
  const issuer = `${url}/auth/v1`;
  const signer = jwtSigner(options.jwtSecret ?? LOCAL_JWT_SECRET);
  const secrets: ProviderSecrets = { ...LOCAL_PROVIDER_SECRETS, ...options.secrets };
  const anonKeys = options.anonKeys ?? [];
  let keys: Promise<HostKeys> | null = null;
  const hostKeys = () => {
    keys ??= signHostKeys(signer);
    return keys;
  };
  const auth: AuthContext = { db: options.db, signer, issuer, options: options.auth ?? {} };

  const innerFetch: typeof fetch = (input, init) => host.fetch(new Request(input, init));
  const deliver = async (fn: 'kyc-webhook' | 'payments-webhook', body: string, headers: Record<string, string>) => {
    const response = await host.fetch(
      new Request(`${url}/functions/v1/${fn}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body,
      }),
    );
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // Not JSON: kept as text.
    }
    const event = (JSON.parse(body) as { type?: unknown }).type;
    return { event: typeof event === 'string' ? event : fn, status: response.status, body: parsed } satisfies Delivery;
  };
  const kyc = embeddedKyc(secrets, deliver);
  const payments = embeddedPayments(options.db, secrets, deliver);
  const next = embeddedNextOutcomes(options.db);
  // What a member may choose for their next session: the outcomes a new session can get.
  const nextPaymentOutcomes: readonly string[] = paymentOutcomesFor('open');

  async function embedded(request: Request, path: string, caller: Caller): Promise<Response> {
    if (!caller.ok) return jwtRefusal(caller.reason);
    if (path === 'providers' && request.method === 'GET') {
      return jsonResponse(providersAnswer({ kyc: kyc.auto, payments: payments.auto }));
    }
    const body: unknown = request.method === 'POST' ? await request.json().catch(() => null) : null;
    const args = isRecord(body) ? body : {};
    const service = caller.role === 'service_role';
    const member = caller.role === 'authenticated' && typeof caller.claims.sub === 'string' ? caller.claims.sub : null;
    const refused = (status: number, error: string) => jsonResponse({ error }, status);
    if (path === 'providers' && request.method === 'POST') {
      // Changing what happens to everyone's sessions is the operator's (service role) only.
      if (!service) return refused(403, 'the service role only');
      if ('kyc' in args) {
        if (args.kyc !== null && !isKycOutcome(args.kyc)) return refused(400, 'unknown KYC outcome');
        kyc.auto = args.kyc;
      }
      if ('payments' in args) {
        if (args.payments !== null && !isPaymentOutcome(args.payments)) return refused(400, 'unknown payment outcome');
        payments.auto = args.payments;
      }
      return jsonResponse({ kyc: kyc.auto, payments: payments.auto });
    }
    if (path === 'database' && request.method === 'GET') {
      // The whole database as a PGlite data directory, to start another copy from (the e2e
      // journeys' saved states): the operator's only.
      if (!service) return refused(403, 'the service role only');
      const image = await dataDirectoryImage(options.db);
      return new Response(image, { headers: { 'Content-Type': 'application/gzip' } });
    }
    if (path === 'next' && (request.method === 'GET' || request.method === 'POST')) {
      // A member's own choice only: the operator sets everyone's with POST providers.
      if (!member) return service ? refused(403, 'a member’s own choice') : refused(401, 'not signed in');
      if (request.method === 'GET') return jsonResponse(await next.of(member));
      const choice: Partial<NextOutcomes> = {};
      if ('kyc' in args) {
        if (args.kyc !== null && !isKycOutcome(args.kyc)) return refused(400, 'unknown KYC outcome');
        choice.kyc = args.kyc;
      }
      if ('payments' in args) {
        if (args.payments !== null && !isPaymentOutcome(args.payments)) return refused(400, 'unknown payment outcome');
        if (args.payments !== null && !nextPaymentOutcomes.includes(args.payments))
          return refused(400, 'not an outcome of a new payment');
        choice.payments = args.payments;
      }
      return jsonResponse(await next.choose(member, choice));
    }
    if (path === 'kyc/decide' && request.method === 'POST') {
      const memberId = service && typeof args.memberId === 'string' ? args.memberId : member;
      if (!memberId) return refused(401, 'not signed in');
      if (!isKycOutcome(args.outcome)) return refused(400, 'unknown KYC outcome');
      return jsonResponse({ outcome: args.outcome, deliveries: await kyc.decide(memberId, args.outcome) });
    }
    if (path === 'payments/sessions' && request.method === 'GET') {
      if (!member) return refused(401, 'not signed in');
      return jsonResponse(await payments.sessionsOf(member));
    }
    if (path === 'payments/decide' && request.method === 'POST') {
      if (!member && !service) return refused(401, 'not signed in');
      if (!isPaymentOutcome(args.outcome)) return refused(400, 'unknown payment outcome');
      const session = typeof args.sessionId === 'string' ? await payments.session(args.sessionId) : null;
      if (!session || (!service && session.memberId !== member)) return refused(404, 'no such payment session');
      return jsonResponse({ outcome: args.outcome, deliveries: await payments.decide(session, args.outcome) });
    }
    if (path === 'payments/withdrawals' && request.method === 'GET') {
      if (!member) return refused(401, 'not signed in');
      return jsonResponse(await payments.withdrawalsOf(member));
    }
    if (path === 'payments/payout' && request.method === 'POST') {
      if (!member && !service) return refused(401, 'not signed in');
      if (!isPayoutOutcome(args.outcome)) return refused(400, 'unknown payout outcome');
      const withdrawal = typeof args.withdrawalId === 'string' ? await payments.withdrawal(args.withdrawalId) : null;
      if (!withdrawal || (!service && withdrawal.memberId !== member)) return refused(404, 'no such withdrawal');
      return jsonResponse({ outcome: args.outcome, deliveries: await payments.payout(withdrawal, args.outcome) });
    }
    return refused(404, `${request.method} /embedded/v1/${path} is not served`);
  }

  async function route(request: Request): Promise<Response> {
    const pathname = new URL(request.url).pathname;
    const path = basePath && pathname.startsWith(`${basePath}/`) ? pathname.slice(basePath.length) : pathname;
    const match = /^\/(rest|auth|functions|embedded)\/v1\/(.*)$/.exec(path);
    if (!match) return jsonResponse({ message: 'no Supabase API at this path' }, 404);
    const [, service = '', rest = ''] = match;
    if (service === 'auth') return handleAuth(auth, request, rest);
    if (service === 'functions') {
      const answer = await handleFunction(
        {
          url,
          issuer,
          fetch: innerFetch,
          keys: hostKeys,
          logger: options.logger ?? silentLogger,
          allowedOrigins: options.allowedOrigins ?? [],
          serverTimeoutMs: options.serverTimeoutMs ?? 30_000,
          secrets,
          kyc,
          payments,
          next,
          checkoutUrl: options.checkoutUrl,
        },
        rest.split('/')[0] ?? '',
        request,
      );
      return answer ?? jsonResponse({ code: 'NOT_FOUND', message: 'Requested function was not found' }, 404);
    }
    const caller = await callerOf(request, signer, anonKeys);
    if (service === 'embedded') return embedded(request, rest, caller);
    return handleRest({ db: options.db }, request, rest, caller);
  }

  function withCors(request: Request, response: Response): Response {
    const headers = new Headers(response.headers);
    if (!headers.has('Access-Control-Allow-Origin'))
      headers.set('Access-Control-Allow-Origin', request.headers.get('origin') ?? '*');
    headers.set('Access-Control-Expose-Headers', EXPOSED_HEADERS);
    if (!/\bOrigin\b/i.test(headers.get('Vary') ?? '')) headers.append('Vary', 'Origin');
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  }

  const scheduler = options.runScheduledJobs ? createScheduler(options.db, options.logger ?? silentLogger) : null;

  const host: Host = {
    url,
    keys: hostKeys,
    providers: { kyc, payments },
    async fetch(request) {
      if (options.cors && request.method === 'OPTIONS') {
        const pathname = new URL(request.url).pathname;
        // The functions answer their own preflight with the headers they allow.
        if (!pathname.includes('/functions/v1/')) {
          return withCors(
            request,
            new Response(null, {
              status: 204,
              headers: {
                'Access-Control-Allow-Methods': 'GET, HEAD, POST, PATCH, PUT, DELETE, OPTIONS',
                'Access-Control-Allow-Headers': request.headers.get('access-control-request-headers') ?? '*',
                'Access-Control-Max-Age': '600',
              },
            }),
          );
        }
      }
      let response: Response;
      try {
        await scheduler?.runDue();
        response = await route(request);
      } catch (error) {
        response = jsonResponse({ message: error instanceof Error ? error.message : String(error) }, 500);
      }
      return options.cors ? withCors(request, response) : response;
    },
  };
  return host;
}
