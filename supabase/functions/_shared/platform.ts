import { supabaseAuthGateway } from './auth.ts';
import { parseAllowedOrigins } from './http.ts';
import { jsonLogger } from './logger.ts';
import { type PostgrestClient, postgrestClient } from './postgrest.ts';
import { postgrestRateLimiter } from './rateLimit.ts';
import { defaultServerTimeoutMs, type SessionDeps } from './session.ts';

/**
 * What every Deno entry (index.ts) wires from the function's secrets: Supabase provides
 * SUPABASE_URL, SUPABASE_ANON_KEY and SUPABASE_SERVICE_ROLE_KEY to every function; the operator
 * sets ALLOWED_ORIGIN (docs/backend.md "Edge functions"). Takes an env reader rather than
 * Deno.env so it type-checks and runs under Node too.
 */
export interface Platform {
  url: string;
  rest: PostgrestClient;
  session: SessionDeps;
  /** Whether app_settings.demo_mode is on (read with the service role). */
  demoMode(signal: AbortSignal): Promise<boolean>;
}

export function platformFromEnv(env: (name: string) => string | undefined, providerTimeoutMs: number): Platform {
  const url = (env('SUPABASE_URL') ?? '').replace(/\/+$/, '');
  const serviceKey = env('SUPABASE_SERVICE_ROLE_KEY') ?? '';
  const anonKey = env('SUPABASE_ANON_KEY') || serviceKey;
  const rest = postgrestClient({ url, serviceKey, anonKey });
  const allowedOrigins = parseAllowedOrigins(env('ALLOWED_ORIGIN'));
  if (allowedOrigins.length === 0) {
    jsonLogger.error('ALLOWED_ORIGIN is not set: browsers will refuse every answer', { fn: 'platform' });
  }
  return {
    url,
    rest,
    session: {
      auth: supabaseAuthGateway({ url, apiKey: anonKey }),
      // A custom Auth domain signs with its own issuer; VAULT_JWT_ISSUER names it.
      issuer: env('VAULT_JWT_ISSUER') || `${url}/auth/v1`,
      rateLimiter: postgrestRateLimiter(rest),
      logger: jsonLogger,
      allowedOrigins,
      timeouts: {
        serverMs: Number(env('VAULT_SERVER_TIMEOUT_MS')) || defaultServerTimeoutMs,
        providerMs: providerTimeoutMs,
      },
    },
    async demoMode(signal) {
      const rows = await rest.request('app_settings?select=demo_mode', { signal });
      const row: unknown = Array.isArray(rows) ? rows[0] : undefined;
      return typeof row === 'object' && row !== null && (row as { demo_mode?: unknown }).demo_mode === true;
    },
  };
}

/** The local port for the Deno smoke test (functions/create-crossmint-wallet/deno.test.ts); the edge runtime picks its own. */
export function serveOptions(env: (name: string) => string | undefined): { port?: number; hostname?: string } {
  const port = Number(env('PORT')) || undefined;
  return port ? { port, hostname: '127.0.0.1' } : {};
}
