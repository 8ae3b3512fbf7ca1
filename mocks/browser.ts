import { setupWorker } from 'msw/browser';
import { answeredByEmbeddedBackend, transportHandlers } from './transport';
import { untilControlled } from './untilControlled';
import { answerInWorker, backendWorkerReady, resetEmbeddedDatabase, startBackendWorker } from './worker/client';

export { answeredByEmbeddedBackend, backendWorkerReady, resetEmbeddedDatabase, startBackendWorker, untilControlled };

/**
 * The embedded backend of the app: MSW's service worker catches the app's calls to
 * `/mock-supabase`, the transport (transport.ts) adds its waits and scenario failures, and the
 * backend worker answers from the database (worker/).
 */
export const worker = setupWorker(...transportHandlers(answerInWorker));

/** `quiet`: no console messages of msw (a production build of the app). */
function startOptions(quiet: boolean) {
  return {
    serviceWorker: { url: '/embeddedServiceWorker.js' },
    // Only backend calls are mocked; the app's own files go to the server untouched.
    onUnhandledRequest: 'bypass',
    quiet,
  } as const;
}

/** Hands this page to the service worker, once the page is controlled or waiting is pointless. */
export async function startServiceWorker(quiet: boolean): Promise<void> {
  await untilControlled();
  await worker.start(startOptions(quiet));
}

/**
 * Hands this page to the service worker again, after a backend call reached the static server
 * instead: msw's worker keeps the pages it serves in memory only, and a page can end up controlled
 * by a worker that does not know it (a worker that unregistered itself as the previous page
 * closed, or one the browser restarted). The registration is dropped, so a fresh worker claims
 * the page and is told about it.
 */
export async function reconnectServiceWorker(quiet: boolean): Promise<void> {
  const registration = await navigator.serviceWorker?.getRegistration();
  console.warn('[mock] A backend call reached the web server; handing the page to the service worker again.', {
    controller: navigator.serviceWorker?.controller?.state ?? null,
    active: registration?.active?.state ?? null,
    controllerIsActive: navigator.serviceWorker?.controller === registration?.active,
  });
  worker.stop();
  await registration?.unregister().catch(() => false);
  await worker.start(startOptions(quiet));
}
