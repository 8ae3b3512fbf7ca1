import { databaseImage } from 'virtual:vault-database-image';
import type { HostSettings } from './host';
import {
  type Answer,
  type Call,
  type DatabaseImage,
  type PageMessage,
  responseFromWire,
  toWire,
  type WorkerMessage,
} from './protocol';

/**
 * The page's side of the embedded backend: connects to the backend worker (backend.worker.ts),
 * passes it requests, each with the page's clock, and returns its responses. The worker is a
 * SharedWorker where the browser has one (its script's URL changes with each build), so every tab
 * of a profile and every reload of a tab reaches the same open database.
 */

interface Channel {
  postMessage(message: PageMessage, transfer?: Transferable[]): void;
}

let channel: Channel | null = null;
let settings: HostSettings = { origin: location.origin, adminPair: { email: '', password: '' } };
let nextId = 0;
const waiting = new Map<number, (answer: Answer) => void>();

const image: DatabaseImage = databaseImage;

/** The build's database image, fetched by the page for its worker (protocol.ts, WorkerMessage). */
async function sendImage(target: Channel): Promise<void> {
  try {
    const response = await fetch(image.url);
    if (!response.ok) throw new Error(`the database image ${image.url} answered ${response.status}`);
    const bytes = await response.arrayBuffer();
    target.postMessage({ kind: 'image', bytes, error: null }, [bytes]);
  } catch (error) {
    target.postMessage({ kind: 'image', bytes: null, error: error instanceof Error ? error.message : String(error) });
  }
}

function onMessage(event: MessageEvent<WorkerMessage>): void {
  const message = event.data;
  if (message.kind === 'image-needed') {
    if (channel) void sendImage(channel);
    return;
  }
  waiting.get(message.id)?.(message.answer);
  waiting.delete(message.id);
}

function connect(): Channel {
  if (typeof SharedWorker === 'function') {
    // extendedLifetime (Chromium 148+) keeps the worker through a reload; other browsers ignore it.
    // The options are a literal: Vite reads them when it bundles the worker.
    const shared = new SharedWorker(new URL('./backend.worker.ts', import.meta.url), {
      type: 'module',
      name: 'vault-backend',
      extendedLifetime: true,
    });
    shared.port.addEventListener('message', onMessage);
    shared.port.start();
    return shared.port;
  }
  const dedicated = new Worker(new URL('./backend.worker.ts', import.meta.url), {
    type: 'module',
    name: 'vault-backend',
  });
  dedicated.addEventListener('message', onMessage);
  return dedicated;
}

function started(): Channel {
  if (channel) return channel;
  const created = connect();
  const init: PageMessage = { kind: 'init', image, host: settings };
  created.postMessage(init);
  channel = created;
  return created;
}

function send(call: Call, transfer: Transferable[] = []): Promise<Answer> {
  const target = started();
  const id = nextId++;
  return new Promise((resolve) => {
    waiting.set(id, resolve);
    const message: PageMessage = { kind: 'call', id, call };
    target.postMessage(message, transfer);
  });
}

/** Starts the worker (and with it the database) ahead of the first request, with this build's admin pair. */
export function startBackendWorker(adminPair: HostSettings['adminPair']): void {
  settings = { origin: location.origin, adminPair };
  started();
}

/** Why the backend did not start in time, until it answers after all. */
let startFailure: string | null = null;

/** The backend's answer to `ready`, or a failure once `limitMs` has passed without one. */
function readyWithin(limitMs: number): Promise<Answer> {
  return new Promise((resolve) => {
    const timer = setTimeout(
      () => resolve({ kind: 'failed', message: `The embedded backend did not start within ${limitMs / 1000} s.` }),
      limitMs,
    );
    void send({ kind: 'ready' }).then((answer) => {
      clearTimeout(timer);
      resolve(answer);
    });
  });
}

/**
 * Resolves once the database is open and the backend answers (a first start loads the image);
 * rejects when it has not within `limitMs`, so the screens show their error, not loading for good.
 */
export async function backendWorkerReady(limitMs: number): Promise<void> {
  const answer = await readyWithin(limitMs);
  startFailure = answer.kind === 'failed' ? answer.message : null;
  if (startFailure !== null) throw new Error(startFailure);
}

/** How long a request after a failed start waits for the backend, which may have started since. */
const RECHECK_MS = 3_000;

/** The backend's answer to this request, at the page's time; a network error if it has none. */
export async function answerInWorker(request: Request): Promise<Response> {
  if (startFailure !== null) {
    const answer = await readyWithin(RECHECK_MS);
    if (answer.kind === 'failed') {
      console.error('[mock] The embedded backend could not answer:', startFailure);
      return Response.error();
    }
    startFailure = null;
  }
  const wire = await toWire(request);
  const answer = await send({ kind: 'request', request: wire, now: Date.now() }, wire.body ? [wire.body] : []);
  if (answer.kind === 'response') return responseFromWire(answer.response);
  const message = answer.kind === 'failed' ? answer.message : 'no response';
  console.error('[mock] The embedded backend could not answer:', message);
  return Response.error();
}

/** Starts the database again from the build's seed: every tab's, since they share one. */
export async function resetEmbeddedDatabase(): Promise<void> {
  const answer = await send({ kind: 'reset' });
  if (answer.kind === 'failed') throw new Error(answer.message);
}
