import type { HostSettings } from './host';

/**
 * The messages between a page and its backend worker: a Request and a Response as plain data (structured-cloneable), the page's clock
 * with each request, and the demo's "start again from the seed".
 */

export interface WireRequest {
  url: string;
  method: string;
  headers: [string, string][];
  body: ArrayBuffer | null;
}

export interface WireResponse {
  status: number;
  statusText: string;
  headers: [string, string][];
  body: ArrayBuffer;
}

/** What a page asks of the backend: a request answered at the page's time, a reset, or to be told once it can answer. */
export type Call = { kind: 'request'; request: WireRequest; now: number } | { kind: 'reset' } | { kind: 'ready' };

/** The answer to a call: a response, `done` for a reset or ready, or why the backend could not answer. */
export type Answer =
  | { kind: 'response'; response: WireResponse }
  | { kind: 'done' }
  | { kind: 'failed'; message: string };

/** The database image this build ships (virtual:vault-database-image). */
export interface DatabaseImage {
  url: string;
  version: string;
}

/**
 * Page → its worker: first what to start, then calls; and the image's bytes when the worker asks
 * (null, with why, when the page could not fetch them).
 */
export type PageMessage =
  | { kind: 'init'; image: DatabaseImage; host: HostSettings }
  | { kind: 'call'; id: number; call: Call }
  | { kind: 'image'; bytes: ArrayBuffer | null; error: string | null };

/**
 * Worker → its page: an answer, or a request for the database image. The page fetches the image,
 * not the worker: what a page fetches, the browser's tools (and the e2e journeys' saved databases)
 * can see and replace; a SharedWorker's requests they cannot.
 */
export type WorkerMessage = { kind: 'answer'; id: number; answer: Answer } | { kind: 'image-needed' };

export async function toWire(request: Request): Promise<WireRequest> {
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
  return {
    url: request.url,
    method: request.method,
    headers: [...request.headers.entries()],
    body: hasBody ? await request.arrayBuffer() : null,
  };
}

export function fromWire(request: WireRequest): Request {
  return new Request(request.url, { method: request.method, headers: request.headers, body: request.body });
}

export async function responseToWire(response: Response): Promise<WireResponse> {
  return {
    status: response.status,
    statusText: response.statusText,
    headers: [...response.headers.entries()],
    body: await response.arrayBuffer(),
  };
}

/** A Response from its wire form; 204 and 304 carry no body, as the Response constructor requires. */
export function responseFromWire(response: WireResponse): Response {
  const empty = response.status === 204 || response.status === 304 || response.status === 205;
  return new Response(empty ? null : response.body, {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  });
}
