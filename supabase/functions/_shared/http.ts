/**
 * What every Vault edge function does with HTTP: the correlation id, CORS from the ALLOWED_ORIGIN
 * secret, JSON answers, and a body read with a size limit. Web-standard APIs
 * only, so the handlers run on Deno (Supabase's edge runtime) and under Node in the tests.
 */

const correlationHeader = 'x-correlation-id';
const correlationPattern = /^[A-Za-z0-9._:-]{1,128}$/;

/** The largest body a browser-called function reads (the session functions send a few fields). */
export const maxBodyBytes = 16_384;

/** The caller's correlation id when it is well-formed, or a new one. */
export function correlationIdOf(request: Request, make: () => string = newCorrelationId): string {
  const incoming = request.headers.get(correlationHeader);
  return incoming && correlationPattern.test(incoming) ? incoming : make();
}

function newCorrelationId(): string {
  return `vault-fn-${Date.now().toString(36)}-${crypto.randomUUID().slice(0, 8)}`;
}

/**
 * The origins ALLOWED_ORIGIN names (comma-separated, exact `scheme://host[:port]`). A `*` is
 * ignored: these functions act on a signed-in member's behalf, so only the app's own origin may
 * call them from a browser.
 */
export function parseAllowedOrigins(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((origin) => origin.trim().replace(/\/+$/, ''))
    .filter((origin) => origin !== '' && origin !== '*' && /^https?:\/\/[^/\s]+$/.test(origin));
}

/**
 * CORS headers for a browser-called function. The request's Origin is echoed only when it is
 * allowed; with no allowed origin configured no Allow-Origin header is sent, so browsers refuse
 * the answer (fail closed) while server-to-server calls still work.
 */
export function corsHeaders(
  request: Request,
  allowedOrigins: readonly string[],
  allowHeaders: readonly string[],
  correlationId: string,
): Headers {
  const headers = new Headers({
    'Access-Control-Allow-Headers': allowHeaders.join(', '),
    'Access-Control-Allow-Methods': 'POST, OPTIONS',
    'Access-Control-Expose-Headers': `${correlationHeader}, retry-after`,
    'Access-Control-Max-Age': '600',
    Vary: 'Origin',
    [correlationHeader]: correlationId,
  });
  const origin = request.headers.get('origin');
  const allowed = origin && allowedOrigins.includes(origin) ? origin : allowedOrigins[0];
  if (allowed) headers.set('Access-Control-Allow-Origin', allowed);
  return headers;
}

export function json(body: unknown, status: number, headers: Headers = new Headers()): Response {
  const out = new Headers(headers);
  out.set('Content-Type', 'application/json');
  out.set('Cache-Control', 'no-store');
  return new Response(JSON.stringify(body), { status, headers: out });
}

export type BodyRead = { ok: true; bytes: Uint8Array; text: string } | { ok: false; reason: 'tooLarge' | 'unreadable' };

/**
 * The raw body, refused when it is over `limit` bytes: by its Content-Length before a byte is
 * read, and, when no length is given (a chunked upload), by cutting the stream at the limit.
 * The bytes are kept as sent (webhook signatures are over the raw body); `text` is their UTF-8.
 */
export async function readBody(request: Request, limit: number = maxBodyBytes): Promise<BodyRead> {
  const declared = request.headers.get('content-length');
  if (declared !== null) {
    if (!/^\d+$/.test(declared.trim())) return { ok: false, reason: 'unreadable' };
    if (Number(declared) > limit) return { ok: false, reason: 'tooLarge' };
  }
  if (!request.body) return { ok: true, bytes: new Uint8Array(0), text: '' };
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > limit) {
        await reader.cancel().catch(() => undefined);
        return { ok: false, reason: 'tooLarge' };
      }
      chunks.push(value);
    }
  } catch {
    return { ok: false, reason: 'unreadable' };
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  try {
    return { ok: true, bytes, text: new TextDecoder('utf-8', { fatal: true }).decode(bytes) };
  } catch {
    return { ok: false, reason: 'unreadable' };
  }
}

/** A JSON object body ({} when empty), or undefined when it is not one. */
export function parseJsonObject(text: string): Record<string, unknown> | undefined {
  if (text.trim() === '') return {};
  try {
    const parsed: unknown = JSON.parse(text);
    return isRecord(parsed) ? parsed : undefined;
  } catch {
    return undefined;
  }
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
