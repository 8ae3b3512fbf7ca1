import { createHmac } from 'node:crypto';
import type { PGlite, Transaction } from '@electric-sql/pglite';
import type { AuthGateway } from '../auth.ts';
import type { Logger } from '../logger.ts';
import { PostgrestError } from '../postgrest.ts';
import type { RateLimiter } from '../rateLimit.ts';
import type { SessionDeps } from '../session.ts';

/**
 * Test doubles shared by the functions' handler tests (Node only, never deployed): members'
 * access tokens as Supabase Auth signs them, a stand-in for Auth's GET /user that refuses what
 * Auth refuses, the real rate-limit SQL function on PGlite, and a log collector.
 */

const issuer = 'http://127.0.0.1:54321/auth/v1';
export const allowedOrigin = 'https://vault.example';
const secret = 'test-jwt-secret-of-at-least-thirty-two-characters';

export interface Member {
  id: string;
  email: string;
}

export function signToken(claims: Record<string, unknown>, key = secret): string {
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const body = `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode(claims)}`;
  return `${body}.${createHmac('sha256', key).update(body).digest('base64url')}`;
}

/** A member's access token as Supabase Auth issues it; `overrides` make a wrong one. */
export function tokenFor(member: Member, overrides: Record<string, unknown> = {}): string {
  return signToken({
    iss: issuer,
    sub: member.id,
    aud: 'authenticated',
    role: 'authenticated',
    email: member.email,
    session_id: `session-${member.id}`,
    exp: Math.floor(Date.now() / 1000) + 3600,
    app_metadata: { role: 'investor' },
    ...overrides,
  });
}

/**
 * Supabase Auth's GET /auth/v1/user as far as the functions rely on it: the signature, the
 * expiry, an open session (`signOut` closes one) and a user row that still exists in the
 * PGlite database's auth.users.
 */
function fakeAuth(db: PGlite): AuthGateway & { calls: number; signOut(token: string): void; hang: boolean } {
  const closed = new Set<string>();
  const claimsOf = (token: string): Record<string, unknown> | null => {
    const [head, payload, signature] = token.split('.');
    if (!head || !payload || !signature) return null;
    const expected = createHmac('sha256', secret).update(`${head}.${payload}`).digest('base64url');
    if (expected !== signature) return null;
    return JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
  };
  const gateway = {
    calls: 0,
    hang: false,
    signOut(token: string) {
      const claims = claimsOf(token);
      if (claims) closed.add(String(claims.session_id));
    },
    async getUser(token: string, signal: AbortSignal) {
      gateway.calls += 1;
      if (gateway.hang) return hangUntilAborted<null>(signal);
      const claims = claimsOf(token);
      if (!claims || typeof claims.exp !== 'number' || claims.exp * 1000 <= Date.now()) return null;
      if (closed.has(String(claims.session_id))) return null;
      const { rows } = await db.query<{ id: string; email: string }>('select id, email from auth.users where id = $1', [
        claims.sub,
      ]);
      const user = rows[0];
      return user ? { id: user.id, email: user.email } : null;
    },
  };
  return gateway;
}

/** The migration's public.function_rate_limit_hit, called as the service role (as PostgREST would). */
function pgliteRateLimiter(db: PGlite): RateLimiter & { hang: boolean } {
  const limiter = {
    hang: false,
    async hit(userId: string, fn: string, limit: { maxCalls: number; windowSeconds: number }, signal: AbortSignal) {
      if (limiter.hang) return hangUntilAborted<{ allowed: boolean; retryAfterSeconds: number }>(signal);
      return db.transaction(async (tx) => {
        await tx.exec('set local role service_role');
        const { rows } = await tx.query<{ allowed: boolean; retry_after_seconds: number }>(
          'select * from public.function_rate_limit_hit($1, $2, $3, $4)',
          [userId, fn, limit.maxCalls, limit.windowSeconds],
        );
        const row = rows[0];
        if (!row) throw new Error('no row');
        return { allowed: row.allowed, retryAfterSeconds: row.retry_after_seconds };
      });
    },
  };
  return limiter;
}

export interface LogLine {
  level: string;
  message: string;
  fields: Record<string, unknown>;
}

export function collectingLogger(lines: LogLine[]): Logger {
  return {
    info: (message, fields) => lines.push({ level: 'info', message, fields }),
    error: (message, fields) => lines.push({ level: 'error', message, fields }),
  };
}

/** The session functions' shared dependencies against PGlite; spread and override per test. */
export function sessionDeps(db: PGlite, lines: LogLine[]) {
  return {
    auth: fakeAuth(db),
    issuer,
    rateLimiter: pgliteRateLimiter(db),
    logger: collectingLogger(lines),
    allowedOrigins: [allowedOrigin],
    timeouts: { serverMs: 500, providerMs: 200 },
  } satisfies SessionDeps;
}

/** A promise that settles only when the signal aborts (a hung dependency that honours its signal). */
export function hangUntilAborted<T>(signal: AbortSignal): Promise<T> {
  return new Promise<T>((_, reject) => signal.addEventListener('abort', () => reject(new Error('aborted'))));
}

/**
 * Runs SQL as PostgREST does for the service role key (claims and role), committed; a Postgres
 * error becomes the PostgrestError PostgREST's answer would (4xx for a raised or refused call).
 */
export async function asServiceRole<T>(db: PGlite, run: (tx: Transaction) => Promise<T>): Promise<T> {
  try {
    return await db.transaction(async (tx) => {
      await tx.query(`select set_config('request.jwt.claims', '{"role":"service_role"}', true)`);
      await tx.exec('set local role service_role');
      return run(tx);
    });
  } catch (error) {
    const code = typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : null;
    if (code) throw new PostgrestError(code === '42501' ? 403 : 400, code, (error as Error).message);
    throw error;
  }
}
