/**
 * When the backend is ready: main.tsx registers how the embedded mock's service worker starts;
 * every request waits for it (client.ts). Apart from client.ts, so registering it does not load
 * supabase-js. A real build has nothing to start.
 */
let start: () => Promise<void> = () => Promise.resolve();
let started: Promise<void> | null = null;

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
