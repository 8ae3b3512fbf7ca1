import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { mockDb, tableHandlers, walletHandlers } from '../../../../mocks';
import { server } from '../../../../mocks/node';
import { type BackendClientOptions, configureBackend } from './client';
import { readProfile, upsertProfile } from './profiles';
import { loadSampleTable, MOCK_RETRY_HEADER } from './tables';
import { createWallet } from './wallet';

const ANON_KEY = 'anon-key-for-tests';
const TOKEN = 'mock.user-123.abc';
const user = { id: 'user-123' };

/** Every request the backend sent, as the mock server saw it. */
let seen: Request[] = [];

beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
  server.events.on('request:start', ({ request }) => {
    seen.push(request.clone());
  });
  configureBackend({
    config: { url: 'https://mock.vault.local/mock-supabase', anonKey: ANON_KEY, mock: true },
    accessToken: () => TOKEN,
    // ws's constructor is typed wider than supabase's WebSocket-like one (address: string | URL); it works.
    realtimeTransport: WebSocket as unknown as BackendClientOptions['realtimeTransport'],
  });
});
beforeEach(() => {
  seen = [];
  mockDb.reset();
});
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

function only(method: string, path: string): Request {
  const matches = seen.filter((r) => r.method === method && new URL(r.url).pathname.endsWith(path));
  expect(matches).toHaveLength(1);
  const [request] = matches;
  if (!request) throw new Error('no request');
  return request;
}

describe('createWallet (function)', () => {
  it('invokes create-crossmint-wallet with userId, a correlation id, the bearer token and the anon key', async () => {
    const result = await createWallet(user);
    expect(result).toEqual({ ok: true, walletId: expect.stringMatching(/^cm-wallet-/) });
    const request = only('POST', '/functions/v1/create-crossmint-wallet');
    expect(request.headers.get('x-correlation-id')).toMatch(/^vault-[0-9a-z]+-[0-9a-z]{8}$/);
    expect(request.headers.get('authorization')).toBe(`Bearer ${TOKEN}`);
    expect(request.headers.get('apikey')).toBe(ANON_KEY);
    expect(await request.json()).toEqual({ userId: 'user-123' });
  });

  it('sends one request for a double click', async () => {
    const [a, b] = await Promise.all([createWallet(user), createWallet(user)]);
    expect(a).toEqual(b);
    expect(seen.filter((r) => r.url.includes('create-crossmint-wallet'))).toHaveLength(1);
  });

  it('refuses without a user, sending nothing', async () => {
    expect(await createWallet(null)).toEqual({ ok: false, error: expect.stringContaining('signed-in user') });
    expect(seen).toHaveLength(0);
  });

  it.each([
    ['failure', /Wallet provider is temporarily unavailable/],
    ['serverError', /HTTP 500.*Internal server error/],
    ['networkError', /could not be reached/],
    ['invalidJson', /could not be read/],
    ['noWalletId', /did not return a wallet id/],
  ] as const)('%s ends in { ok: false } with a clear message', async (variant, message) => {
    server.use(walletHandlers[variant]);
    const result = await createWallet(user);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toMatch(message);
  });
});

describe('createWallet (demo mode)', () => {
  it('PATCHes profiles filtered by id=eq.<user id> instead of calling the function', async () => {
    mockDb.upsertProfile({ id: user.id });
    const result = await createWallet(user, { demo: true });
    expect(result).toEqual({ ok: true, walletId: expect.stringMatching(/^demo-wallet-/) });
    expect(seen.some((r) => r.url.includes('/functions/'))).toBe(false);
    const request = only('PATCH', '/rest/v1/profiles');
    expect(new URL(request.url).searchParams.get('id')).toBe('eq.user-123');
    expect(request.headers.get('authorization')).toBe(`Bearer ${TOKEN}`);
    const body = (await request.json()) as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(['crossmint_wallet_id', 'updated_at']);
    expect(mockDb.getProfile(user.id)?.crossmint_wallet_id).toBe(result.ok ? result.walletId : null);
  });
});

describe('profiles', () => {
  it('reads null for a new user, then the row after an upsert', async () => {
    expect(await readProfile('fresh')).toEqual({ ok: true, profile: null });
    expect(await upsertProfile({ id: 'fresh', kyc_status: 'approved' })).toEqual({ ok: true });
    const again = await readProfile('fresh');
    expect(again.ok && again.profile?.kyc_status).toBe('approved');
    expect(new URL(only('POST', '/rest/v1/profiles').url).searchParams.get('on_conflict')).toBe('id');
  });
});

describe('loadSampleTable', () => {
  it('returns validated rows and sends the retry header only on a retry', async () => {
    const first = await loadSampleTable('opportunities');
    expect(first.ok && first.rows.length).toBeGreaterThanOrEqual(8);
    await loadSampleTable('opportunities', { retry: true });
    const [a, b] = seen;
    expect(a?.headers.get(MOCK_RETRY_HEADER)).toBeNull();
    expect(b?.headers.get(MOCK_RETRY_HEADER)).toBe('1');
  });

  it('filters by equality', async () => {
    const result = await loadSampleTable('opportunity_details', { eq: { id: 'clean-water-kenya' } });
    expect(result.ok && result.rows.map((r) => r.id)).toEqual(['clean-water-kenya']);
  });

  it('turns a 500 into an error state', async () => {
    server.use(tableHandlers.error('documents'));
    const result = await loadSampleTable('documents');
    expect(result).toEqual({ ok: false, error: expect.stringContaining('Could not load documents') });
  });

  it('turns malformed rows into an error state, never a crash', async () => {
    const { http, HttpResponse } = await import('msw');
    server.use(http.get('*/rest/v1/loans', () => HttpResponse.json([{ id: 1, borrower: null }])));
    const result = await loadSampleTable('loans');
    expect(result).toEqual({ ok: false, error: 'The loans data could not be read' });
  });

  it('serves an empty table for the empty variant', async () => {
    server.use(tableHandlers.empty());
    expect(await loadSampleTable('documents')).toEqual({ ok: true, rows: [] });
  });
});
