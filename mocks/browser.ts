import { setupWorker } from 'msw/browser';
import { transportHandlers } from './transport';
import { answerInWorker, backendWorkerReady, resetEmbeddedDatabase, startBackendWorker } from './worker/client';

export { untilControlled } from './untilControlled';
export { backendWorkerReady, resetEmbeddedDatabase, startBackendWorker };

/**
 * The embedded backend of the app: MSW's service worker catches the app's calls to
 * `/mock-supabase`, the transport (transport.ts) adds its waits and scenario failures, and the
 * backend worker answers from the database (worker/).
 */
export const worker = setupWorker(...transportHandlers(answerInWorker));
