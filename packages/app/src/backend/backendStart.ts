/**
 * When the backend is ready: main.tsx registers how the embedded mock's service worker starts;
 * every request waits for it (client.ts). Apart from client.ts, so registering it does not load
 * supabase-js. A real build has nothing to start.
 */
let start: () => Promise<void> = () => Promise.resolve();
let started: Promise<void> | null = null;

/**
 * A mock build's embedded backend answers through a service worker that the browser may stop
 * serving a page (mocks/README.md, browser.ts): a request it let through reaches the static web server
 * instead. `answered` tells its own answers apart; `reconnect` hands the page to it again.
 */
export interface BackendLink {
  answered(response: Response): boolean;
  reconnect(): Promise<void>;
}

let link: BackendLink | null = null;
let reconnecting: Promise<void> | null = null;

/** How to start the backend; it starts on the first request or when main.tsx sees the browser idle. */
export function setBackendStarter(starter: () => Promise<void>, backendLink: BackendLink | null = null): void {
  start = starter;
  started = null;
  link = backendLink;
  reconnecting = null;
}

/** Starts the backend if that has not begun, and resolves once it answers; requests wait for it. */
export function backendReady(): Promise<void> {
  started ??= start();
  return started;
}

/**
 * fetch once the backend is ready. A request the embedded backend never saw (another server
 * answered it, so nothing was done) is sent once more after the link is made again; concurrent
 * requests share one reconnection.
 */
export async function backendFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  await backendReady();
  const again = input instanceof Request ? input.clone() : input;
  const response = await fetch(input, init);
  if (!link || link.answered(response)) return response;
  const current = link;
  reconnecting ??= current.reconnect().finally(() => {
    reconnecting = null;
  });
  await reconnecting;
  return fetch(again, init);
}
