/**
 * The client's inputs that the app sets before any request: where the bearer token comes from,
 * and when the backend is ready. Kept apart from client.ts so setting them does not load
 * supabase-js; it loads with the first screen that talks to the backend.
 */

/** Where the client reads the signed-in user's token; the session store registers itself here. */
export type AccessTokenSource = () => string | null;

let tokenSource: AccessTokenSource = () => null;
/** Resolves once the embedded mock's service worker answers; requests wait for it (main.tsx). */
let ready: Promise<void> = Promise.resolve();

export function setAccessTokenSource(source: AccessTokenSource): void {
  tokenSource = source;
}

export function currentAccessToken(): string | null {
  return tokenSource();
}

export function setBackendReady(promise: Promise<void>): void {
  ready = promise;
}

export function backendReady(): Promise<void> {
  return ready;
}
