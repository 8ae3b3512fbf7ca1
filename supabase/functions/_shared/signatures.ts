/**
 * HMAC signatures with WebCrypto: the providers' webhook schemes (verified over the raw body,
 * before it is parsed, compared in constant time) and Sumsub's request signing.
 * docs/backend.md "Edge functions" lists each provider's secrets.
 */

type Hash = 'SHA-256' | 'SHA-512';

const encoder = new TextEncoder();

async function hmacHex(hash: Hash, secret: string, data: Uint8Array | string): Promise<string> {
  const key = await crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash }, false, ['sign']);
  const bytes = typeof data === 'string' ? encoder.encode(data) : new Uint8Array(data);
  const mac = new Uint8Array(await crypto.subtle.sign('HMAC', key, bytes));
  return Array.from(mac, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Compares two strings in time that depends only on their length, not on where they differ. */
function constantTimeEqual(a: string, b: string): boolean {
  const left = encoder.encode(a);
  const right = encoder.encode(b);
  let diff = left.length ^ right.length;
  const n = Math.max(left.length, right.length);
  for (let i = 0; i < n; i++) diff |= (left[i] ?? 0) ^ (right[i] ?? 0);
  return diff === 0;
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  const out = new Uint8Array(a.length + b.length);
  out.set(a, 0);
  out.set(b, a.length);
  return out;
}

export type SignatureCheck = { ok: true } | { ok: false; reason: 'missing' | 'malformed' | 'mismatch' | 'stale' };

/**
 * Stripe's scheme: `Stripe-Signature: t=<unix seconds>,v1=<hex>[,v1=<hex>…]`, where each v1 is
 * the hex HMAC-SHA256, keyed with the endpoint's signing secret (whsec_…), of
 * `<t>.<raw body>`. Any one v1 may match (Stripe sends several while a secret is rolled); other
 * schemes (v0) are ignored. A `t` further than `toleranceSeconds` from now is refused, so a
 * captured request cannot be replayed later.
 */
export async function verifyStripeSignature(
  header: string | null,
  rawBody: Uint8Array,
  secret: string,
  nowMs: number,
  toleranceSeconds = 300,
): Promise<SignatureCheck> {
  if (!header) return { ok: false, reason: 'missing' };
  let timestamp: string | undefined;
  const signatures: string[] = [];
  for (const part of header.split(',')) {
    const at = part.indexOf('=');
    if (at < 0) continue;
    const key = part.slice(0, at).trim();
    const value = part.slice(at + 1).trim();
    if (key === 't') timestamp = value;
    else if (key === 'v1') signatures.push(value.toLowerCase());
  }
  if (!timestamp || !/^\d{1,12}$/.test(timestamp) || signatures.length === 0) return { ok: false, reason: 'malformed' };
  const expected = await hmacHex('SHA-256', secret, concat(encoder.encode(`${timestamp}.`), rawBody));
  // Every candidate is compared, so the time taken does not say which one matched.
  let matched = false;
  for (const signature of signatures) matched = constantTimeEqual(signature, expected) || matched;
  if (!matched) return { ok: false, reason: 'mismatch' };
  if (Math.abs(nowMs / 1000 - Number(timestamp)) > toleranceSeconds) return { ok: false, reason: 'stale' };
  return { ok: true };
}

/** The algorithms Sumsub names in `X-Payload-Digest-Alg` that are accepted (SHA-1 is not). */
const sumsubAlgorithms: Record<string, Hash> = { HMAC_SHA256_HEX: 'SHA-256', HMAC_SHA512_HEX: 'SHA-512' };

/**
 * Sumsub's scheme: `X-Payload-Digest` is the hex HMAC of the raw body, keyed with the webhook's
 * secret key, with the algorithm in `X-Payload-Digest-Alg` (HMAC_SHA256_HEX by default,
 * HMAC_SHA512_HEX when chosen in the dashboard). The digest covers no timestamp: freshness is
 * checked by the caller on the payload's own `createdAtMs`, once the digest has proved it.
 */
export async function verifySumsubDigest(
  digest: string | null,
  algorithm: string | null,
  rawBody: Uint8Array,
  secret: string,
): Promise<SignatureCheck> {
  if (!digest) return { ok: false, reason: 'missing' };
  const hash = sumsubAlgorithms[algorithm ?? 'HMAC_SHA256_HEX'];
  if (!hash || !/^[0-9a-fA-F]+$/.test(digest)) return { ok: false, reason: 'malformed' };
  const expected = await hmacHex(hash, secret, rawBody);
  return constantTimeEqual(digest.toLowerCase(), expected) ? { ok: true } : { ok: false, reason: 'mismatch' };
}

/**
 * Sumsub's App Token request signing: `X-App-Access-Sig` is the lowercase hex HMAC-SHA256,
 * keyed with the app token's secret key, of `<ts><METHOD><path with query><body>`, with
 * `X-App-Access-Ts` = ts in Unix seconds (within a minute of Sumsub's clock).
 */
export async function sumsubRequestHeaders(input: {
  appToken: string;
  secretKey: string;
  method: string;
  pathWithQuery: string;
  body: string;
  nowMs: number;
}): Promise<Record<string, string>> {
  const ts = String(Math.floor(input.nowMs / 1000));
  const signature = await hmacHex(
    'SHA-256',
    input.secretKey,
    `${ts}${input.method.toUpperCase()}${input.pathWithQuery}${input.body}`,
  );
  return { 'X-App-Token': input.appToken, 'X-App-Access-Ts': ts, 'X-App-Access-Sig': signature };
}
