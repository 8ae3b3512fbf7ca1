import { backendErrors, messages } from '@vault/domain';
import { delay, HttpResponse, http } from 'msw';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { stableIdForEmail } from '../../../../../supabase/host/index.ts';
import { createSessionArea, PROFILE_CACHE_KEY } from '../../storage/sessionArea';
import { type LocalBackend, startLocalBackend, testClient, testStore } from '../../test-support/localBackend';
import { savePreferences } from './savePreferences';

// The preference saves against the local host, through the session store.
let local: LocalBackend;
let server: LocalBackend['server'];
beforeAll(async () => {
  local = await startLocalBackend();
  server = local.server;
});
afterEach(() => {
  server.resetHandlers();
  vi.restoreAllMocks();
});
afterAll(() => local.close());

/** Fresh members for each case: the database is shared by the whole file. */
let run = 0;
let A = '';
let B = '';
beforeEach(() => {
  run += 1;
  A = `a${run}@example.eu`;
  B = `b${run}@example.eu`;
});

async function preferencesOf(id: string): Promise<unknown> {
  return (await local.row<{ p: unknown }>('select preferences as p from public.profiles where id = $1', [id]))?.p;
}

describe('communication preferences', () => {
  /** The bodies of the PATCH requests the store sends, as JSON. */
  function patchBodies(): unknown[] {
    const bodies: unknown[] = [];
    server.events.on('request:start', ({ request }) => {
      if (request.method === 'PATCH')
        void request
          .clone()
          .json()
          .then((body) => bodies.push(body));
    });
    return bodies;
  }
  afterEach(() => server.events.removeAllListeners());

  it('sends only the preferences column, the stored map with the change, and merges the answer', async () => {
    const bodies = patchBodies();
    const { store, area } = testStore();
    await store.signIn(A, 'pw');
    const id = await stableIdForEmail(A);
    expect(await savePreferences(store, { email: false })).toEqual({ ok: true });
    expect(await savePreferences(store, { sms: true })).toEqual({ ok: true });
    await vi.waitFor(() =>
      expect(bodies).toEqual([{ preferences: { email: false } }, { preferences: { email: false, sms: true } }]),
    );
    expect(store.getState().session.user?.preferences).toEqual({ email: false, sms: true });
    expect(await preferencesOf(id)).toEqual({ email: false, sms: true });
    // Cached with the profile: a reload shows them before the server answers.
    expect(testStore(createSessionArea(area.local, null)).store.getState().session.user?.preferences).toEqual({
      email: false,
      sms: true,
    });
  });

  it('takes the map from the server’s answer, not from what it sent', async () => {
    server.use(
      http.patch('*/rest/v1/profiles', async () =>
        HttpResponse.json([
          {
            id: await stableIdForEmail(A),
            name: 'A',
            preferences: { email: false, news: false },
            kyc_status: 'unknown',
            first_onramp_ok: false,
            crossmint_wallet_id: null,
            updated_at: new Date().toISOString(),
          },
        ]),
      ),
    );
    const { store } = testStore();
    await store.signIn(A, 'pw');
    expect(await savePreferences(store, { email: false })).toEqual({ ok: true });
    expect(store.getState().session.user?.preferences).toEqual({ email: false, news: false });
  });

  it('a value equal to the stored one sends nothing', async () => {
    const bodies = patchBodies();
    const { store } = testStore();
    await store.signIn(A, 'pw');
    expect(await savePreferences(store, { sms: true })).toEqual({ ok: true });
    expect(await savePreferences(store, { sms: true })).toEqual({ ok: true });
    await delay(50);
    expect(bodies).toEqual([{ preferences: { sms: true } }]);
  });

  it('two quick toggles of different channels both stick: the second builds on the first answer', async () => {
    const bodies = patchBodies();
    const { store } = testStore();
    await store.signIn(A, 'pw');
    const results = await Promise.all([
      savePreferences(store, { email: false }),
      savePreferences(store, { news: false }),
    ]);
    expect(results).toEqual([{ ok: true }, { ok: true }]);
    expect(bodies.at(-1)).toEqual({ preferences: { email: false, news: false } });
    expect(await preferencesOf(await stableIdForEmail(A))).toEqual({ email: false, news: false });
  });

  it('a failure answers the server’s error and leaves the user and the server unchanged', async () => {
    const { store, area } = testStore();
    await store.signIn(A, 'pw');
    await savePreferences(store, { email: false });
    const before = store.getState().session.user;
    const cached = area.local?.getItem(PROFILE_CACHE_KEY);
    server.use(
      http.patch('*/rest/v1/profiles', () => HttpResponse.json({ message: 'Service unavailable' }, { status: 500 })),
    );
    expect(await savePreferences(store, { sms: true })).toEqual({ ok: false, error: 'Service unavailable' });
    expect(store.getState().session.user).toBe(before);
    expect(store.getState().session.user?.preferences).toEqual({ email: false });
    expect(area.local?.getItem(PROFILE_CACHE_KEY)).toBe(cached);
    expect(await preferencesOf(await stableIdForEmail(A))).toEqual({ email: false });
  });

  it('an answer lands only on the member who asked (sign out A, sign in B mid-request)', async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    server.use(
      http.patch('*/rest/v1/profiles', async () => {
        await held;
        return HttpResponse.json([
          {
            id: await stableIdForEmail(A),
            name: 'A',
            preferences: { sms: true },
            kyc_status: 'unknown',
            first_onramp_ok: false,
            crossmint_wallet_id: null,
            updated_at: new Date().toISOString(),
          },
        ]);
      }),
    );
    const { store } = testStore();
    await store.signIn(A, 'pw');
    const saving = savePreferences(store, { sms: true });
    const queued = savePreferences(store, { news: false });
    await delay(50);
    store.logout();
    await store.signIn(B, 'pw');
    release();
    expect(await saving).toMatchObject({ ok: false, superseded: true });
    // Asked by A, queued behind A's save: never sent as B's.
    expect(await queued).toMatchObject({ ok: false, superseded: true });
    expect(store.getState().session.user).toMatchObject({ email: B, preferences: {} });
    expect(await preferencesOf(await stableIdForEmail(B))).toEqual({});
  });

  it('before the profile has been read, the stored map is read first so no other toggle is lost', async () => {
    const bodies = patchBodies();
    const { store, area } = testStore();
    await store.signIn(A, 'pw');
    await savePreferences(store, { email: false });
    // A restore whose cached profile predates preferences (an older app version cached it).
    const user = store.getState().session.user;
    if (!user) throw new Error('signed in above');
    const { preferences: _dropped, ...older } = user;
    area.local?.setItem(PROFILE_CACHE_KEY, JSON.stringify(older));
    const restored = testStore(createSessionArea(area.local, null)).store;
    expect(restored.getState().session.user?.preferences).toBeUndefined();
    expect(await savePreferences(restored, { sms: true })).toEqual({ ok: true });
    expect(bodies.at(-1)).toEqual({ preferences: { email: false, sms: true } });
    expect(restored.getState().session.user?.preferences).toEqual({ email: false, sms: true });
  });

  it('the embedded backend refuses what the server’s check refuses: a list, a value that is not a boolean', async () => {
    const { store, area } = testStore();
    await store.signIn(A, 'pw');
    const client = testClient(area.adapter);
    const id = await stableIdForEmail(A);
    for (const preferences of [[true], { email: 'yes' }]) {
      const { error } = await client.from('profiles').update({ preferences }).eq('id', id).select();
      expect(error).toMatchObject(backendErrors.checkViolation('preferences'));
    }
    expect(await preferencesOf(id)).toEqual({});
  });

  it('signed out: nothing is sent', async () => {
    const bodies = patchBodies();
    const { store } = testStore();
    expect(await savePreferences(store, { sms: true })).toEqual({ ok: false, error: messages.notAuthenticated });
    expect(bodies).toEqual([]);
  });
});
