import { createClient, type SupabaseClient, type SupabaseClientOptions } from '@supabase/supabase-js';
import { AUTH_STORAGE_KEY, type AuthStorageAdapter } from '../storage/sessionArea';
import { currentAuthStorage } from './authStorage';
import { backendFetch } from './backendStart';
import { type BackendConfig, readBackendConfig } from './config';

type RealtimeTransport = NonNullable<SupabaseClientOptions<'public'>['realtime']>['transport'];

export interface BackendClientOptions {
  config?: BackendConfig;
  /** Where supabase-js keeps the session (the session area's adapter); memory when absent. */
  storage?: AuthStorageAdapter;
  /** Node 20 has no WebSocket; tests pass the `ws` package here (docs/toolchain.md). */
  realtimeTransport?: RealtimeTransport;
}

/** A session kept in memory only, for a client made without the app's session area (tests). */
function memoryAdapter(): AuthStorageAdapter {
  const items = new Map<string, string>();
  return {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
  };
}

let shared: { client: SupabaseClient; config: BackendConfig; storage: AuthStorageAdapter | undefined } | null = null;
let sharedOptions: BackendClientOptions = {};

/**
 * A supabase-js client that owns the session: Supabase Auth signs in, stores the session under
 * AUTH_STORAGE_KEY and sends the signed-in member's token as bearer (the anon key otherwise), so
 * only those two ever reach the backend (docs/backend.md, security model).
 */
export function createBackendClient(options: BackendClientOptions = {}): SupabaseClient {
  const config = options.config ?? readBackendConfig();
  const client: SupabaseClient = createClient(config.url, config.anonKey, {
    auth: {
      storageKey: AUTH_STORAGE_KEY,
      storage: options.storage ?? currentAuthStorage() ?? memoryAdapter(),
      persistSession: true,
      autoRefreshToken: true,
      // Password sign-in only: no tokens in URLs to pick up.
      detectSessionInUrl: false,
    },
    // Waits for the backend to be ready, so no request races the mock worker's start.
    global: { fetch: refreshingExpiredToken(backendFetch, () => client.auth) },
    realtime: options.realtimeTransport ? { transport: options.realtimeTransport } : undefined,
  });
  return client;
}

type Fetch = (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>;
type Auth = Pick<SupabaseClient['auth'], 'getSession' | 'refreshSession'>;

/** The bearer a request carried. */
function bearerOf(input: RequestInfo | URL, init?: RequestInit): string | null {
  const headers = new Headers(init?.headers ?? (input instanceof Request ? input.headers : undefined));
  return headers.get('Authorization')?.replace(/^Bearer /, '') ?? null;
}

/** Whether the server refused the request's token as expired (PostgREST's PGRST303). */
async function refusedAsExpired(response: Response): Promise<boolean> {
  if (response.status !== 401) return false;
  const body: unknown = await response
    .clone()
    .json()
    .catch(() => null);
  return typeof body === 'object' && body !== null && (body as { code?: unknown }).code === 'PGRST303';
}

/**
 * A request whose token expired on the way (read before the hour ran out, checked after it: a
 * laptop woken from sleep, a tab's clock moved) is sent once more with a fresh token. Requests
 * refused together share one refresh; one that finds a newer token than it sent just uses it. When
 * the session cannot be refreshed, the refusal is the answer.
 */
function refreshingExpiredToken(send: Fetch, auth: () => Auth): Fetch {
  let refreshing: Promise<string | null> | null = null;
  const freshToken = async (sent: string | null): Promise<string | null> => {
    const { data } = await auth().getSession();
    const current = data.session?.access_token ?? null;
    if (current && current !== sent) return current;
    refreshing ??= auth()
      .refreshSession()
      .then(({ data: refreshed }) => refreshed.session?.access_token ?? null)
      .finally(() => {
        refreshing = null;
      });
    return refreshing;
  };
  return async (input, init) => {
    const again = input instanceof Request ? input.clone() : input;
    const response = await send(input, init);
    if (!(await refusedAsExpired(response))) return response;
    const sent = bearerOf(input, init);
    const token = await freshToken(sent).catch(() => null);
    if (!token) return response;
    const headers = new Headers(init?.headers ?? (again instanceof Request ? again.headers : undefined));
    headers.set('Authorization', `Bearer ${token}`);
    return send(again, { ...init, headers });
  };
}

/**
 * The app's one client, made on first use, on the session area the session store registered. A
 * new area (each story has its own) gets a new client, so no session leaks from one to the next.
 */
export function backend(): { client: SupabaseClient; config: BackendConfig } {
  const storage = sharedOptions.storage ?? currentAuthStorage();
  if (!shared || shared.storage !== storage) {
    const config = sharedOptions.config ?? readBackendConfig();
    shared = { client: createBackendClient({ ...sharedOptions, config, storage }), config, storage };
  }
  return shared;
}

/** Replaces the shared client's options (tests: the `ws` transport, a fixed config); the next call makes a new client. */
export function configureBackend(options: BackendClientOptions): void {
  sharedOptions = options;
  shared = null;
}
