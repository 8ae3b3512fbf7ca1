import type { Host } from '../../supabase/host/index.ts';
import { followPageClock, installPageClock } from './clock';
import { type OpenDatabase, openDatabase } from './database';
import { createEmbeddedHost, type HostSettings } from './host';
import {
  type Answer,
  type Call,
  type DatabaseImage,
  fromWire,
  type PageMessage,
  responseToWire,
  type WorkerMessage,
} from './protocol';

/**
 * The embedded backend's worker. Started as a SharedWorker, it is one per browser profile: every
 * tab connects to it, and with `extendedLifetime` the browser keeps it (and the open database)
 * across a reload or a full navigation, so a page load does not open the database again. Where the
 * browser has no SharedWorker it runs as the page's own worker, on a database kept in memory
 * (database.ts). Calls are answered one at a time, in order of arrival, each at its page's time
 * (clock.ts).
 */

interface Port {
  postMessage(message: WorkerMessage): void;
  addEventListener(type: 'message', listener: (event: MessageEvent<PageMessage>) => void): void;
  start?(): void;
}

interface WorkerScope extends Port {
  addEventListener(type: 'message', listener: (event: MessageEvent<PageMessage>) => void): void;
  addEventListener(type: 'connect', listener: (event: MessageEvent<unknown>) => void): void;
}
const scope = self as unknown as WorkerScope;
const shared = 'onconnect' in self;

installPageClock();

let backend: Backend | null = null;
let imageWanted: { resolve: (image: Blob) => void; reject: (error: Error) => void } | null = null;

/** The database image, from the page on `port` (protocol.ts, WorkerMessage). */
function imageFrom(port: Port): Promise<Blob> {
  return new Promise((resolve, reject) => {
    imageWanted = { resolve, reject };
    port.postMessage({ kind: 'image-needed' });
  });
}

function serve(port: Port): void {
  port.addEventListener('message', (event) => {
    const message = event.data;
    if (message.kind === 'init') {
      backend ??= new Backend(message.image, message.host, shared, () => imageFrom(port));
      return;
    }
    if (message.kind === 'image') {
      if (message.bytes) imageWanted?.resolve(new Blob([message.bytes]));
      else imageWanted?.reject(new Error(message.error ?? 'the page could not fetch the database image'));
      imageWanted = null;
      return;
    }
    const answer = backend
      ? backend.answer(message.call, () => imageFrom(port))
      : Promise.resolve<Answer>({ kind: 'failed', message: 'the backend worker has not started' });
    void answer.then((result) => port.postMessage({ kind: 'answer', id: message.id, answer: result }));
  });
  port.start?.();
}

if (shared) {
  scope.addEventListener('connect', (event) => {
    for (const port of event.ports) serve(port as unknown as Port);
  });
} else {
  serve(scope);
}

/** The worker's database and the host over it: one call at a time, in order of arrival. */
class Backend {
  private readonly image: DatabaseImage;
  private readonly settings: HostSettings;
  private readonly persistent: boolean;
  private database: Promise<{ open: OpenDatabase; host: Host }>;
  private queue: Promise<unknown> = Promise.resolve();

  constructor(image: DatabaseImage, settings: HostSettings, persistent: boolean, loadImage: () => Promise<Blob>) {
    this.image = image;
    this.settings = settings;
    this.persistent = persistent;
    this.database = this.open(loadImage);
  }

  private async open(loadImage: () => Promise<Blob>): Promise<{ open: OpenDatabase; host: Host }> {
    const open = await openDatabase(this.image, { persistent: this.persistent, loadImage });
    return { open, host: createEmbeddedHost(open.db, this.settings) };
  }

  /** `loadImage` asks the calling page for the image, should the call start the database again. */
  answer(call: Call, loadImage: () => Promise<Blob>): Promise<Answer> {
    const answer = this.queue.then(() => this.run(call, loadImage));
    this.queue = answer.catch(() => undefined);
    return answer;
  }

  private async run(call: Call, loadImage: () => Promise<Blob>): Promise<Answer> {
    try {
      const { open, host } = await this.database;
      if (call.kind === 'ready') return { kind: 'done' };
      if (call.kind === 'reset') {
        await open.discard();
        this.database = this.open(loadImage);
        await this.database;
        return { kind: 'done' };
      }
      followPageClock(call.now);
      const response = await host.fetch(fromWire(call.request));
      return { kind: 'response', response: await responseToWire(response) };
    } catch (error) {
      return { kind: 'failed', message: error instanceof Error ? error.message : String(error) };
    }
  }
}
