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
  return createClient(config.url, config.anonKey, {
    auth: {
      storageKey: AUTH_STORAGE_KEY,
      storage: options.storage ?? currentAuthStorage() ?? memoryAdapter(),
      persistSession: true,
      autoRefreshToken: true,
      // Password sign-in only: no tokens in URLs to pick up.
      detectSessionInUrl: false,
    },
    // Waits for the backend to be ready, so no request races the mock worker's start.
    global: { fetch: backendFetch },
    realtime: options.realtimeTransport ? { transport: options.realtimeTransport } : undefined,
  });
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
