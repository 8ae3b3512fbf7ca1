/**
 * HS256 JSON Web Tokens with WebCrypto (browsers, workers, Node 20 and Deno alike): the access
 * tokens the host's Auth issues, and the anon and service-role keys, all signed with one secret,
 * as a Supabase project signs them with its JWT secret.
 */

const encoder = new TextEncoder();
const decoder = new TextDecoder();

export type JwtClaims = Record<string, unknown> & { role?: unknown; sub?: unknown; exp?: unknown };

function base64url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64url(text: string): Uint8Array<ArrayBuffer> {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) throw new Error('not base64url');
  const padded = text.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (text.length % 4)) % 4);
  const binary = atob(padded);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

export interface JwtSigner {
  sign(claims: JwtClaims): Promise<string>;
  /** The claims of a token signed with this secret; 'expired' past its `exp`; 'invalid' for anything else. */
  verify(
    token: string,
    now?: number,
  ): Promise<{ ok: true; claims: JwtClaims } | { ok: false; reason: 'invalid' | 'expired' }>;
}

export function jwtSigner(secret: string): JwtSigner {
  const key = crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
    'verify',
  ]);
  return {
    async sign(claims) {
      const header = base64url(encoder.encode(JSON.stringify({ alg: 'HS256', typ: 'JWT' })));
      const payload = base64url(encoder.encode(JSON.stringify(claims)));
      const signature = await crypto.subtle.sign('HMAC', await key, encoder.encode(`${header}.${payload}`));
      return `${header}.${payload}.${base64url(new Uint8Array(signature))}`;
    },
    async verify(token, now = Date.now()) {
      const parts = token.split('.');
      if (parts.length !== 3) return { ok: false, reason: 'invalid' };
      const [header, payload, signature] = parts as [string, string, string];
      try {
        const head: unknown = JSON.parse(decoder.decode(fromBase64url(header)));
        if (typeof head !== 'object' || head === null || (head as { alg?: unknown }).alg !== 'HS256') {
          return { ok: false, reason: 'invalid' };
        }
        const valid = await crypto.subtle.verify(
          'HMAC',
          await key,
          fromBase64url(signature),
          encoder.encode(`${header}.${payload}`),
        );
        if (!valid) return { ok: false, reason: 'invalid' };
        const claims: unknown = JSON.parse(decoder.decode(fromBase64url(payload)));
        if (typeof claims !== 'object' || claims === null || Array.isArray(claims))
          return { ok: false, reason: 'invalid' };
        const exp = (claims as JwtClaims).exp;
        if (exp !== undefined && (typeof exp !== 'number' || exp * 1000 <= now))
          return { ok: false, reason: 'expired' };
        return { ok: true, claims: claims as JwtClaims };
      } catch {
        return { ok: false, reason: 'invalid' };
      }
    },
  };
}

/** Lowercase hex HMAC of a text, for the providers' webhook signatures. */
export async function hmacHex(hash: 'SHA-256' | 'SHA-512', secret: string, data: string): Promise<string> {
  const key = await crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash }, false, ['sign']);
  const mac = new Uint8Array(await crypto.subtle.sign('HMAC', key, encoder.encode(data)));
  return Array.from(mac, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Lowercase hex SHA-256 of a text (stable ids derived from an email or a member id). */
export async function sha256Hex(data: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', encoder.encode(data)));
  return Array.from(digest, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** A random URL-safe token of `bytes` random bytes. */
export function randomToken(bytes = 16): string {
  return base64url(crypto.getRandomValues(new Uint8Array(bytes)));
}
