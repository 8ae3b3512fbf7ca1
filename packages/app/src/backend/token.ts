/**
 * The client's inputs that the app sets before any request: where the bearer token comes from,
 * and when the backend is ready. Kept apart from client.ts so setting them does not load
 * supabase-js; it loads with the first screen that talks to the backend.
 */

/** Where the client reads the signed-in user's token; the session store registers itself here. */
export type AccessTokenSource = () => string | null;

let tokenSource: AccessTokenSource = () => null;
/** Starts the backend (the embedded mock's service worker, main.tsx); nothing to start by default. */
let start: () => Promise<void> = () => Promise.resolve();
let started: Promise<void> | null = null;

export function setAccessTokenSource(source: AccessTokenSource): void {
  tokenSource = source;
}

export function currentAccessToken(): string | null {
  return tokenSource();
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
