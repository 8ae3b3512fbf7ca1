import type { AuthStorageAdapter } from '../storage/sessionArea';

/**
 * The client's inputs that the app sets before any request: where supabase-js keeps the session,
 * and when the backend is ready. Kept apart from client.ts so setting them does not load
 * supabase-js; it loads with the first screen or action that talks to the backend.
 */

let authStorage: AuthStorageAdapter | undefined;
/** Starts the backend (the embedded mock's service worker, main.tsx); nothing to start by default. */
let start: () => Promise<void> = () => Promise.resolve();
let started: Promise<void> | null = null;

/** The session area's adapter (storage/sessionArea.ts); the session store registers it. */
export function setAuthStorage(adapter: AuthStorageAdapter): void {
  authStorage = adapter;
}

export function currentAuthStorage(): AuthStorageAdapter | undefined {
  return authStorage;
}

/** How to start the backend; it starts on the first request or when main.tsx sees the browser idle. */
export function setBackendStarter(starter: () => Promise<void>): void {
  start = starter;
  started = null;
}

/** Starts the backend if that has not begun, and resolves once it answers; requests wait for it. */
export function backendReady(): Promise<void> {
  started ??= start();
  return started;
}
