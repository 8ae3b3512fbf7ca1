import type { PGlite } from '@electric-sql/pglite';
import { walletFunction } from '@vault/domain';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { type Account, createUser, seededDb } from '../../tests/db';
import {
  allowedOrigin,
  hangUntilAborted,
  type LogLine,
  sessionDeps,
  signToken,
  tokenFor,
} from '../_shared/testing/fakes';
import {
  crossmintProvider,
  handleCreateWallet,
  type WalletDeps,
  type WalletProvider,
  type WalletStore,
  walletContract,
  walletRateLimit,
} from './handler';

/**
 * The wallet function's handler under Node: members' tokens as Supabase Auth signs them, a
 * stand-in for Auth's GET /user that refuses signed-out and deleted members, a fake provider,
 * and the PGlite database with the migrations and seed (the rate limit is the real SQL function).
 */

let db: PGlite;
let alice: Account;
let bob: Account;

/** The service role's writes, committed (as the deployed function's would be). */
async function asService<T>(run: (q: PGlite['query']) => Promise<T>): Promise<T> {
  await db.exec('set role service_role');
  try {
    return await run(db.query.bind(db));
  } finally {
    await db.exec('reset role');
  }
}

const store: WalletStore = {
  walletIdOf: (userId, _signal) =>
    asService(async (q) => {
      const { rows } = await q<{ w: string | null }>(
        'select crossmint_wallet_id as w from public.profiles where id = $1',
        [userId],
      );
      return rows[0]?.w ?? null;
    }),
  saveWalletId: (userId, walletId, _signal) =>
    asService(async (q) => {
      const { rows } = await q<{ w: string }>(
        `update public.profiles set crossmint_wallet_id = $2 where id = $1 and crossmint_wallet_id is null
         returning crossmint_wallet_id as w`,
        [userId, walletId],
      );
      if (rows[0]) return rows[0].w;
      const current = await q<{ w: string | null }>(
        'select crossmint_wallet_id as w from public.profiles where id = $1',
        [userId],
      );
      const w = current.rows[0]?.w;
      if (!w) throw new Error('no profile');
      return w;
    }),
  demoMode: (_signal) =>
    asService(
      async (q) => (await q<{ d: boolean }>('select demo_mode as d from public.app_settings')).rows[0]?.d === true,
    ),
};

async function walletInDb(userId: string): Promise<string | null> {
  const { rows } = await db.query<{ w: string | null }>(
    'select crossmint_wallet_id as w from public.profiles where id = $1',
    [userId],
  );
  return rows[0]?.w ?? null;
}

function fakeProvider(impl: WalletProvider['createWallet']): WalletProvider & { calls: number } {
  const provider = {
    name: 'fake',
    calls: 0,
    createWallet: (input: Parameters<WalletProvider['createWallet']>[0], signal: AbortSignal) => {
      provider.calls += 1;
      return impl(input, signal);
    },
  };
  return provider;
}

let logs: LogLine[];

function deps(overrides: Partial<Omit<WalletDeps, 'auth' | 'rateLimiter'>> = {}) {
  return {
    ...sessionDeps(db, logs),
    crossmint: fakeProvider(async ({ userId }) => `cw-${userId.slice(0, 8)}`),
    demo: fakeProvider(async () => 'demo-wallet-test'),
    store,
    ...overrides,
  } satisfies WalletDeps;
}

function post(headers: Record<string, string>, body: unknown = {}, method = 'POST'): Request {
  // As a browser on the app's origin sends it.
  return new Request('http://localhost/functions/v1/create-crossmint-wallet', {
    method,
    headers: { 'content-type': 'application/json', origin: allowedOrigin, ...headers },
    body: method === 'GET' || method === 'OPTIONS' ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
}

beforeAll(async () => {
  db = await seededDb();
});

afterAll(async () => {
  await db?.close();
});

beforeEach(async () => {
  logs = [];
  alice = await createUser(db);
  bob = await createUser(db);
});

describe('the create-crossmint-wallet handler', () => {
  it('answers exactly the wallet function contract the app and the mock read', () => {
    expect(walletContract).toEqual(walletFunction);
  });

  it('creates the signed-in user’s wallet and stores it on their profile only', async () => {
    const response = await handleCreateWallet(
      post({ authorization: `Bearer ${tokenFor(alice)}`, 'x-correlation-id': 'vault-abc-123' }, { userId: alice.id }),
      deps(),
    );
    expect(response.status).toBe(200);
    const walletId = `cw-${alice.id.slice(0, 8)}`;
    expect(await response.json()).toEqual({ success: true, walletId, error: null });
    expect(response.headers.get('x-correlation-id')).toBe('vault-abc-123');
    expect(await walletInDb(alice.id)).toBe(walletId);
    expect(await walletInDb(bob.id)).toBeNull();
    expect(logs.some((l) => l.fields.correlationId === 'vault-abc-123' && l.message === 'wallet created')).toBe(true);
  });

  it('accepts a body without userId (the user comes from the token)', async () => {
    const response = await handleCreateWallet(post({ authorization: `Bearer ${tokenFor(alice)}` }, {}), deps());
    expect(response.status).toBe(200);
    expect(await walletInDb(alice.id)).toBe(`cw-${alice.id.slice(0, 8)}`);
  });

  it('is idempotent: a second call returns the existing wallet without calling the provider', async () => {
    const crossmint = fakeProvider(async () => `cw-${crypto.randomUUID()}`);
    const request = () =>
      post({ authorization: `Bearer ${tokenFor(alice)}`, 'idempotency-key': 'k-1' }, { userId: alice.id });
    const first = await (await handleCreateWallet(request(), deps({ crossmint }))).json();
    const second = await (await handleCreateWallet(request(), deps({ crossmint }))).json();
    expect(second).toEqual(first);
    expect(crossmint.calls).toBe(1);
    expect(await walletInDb(alice.id)).toBe(first.walletId);
  });

  it('keeps the first wallet when two calls race', async () => {
    let n = 0;
    const crossmint = fakeProvider(async () => {
      n += 1;
      await new Promise((r) => setTimeout(r, 20));
      return `cw-race-${n}`;
    });
    const call = () => handleCreateWallet(post({ authorization: `Bearer ${tokenFor(alice)}` }), deps({ crossmint }));
    const answers = await Promise.all([call(), call()]);
    const ids = await Promise.all(answers.map(async (r) => (await r.json()).walletId));
    expect(ids[0]).toBe(ids[1]);
    expect(await walletInDb(alice.id)).toBe(ids[0]);
  });

  it('refuses a body userId that is not the signed-in user, and changes nothing', async () => {
    const crossmint = fakeProvider(async () => 'cw-x');
    const response = await handleCreateWallet(
      post({ authorization: `Bearer ${tokenFor(alice)}` }, { userId: bob.id }),
      deps({ crossmint }),
    );
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({
      success: false,
      walletId: null,
      error: 'userId does not match the signed-in user',
    });
    expect(crossmint.calls).toBe(0);
    expect(await walletInDb(alice.id)).toBeNull();
    expect(await walletInDb(bob.id)).toBeNull();
  });

  it.each([
    ['no Authorization header', {}],
    ['a one-part token', { authorization: 'Bearer x' }],
    ['garbage', { authorization: 'Bearer not.a.jwt' }],
    ['the wrong scheme', { authorization: 'Basic abc' }],
  ])('answers 401 Not signed in for %s', async (_name, headers) => {
    const response = await handleCreateWallet(post(headers), deps());
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ success: false, walletId: null, error: 'Not signed in' });
  });

  it('answers 401 for a forged, an expired and an anon token', async () => {
    const forged = signToken(
      {
        iss: 'http://127.0.0.1:54321/auth/v1',
        sub: alice.id,
        aud: 'authenticated',
        role: 'authenticated',
        exp: Math.floor(Date.now() / 1000) + 60,
      },
      'other-secret',
    );
    const expired = tokenFor(alice, { exp: Math.floor(Date.now() / 1000) - 1 });
    const anon = tokenFor(alice, { role: 'anon', sub: undefined });
    for (const t of [forged, expired, anon]) {
      const response = await handleCreateWallet(post({ authorization: `Bearer ${t}` }), deps());
      expect(response.status).toBe(401);
    }
    expect(await walletInDb(alice.id)).toBeNull();
  });

  it('answers 504 with a generic text when the provider does not answer in time', async () => {
    const crossmint = fakeProvider(() => new Promise<string>(() => {}));
    const started = Date.now();
    const response = await handleCreateWallet(
      post({ authorization: `Bearer ${tokenFor(alice)}`, 'x-correlation-id': 'vault-timeout-1' }),
      deps({ crossmint, timeouts: { serverMs: 500, providerMs: 50 } }),
    );
    expect(response.status).toBe(504);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(await response.json()).toEqual({
      success: false,
      walletId: null,
      error: 'The wallet provider did not answer in time',
    });
    expect(await walletInDb(alice.id)).toBeNull();
    expect(logs).toContainEqual(
      expect.objectContaining({
        level: 'error',
        fields: expect.objectContaining({ correlationId: 'vault-timeout-1' }),
      }),
    );
  });

  it('aborts the provider call at the timeout', async () => {
    let aborted = false;
    const crossmint = fakeProvider(
      (_input, signal) =>
        new Promise<string>((_, reject) => {
          signal.addEventListener('abort', () => {
            aborted = true;
            reject(new Error('aborted'));
          });
        }),
    );
    const response = await handleCreateWallet(
      post({ authorization: `Bearer ${tokenFor(alice)}` }),
      deps({ crossmint, timeouts: { serverMs: 500, providerMs: 30 } }),
    );
    expect(response.status).toBe(504);
    expect(aborted).toBe(true);
  });

  it('answers 502 with a generic text when the provider fails, without its internals', async () => {
    const crossmint = fakeProvider(async () => {
      throw new Error('upstream said: invalid api key sk_live_SECRET at /internal/path');
    });
    const response = await handleCreateWallet(
      post({ authorization: `Bearer ${tokenFor(alice)}` }),
      deps({ crossmint }),
    );
    expect(response.status).toBe(502);
    const text = await response.text();
    expect(JSON.parse(text)).toEqual({ success: false, walletId: null, error: 'The wallet provider is unavailable' });
    expect(text).not.toMatch(/SECRET|internal|stack|Error/);
    expect(await walletInDb(alice.id)).toBeNull();
  });

  it('answers 500 with a generic text when the database fails', async () => {
    const broken: WalletStore = {
      ...store,
      walletIdOf: () => Promise.reject(new Error('connection refused at 10.0.0.1')),
    };
    const response = await handleCreateWallet(
      post({ authorization: `Bearer ${tokenFor(alice)}` }),
      deps({ store: broken }),
    );
    expect(response.status).toBe(500);
    const text = await response.text();
    expect(JSON.parse(text)).toEqual({ success: false, walletId: null, error: 'The wallet could not be created' });
    expect(text).not.toContain('10.0.0.1');
  });

  it('uses the demo provider only when Crossmint is not configured and demo mode is on', async () => {
    const demo = fakeProvider(async () => 'demo-wallet-xyz');
    const on = await handleCreateWallet(
      post({ authorization: `Bearer ${tokenFor(alice)}` }),
      deps({ crossmint: null, demo }),
    );
    expect(await on.json()).toEqual({ success: true, walletId: 'demo-wallet-xyz', error: null });

    await db.query('update public.app_settings set demo_mode = false');
    try {
      const off = await handleCreateWallet(
        post({ authorization: `Bearer ${tokenFor(bob)}` }),
        deps({ crossmint: null, demo }),
      );
      expect(off.status).toBe(502);
      expect(await off.json()).toEqual({ success: false, walletId: null, error: 'The wallet provider is unavailable' });
      expect(demo.calls).toBe(1);
      expect(await walletInDb(bob.id)).toBeNull();
    } finally {
      await db.query('update public.app_settings set demo_mode = true');
    }
  });

  it('never uses the demo provider when Crossmint is configured', async () => {
    const demo = fakeProvider(async () => 'demo-wallet-xyz');
    await handleCreateWallet(post({ authorization: `Bearer ${tokenFor(alice)}` }), deps({ demo }));
    expect(demo.calls).toBe(0);
  });

  it('answers a CORS preflight with the allowed headers, and nothing else', async () => {
    const response = await handleCreateWallet(
      post({ origin: 'https://vault.example', 'x-correlation-id': 'vault-pre-1' }, undefined, 'OPTIONS'),
      deps(),
    );
    expect(response.status).toBe(204);
    const allowed = (response.headers.get('access-control-allow-headers') ?? '').split(/,\s*/);
    expect(allowed).toEqual(expect.arrayContaining([...walletFunction.corsAllowHeaders]));
    expect(response.headers.get('access-control-allow-methods')).toContain('POST');
    expect(response.headers.get('access-control-allow-origin')).toBe(allowedOrigin);
    expect(response.headers.get('access-control-expose-headers')).toBe('x-correlation-id, retry-after');
    expect(response.headers.get('x-correlation-id')).toBe('vault-pre-1');
  });

  it('echoes the correlation id on errors too, and makes one when it is missing or malformed', async () => {
    const echoed = await handleCreateWallet(post({ 'x-correlation-id': 'vault-lw2x-abcd1234' }), deps());
    expect(echoed.headers.get('x-correlation-id')).toBe('vault-lw2x-abcd1234');
    expect(echoed.headers.get('access-control-allow-origin')).toBe(allowedOrigin);
    const cases: Record<string, string>[] = [{}, { 'x-correlation-id': 'bad id with spaces <script>' }];
    for (const headers of cases) {
      const made = await handleCreateWallet(post(headers), deps({ newCorrelationId: () => 'vault-fn-made' }));
      expect(made.headers.get('x-correlation-id')).toBe('vault-fn-made');
    }
  });

  it('refuses other methods and unreadable bodies', async () => {
    const get = await handleCreateWallet(
      post({ authorization: `Bearer ${tokenFor(alice)}` }, undefined, 'GET'),
      deps(),
    );
    expect(get.status).toBe(405);
    for (const body of ['{not json', '[1,2]', '"text"']) {
      const bad = await handleCreateWallet(post({ authorization: `Bearer ${tokenFor(alice)}` }, body), deps());
      expect(bad.status, body).toBe(400);
      expect(await bad.json()).toEqual({ success: false, walletId: null, error: 'The request could not be read' });
    }
    expect(await walletInDb(alice.id)).toBeNull();
  });
});

describe('the wallet function’s guards (issue: caller, origin, size, rate, time)', () => {
  it('answers 401 for a token of another audience or issuer, without asking Auth or the provider', async () => {
    const crossmint = fakeProvider(async () => 'cw-x');
    const d = deps({ crossmint });
    for (const t of [
      tokenFor(alice, { aud: 'other-audience' }),
      tokenFor(alice, { iss: 'https://evil.example/auth/v1' }),
    ]) {
      const response = await handleCreateWallet(post({ authorization: `Bearer ${t}` }), d);
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ success: false, walletId: null, error: 'Not signed in' });
    }
    expect(d.auth.calls).toBe(0);
    expect(crossmint.calls).toBe(0);
    expect(await walletInDb(alice.id)).toBeNull();
  });

  it('answers 401 for a deleted member’s still-unexpired token, before any provider call', async () => {
    const crossmint = fakeProvider(async () => 'cw-deleted');
    const token = tokenFor(alice);
    await db.query('delete from auth.users where id = $1', [alice.id]);
    const d = deps({ crossmint });
    const response = await handleCreateWallet(post({ authorization: `Bearer ${token}` }), d);
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ success: false, walletId: null, error: 'Not signed in' });
    expect(d.auth.calls).toBe(1);
    expect(crossmint.calls).toBe(0);
  });

  it('answers 401 for a signed-out session’s token, before any provider call', async () => {
    const crossmint = fakeProvider(async () => 'cw-signed-out');
    const token = tokenFor(alice);
    const d = deps({ crossmint });
    d.auth.signOut(token);
    const response = await handleCreateWallet(post({ authorization: `Bearer ${token}` }), d);
    expect(response.status).toBe(401);
    expect(crossmint.calls).toBe(0);
    expect(await walletInDb(alice.id)).toBeNull();
  });

  it('answers 429 with Retry-After once a member passes the limit, and calls the provider no more', async () => {
    const crossmint = fakeProvider(async () => {
      throw new Error('provider down');
    });
    const d = deps({ crossmint });
    const call = () => handleCreateWallet(post({ authorization: `Bearer ${tokenFor(alice)}` }), d);
    for (let i = 0; i < walletRateLimit.maxCalls; i++) expect((await call()).status).toBe(502);
    expect(crossmint.calls).toBe(walletRateLimit.maxCalls);

    const limited = await call();
    expect(limited.status).toBe(429);
    expect(await limited.json()).toEqual({ success: false, walletId: null, error: walletFunction.errors.rateLimited });
    const retryAfter = Number(limited.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(walletRateLimit.windowSeconds);
    expect(limited.headers.get('access-control-expose-headers')).toContain('retry-after');
    expect(crossmint.calls).toBe(walletRateLimit.maxCalls);

    // The limit is per member: bob is not limited by alice's calls.
    const other = await handleCreateWallet(post({ authorization: `Bearer ${tokenFor(bob)}` }), d);
    expect(other.status).toBe(502);
  });

  it('refuses a body over 16 KB by its Content-Length, before reading it or asking Auth', async () => {
    const d = deps();
    const request = new Request('http://localhost/functions/v1/create-crossmint-wallet', {
      method: 'POST',
      headers: { authorization: `Bearer ${tokenFor(alice)}`, 'content-length': '16385', origin: allowedOrigin },
      body: '{}',
    });
    const response = await handleCreateWallet(request, d);
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ success: false, walletId: null, error: 'The request is too large' });
    expect(request.bodyUsed).toBe(false);
    expect(d.auth.calls).toBe(0);
  });

  it('cuts a body sent without a length at 16 KB', async () => {
    const chunk = new TextEncoder().encode(' '.repeat(4096));
    let pulled = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += 1;
        if (pulled > 100) controller.close();
        else controller.enqueue(chunk);
      },
    });
    const request = new Request('http://localhost/functions/v1/create-crossmint-wallet', {
      method: 'POST',
      headers: { authorization: `Bearer ${tokenFor(alice)}`, origin: allowedOrigin },
      body: stream,
      duplex: 'half',
    } as RequestInit);
    expect(request.headers.get('content-length')).toBeNull();
    const response = await handleCreateWallet(request, deps());
    expect(response.status).toBe(413);
    expect(pulled).toBeLessThan(10);
  });

  it('answers 504 when the database hangs, without calling the provider', async () => {
    const crossmint = fakeProvider(async () => 'cw-x');
    const hung: WalletStore = { ...store, walletIdOf: (_userId, signal) => hangUntilAborted(signal) };
    const started = Date.now();
    const response = await handleCreateWallet(
      post({ authorization: `Bearer ${tokenFor(alice)}` }),
      deps({ crossmint, store: hung, timeouts: { serverMs: 50, providerMs: 200 } }),
    );
    expect(response.status).toBe(504);
    expect(await response.json()).toEqual({
      success: false,
      walletId: null,
      error: 'The server did not answer in time',
    });
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(crossmint.calls).toBe(0);
    expect(logs).toContainEqual(expect.objectContaining({ level: 'error', message: 'refused: serverTimeout' }));
  });

  it('answers 504 when Auth or the rate limit’s database call hangs, without calling the provider', async () => {
    const crossmint = fakeProvider(async () => 'cw-x');
    const hungAuth = deps({ crossmint, timeouts: { serverMs: 50, providerMs: 200 } });
    hungAuth.auth.hang = true;
    expect((await handleCreateWallet(post({ authorization: `Bearer ${tokenFor(alice)}` }), hungAuth)).status).toBe(504);
    const hungLimit = deps({ crossmint, timeouts: { serverMs: 50, providerMs: 200 } });
    hungLimit.rateLimiter.hang = true;
    expect((await handleCreateWallet(post({ authorization: `Bearer ${tokenFor(alice)}` }), hungLimit)).status).toBe(
      504,
    );
    expect(crossmint.calls).toBe(0);
  });

  it('allows only the configured origins in CORS, never *', async () => {
    const other = await handleCreateWallet(post({ origin: 'https://evil.example' }, undefined, 'OPTIONS'), deps());
    expect(other.headers.get('access-control-allow-origin')).toBe(allowedOrigin);
    const second = await handleCreateWallet(
      post({ origin: 'https://admin.vault.example' }, undefined, 'OPTIONS'),
      deps({ allowedOrigins: [allowedOrigin, 'https://admin.vault.example'] }),
    );
    expect(second.headers.get('access-control-allow-origin')).toBe('https://admin.vault.example');
    const none = await handleCreateWallet(post({}, undefined, 'OPTIONS'), deps({ allowedOrigins: [] }));
    expect(none.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('the Crossmint provider', () => {
  it('creates an EVM smart wallet owned by the user, with the server key and an idempotency key', async () => {
    const fetchMock = vi.fn(async () => Response.json({ address: '0xabc', type: 'smart' }, { status: 201 }));
    const provider = crossmintProvider({ apiKey: 'sk_staging_123', fetch: fetchMock });
    const signal = new AbortController().signal;
    await expect(provider.createWallet({ userId: 'u-1', idempotencyKey: 'vault-wallet-u-1' }, signal)).resolves.toBe(
      '0xabc',
    );
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('https://staging.crossmint.com/api/2025-06-09/wallets');
    expect(init.signal).toBe(signal);
    expect(init.headers).toMatchObject({ 'X-API-KEY': 'sk_staging_123', 'x-idempotency-key': 'vault-wallet-u-1' });
    expect(JSON.parse(String(init.body))).toMatchObject({ chainType: 'evm', type: 'smart', owner: 'userId:u-1' });
  });

  it('talks to production with a production key, and fails on an error status or a missing address', async () => {
    const calls: string[] = [];
    const failing = crossmintProvider({
      apiKey: 'sk_production_1',
      fetch: async (input) => {
        calls.push(String(input));
        return new Response('{"message":"nope"}', { status: 401 });
      },
    });
    await expect(
      failing.createWallet({ userId: 'u', idempotencyKey: 'k' }, new AbortController().signal),
    ).rejects.toThrow('crossmint answered 401');
    expect(calls[0]).toBe('https://www.crossmint.com/api/2025-06-09/wallets');
    const empty = crossmintProvider({ apiKey: 'sk_production_1', fetch: async () => Response.json({}) });
    await expect(
      empty.createWallet({ userId: 'u', idempotencyKey: 'k' }, new AbortController().signal),
    ).rejects.toThrow('no wallet address');
  });
});
