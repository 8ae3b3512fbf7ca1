import { createHmac } from 'node:crypto';
import type { PGlite } from '@electric-sql/pglite';
import { kycSessionFunction } from '@vault/domain';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Account, createUser, seededDb, setDemoMode } from '../../tests/db';
import { PostgrestError } from '../_shared/postgrest';
import { sumsubRequestHeaders } from '../_shared/signatures';
import { allowedOrigin, hangUntilAborted, type LogLine, sessionDeps, tokenFor } from '../_shared/testing/fakes';
import {
  handleKycSession,
  KycNotStartable,
  type KycProvider,
  type KycSessionDeps,
  type KycSessionStore,
  kycSessionContract,
  kycSessionRateLimit,
  kycStatusOf,
  postgrestKycSessionStore,
  sumsubProvider,
} from './handler';

/**
 * The kyc-session handler under Node: members' tokens and Auth's stand-in, the rate limit on
 * PGlite, a fake provider and start_kyc; and Sumsub's client against a fake fetch, its request
 * signature computed in the test as Sumsub's documentation describes.
 */

let db: PGlite;
let alice: Account;
let logs: LogLine[];

function fakeProvider(impl: KycProvider['accessFor']): KycProvider & { calls: number } {
  const provider = {
    name: 'fake',
    calls: 0,
    accessFor: (member: Parameters<KycProvider['accessFor']>[0], signal: AbortSignal) => {
      provider.calls += 1;
      return impl(member, signal);
    },
  };
  return provider;
}

function fakeStore(): KycSessionStore & { tokens: string[] } {
  const store = {
    tokens: [] as string[],
    async startKyc(token: string) {
      store.tokens.push(token);
      return 'pending';
    },
    demoMode: async () =>
      (await db.query<{ d: boolean }>('select demo_mode as d from public.app_settings')).rows[0]?.d === true,
  };
  return store;
}

/** The fakes, with some replaced; the result keeps the fakes' types for the assertions. */
function deps<O extends Partial<Omit<KycSessionDeps, 'auth' | 'rateLimiter'>> = Record<never, never>>(overrides?: O) {
  const base = {
    ...sessionDeps(db, logs),
    kyc: fakeProvider(async ({ id }) => ({
      accessToken: `_act-${id}`,
      expiresInSeconds: 600,
      levelName: 'basic-kyc-level',
    })),
    demo: fakeProvider(async () => ({ accessToken: 'demo-kyc', expiresInSeconds: 600, levelName: 'demo' })),
    store: fakeStore(),
  } satisfies KycSessionDeps;
  return Object.assign(base, overrides);
}

function post(headers: Record<string, string> = {}): Request {
  return new Request('http://localhost/functions/v1/kyc-session', {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: allowedOrigin, ...headers },
    body: '{}',
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
});

describe('the kyc-session handler', () => {
  it('answers exactly the contract the app and the embedded backend read', () => {
    expect(kycSessionContract).toEqual(kycSessionFunction);
  });

  it('returns the provider’s SDK access token and starts the KYC as the member', async () => {
    const d = deps();
    const token = tokenFor(alice);
    const response = await handleKycSession(post({ authorization: `Bearer ${token}` }), d);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      success: true,
      provider: 'fake',
      accessToken: `_act-${alice.id}`,
      expiresInSeconds: 600,
      levelName: 'basic-kyc-level',
      kycStatus: 'pending',
      error: null,
    });
    expect(d.store.tokens).toEqual([token]);
    expect(response.headers.get('access-control-allow-origin')).toBe(allowedOrigin);
  });

  it('answers 401 without a token, or with a signed-out one, before the provider or start_kyc', async () => {
    const d = deps();
    const missing = await handleKycSession(post(), d);
    expect(missing.status).toBe(401);
    expect(await missing.json()).toEqual({ success: false, error: 'Not signed in' });
    const token = tokenFor(alice);
    d.auth.signOut(token);
    expect((await handleKycSession(post({ authorization: `Bearer ${token}` }), d)).status).toBe(401);
    expect(d.kyc.calls).toBe(0);
    expect(d.store.tokens).toEqual([]);
  });

  it('answers 504 when the provider does not answer in time, and does not start the KYC', async () => {
    const kyc = fakeProvider((_member, signal) => hangUntilAborted(signal));
    const d = deps({ kyc, timeouts: { serverMs: 500, providerMs: 50 } });
    const response = await handleKycSession(post({ authorization: `Bearer ${tokenFor(alice)}` }), d);
    expect(response.status).toBe(504);
    expect(await response.json()).toEqual({
      success: false,
      error: 'The verification provider did not answer in time',
    });
    expect(d.store.tokens).toEqual([]);
  });

  it('answers 502 when the provider fails, and 409 when start_kyc refuses the member’s state', async () => {
    const failing = fakeProvider(async () => {
      throw new Error('sumsub answered 401');
    });
    expect(
      (await handleKycSession(post({ authorization: `Bearer ${tokenFor(alice)}` }), deps({ kyc: failing }))).status,
    ).toBe(502);
    const refusing: KycSessionStore = {
      ...fakeStore(),
      startKyc: async () => {
        throw new KycNotStartable('kyc is already approved');
      },
    };
    const refused = await handleKycSession(
      post({ authorization: `Bearer ${tokenFor(alice)}` }),
      deps({ store: refusing }),
    );
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({
      success: false,
      error: 'Your verification cannot be started from its current status',
    });
  });

  it('uses the demo provider only without Sumsub and with demo mode on', async () => {
    const on = { ...deps(), kyc: null };
    expect(
      await (await handleKycSession(post({ authorization: `Bearer ${tokenFor(alice)}` }), on)).json(),
    ).toMatchObject({
      provider: 'fake',
      accessToken: 'demo-kyc',
    });
    await setDemoMode(db, false);
    try {
      const off = { ...deps(), kyc: null };
      const response = await handleKycSession(post({ authorization: `Bearer ${tokenFor(alice)}` }), off);
      expect(response.status).toBe(502);
      expect(off.demo.calls).toBe(0);
    } finally {
      await setDemoMode(db, true);
    }
  });

  it('answers 429 with Retry-After past the per-member limit', async () => {
    const d = deps();
    for (let i = 0; i < kycSessionRateLimit.maxCalls; i++) {
      expect((await handleKycSession(post({ authorization: `Bearer ${tokenFor(alice)}` }), d)).status).toBe(200);
    }
    const limited = await handleKycSession(post({ authorization: `Bearer ${tokenFor(alice)}` }), d);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(d.kyc.calls).toBe(kycSessionRateLimit.maxCalls);
  });
});

describe('the Sumsub client', () => {
  it('signs as Sumsub documents: hex HMAC-SHA256 of ts + METHOD + path + body (the documented example string)', async () => {
    const headers = await sumsubRequestHeaders({
      appToken: 'sbx:app-token',
      secretKey: 'sumsub-secret',
      method: 'post',
      pathWithQuery:
        '/resources/accessTokens?userId=cfd20712-24a2-4c7d-9ab0-146f3c142335&levelName=basic-kyc-level&ttlInSecs=600',
      body: '',
      nowMs: 1607551635_000,
    });
    const documented =
      '1607551635POST/resources/accessTokens?userId=cfd20712-24a2-4c7d-9ab0-146f3c142335&levelName=basic-kyc-level&ttlInSecs=600';
    expect(headers).toEqual({
      'X-App-Token': 'sbx:app-token',
      'X-App-Access-Ts': '1607551635',
      'X-App-Access-Sig': createHmac('sha256', 'sumsub-secret').update(documented).digest('hex'),
    });
  });

  it('asks for an SDK access token for the member id at the level, signed over the exact body sent', async () => {
    const seen: { url: string; init: RequestInit }[] = [];
    const provider = sumsubProvider({
      appToken: 'sbx:app-token',
      secretKey: 'sumsub-secret',
      levelName: 'basic-kyc-level',
      now: () => 1_795_000_000_000,
      fetch: async (url, init) => {
        seen.push({ url: String(url), init: init ?? {} });
        return Response.json({ token: '_act-sbx-abc', userId: 'u-1' });
      },
    });
    const signal = new AbortController().signal;
    await expect(provider.accessFor({ id: 'u-1', email: 'a@example.test' }, signal)).resolves.toEqual({
      accessToken: '_act-sbx-abc',
      expiresInSeconds: 600,
      levelName: 'basic-kyc-level',
    });
    const call = seen[0];
    expect(call?.url).toBe('https://api.sumsub.com/resources/accessTokens/sdk');
    expect(call?.init.signal).toBe(signal);
    const body = String(call?.init.body);
    expect(JSON.parse(body)).toEqual({
      userId: 'u-1',
      levelName: 'basic-kyc-level',
      ttlInSecs: 600,
      applicantIdentifiers: { email: 'a@example.test' },
    });
    const headers = call?.init.headers as Record<string, string>;
    expect(headers['X-App-Access-Ts']).toBe('1795000000');
    expect(headers['X-App-Access-Sig']).toBe(
      createHmac('sha256', 'sumsub-secret').update(`1795000000POST/resources/accessTokens/sdk${body}`).digest('hex'),
    );
  });

  it('fails on an error status or an answer without a token', async () => {
    const signal = new AbortController().signal;
    const base = { appToken: 't', secretKey: 's', levelName: 'l' };
    await expect(
      sumsubProvider({ ...base, fetch: async () => new Response('{}', { status: 401 }) }).accessFor(
        { id: 'u' },
        signal,
      ),
    ).rejects.toThrow('sumsub answered 401');
    await expect(
      sumsubProvider({ ...base, fetch: async () => Response.json({}) }).accessFor({ id: 'u' }, signal),
    ).rejects.toThrow('no access token');
  });
});

describe('start_kyc through PostgREST', () => {
  it('is called with the member’s own token, and a raised exception is the member’s state', async () => {
    const seen: RequestInit[] = [];
    const client = {
      request: async () => null,
      rpc: async (_fn: string, _args: Record<string, unknown>, init: RequestInit & { token?: string }) => {
        seen.push(init);
        if (init.token === 'refused') throw new PostgrestError(400, 'P0001', 'kyc is already approved');
        return { id: 'x', kyc_status: 'pending' };
      },
    };
    const store = postgrestKycSessionStore(client, async () => false);
    await expect(store.startKyc('member-token', new AbortController().signal)).resolves.toBe('pending');
    await expect(store.startKyc('refused', new AbortController().signal)).rejects.toBeInstanceOf(KycNotStartable);
    expect(kycStatusOf([{ kyc_status: 'pending' }])).toBe('pending');
    expect(kycStatusOf('pending')).toBe('pending');
  });
});
