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
  type PeerMessage,
  responseToWire,
  type WorkerMessage,
} from './protocol';

/**
 * The embedded backend's worker, one per tab. The tabs of a browser profile share one database:
 * the worker holding the profile's lock opens it and answers every tab's calls (its own page's
 * by message, the other tabs' through a BroadcastChannel); the others pass their page's calls
 * on. When that tab closes, its lock goes to another tab's worker, which opens the database as
 * it was left and takes the calls still waiting. Calls are answered one at a time, each at its
 * page's time (clock.ts).
 */

interface WorkerScope {
  postMessage(message: WorkerMessage): void;
  addEventListener(type: 'message', listener: (event: MessageEvent<PageMessage>) => void): void;
}
const scope = self as unknown as WorkerScope;

installPageClock();

const workerId = crypto.randomUUID();
let started = false;

scope.addEventListener('message', (event) => {
  const message = event.data;
  if (message.kind === 'init') {
    if (!started) start(message.image, message.host);
    started = true;
    return;
  }
  void handle(message.call).then((answer) => scope.postMessage({ kind: 'answer', id: message.id, answer }));
});

let handle: (call: Call) => Promise<Answer> = async () => ({
  kind: 'failed',
  message: 'the backend worker has not started',
});

function start(image: DatabaseImage, settings: HostSettings): void {
  const channel = new BroadcastChannel(`vault-backend-${image.version}`);
  const post = (message: PeerMessage) => channel.postMessage(message);
  let leader: Leader | null = null;

  // As a follower: this page's calls go to the leader, and are sent again when a new one appears.
  let nextId = 0;
  const waiting = new Map<number, { call: Call; resolve: (answer: Answer) => void }>();
  handle = (call) => {
    if (leader) return leader.answer(call);
    const id = nextId++;
    return new Promise((resolve) => {
      waiting.set(id, { call, resolve });
      post({ kind: 'call', from: workerId, id, call });
    });
  };

  channel.addEventListener('message', (event: MessageEvent<PeerMessage>) => {
    const message = event.data;
    if (message.kind === 'leader' && !leader) {
      for (const [id, { call }] of waiting) post({ kind: 'call', from: workerId, id, call });
    } else if (message.kind === 'answer' && message.to === workerId) {
      waiting.get(message.id)?.resolve(message.answer);
      waiting.delete(message.id);
    } else if (leader && message.kind === 'hello') {
      post({ kind: 'leader' });
    } else if (leader && message.kind === 'call') {
      leader.answerPeer(message.from, message.id, message.call, post);
    }
  });
  post({ kind: 'hello' });

  void navigator.locks.request(`vault-backend-${image.version}`, async () => {
    leader = new Leader(image, settings);
    // This page's own calls still waiting go to the database here.
    for (const [id, { call, resolve }] of waiting) {
      waiting.delete(id);
      void leader.answer(call).then(resolve);
    }
    post({ kind: 'leader' });
    // Held for the worker's life: its tab closing releases it.
    await new Promise<never>(() => undefined);
  });
}

/** The worker that holds the database: one call at a time, in order of arrival. */
class Leader {
  private readonly image: DatabaseImage;
  private readonly settings: HostSettings;
  private database: Promise<{ open: OpenDatabase; host: Host }>;
  private queue: Promise<unknown> = Promise.resolve();
  /** Calls of other tabs by `from:id`: a call sent again while under way is answered once. */
  private readonly peerCalls = new Map<string, Promise<Answer>>();

  constructor(image: DatabaseImage, settings: HostSettings) {
    this.image = image;
    this.settings = settings;
    this.database = this.open();
  }

  private async open(): Promise<{ open: OpenDatabase; host: Host }> {
    const open = await openDatabase(this.image);
    return { open, host: createEmbeddedHost(open.db, this.settings) };
  }

  answer(call: Call): Promise<Answer> {
    const answer = this.queue.then(() => this.run(call));
    this.queue = answer.catch(() => undefined);
    return answer;
  }

  answerPeer(from: string, id: number, call: Call, post: (message: PeerMessage) => void): void {
    const key = `${from}:${id}`;
    let answer = this.peerCalls.get(key);
    if (!answer) {
      answer = this.answer(call);
      this.peerCalls.set(key, answer);
      // Kept a while for a repeated call, then forgotten.
      void answer.finally(() => setTimeout(() => this.peerCalls.delete(key), 60_000));
    }
    void answer.then((result) => post({ kind: 'answer', to: from, id, answer: result }));
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
