import { messages } from '@vault/domain';
import { delay, HttpResponse, http } from 'msw';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { stableIdForEmail } from '../../../../supabase/host/index.ts';
import { approveKyc } from '../data/kycCases/approveKyc';
import { saveProfile } from '../data/profile/saveProfile';
import { createWallet } from '../data/wallet/createWallet';
import { memoryStorage } from '../storage/browserStorage';
import { AUTH_STORAGE_KEY, createSessionArea, PROFILE_CACHE_KEY } from '../storage/sessionArea';
import { type LocalBackend, startLocalBackend, tab, testStore } from '../test-support/localBackend';

let backend: LocalBackend;
let server: LocalBackend['server'];
beforeAll(async () => {
  backend = await startLocalBackend();
  server = backend.server;
});
afterEach(() => {
  server.resetHandlers();
  vi.restoreAllMocks();
});
afterAll(() => backend.close());

/** Fresh members for each case: the database is shared by the whole file. */
let run = 0;
let A = '';
let B = '';
beforeEach(() => {
  run += 1;
  A = `a${run}@example.eu`;
  B = `b${run}@example.eu`;
});

async function walletOf(email: string): Promise<unknown> {
  const id = await stableIdForEmail(email);
  return (await backend.row<{ w: unknown }>('select crossmint_wallet_id as w from public.profiles where id = $1', [id]))
    ?.w;
}

async function refreshTokenLives(token: string): Promise<boolean> {
  return (await backend.rows('select 1 from auth.refresh_tokens where token = $1 and not revoked', [token])).length > 0;
}

const stored = (storage: Storage | null, key = AUTH_STORAGE_KEY) => {
  const raw = storage?.getItem(key);
  return raw ? (JSON.parse(raw) as Record<string, unknown>) : null;
};

describe('sign-in through Supabase Auth (the embedded backend)', () => {
  it('refuses empty fields with the toast, sending nothing and storing nothing', async () => {
    const { store, notify, area } = testStore();
    const requests: string[] = [];
    server.events.on('request:start', ({ request }) => requests.push(request.url));
    expect(await store.signIn('', 'pw')).toBe(false);
    expect(await store.signIn('a@b.eu', '')).toBe(false);
    expect(notify.error).toEqual([messages.fillAllFields, messages.fillAllFields]);
    expect(requests).toEqual([]);
    expect(area.local?.length).toBe(0);
    server.events.removeAllListeners();
  });

  it('signs any email in as an investor with a stable uuid, a name from the email, the session as plain JSON', async () => {
    const { store, notify, area } = testStore();
    expect(await store.signIn(' jane.doe@example.eu ', 'secret')).toBe(true);
    const { session } = store.getState();
    expect(session).toEqual({
      user: {
        id: await stableIdForEmail('jane.doe@example.eu'),
        name: 'Jane Doe',
        email: 'jane.doe@example.eu',
        role: 'investor',
        kycStatus: 'not_started',
        firstOnrampOk: false,
        preferences: {},
      },
      isAdmin: false,
    });
    expect(notify.success).toEqual([messages.loginSuccess]);
    // supabase-js's own session, under the one key, readable by a pre-paint check.
    expect(stored(area.local)).toMatchObject({ access_token: expect.any(String), user: { id: session.user?.id } });
    expect(stored(area.local, PROFILE_CACHE_KEY)).toEqual(session.user);
    // Restored synchronously by a new store on the same storage (a reload).
    expect(testStore(createSessionArea(area.local, null)).store.getState().session).toEqual(session);
  });

  it('a wrong password of a seeded account is refused with the server message, keeping nothing', async () => {
    const { store, notify, area } = testStore();
    expect(await store.signIn('demo.investor@vault.example', 'wrong')).toBe(false);
    expect(notify.error).toEqual(['Invalid login credentials']);
    expect(store.getState().session.user).toBeNull();
    expect(area.local?.getItem(AUTH_STORAGE_KEY)).toBeNull();
  });

  it('the demo accounts sign in with their role from app_metadata', async () => {
    const { store } = testStore();
    expect(await store.signInAs('compliance')).toBe(true);
    expect(store.getState().session.user).toMatchObject({ role: 'compliance', email: 'demo.compliance@vault.example' });
    expect(store.getState().session.isAdmin).toBe(false);
  });
});

describe('admin sign-in', () => {
  it('the demo pair signs in as mfo_admin with the admin flag', async () => {
    const { store, notify } = testStore();
    expect(await store.adminSignIn('admin@example.com', 'admin-demo-2025')).toBe(true);
    expect(store.getState().session).toMatchObject({ user: { role: 'mfo_admin' }, isAdmin: true });
    expect(notify.success).toEqual([messages.adminLoginSuccess]);
  });

  it.each([
    ['a wrong password', 'admin@example.com', 'wrong'],
    ['an account without the admin flag', 'someone@example.eu', 'any-password'],
  ])('%s: Invalid admin credentials., signed out, nothing stored', async (_name, email, password) => {
    const { store, notify, area } = testStore();
    expect(await store.adminSignIn(email, password)).toBe(false);
    expect(notify.error).toEqual([messages.invalidAdminCredentials]);
    expect(store.getState().session.user).toBeNull();
    expect(area.local?.getItem(AUTH_STORAGE_KEY)).toBeNull();
  });
});

describe('logout', () => {
  it('forgets the session at once and revokes its refresh token on the server', async () => {
    const { store, notify, area } = testStore();
    await store.signIn(A, 'pw');
    const refresh = String(stored(area.local)?.refresh_token);
    store.logout();
    expect(store.getState().session).toEqual({ user: null, isAdmin: false });
    expect(area.local?.getItem(AUTH_STORAGE_KEY)).toBeNull();
    expect(area.local?.getItem(PROFILE_CACHE_KEY)).toBeNull();
    expect(notify.success.at(-1)).toBe(messages.loggedOut);
    await vi.waitFor(async () => expect(await refreshTokenLives(refresh)).toBe(false));
  });

  it('signing straight back in waits for the sign-out, so the old sign-out never drops the new session', async () => {
    const { store, area } = testStore();
    await store.signIn('back.again@example.eu', 'pw');
    // The server takes its time to revoke the old session.
    server.use(
      http.post(/\/auth\/v1\/logout/, async () => {
        await delay(150);
        return new HttpResponse(null, { status: 204 });
      }),
    );
    store.logout();
    expect(await store.signIn('back.again@example.eu', 'pw')).toBe(true);
    await delay(300);
    expect(store.getState().session.user?.email).toBe('back.again@example.eu');
    expect(stored(area.local)).toMatchObject({ access_token: expect.any(String) });
    expect(stored(area.local, PROFILE_CACHE_KEY)).toMatchObject({ email: 'back.again@example.eu' });
  });
});

describe("'Remember me'", () => {
  it('unticked: the session lives in this tab only, survives its reload, and another tab is signed out', async () => {
    const local = memoryStorage();
    const first = testStore(tab(local));
    await first.store.signIn('tab.only@example.eu', 'pw', false);
    expect(local.getItem(AUTH_STORAGE_KEY)).toBeNull();
    expect(first.area.tab?.getItem(AUTH_STORAGE_KEY)).not.toBeNull();
    const reloaded = testStore(createSessionArea(local, first.area.tab));
    expect(reloaded.store.getState().session.user?.email).toBe('tab.only@example.eu');
    expect(testStore(tab(local)).store.getState().session.user).toBeNull();
  });
});

describe('restoring from storage', () => {
  it.each([
    ['invalid JSON', '{"access_token": "x",'],
    ['a wrong shape', JSON.stringify({ access_token: 42 })],
    ['an unknown role', null],
    ['a 5 MB value', 'x'.repeat(5 * 1024 * 1024)],
  ])('%s: logs, clears ALL of localStorage and starts signed out', async (name, raw) => {
    let value = raw;
    if (name === 'an unknown role') {
      const signedIn = testStore();
      await signedIn.store.signIn(A, 'pw');
      const session = stored(signedIn.area.local) as { user: { app_metadata: Record<string, unknown> } };
      session.user.app_metadata.role = 'superuser';
      value = JSON.stringify(session);
    }
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const local = memoryStorage({ [AUTH_STORAGE_KEY]: String(value), 'vault.nudgeDismissed.documents': '1' });
    const { store } = testStore(createSessionArea(local, null));
    expect(store.getState().session).toEqual({ user: null, isAdmin: false });
    expect(local.length).toBe(0);
    expect(error).toHaveBeenCalledOnce();
  });
});

// Ways a session store can lose or mix up a member's data: an answer landing on the wrong account,
// a save that overwrites server-owned fields, a value that breaks the next restore, a hang.
describe('defects', () => {
  it('1: a wallet result lands only on the account that asked for it (sign out A, sign in B mid-request)', async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    server.use(
      http.post('*/functions/v1/create-crossmint-wallet', async ({ request }) => {
        await held;
        return HttpResponse.json({
          success: true,
          walletId: `wallet-for-${request.headers.get('authorization')?.slice(-8)}`,
        });
      }),
    );
    const { store } = testStore();
    await store.signIn(A, 'pw');
    const creating = createWallet(store, { demo: false });
    await delay(50);
    store.logout();
    await store.signIn(B, 'pw');
    release();
    expect(await creating).toMatchObject({ ok: false, superseded: true });
    expect(store.getState().session.user?.email).toBe(B);
    expect(store.getState().session.user?.crossmintWalletId).toBeUndefined();
  });

  it('6: a profile read that answers after a write never undoes it (KYC approved, then the older read arrives)', async () => {
    const { store } = testStore();
    await store.signIn(A, 'pw');
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    let answered = false;
    server.use(
      http.get('*/rest/v1/profiles', async ({ request }) => {
        // Answered now, by the real host (KYC not started), delivered after the approval.
        const early = await backend.host.fetch(request);
        answered = true;
        await held;
        return early;
      }),
    );
    const reloading = store.reloadProfile();
    await vi.waitFor(() => expect(answered).toBe(true));
    expect(await approveKyc(store)).toEqual({ ok: true });
    expect(store.getState().session.user?.kycStatus).toBe('approved');
    release();
    await reloading;
    expect(store.getState().session.user?.kycStatus).toBe('approved');
    // A read started after the write applies as before.
    server.resetHandlers();
    await store.reloadProfile();
    expect(store.getState().session.user?.kycStatus).toBe('approved');
  });

  it('2: a profile save sends only the changed field, never the server-owned ones', async () => {
    const bodies: unknown[] = [];
    server.events.on('request:start', ({ request }) => {
      if (request.method === 'PATCH')
        void request
          .clone()
          .json()
          .then((body) => bodies.push(body));
    });
    const { store } = testStore();
    await store.signIn(A, 'pw');
    expect(await saveProfile(store, { name: 'Ada King' })).toEqual({ ok: true });
    expect(await saveProfile(store, { name: 'Ada King' })).toEqual({ ok: true });
    await vi.waitFor(() => expect(bodies).toEqual([{ name: 'Ada King' }]));
    expect(store.getState().session.user?.name).toBe('Ada King');
    server.events.removeAllListeners();
  });

  it('3: a value accepted on write always passes the restore check (no sign-out on reload)', async () => {
    server.use(
      http.post('*/rest/v1/rpc/demo_approve_kyc', async () =>
        HttpResponse.json({
          id: await stableIdForEmail(A),
          name: '',
          preferences: {},
          kyc_status: 'x'.repeat(60),
          first_onramp_ok: false,
          crossmint_wallet_id: null,
          updated_at: new Date().toISOString(),
        }),
      ),
    );
    const { store, area } = testStore();
    await store.signIn(A, 'pw');
    await approveKyc(store);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const reloaded = testStore(createSessionArea(area.local, null));
    expect(reloaded.store.getState().session.user?.email).toBe(A);
    expect(reloaded.store.getState().session.user?.kycStatus).toBe(store.getState().session.user?.kycStatus);
  });

  it('4: sign-in never hangs when the backend code cannot load: an error, the form can try again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { store, notify } = testStore(tab(), {
      loadBackend: () => Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
    });
    await expect(store.signIn(A, 'pw')).resolves.toBe(false);
    expect(notify.error).toEqual([expect.stringMatching(/could not load its connection to the server/)]);
    const hanging = testStore(tab(), { loadBackend: () => new Promise(() => undefined), loadTimeoutMs: 100 });
    await expect(hanging.store.signIn(A, 'pw')).resolves.toBe(false);
    expect(hanging.notify.error).toHaveLength(1);
  });

  it('5: wallet and profile calls time out with a clear message', async () => {
    server.use(
      http.post('*/functions/v1/create-crossmint-wallet', () => delay('infinite')),
      http.patch('*/rest/v1/profiles', () => delay('infinite')),
    );
    const { store } = testStore(tab(), { backend: { timeouts: { wallet: 200, profile: 200 } } });
    await store.signIn(A, 'pw');
    expect(await createWallet(store, { demo: false })).toEqual({
      ok: false,
      error: 'The wallet service did not answer in time. Please try again.',
    });
    expect(await saveProfile(store, { name: 'New' })).toEqual({
      ok: false,
      error: 'Your profile could not be saved: the server did not answer in time. Please try again.',
    });
  });

  it('5: a server function that times out says the server did not answer, not that a profile was not saved', async () => {
    server.use(http.post('*/rest/v1/rpc/my_positions', () => delay('infinite')));
    const { store } = testStore(tab(), { backend: { timeouts: { wallet: 200, profile: 200 } } });
    await store.signIn(A, 'pw');
    const loaded = await store.backend();
    if (!loaded.ok) throw new Error(loaded.error);
    expect(await loaded.backend.callAction('my_positions', {})).toEqual({
      ok: false,
      code: 'timeout',
      error: 'The server did not answer in time. Please try again.',
    });
  });
});

describe('two tabs, two accounts', () => {
  it("a tab-only account and a remembered one never see each other's session or results", async () => {
    const local = memoryStorage();
    const a = testStore(tab(local));
    const b = testStore(tab(local));
    await a.store.signIn(A, 'pw', false);
    await b.store.signIn(B, 'pw', true);
    a.store.syncFromStorage();
    expect(a.store.getState().session.user?.email).toBe(A);
    const [walletA, walletB] = await Promise.all([
      createWallet(a.store, { demo: false }),
      createWallet(b.store, { demo: true }),
    ]);
    expect(walletA).toEqual({ ok: true });
    expect(walletB).toEqual({ ok: true });
    const idA = a.store.getState().session.user?.crossmintWalletId;
    const idB = b.store.getState().session.user?.crossmintWalletId;
    expect(idA).toMatch(/^0x[0-9a-f]{40}$/);
    expect(idB).toMatch(/^demo-wallet-/);
    expect(await walletOf(A)).toBe(idA);
    expect(await walletOf(B)).toBe(idB);
  });

  it("another tab's remembered sign-in and sign-out reach this tab", async () => {
    const local = memoryStorage();
    const here = testStore(tab(local));
    const there = testStore(tab(local));
    await there.store.signIn(A, 'pw');
    here.store.syncFromStorage();
    expect(here.store.getState().session.user?.email).toBe(A);
    there.store.logout();
    here.store.syncFromStorage();
    expect(here.store.getState().session.user).toBeNull();
  });
});
