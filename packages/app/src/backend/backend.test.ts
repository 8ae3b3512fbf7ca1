import { HttpResponse, http } from 'msw';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { memoryStorage } from '../storage/browserStorage';
import { createSessionArea } from '../storage/sessionArea';
import {
  type LocalBackend,
  realtimeTransport,
  startLocalBackend,
  TEST_CONFIG,
  testClient,
  transport,
} from '../test-support/localBackend';
import { configureBackend } from './client';
import { loadSampleTable, MOCK_RETRY_HEADER } from './tables';
import { createWallet } from './wallet';

/** Every request the backend sent, as MSW saw it. */
let seen: Request[] = [];
let local: LocalBackend;
let members = 0;

beforeAll(async () => {
  local = await startLocalBackend();
  local.server.events.on('request:start', ({ request }) => {
    seen.push(request.clone());
  });
});
afterEach(() => local.server.resetHandlers());
afterAll(() => local.close());

async function walletOf(userId: string): Promise<string | null | undefined> {
  return (
    await local.row<{ w: string | null }>('select crossmint_wallet_id as w from public.profiles where id = $1', [
      userId,
    ])
  )?.w;
}

/** A client signed in as a fresh investor (the shared client of loadSampleTable too). */
async function signedIn(email = `member${++members}@example.eu`) {
  const area = createSessionArea(memoryStorage(), null);
  const client = testClient(area.adapter);
  const { data, error } = await client.auth.signInWithPassword({ email, password: 'pw' });
  if (error || !data.session) throw error ?? new Error('no session');
  configureBackend({ config: TEST_CONFIG, storage: area.adapter, realtimeTransport });
  return { client, session: data.session, userId: data.session.user.id };
}

beforeEach(() => {
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
    const { client, session } = await signedIn('refresh@example.eu');
    const { data, error } = await client.auth.refreshSession();
    expect(error).toBeNull();
    expect(data.session?.refresh_token).not.toBe(session.refresh_token);
    expect(data.session?.user.id).toBe(session.user.id);
    // Past GoTrue's reuse interval (two tabs refreshing at once) a spent token is refused.
    await local.db.query(`update auth.refresh_tokens set updated_at = now() - interval '1 minute' where token = $1`, [
      session.refresh_token,
    ]);
    const again = await testClient().auth.refreshSession({ refresh_token: session.refresh_token });
    expect(again.error?.code).toBe('refresh_token_already_used');
    const user = await client.auth.getUser();
    expect(user.data.user?.email).toBe('refresh@example.eu');
    const forged = await testClient().auth.getUser(`${session.access_token.slice(0, -4)}AAAA`);
    expect(forged.error?.status).toBe(403);
  });
});

describe('a token that expires on the way', () => {
  const opportunities = `${TEST_CONFIG.url}/rest/v1/opportunities`;
  const expired = () =>
    HttpResponse.json({ code: 'PGRST303', message: 'JWT expired', details: null, hint: null }, { status: 401 });
  const bearer = (request: Request | undefined) => request?.headers.get('Authorization');

  it('refreshes the session once and sends the read again with the new token', async () => {
    const { client, session } = await signedIn();
    local.server.use(http.get(opportunities, expired, { once: true }));
    seen = [];
    const result = await loadSampleTable('opportunities');
    expect(result.ok && result.rows.length).toBeGreaterThanOrEqual(8);
    const reads = seen.filter((r) => r.url.startsWith(opportunities));
    expect(reads).toHaveLength(2);
    expect(bearer(reads[0])).toBe(`Bearer ${session.access_token}`);
    // The refresh spent the session's refresh token; the second read carries what it gave.
    const grants = seen.filter((r) => new URL(r.url).pathname.endsWith('/auth/v1/token'));
    expect(grants).toHaveLength(1);
    expect(await grants[0]?.json()).toEqual({ refresh_token: session.refresh_token });
    const refreshed = (await client.auth.getSession()).data.session;
    expect(refreshed?.refresh_token).not.toBe(session.refresh_token);
    expect(bearer(reads[1])).toBe(`Bearer ${refreshed?.access_token}`);
  });

  it('reads refused together share one refresh', async () => {
    await signedIn();
    let refusals = 2;
    local.server.use(http.get(opportunities, () => (refusals-- > 0 ? expired() : undefined)));
    seen = [];
    const [a, b] = await Promise.all([loadSampleTable('opportunities'), loadSampleTable('opportunities')]);
    expect(a.ok && b.ok).toBe(true);
    expect(seen.filter((r) => r.url.startsWith(opportunities))).toHaveLength(4);
    expect(seen.filter((r) => new URL(r.url).pathname.endsWith('/auth/v1/token'))).toHaveLength(1);
  });

  it('answers the refusal when the session cannot be refreshed', async () => {
    await signedIn();
    local.server.use(http.get(opportunities, expired), http.post(`${TEST_CONFIG.url}/auth/v1/token`, expired));
    const result = await loadSampleTable('opportunities');
    expect(result.ok).toBe(false);
    expect(!result.ok && result.error).toMatch(/JWT expired/);
  });
});

describe('createWallet (function)', () => {
  it('invokes create-crossmint-wallet with userId, correlation id, idempotency key, the bearer and the anon key', async () => {
    const { client, session, userId } = await signedIn();
    seen = [];
    const result = await createWallet(client, userId, { idempotencyKey: 'key-1' });
    expect(result).toEqual({ ok: true, walletId: expect.stringMatching(/^0x[0-9a-f]{40}$/) });
    const request = only('POST', '/functions/v1/create-crossmint-wallet');
    expect(request.headers.get('x-correlation-id')).toMatch(/^vault-[0-9a-z]+-[0-9a-z]{8}$/);
    expect(request.headers.get('idempotency-key')).toBe('key-1');
    expect(request.headers.get('authorization')).toBe(`Bearer ${session.access_token}`);
    expect(request.headers.get('apikey')).toBe(TEST_CONFIG.anonKey);
    expect(await request.json()).toEqual({ userId });
    // The function wrote it with the service role; a retry with the same key gets the same id.
    expect(await walletOf(userId)).toBe(result.ok ? result.walletId : null);
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
    const other = await signedIn();
    const result = await createWallet(client, other.userId, { idempotencyKey: 'k' });
    expect(result).toEqual({
      ok: false,
      error: expect.stringMatching(/HTTP 403.*userId does not match the signed-in user/),
    });
    expect(await walletOf(other.userId)).toBeNull();
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
    local.server.use(transport.wallet[variant]);
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
    expect(await walletOf(userId)).toBe(result.ok ? result.walletId : null);
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
    local.server.use(transport.tableError('documents'));
    const result = await loadSampleTable('documents');
    expect(result).toEqual({ ok: false, error: expect.stringContaining('Could not load documents') });
  });

  it('turns malformed rows into an error state, never a crash', async () => {
    await signedIn();
    local.server.use(http.get('*/rest/v1/loans', () => HttpResponse.json([{ id: 1, borrower: null }])));
    const result = await loadSampleTable('loans');
    expect(result).toEqual({ ok: false, error: 'The loans data could not be read' });
  });

  it('serves an empty table for the empty variant', async () => {
    await signedIn();
    local.server.use(transport.tableEmpty('documents'));
    expect(await loadSampleTable('documents')).toEqual({ ok: true, rows: [] });
  });
});
