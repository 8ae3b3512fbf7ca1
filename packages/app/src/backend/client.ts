import { createClient, type SupabaseClient, type SupabaseClientOptions } from '@supabase/supabase-js';
import { type BackendConfig, readBackendConfig } from './config';
import { type AccessTokenSource, backendReady, currentAccessToken } from './token';

export { type AccessTokenSource, setAccessTokenSource, setBackendStarter } from './token';

type RealtimeTransport = NonNullable<SupabaseClientOptions<'public'>['realtime']>['transport'];

export interface BackendClientOptions {
  config?: BackendConfig;
  accessToken?: AccessTokenSource;
  /** Node 20 has no WebSocket; tests pass the `ws` package here (TOOLCHAIN.md). */
  realtimeTransport?: RealtimeTransport;
}

/** fetch that waits for the backend to be ready, so no request races the mock worker's start. */
const readyFetch: typeof fetch = async (input, init) => {
  await backendReady();
  return fetch(input, init);
};

let shared: { client: SupabaseClient; config: BackendConfig } | null = null;
let sharedOptions: BackendClientOptions = {};

/**
 * A supabase-js client with the anon key as `apikey` and the signed-in user's token as bearer.
 * Through the `accessToken` option supabase-js sends that token and, when it is null, falls back
 * to the anon key, so nothing else can reach the backend (PRODUCT.md 'Security').
 */
export function createBackendClient(options: BackendClientOptions = {}): SupabaseClient {
  const config = options.config ?? readBackendConfig();
  const source = options.accessToken ?? currentAccessToken;
  return createClient(config.url, config.anonKey, {
    accessToken: async () => source(),
    global: { fetch: readyFetch },
    realtime: options.realtimeTransport ? { transport: options.realtimeTransport } : undefined,
  });
}

/** The app's one client, made on first use. */
export function backend(): { client: SupabaseClient; config: BackendConfig } {
  if (!shared) {
    const config = sharedOptions.config ?? readBackendConfig();
    shared = { client: createBackendClient({ ...sharedOptions, config }), config };
  }
  return shared;
}

/** Replaces the shared client's options (tests: the `ws` transport, a fixed config); the next call makes a new client. */
export function configureBackend(options: BackendClientOptions): void {
  sharedOptions = options;
  shared = null;
}
