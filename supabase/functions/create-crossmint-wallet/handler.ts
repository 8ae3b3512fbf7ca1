/**
 * The create-crossmint-wallet edge function, as a plain `(request, deps) => Promise<Response>`
 * so it runs under Deno (index.ts wires the real dependencies) and under Node in the tests
 * (supabase/functions/create-crossmint-wallet/handler.test.ts, with a fake provider and PGlite).
 * Web-standard APIs only: no Deno, no Node, no npm imports.
 *
 * - The user comes from the verified JWT, never from the body; a body userId that differs is refused.
 * - Idempotent per user: an existing wallet id is returned, and the write only fills a null.
 * - The provider is the real Crossmint client when its secret is set; a demo provider only when
 *   the secret is absent AND demo mode is on; otherwise the function answers 'unavailable'.
 * - Provider calls time out; every log line carries the correlation id; error texts are generic.
 * docs/backend.md describes the function and its secrets.
 */

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
  },
  status: {
    notSignedIn: 401,
    userMismatch: 403,
    timeout: 504,
    unavailable: 502,
    badRequest: 400,
    methodNotAllowed: 405,
    internal: 500,
  },
  corsAllowHeaders: ['authorization', 'x-client-info', 'apikey', 'content-type', 'x-correlation-id', 'idempotency-key'],
  correlationHeader: 'x-correlation-id',
  idempotencyHeader: 'idempotency-key',
  providerTimeoutMs: 10_000,
} as const;

type ErrorKind = keyof typeof walletContract.errors;

export interface VerifiedUser {
  id: string;
  email?: string;
}

export interface WalletProvider {
  /** For logs only. */
  readonly name: string;
  /** Creates (or, for the same user, returns) the user's wallet; rejects on any failure. */
  createWallet(input: { userId: string; email?: string; idempotencyKey: string }, signal: AbortSignal): Promise<string>;
}

/** The profile row's wallet column, written with the service role. */
export interface WalletStore {
  walletIdOf(userId: string): Promise<string | null>;
  /** Stores the id only where none is stored yet; answers the id now stored (the first one wins). */
  saveWalletId(userId: string, walletId: string): Promise<string>;
  demoMode(): Promise<boolean>;
}

export interface Logger {
  info(message: string, fields: Record<string, unknown>): void;
  error(message: string, fields: Record<string, unknown>): void;
}

export interface WalletDeps {
  /** The user of a bearer token, or null when the token is missing, invalid or expired. */
  verifyJwt(token: string): Promise<VerifiedUser | null>;
  /** The real Crossmint client, or null when its secret is not set. */
  crossmint: WalletProvider | null;
  /** Used only when `crossmint` is null and demo mode is on. */
  demo: WalletProvider;
  store: WalletStore;
  logger: Logger;
  timeoutMs?: number;
  /** The CORS origin to allow; '*' by default (the function reads no cookies). */
  allowOrigin?: string;
  newCorrelationId?: () => string;
}

const correlationPattern = /^[A-Za-z0-9._:-]{1,128}$/;
const maxBodyBytes = 16_384;

class ProviderTimeout extends Error {}

export async function handleCreateWallet(request: Request, deps: WalletDeps): Promise<Response> {
  const incoming = request.headers.get(walletContract.correlationHeader);
  const correlationId =
    incoming && correlationPattern.test(incoming) ? incoming : (deps.newCorrelationId ?? defaultCorrelationId)();
  const headers = responseHeaders(correlationId, deps.allowOrigin ?? '*');
  const log = (level: 'info' | 'error', message: string, fields: Record<string, unknown> = {}) =>
    deps.logger[level](message, { correlationId, fn: walletContract.name, ...fields });
  const fail = (kind: ErrorKind, fields: Record<string, unknown> = {}) => {
    log(
      kind === 'internal' || kind === 'unavailable' || kind === 'timeout' ? 'error' : 'info',
      `refused: ${kind}`,
      fields,
    );
    return json(
      { success: false, walletId: null, error: walletContract.errors[kind] },
      walletContract.status[kind],
      headers,
    );
  };

  if (request.method === 'OPTIONS') return new Response(null, { status: 204, headers });
  if (request.method !== 'POST') return fail('methodNotAllowed', { method: request.method });

  const token = bearerToken(request.headers.get('authorization'));
  const user = token ? await deps.verifyJwt(token).catch(() => null) : null;
  if (!user) return fail('notSignedIn');

  const body = await readBody(request);
  if (body === undefined) return fail('badRequest', { userId: user.id });
  if (body.userId !== undefined && body.userId !== user.id) return fail('userMismatch', { userId: user.id });

  try {
    const existing = await deps.store.walletIdOf(user.id);
    if (existing) {
      log('info', 'wallet exists', { userId: user.id });
      return json({ success: true, walletId: existing, error: null }, 200, headers);
    }
    const provider = deps.crossmint ?? ((await deps.store.demoMode()) ? deps.demo : null);
    if (!provider) return fail('unavailable', { userId: user.id, reason: 'no provider configured' });

    const idempotencyKey = `vault-wallet-${user.id}`;
    let walletId: string;
    try {
      walletId = await withTimeout(
        (signal) => provider.createWallet({ userId: user.id, email: user.email, idempotencyKey }, signal),
        deps.timeoutMs ?? walletContract.providerTimeoutMs,
      );
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      if (error instanceof ProviderTimeout) return fail('timeout', { userId: user.id, provider: provider.name });
      return fail('unavailable', { userId: user.id, provider: provider.name, reason });
    }
    if (typeof walletId !== 'string' || walletId === '' || walletId.length > 200) {
      return fail('unavailable', { userId: user.id, provider: provider.name, reason: 'no wallet id' });
    }
    const stored = await deps.store.saveWalletId(user.id, walletId);
    log('info', 'wallet created', { userId: user.id, provider: provider.name, reused: stored !== walletId });
    return json({ success: true, walletId: stored, error: null }, 200, headers);
  } catch (error) {
    return fail('internal', { userId: user.id, reason: error instanceof Error ? error.message : String(error) });
  }
}

function responseHeaders(correlationId: string, allowOrigin: string): Headers {
  return new Headers({
    'Access-Control-Allow-Origin': allowOrigin,
    'Access-Control-Allow-Headers': walletContract.corsAllowHeaders.join(', '),
    'Access-Control-Allow-Methods': 'POST, OPTIONS',
    'Access-Control-Expose-Headers': walletContract.correlationHeader,
    'Access-Control-Max-Age': '600',
    Vary: 'Origin',
    [walletContract.correlationHeader]: correlationId,
  });
}

function json(body: unknown, status: number, headers: Headers): Response {
  const out = new Headers(headers);
  out.set('Content-Type', 'application/json');
  out.set('Cache-Control', 'no-store');
  return new Response(JSON.stringify(body), { status, headers: out });
}

function bearerToken(header: string | null): string | null {
  const match = header?.match(/^Bearer\s+(\S+)$/i);
  return match?.[1] ?? null;
}

/** The JSON body as an object ({} when empty), or undefined when it cannot be read. */
async function readBody(request: Request): Promise<{ userId?: unknown } | undefined> {
  let text: string;
  try {
    text = await request.text();
  } catch {
    return undefined;
  }
  if (text.length > maxBodyBytes) return undefined;
  if (text.trim() === '') return {};
  try {
    const parsed: unknown = JSON.parse(text);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? parsed : undefined;
  } catch {
    return undefined;
  }
}

/** Runs the call with an abort signal and gives up after `ms`, even if the call ignores the signal. */
async function withTimeout<T>(call: (signal: AbortSignal) => Promise<T>, ms: number): Promise<T> {
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      // Settle the race first: aborting may make the call reject at once with its own error.
      reject(new ProviderTimeout(`no answer in ${ms} ms`));
      controller.abort();
    }, ms);
  });
  try {
    return await Promise.race([call(controller.signal), timeout]);
  } catch (error) {
    throw controller.signal.aborted ? new ProviderTimeout(`no answer in ${ms} ms`) : error;
  } finally {
    clearTimeout(timer);
  }
}

function defaultCorrelationId(): string {
  return `vault-fn-${Date.now().toString(36)}-${crypto.randomUUID().slice(0, 8)}`;
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

/**
 * Verifies an HS256 access token with the project's JWT secret (WebCrypto): signature, expiry,
 * and that it names an authenticated user. index.ts uses it when VAULT_JWT_SECRET is set, and
 * Supabase Auth's getUser otherwise.
 */
export function hs256Verifier(
  secret: string,
  now: () => number = Date.now,
): (token: string) => Promise<VerifiedUser | null> {
  const key = crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['verify'],
  );
  return async (token) => {
    const [header, payload, signature, ...rest] = token.split('.');
    if (!header || !payload || !signature || rest.length > 0) return null;
    try {
      const head = JSON.parse(base64UrlText(header)) as { alg?: unknown };
      if (head.alg !== 'HS256') return null;
      const ok = await crypto.subtle.verify(
        'HMAC',
        await key,
        base64UrlBytes(signature),
        new TextEncoder().encode(`${header}.${payload}`),
      );
      if (!ok) return null;
      const claims = JSON.parse(base64UrlText(payload)) as {
        sub?: unknown;
        exp?: unknown;
        role?: unknown;
        email?: unknown;
      };
      if (typeof claims.exp !== 'number' || claims.exp * 1000 <= now()) return null;
      if (claims.role !== 'authenticated' || typeof claims.sub !== 'string' || claims.sub === '') return null;
      return { id: claims.sub, email: typeof claims.email === 'string' ? claims.email : undefined };
    } catch {
      return null;
    }
  };
}

function base64UrlBytes(text: string): Uint8Array<ArrayBuffer> {
  const base64 = text
    .replaceAll('-', '+')
    .replaceAll('_', '/')
    .padEnd(Math.ceil(text.length / 4) * 4, '=');
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

function base64UrlText(text: string): string {
  return new TextDecoder().decode(base64UrlBytes(text));
}

/** One JSON line per event, so the platform's log search can filter by correlationId. */
export const jsonLogger: Logger = {
  info: (message, fields) => console.log(JSON.stringify({ level: 'info', message, ...fields })),
  error: (message, fields) => console.error(JSON.stringify({ level: 'error', message, ...fields })),
};
