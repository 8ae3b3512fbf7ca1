import { HttpResponse, http } from 'msw';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { mockDb, tableHandlers, walletHandlers } from '../../../../mocks';
import { server } from '../../../../mocks/node';
import { memoryStorage } from '../storage/browserStorage';
import { createSessionArea } from '../storage/sessionArea';
import { realtimeTransport, TEST_CONFIG, testClient } from '../test-support/mockBackend';
import { configureBackend } from './client';
import { loadSampleTable, MOCK_RETRY_HEADER } from './tables';
import { createWallet } from './wallet';

/** Every request the backend sent, as the mock server saw it. */
let seen: Request[] = [];

beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
  server.events.on('request:start', ({ request }) => {
    seen.push(request.clone());
  });
});
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

/** A client signed in as a fresh investor (the shared client of loadSampleTable too). */
async function signedIn(email = 'member@example.eu') {
  const area = createSessionArea(memoryStorage(), null);
  const client = testClient(area.adapter);
  const { data, error } = await client.auth.signInWithPassword({ email, password: 'pw' });
  if (error || !data.session) throw error ?? new Error('no session');
  configureBackend({ config: TEST_CONFIG, storage: area.adapter, realtimeTransport });
  return { client, session: data.session, userId: data.session.user.id };
}

beforeEach(() => {
  mockDb.reset();
  seen = [];
});

function only(method: string, path: string): Request {
  const matches = seen.filter((r) => r.method === method && new URL(r.url).pathname.endsWith(path));
  expect(matches).toHaveLength(1);
  const [request] = matches;
  if (!request) throw new Error('no request');
  return request;
}

describe('Supabase Auth of the embedded backend', () => {
  it('refreshes with the refresh-token grant, spends the old refresh token, and knows the user', async () => {
    const { client, session } = await signedIn();
    const { data, error } = await client.auth.refreshSession();
    expect(error).toBeNull();
    expect(data.session?.refresh_token).not.toBe(session.refresh_token);
    expect(data.session?.user.id).toBe(session.user.id);
    const again = await testClient().auth.refreshSession({ refresh_token: session.refresh_token });
    expect(again.error?.code).toBe('refresh_token_not_found');
    const user = await client.auth.getUser();
    expect(user.data.user?.email).toBe('member@example.eu');
    const forged = await testClient().auth.getUser(`${session.access_token.slice(0, -4)}AAAA`);
    expect(forged.error?.status).toBe(403);
  });
});

describe('createWallet (function)', () => {
  it('invokes create-crossmint-wallet with userId, correlation id, idempotency key, the bearer and the anon key', async () => {
    const { client, session, userId } = await signedIn();
    seen = [];
    const result = await createWallet(client, userId, { idempotencyKey: 'key-1' });
    expect(result).toEqual({ ok: true, walletId: expect.stringMatching(/^cm-wallet-/) });
    const request = only('POST', '/functions/v1/create-crossmint-wallet');
    expect(request.headers.get('x-correlation-id')).toMatch(/^vault-[0-9a-z]+-[0-9a-z]{8}$/);
    expect(request.headers.get('idempotency-key')).toBe('key-1');
    expect(request.headers.get('authorization')).toBe(`Bearer ${session.access_token}`);
    expect(request.headers.get('apikey')).toBe(TEST_CONFIG.anonKey);
    expect(await request.json()).toEqual({ userId });
    // The function wrote it with the service role; a retry with the same key gets the same id.
    expect(mockDb.profile(userId)?.crossmint_wallet_id).toBe(result.ok ? result.walletId : null);
    expect(await createWallet(client, userId, { idempotencyKey: 'key-1' })).toEqual(result);
  });

  it('sends one request for a double click', async () => {
    const { client, userId } = await signedIn();
    seen = [];
    const [a, b] = await Promise.all([
      createWallet(client, userId, { idempotencyKey: 'k' }),
      createWallet(client, userId, { idempotencyKey: 'k' }),
    ]);
    expect(a).toEqual(b);
    expect(seen.filter((r) => r.url.includes('create-crossmint-wallet'))).toHaveLength(1);
  });

  it("takes the user from the token: another member's id in the body is refused (403)", async () => {
    const { client } = await signedIn();
    const other = await signedIn('other@example.eu');
    const result = await createWallet(client, other.userId, { idempotencyKey: 'k' });
    expect(result).toEqual({
      ok: false,
      error: expect.stringMatching(/HTTP 403.*userId does not match the signed-in user/),
    });
    expect(mockDb.profile(other.userId)?.crossmint_wallet_id).toBeNull();
  });

  it('without a session: 401 Not signed in', async () => {
    const client = testClient();
    const result = await createWallet(client, 'someone', { idempotencyKey: 'k' });
    expect(result).toEqual({ ok: false, error: expect.stringMatching(/HTTP 401.*Not signed in/) });
  });

  it.each([
    ['failure', /Wallet provider is temporarily unavailable/],
    ['serverError', /HTTP 500.*Internal server error/],
    ['networkError', /could not be reached/],
    ['invalidJson', /could not be read/],
    ['noWalletId', /did not return a wallet id/],
  ] as const)('%s ends in { ok: false } with a clear message', async (variant, message) => {
    const { client, userId } = await signedIn();
    server.use(walletHandlers[variant]);
    const result = await createWallet(client, userId, { idempotencyKey: 'k' });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toMatch(message);
  });
});

describe('createWallet (demo mode)', () => {
  it('calls demo_create_wallet, no PATCH and no function call; a second call answers the same wallet', async () => {
    const { client, session, userId } = await signedIn();
    seen = [];
    const result = await createWallet(client, userId, { demo: true, idempotencyKey: 'k' });
    expect(result).toEqual({ ok: true, walletId: expect.stringMatching(/^demo-wallet-/) });
    expect(seen.some((r) => r.url.includes('/functions/'))).toBe(false);
    expect(seen.some((r) => r.method === 'PATCH')).toBe(false);
    const request = only('POST', '/rest/v1/rpc/demo_create_wallet');
    expect(request.headers.get('authorization')).toBe(`Bearer ${session.access_token}`);
    expect(mockDb.profile(userId)?.crossmint_wallet_id).toBe(result.ok ? result.walletId : null);
    // The server keeps the first wallet: a second call answers it and writes nothing new.
    const again = await createWallet(client, userId, { demo: true, idempotencyKey: 'k2' });
    expect(again).toEqual(result);
  });
});

describe('loadSampleTable', () => {
  it('returns validated rows and sends the retry header only on a retry', async () => {
    await signedIn();
    seen = [];
    const first = await loadSampleTable('opportunities');
    expect(first.ok && first.rows.length).toBeGreaterThanOrEqual(8);
    await loadSampleTable('opportunities', { retry: true });
    const [a, b] = seen;
    expect(a?.headers.get(MOCK_RETRY_HEADER)).toBeNull();
    expect(b?.headers.get(MOCK_RETRY_HEADER)).toBe('1');
  });

  it('filters by equality', async () => {
    await signedIn();
    const result = await loadSampleTable('opportunity_details', { eq: { id: 'clean-water-kenya' } });
    expect(result.ok && result.rows.map((r) => r.id)).toEqual(['clean-water-kenya']);
  });

  it("serves a member's own rows only, and a role table only to its roles", async () => {
    await signedIn();
    const documents = await loadSampleTable('documents');
    expect(documents.ok && documents.rows.length).toBeGreaterThan(0);
    expect(await loadSampleTable('loans')).toEqual({ ok: true, rows: [] });
  });

  it('turns a 500 into an error state', async () => {
    await signedIn();
    server.use(tableHandlers.error('documents'));
    const result = await loadSampleTable('documents');
    expect(result).toEqual({ ok: false, error: expect.stringContaining('Could not load documents') });
  });

  it('turns malformed rows into an error state, never a crash', async () => {
    await signedIn();
    server.use(http.get('*/rest/v1/loans', () => HttpResponse.json([{ id: 1, borrower: null }])));
    const result = await loadSampleTable('loans');
    expect(result).toEqual({ ok: false, error: 'The loans data could not be read' });
  });

  it('serves an empty table for the empty variant', async () => {
    await signedIn();
    server.use(tableHandlers.empty());
    expect(await loadSampleTable('documents')).toEqual({ ok: true, rows: [] });
  });
});
