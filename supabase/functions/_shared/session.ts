import { type AuthGateway, type AuthUser, authenticate } from './auth.ts';
import { correlationIdOf, corsHeaders, json, maxBodyBytes as maxBody, parseJsonObject, readBody } from './http.ts';
import { type Logger, reasonOf } from './logger.ts';
import type { RateLimit, RateLimiter } from './rateLimit.ts';
import { TimeoutError, withTimeout } from './timeout.ts';

/**
 * The steps every browser-called function (create-crossmint-wallet, kyc-session, onramp-session)
 * takes before its own work, in this order, each answering with the function's contract:
 * CORS preflight and method; a body over the limit refused by its Content-Length before any
 * call; the caller through Supabase Auth (401); the per-user rate limit (429 + Retry-After);
 * then the body, read with the same limit. Every outbound call has a time limit: Auth and the
 * database answer 504 'serverTimeout' when they hang. docs/security.md "Edge functions".
 */

/** The answers every session function gives, beside its own. */
type CommonFailure =
  | 'methodNotAllowed'
  | 'badRequest'
  | 'payloadTooLarge'
  | 'notSignedIn'
  | 'rateLimited'
  | 'serverTimeout'
  | 'internal';

interface FunctionContract<K extends string> {
  name: string;
  errors: Record<CommonFailure | K, string>;
  status: Record<CommonFailure | K, number>;
  corsAllowHeaders: readonly string[];
}

export interface SessionFunction<K extends string> {
  contract: FunctionContract<K>;
  rateLimit: RateLimit;
  /** The error answer's body for a text, in the function's own shape. */
  errorBody: (text: string) => Record<string, unknown>;
}

/** Auth's and the database's time limit unless VAULT_SERVER_TIMEOUT_MS says otherwise (platform.ts). */
export const defaultServerTimeoutMs = 5_000;

interface Timeouts {
  /** Supabase Auth and the database (PostgREST). */
  serverMs: number;
  /** The paid provider. */
  providerMs: number;
}

export interface SessionDeps {
  auth: AuthGateway;
  /** The expected `iss` of members' tokens: `<SUPABASE_URL>/auth/v1`. */
  issuer: string;
  rateLimiter: RateLimiter;
  logger: Logger;
  /** From the ALLOWED_ORIGIN secret (http.ts parseAllowedOrigins). */
  allowedOrigins: readonly string[];
  timeouts: Timeouts;
  newCorrelationId?: () => string;
  now?: () => number;
}

export interface SessionContext<K extends string> {
  user: AuthUser;
  /** The member's access token, to call SQL functions as the member. */
  token: string;
  body: Record<string, unknown>;
  correlationId: string;
  log(level: 'info' | 'error', message: string, fields?: Record<string, unknown>): void;
  fail(kind: CommonFailure | K, fields?: Record<string, unknown>): Response;
  ok(body: Record<string, unknown>): Response;
  /** A database call with the server time limit. */
  database<T>(what: string, call: (signal: AbortSignal) => Promise<T>): Promise<T>;
  /** A provider call with the provider time limit. */
  provider<T>(what: string, call: (signal: AbortSignal) => Promise<T>): Promise<T>;
}

const serverSideFailures = new Set<string>(['internal', 'serverTimeout', 'unavailable', 'timeout']);

export async function runSessionFunction<K extends string>(
  request: Request,
  deps: SessionDeps,
  { contract, rateLimit, errorBody }: SessionFunction<K>,
  work: (context: SessionContext<K>) => Promise<Response>,
): Promise<Response> {
  const correlationId = correlationIdOf(request, deps.newCorrelationId);
  const headers = corsHeaders(request, deps.allowedOrigins, contract.corsAllowHeaders, correlationId);
  const log = (level: 'info' | 'error', message: string, fields: Record<string, unknown> = {}) =>
    deps.logger[level](message, { correlationId, fn: contract.name, ...fields });
  const fail = (kind: CommonFailure | K, fields: Record<string, unknown> = {}, extra?: Headers) => {
    log(serverSideFailures.has(kind) ? 'error' : 'info', `refused: ${kind}`, fields);
    const out = new Headers(headers);
    extra?.forEach((value, key) => {
      out.set(key, value);
    });
    return json(errorBody(contract.errors[kind]), contract.status[kind], out);
  };

  if (request.method === 'OPTIONS') return new Response(null, { status: 204, headers });
  if (request.method !== 'POST') return fail('methodNotAllowed', { method: request.method });
  // Refused by its declared length before anything else is done (readBody checks it again, and
  // cuts a body sent without a length).
  const declared = Number(request.headers.get('content-length') ?? '0');
  if (declared > maxBody) return fail('payloadTooLarge', { contentLength: declared });

  const auth = await authenticate(request.headers.get('authorization'), {
    gateway: deps.auth,
    issuer: deps.issuer,
    timeoutMs: deps.timeouts.serverMs,
    now: deps.now,
  });
  if (!auth.ok) {
    if (auth.reason === 'timeout') return fail('serverTimeout', { step: 'auth', reason: auth.detail });
    if (auth.reason === 'unavailable') return fail('internal', { step: 'auth', reason: auth.detail });
    return fail('notSignedIn', { reason: auth.detail });
  }
  const { user } = auth;

  try {
    const limit = await withTimeout('rate limit', deps.timeouts.serverMs, (signal) =>
      deps.rateLimiter.hit(user.id, contract.name, rateLimit, signal),
    );
    if (!limit.allowed) {
      const retryAfter = String(Math.max(1, Math.ceil(limit.retryAfterSeconds)));
      return fail('rateLimited', { userId: user.id, retryAfter }, new Headers({ 'Retry-After': retryAfter }));
    }
  } catch (error) {
    // Fail closed: without a working limit no paid provider is called.
    if (error instanceof TimeoutError) return fail('serverTimeout', { step: 'rate limit', userId: user.id });
    return fail('internal', { step: 'rate limit', userId: user.id, reason: reasonOf(error) });
  }

  const read = await readBody(request, maxBody);
  if (!read.ok) return fail(read.reason === 'tooLarge' ? 'payloadTooLarge' : 'badRequest', { userId: user.id });
  const body = parseJsonObject(read.text);
  if (!body) return fail('badRequest', { userId: user.id });

  const context: SessionContext<K> = {
    user,
    token: auth.token,
    body,
    correlationId,
    log,
    fail,
    ok: (answer) => json(answer, 200, headers),
    database: (what, call) => withTimeout(what, deps.timeouts.serverMs, call),
    provider: (what, call) => withTimeout(what, deps.timeouts.providerMs, call),
  };
  try {
    return await work(context);
  } catch (error) {
    // What the function did not answer itself: a hung database call is a 504, anything else a 500.
    if (error instanceof TimeoutError) return fail('serverTimeout', { userId: user.id, step: error.what });
    return fail('internal', { userId: user.id, reason: reasonOf(error) });
  }
}
