/**
 * The create-crossmint-wallet edge function, as a plain `(request, deps) => Promise<Response>`
 * so it runs under Deno (index.ts wires the real dependencies) and under Node in the tests
 * (handler.test.ts, with a fake provider and Auth, and PGlite). Web-standard APIs only.
 *
 * - Before any work: CORS from ALLOWED_ORIGIN, a body over 16 KB refused by its length, the
 *   caller checked by Supabase Auth, the per-user rate limit (../_shared/session.ts).
 * - The user comes from the verified token, never from the body; a body userId that differs is refused.
 * - Idempotent per user: an existing wallet id is returned, and the write only fills a null. The
 *   provider's idempotency key is derived from the user (`vault-wallet-<user id>`); an
 *   Idempotency-Key header is allowed by CORS (the app sends one) but not used.
 * - The provider is the real Crossmint client when its secret is set; a demo provider only when
 *   the secret is absent AND demo mode is on; otherwise the function answers 'unavailable'.
 * - Every outbound call times out; every log line carries the correlation id; error texts are generic.
 * docs/backend.md "Edge functions" describes the function and its secrets.
 */
import { reasonOf } from '../_shared/logger.ts';
import { type PostgrestClient, PostgrestError } from '../_shared/postgrest.ts';
import { runSessionFunction, type SessionDeps } from '../_shared/session.ts';
import { TimeoutError } from '../_shared/timeout.ts';

/**
 * The function's answers. They must equal `walletFunction` in @vault/domain
 * (packages/domain/src/backend/errors.ts), which the app and the mock read; a test checks it.
 * Restated here because the function is deployed on its own, without the workspace.
 */
export const walletContract = {
  name: 'create-crossmint-wallet',
  errors: {
    notSignedIn: 'Not signed in',
    userMismatch: 'userId does not match the signed-in user',
    timeout: 'The wallet provider did not answer in time',
    unavailable: 'The wallet provider is unavailable',
    badRequest: 'The request could not be read',
    methodNotAllowed: 'Method not allowed',
    internal: 'The wallet could not be created',
    rateLimited: 'Too many attempts. Please wait a moment and try again.',
    payloadTooLarge: 'The request is too large',
    serverTimeout: 'The server did not answer in time',
  },
  status: {
    notSignedIn: 401,
    userMismatch: 403,
    timeout: 504,
    unavailable: 502,
    badRequest: 400,
    methodNotAllowed: 405,
    internal: 500,
    rateLimited: 429,
    payloadTooLarge: 413,
    serverTimeout: 504,
  },
  corsAllowHeaders: ['authorization', 'x-client-info', 'apikey', 'content-type', 'x-correlation-id', 'idempotency-key'],
  correlationHeader: 'x-correlation-id',
  idempotencyHeader: 'idempotency-key',
  providerTimeoutMs: 10_000,
} as const;

/** A wallet is made once per member: a few retries a minute are plenty. */
export const walletRateLimit = { maxCalls: 5, windowSeconds: 60 } as const;

export interface WalletProvider {
  /** For logs only. */
  readonly name: string;
  /** Creates (or, for the same user, returns) the user's wallet; rejects on any failure. */
  createWallet(input: { userId: string; email?: string; idempotencyKey: string }, signal: AbortSignal): Promise<string>;
}

/** The profile row's wallet column, written with the service role. Every call takes the time limit's signal. */
export interface WalletStore {
  walletIdOf(userId: string, signal: AbortSignal): Promise<string | null>;
  /** Stores the id only where none is stored yet; answers the id now stored (the first one wins). */
  saveWalletId(userId: string, walletId: string, signal: AbortSignal): Promise<string>;
  demoMode(signal: AbortSignal): Promise<boolean>;
}

export interface WalletDeps extends SessionDeps {
  /** The real Crossmint client, or null when its secret is not set. */
  crossmint: WalletProvider | null;
  /** Used only when `crossmint` is null and demo mode is on. */
  demo: WalletProvider;
  store: WalletStore;
}

export function handleCreateWallet(request: Request, deps: WalletDeps): Promise<Response> {
  return runSessionFunction(
    request,
    deps,
    {
      contract: walletContract,
      rateLimit: walletRateLimit,
      errorBody: (error) => ({ success: false, walletId: null, error }),
    },
    async ({ user, body, log, fail, ok, database, provider: withProviderTimeout }) => {
      if (body.userId !== undefined && body.userId !== user.id) return fail('userMismatch', { userId: user.id });

      const existing = await database('read wallet', (signal) => deps.store.walletIdOf(user.id, signal));
      if (existing) {
        log('info', 'wallet exists', { userId: user.id });
        return ok({ success: true, walletId: existing, error: null });
      }
      const provider =
        deps.crossmint ??
        ((await database('read demo mode', (signal) => deps.store.demoMode(signal))) ? deps.demo : null);
      if (!provider) return fail('unavailable', { userId: user.id, reason: 'no provider configured' });

      const idempotencyKey = `vault-wallet-${user.id}`;
      let walletId: string;
      try {
        walletId = await withProviderTimeout('provider', (signal) =>
          provider.createWallet({ userId: user.id, email: user.email, idempotencyKey }, signal),
        );
      } catch (error) {
        if (error instanceof TimeoutError) return fail('timeout', { userId: user.id, provider: provider.name });
        return fail('unavailable', { userId: user.id, provider: provider.name, reason: reasonOf(error) });
      }
      if (typeof walletId !== 'string' || walletId === '' || walletId.length > 200) {
        return fail('unavailable', { userId: user.id, provider: provider.name, reason: 'no wallet id' });
      }
      const stored = await database('write wallet', (signal) => deps.store.saveWalletId(user.id, walletId, signal));
      log('info', 'wallet created', { userId: user.id, provider: provider.name, reused: stored !== walletId });
      return ok({ success: true, walletId: stored, error: null });
    },
  );
}

/** Demo mode's provider: a made-up id, no network. */
export const demoProvider: WalletProvider = {
  name: 'demo',
  createWallet: async ({ userId }) =>
    `demo-wallet-${userId.replaceAll('-', '').slice(0, 12)}-${Date.now().toString(36)}`,
};

/**
 * Crossmint's Wallets API (POST /api/2025-06-09/wallets): an EVM smart wallet owned by the
 * Vault user, with Crossmint holding the admin signer. Crossmint returns the existing wallet for
 * the same owner or idempotency key, so a retry never makes a second wallet. A staging key
 * (sk_staging_…) talks to staging, any other to production, unless a base URL is given.
 */
export function crossmintProvider(options: { apiKey: string; baseUrl?: string; fetch?: typeof fetch }): WalletProvider {
  const baseUrl =
    options.baseUrl ??
    (options.apiKey.startsWith('sk_staging') ? 'https://staging.crossmint.com/api' : 'https://www.crossmint.com/api');
  const doFetch = options.fetch ?? fetch;
  return {
    name: 'crossmint',
    async createWallet({ userId, idempotencyKey }, signal) {
      const response = await doFetch(`${baseUrl}/2025-06-09/wallets`, {
        method: 'POST',
        signal,
        headers: {
          'Content-Type': 'application/json',
          'X-API-KEY': options.apiKey,
          'x-idempotency-key': idempotencyKey,
        },
        body: JSON.stringify({
          chainType: 'evm',
          type: 'smart',
          config: { adminSigner: { type: 'api-key' } },
          owner: `userId:${userId}`,
        }),
      });
      if (!response.ok) throw new Error(`crossmint answered ${response.status}`);
      const body: unknown = await response.json();
      const address = typeof body === 'object' && body !== null ? (body as { address?: unknown }).address : undefined;
      if (typeof address !== 'string' || address === '') throw new Error('crossmint sent no wallet address');
      return address;
    },
  };
}

/** The wallet column through PostgREST, with the service role; the demo switch from the platform. */
export function postgrestWalletStore(client: PostgrestClient, demoMode: WalletStore['demoMode']): WalletStore {
  const walletIdOf = async (userId: string, signal: AbortSignal) => {
    const rows = await client.request(`profiles?select=crossmint_wallet_id&id=eq.${encodeURIComponent(userId)}`, {
      signal,
    });
    const row: unknown = Array.isArray(rows) ? rows[0] : undefined;
    const value =
      typeof row === 'object' && row !== null ? (row as { crossmint_wallet_id?: unknown }).crossmint_wallet_id : null;
    return typeof value === 'string' ? value : null;
  };
  return {
    walletIdOf,
    demoMode,
    async saveWalletId(userId, walletId, signal) {
      let rows: unknown;
      try {
        rows = await client.request(
          `profiles?id=eq.${encodeURIComponent(userId)}&crossmint_wallet_id=is.null&select=crossmint_wallet_id`,
          { method: 'PATCH', body: { crossmint_wallet_id: walletId }, prefer: 'return=representation', signal },
        );
      } catch (error) {
        throw error instanceof PostgrestError ? new Error(`writing the wallet id failed: ${error.code}`) : error;
      }
      if (Array.isArray(rows) && rows.length > 0) return walletId;
      const current = await walletIdOf(userId, signal);
      if (!current) throw new Error('the profile row is missing');
      return current;
    },
  };
}
