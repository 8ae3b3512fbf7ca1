/**
 * HS256 JSON Web Tokens for the embedded backend, signed and verified with WebCrypto (present in
 * browsers and in Node 20). Supabase Auth issues the same kind of token; the mock's secret is fixed
 * and public, so its tokens prove nothing outside the mock.
 */

/** The mock's signing secret; a real project's secret never reaches the client. */
const MOCK_JWT_SECRET = 'vault-embedded-backend-not-a-secret';
/** Access tokens live one hour, as Supabase's do by default. */
export const ACCESS_TOKEN_SECONDS = 3600;

interface AppMetadata {
  provider?: string;
  providers?: string[];
  role?: string;
  is_admin?: boolean;
}

export interface JwtClaims {
  sub: string;
  role: 'authenticated' | 'anon';
  aud: string;
  email?: string;
  app_metadata?: AppMetadata;
  user_metadata?: Record<string, unknown>;
  session_id?: string;
  iat: number;
  exp: number;
  iss?: string;
}

const encoder = new TextEncoder();

function base64url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64url(text: string): Uint8Array<ArrayBuffer> {
  const padded = text.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (text.length % 4)) % 4);
  const binary = atob(padded);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

let key: Promise<CryptoKey> | null = null;
function signingKey(): Promise<CryptoKey> {
  key ??= crypto.subtle.importKey('raw', encoder.encode(MOCK_JWT_SECRET), { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
    'verify',
  ]);
  return key;
}

export async function signJwt(claims: JwtClaims): Promise<string> {
  const header = base64url(encoder.encode(JSON.stringify({ alg: 'HS256', typ: 'JWT' })));
  const payload = base64url(encoder.encode(JSON.stringify(claims)));
  const signature = await crypto.subtle.sign('HMAC', await signingKey(), encoder.encode(`${header}.${payload}`));
  return `${header}.${payload}.${base64url(new Uint8Array(signature))}`;
}

export type VerifyResult = { ok: true; claims: JwtClaims } | { ok: false; reason: 'invalid' | 'expired' };

/** Checks the signature, the algorithm and the expiry; anything odd is 'invalid'. */
export async function verifyJwt(token: string, now: number = Date.now()): Promise<VerifyResult> {
  const parts = token.split('.');
  if (parts.length !== 3) return { ok: false, reason: 'invalid' };
  const [header, payload, signature] = parts as [string, string, string];
  try {
    const head: unknown = JSON.parse(new TextDecoder().decode(fromBase64url(header)));
    if (typeof head !== 'object' || head === null || (head as { alg?: unknown }).alg !== 'HS256') {
      return { ok: false, reason: 'invalid' };
    }
    const valid = await crypto.subtle.verify(
      'HMAC',
      await signingKey(),
      fromBase64url(signature),
      encoder.encode(`${header}.${payload}`),
    );
    if (!valid) return { ok: false, reason: 'invalid' };
    const claims = JSON.parse(new TextDecoder().decode(fromBase64url(payload))) as JwtClaims;
    if (typeof claims.sub !== 'string' || typeof claims.exp !== 'number') return { ok: false, reason: 'invalid' };
    if (claims.exp * 1000 <= now) return { ok: false, reason: 'expired' };
    return { ok: true, claims };
  } catch {
    return { ok: false, reason: 'invalid' };
  }
}
