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

function serve(port: Port): void {
  port.addEventListener('message', (event) => {
    const message = event.data;
    if (message.kind === 'init') {
      backend ??= new Backend(message.image, message.host, shared);
      return;
    }
    const answer = backend
      ? backend.answer(message.call)
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

  constructor(image: DatabaseImage, settings: HostSettings, persistent: boolean) {
    this.image = image;
    this.settings = settings;
    this.persistent = persistent;
    this.database = this.open();
  }

  private async open(): Promise<{ open: OpenDatabase; host: Host }> {
    const open = await openDatabase(this.image, { persistent: this.persistent });
    return { open, host: createEmbeddedHost(open.db, this.settings) };
  }

  answer(call: Call): Promise<Answer> {
    const answer = this.queue.then(() => this.run(call));
    this.queue = answer.catch(() => undefined);
    return answer;
  }

  private async run(call: Call): Promise<Answer> {
    try {
      const { open, host } = await this.database;
      if (call.kind === 'ready') return { kind: 'done' };
      if (call.kind === 'reset') {
        await open.discard();
        this.database = this.open();
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
