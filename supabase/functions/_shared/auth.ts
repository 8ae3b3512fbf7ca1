import { isRecord } from './http.ts';
import { TimeoutError, withTimeout } from './timeout.ts';

/**
 * Who is calling: the member of a Supabase access token, checked twice.
 * 1. Its claims, before any network call: audience `authenticated`, role `authenticated`, the
 *    project's issuer, not expired, a subject. A token for another audience or project stops here.
 * 2. Supabase Auth's `GET /auth/v1/user` with the token (what supabase-js's `getUser(jwt)` does):
 *    Auth checks the signature, and that the session is still open and the user still exists
 *    and is not banned. A signed-out or deleted member gets 401 before any provider is called.
 * docs/security.md "Edge functions".
 */

export interface AuthUser {
  id: string;
  email?: string;
}

export interface AuthGateway {
  /**
   * The user Supabase Auth answers for this token, or null when Auth refuses it (bad signature,
   * expired, signed out, deleted, banned). Rejects when Auth cannot be asked (network, 5xx).
   */
  getUser(token: string, signal: AbortSignal): Promise<AuthUser | null>;
}

export interface AuthOptions {
  gateway: AuthGateway;
  /** The token's expected `iss`: `<SUPABASE_URL>/auth/v1`. */
  issuer: string;
  timeoutMs: number;
  now?: () => number;
}

export type AuthOutcome =
  | { ok: true; user: AuthUser; token: string }
  | { ok: false; reason: 'notSignedIn' | 'timeout' | 'unavailable'; detail: string };

const audience = 'authenticated';

interface Claims {
  sub: string;
  exp: number;
}

/** The claims a member's access token must carry, or the reason it does not (no signature check here). */
function checkClaims(token: string, issuer: string, now: number): Claims | string {
  const parts = token.split('.');
  if (parts.length !== 3) return 'not a JWT';
  let claims: unknown;
  try {
    claims = JSON.parse(base64UrlText(parts[1] ?? ''));
  } catch {
    return 'unreadable claims';
  }
  if (!isRecord(claims)) return 'unreadable claims';
  const aud = claims.aud;
  const audiences = Array.isArray(aud) ? aud : [aud];
  if (!audiences.includes(audience)) return 'wrong audience';
  if (claims.role !== 'authenticated') return 'not an authenticated role';
  if (claims.iss !== issuer) return 'wrong issuer';
  if (typeof claims.exp !== 'number' || claims.exp * 1000 <= now) return 'expired';
  if (typeof claims.sub !== 'string' || claims.sub === '') return 'no subject';
  return { sub: claims.sub, exp: claims.exp };
}

export async function authenticate(authorization: string | null, options: AuthOptions): Promise<AuthOutcome> {
  const token = authorization?.match(/^Bearer\s+(\S+)$/i)?.[1];
  if (!token) return { ok: false, reason: 'notSignedIn', detail: 'no bearer token' };
  const claims = checkClaims(token, options.issuer, (options.now ?? Date.now)());
  if (typeof claims === 'string') return { ok: false, reason: 'notSignedIn', detail: claims };
  let user: AuthUser | null;
  try {
    user = await withTimeout('auth', options.timeoutMs, (signal) => options.gateway.getUser(token, signal));
  } catch (error) {
    if (error instanceof TimeoutError) return { ok: false, reason: 'timeout', detail: error.message };
    return { ok: false, reason: 'unavailable', detail: error instanceof Error ? error.message : String(error) };
  }
  if (!user) return { ok: false, reason: 'notSignedIn', detail: 'refused by Auth' };
  if (user.id !== claims.sub) return { ok: false, reason: 'notSignedIn', detail: 'subject mismatch' };
  return { ok: true, user, token };
}

/**
 * Supabase Auth over HTTP (`GET <url>/auth/v1/user`, as supabase-js's `auth.getUser(jwt)`), with
 * the caller's signal so the request is cancelled at the time limit.
 */
export function supabaseAuthGateway(options: { url: string; apiKey: string; fetch?: typeof fetch }): AuthGateway {
  const doFetch = options.fetch ?? fetch;
  return {
    async getUser(token, signal) {
      const response = await doFetch(`${options.url}/auth/v1/user`, {
        signal,
        headers: { apikey: options.apiKey, Authorization: `Bearer ${token}` },
      });
      if (response.status === 400 || response.status === 401 || response.status === 403 || response.status === 404) {
        await response.body?.cancel();
        return null;
      }
      if (!response.ok) throw new Error(`auth answered ${response.status}`);
      const body: unknown = await response.json();
      if (!isRecord(body) || typeof body.id !== 'string') throw new Error('auth sent no user');
      return { id: body.id, email: typeof body.email === 'string' ? body.email : undefined };
    },
  };
}

function base64UrlText(text: string): string {
  const base64 = text
    .replaceAll('-', '+')
    .replaceAll('_', '/')
    .padEnd(Math.ceil(text.length / 4) * 4, '=');
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return new TextDecoder().decode(bytes);
}
