import { correlationIdOf, json, parseJsonObject, readBody } from './http.ts';
import { type Logger, reasonOf } from './logger.ts';
import { PostgrestError } from './postgrest.ts';
import type { SignatureCheck } from './signatures.ts';
import { TimeoutError, withTimeout } from './timeout.ts';

/**
 * The steps every provider webhook (kyc-webhook, payments-webhook) takes: POST only; the raw
 * body read with a size limit; the provider's signature verified over those raw bytes before
 * anything is parsed (401 otherwise, and nothing changes); then the event, applied through one
 * service-role SQL function that is idempotent per event id, with a time limit. A provider retries
 * any non-2xx answer, so only outages answer 5xx; an event whose values the server refuses
 * answers 422 and is logged (a payment it cannot attribute or match is taken instead, and kept for
 * review: payments-webhook/handler.ts). Webhooks are server to server: no CORS. docs/security.md "Edge functions".
 */

const webhookErrors = {
  methodNotAllowed: 'Method not allowed',
  payloadTooLarge: 'The request is too large',
  badRequest: 'The request could not be read',
  badSignature: 'Invalid signature',
  stale: 'The event is too old',
  unprocessable: 'The event could not be applied',
  serverTimeout: 'The server did not answer in time',
  internal: 'The event could not be recorded',
} as const;

type WebhookFailure = keyof typeof webhookErrors;

const webhookStatus: Record<WebhookFailure, number> = {
  methodNotAllowed: 405,
  payloadTooLarge: 413,
  badRequest: 400,
  badSignature: 401,
  stale: 401,
  unprocessable: 422,
  serverTimeout: 504,
  internal: 500,
};

/**
 * Providers' events are larger than the browser functions' requests (a Stripe Checkout Session
 * is several KB); an event refused for size would be retried and lost, so the limit is wider.
 */
const maxWebhookBytes = 65_536;

export interface WebhookDeps {
  logger: Logger;
  /** The database's time limit. */
  serverTimeoutMs: number;
  now?: () => number;
  newCorrelationId?: () => string;
}

export interface WebhookContext {
  event: Record<string, unknown>;
  now: number;
  log(level: 'info' | 'error', message: string, fields?: Record<string, unknown>): void;
  fail(kind: WebhookFailure, fields?: Record<string, unknown>): Response;
  /** 200: received (applied, or deliberately ignored). */
  ok(body?: Record<string, unknown>): Response;
  /** A database call with the time limit. */
  database<T>(what: string, call: (signal: AbortSignal) => Promise<T>): Promise<T>;
}

export async function runWebhook(
  request: Request,
  deps: WebhookDeps,
  name: string,
  verify: (rawBody: Uint8Array, headers: Headers, now: number) => Promise<SignatureCheck>,
  work: (context: WebhookContext) => Promise<Response>,
): Promise<Response> {
  const correlationId = correlationIdOf(request, deps.newCorrelationId);
  const now = (deps.now ?? Date.now)();
  const log = (level: 'info' | 'error', message: string, fields: Record<string, unknown> = {}) =>
    deps.logger[level](message, { correlationId, fn: name, ...fields });
  const headers = new Headers({ 'x-correlation-id': correlationId });
  const fail = (kind: WebhookFailure, fields: Record<string, unknown> = {}) => {
    log(
      kind === 'internal' || kind === 'serverTimeout' || kind === 'unprocessable' ? 'error' : 'info',
      `refused: ${kind}`,
      fields,
    );
    return json({ received: false, error: webhookErrors[kind] }, webhookStatus[kind], headers);
  };

  if (request.method !== 'POST') return fail('methodNotAllowed', { method: request.method });
  const read = await readBody(request, maxWebhookBytes);
  if (!read.ok) return fail(read.reason === 'tooLarge' ? 'payloadTooLarge' : 'badRequest');

  const check = await verify(read.bytes, request.headers, now);
  if (!check.ok) return fail(check.reason === 'stale' ? 'stale' : 'badSignature', { reason: check.reason });

  const event = parseJsonObject(read.text);
  if (!event || Object.keys(event).length === 0) return fail('badRequest', { reason: 'not a JSON object' });

  try {
    return await work({
      event,
      now,
      log,
      fail,
      ok: (body = {}) => json({ received: true, ...body }, 200, headers),
      database: (what, call) => withTimeout(what, deps.serverTimeoutMs, call),
    });
  } catch (error) {
    if (error instanceof TimeoutError) return fail('serverTimeout', { step: error.what });
    // The SQL refused the event's content (unknown member, invalid value): retrying cannot help.
    if (error instanceof PostgrestError && error.status >= 400 && error.status < 500) {
      return fail('unprocessable', { code: error.code, reason: error.pgMessage });
    }
    return fail('internal', { reason: reasonOf(error) });
  }
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && uuidPattern.test(value);
}
