import type { AuthStorageAdapter } from '../storage/sessionArea';

/**
 * Where supabase-js keeps the session: the session area's adapter (storage/sessionArea.ts), which
 * the session store registers before any request. Apart from client.ts, so setting it does not
 * load supabase-js; that loads with the first screen or action that talks to the backend.
 */
let authStorage: AuthStorageAdapter | undefined;

export function setAuthStorage(adapter: AuthStorageAdapter): void {
  authStorage = adapter;
}

export function currentAuthStorage(): AuthStorageAdapter | undefined {
  return authStorage;
}
