import { messages, userIdForEmail } from '@vault/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Result } from '../backend/result';
import type { ProfileRow } from '../backend/schemas';
import { memoryStorage, storageKeys } from '../storage/local';
import { createSessionStore, type ProfileBackend } from './store';

const validUser = {
  id: 'user-1',
  name: 'Jane Doe',
  email: 'jane.doe@example.eu',
  role: 'investor',
  kycStatus: 'approved',
  firstOnrampOk: false,
};

function fakeProfiles(rows: Record<string, ProfileRow> = {}) {
  const upserts: Array<Partial<ProfileRow> & { id: string }> = [];
  const profiles: ProfileBackend = {
    readProfile: async (id): Promise<Result<{ profile: ProfileRow | null }>> => ({
      ok: true,
      profile: rows[id] ?? null,
    }),
    upsertProfile: async (row) => {
      upserts.push(row);
      return { ok: true };
    },
  };
  return { profiles, upserts };
}

function setup(initial: Record<string, string> = {}, rows: Record<string, ProfileRow> = {}) {
  const storage = memoryStorage(initial);
  const notify = { success: vi.fn(), error: vi.fn() };
  const { profiles, upserts } = fakeProfiles(rows);
  const store = createSessionStore({ storage, notify, profiles, mockTokens: true });
  return { store, storage, notify, upserts };
}

afterEach(() => vi.restoreAllMocks());

describe('restoring from storage', () => {
  it('restores a valid user and admin flag', () => {
    const { store } = setup({ [storageKeys.user]: JSON.stringify(validUser), [storageKeys.isAdmin]: 'false' });
    expect(store.getState().session).toEqual({ user: validUser, isAdmin: false });
  });

  it('fills the defaults of missing optional fields', () => {
    const { kycStatus: _k, firstOnrampOk: _f, ...bare } = validUser;
    const { store } = setup({ [storageKeys.user]: JSON.stringify(bare) });
    expect(store.getState().session.user).toMatchObject({ kycStatus: 'unknown', firstOnrampOk: false });
  });

  it.each([
    ['invalid JSON', { [storageKeys.user]: '{"id": "user-1",' }],
    ['a wrong shape', { [storageKeys.user]: JSON.stringify({ id: 42, email: ['x'] }) }],
    ['an unknown role', { [storageKeys.user]: JSON.stringify({ ...validUser, role: 'superuser' }) }],
    ['a 5 MB value', { [storageKeys.user]: 'x'.repeat(5 * 1024 * 1024) }],
    ['a non-boolean admin flag', { [storageKeys.user]: JSON.stringify(validUser), [storageKeys.isAdmin]: '"yes"' }],
    ['an admin flag without a user', { [storageKeys.isAdmin]: 'true' }],
  ])('%s: logs, clears ALL storage and starts signed out', (_name, stored) => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { store, storage } = setup({ ...stored, 'vault.nudgeDismissed.documents': '1', other: 'kept?' });
    expect(store.getState().session).toEqual({ user: null, isAdmin: false });
    expect(storage.length).toBe(0);
    expect(error).toHaveBeenCalledOnce();
  });

  it('starts signed out on empty storage without logging', () => {
    const error = vi.spyOn(console, 'error');
    const { store } = setup();
    expect(store.getState().session.user).toBeNull();
    expect(error).not.toHaveBeenCalled();
  });
});

describe('sign-in', () => {
  it('refuses empty fields with the toast, changing nothing', async () => {
    const { store, notify, storage } = setup();
    expect(await store.signIn('', 'pw')).toBe(false);
    expect(await store.signIn('a@b.eu', '')).toBe(false);
    expect(notify.error).toHaveBeenCalledWith(messages.fillAllFields);
    expect(store.getState().session.user).toBeNull();
    expect(storage.length).toBe(0);
  });

  it('signs in an investor with a stable id and a name from the email, and persists', async () => {
    const { store, notify, storage, upserts } = setup();
    expect(await store.signIn(' jane.doe@example.eu ', 'secret')).toBe(true);
    const { session, accessToken } = store.getState();
    expect(session).toEqual({
      user: {
        id: userIdForEmail('jane.doe@example.eu'),
        name: 'Jane Doe',
        email: 'jane.doe@example.eu',
        role: 'investor',
        kycStatus: 'unknown',
        firstOnrampOk: false,
      },
      isAdmin: false,
    });
    expect(accessToken).toMatch(/^mock\./);
    expect(notify.success).toHaveBeenCalledWith(messages.loginSuccess);
    expect(JSON.parse(storage.getItem(storageKeys.user) ?? 'null')).toEqual(session.user);
    expect(storage.getItem(storageKeys.isAdmin)).toBe('false');
    // A first sign-in creates the stable profile row.
    expect(upserts).toEqual([expect.objectContaining({ id: userIdForEmail('jane.doe@example.eu') })]);
  });

  it('restores wallet, KYC and on-ramp from the profile row of the same email', async () => {
    const id = userIdForEmail('jane.doe@example.eu');
    const row: ProfileRow = {
      id,
      crossmint_wallet_id: 'cm-wallet-1',
      kyc_status: 'approved',
      first_onramp_ok: true,
      updated_at: '2025-01-01T00:00:00Z',
    };
    const { store } = setup({}, { [id]: row });
    await store.signIn('Jane.Doe@example.eu', 'pw');
    expect(store.getState().session.user).toMatchObject({
      id,
      crossmintWalletId: 'cm-wallet-1',
      kycStatus: 'approved',
      firstOnrampOk: true,
    });
  });

  it('still signs in when the profile row cannot be read', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const storage = memoryStorage();
    const notify = { success: vi.fn(), error: vi.fn() };
    const store = createSessionStore({
      storage,
      notify,
      mockTokens: false,
      profiles: {
        readProfile: async () => ({ ok: false, error: 'offline' }),
        upsertProfile: async () => ({ ok: false, error: 'offline' }),
      },
    });
    expect(await store.signIn('a@b.eu', 'pw')).toBe(true);
    expect(store.getState().accessToken).toBeNull();
    expect(notify.success).toHaveBeenCalledWith(messages.loginSuccess);
  });
});

describe('admin sign-in', () => {
  it('refuses a wrong pair with the toast', async () => {
    const { store, notify } = setup();
    expect(await store.adminSignIn('admin@example.com', 'wrong')).toBe(false);
    expect(notify.error).toHaveBeenCalledWith(messages.invalidAdminCredentials);
    expect(store.getState().session.user).toBeNull();
  });

  it('accepts the demo pair: isAdmin and role mfo_admin', async () => {
    const { store, notify, storage } = setup();
    expect(await store.adminSignIn('Admin@Example.com', 'admin-demo-2025')).toBe(true);
    expect(store.getState().session).toMatchObject({ isAdmin: true, user: { role: 'mfo_admin' } });
    expect(notify.success).toHaveBeenCalledWith(messages.adminLoginSuccess);
    expect(storage.getItem(storageKeys.isAdmin)).toBe('true');
  });
});

describe('logout and refresh', () => {
  it('logout clears user and admin flag, in memory and storage', async () => {
    const { store, notify, storage } = setup();
    await store.adminSignIn('admin@example.com', 'admin-demo-2025');
    store.logout();
    expect(store.getState().session).toEqual({ user: null, isAdmin: false });
    expect(storage.getItem(storageKeys.user)).toBeNull();
    expect(storage.getItem(storageKeys.isAdmin)).toBeNull();
    expect(notify.success).toHaveBeenLastCalledWith(messages.loggedOut);
  });

  it('refreshProfile merges partial fields, persists them and saves the profile row', async () => {
    const { store, storage, upserts } = setup({ [storageKeys.user]: JSON.stringify(validUser) });
    await store.refreshProfile({ crossmintWalletId: 'cm-wallet-9' });
    await store.refreshProfile({ firstOnrampOk: true });
    const expected = { ...validUser, crossmintWalletId: 'cm-wallet-9', firstOnrampOk: true };
    expect(store.getState().session.user).toEqual(expected);
    expect(JSON.parse(storage.getItem(storageKeys.user) ?? 'null')).toEqual(expected);
    expect(upserts.at(-1)).toEqual({
      id: 'user-1',
      crossmint_wallet_id: 'cm-wallet-9',
      kyc_status: 'approved',
      first_onramp_ok: true,
    });
  });

  it('refreshProfile ignores an invalid patch', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { store } = setup({ [storageKeys.user]: JSON.stringify(validUser) });
    await store.refreshProfile({ crossmintWalletId: '' });
    expect(store.getState().session.user).toEqual(validUser);
  });

  it('notifies subscribers', async () => {
    const { store } = setup();
    const listener = vi.fn();
    store.subscribe(listener);
    await store.signInAs('compliance');
    expect(listener).toHaveBeenCalled();
    expect(store.getState().session.user?.role).toBe('compliance');
  });
});

describe('another tab', () => {
  function twoTabs() {
    const storage = memoryStorage();
    const make = () =>
      createSessionStore({
        storage,
        notify: { success: vi.fn(), error: vi.fn() },
        profiles: fakeProfiles().profiles,
        mockTokens: true,
      });
    return { here: make(), there: make(), storage };
  }

  it("takes the other tab's sign-in and sign-out, telling its listeners once each", async () => {
    const { here, there } = twoTabs();
    const listener = vi.fn();
    here.subscribe(listener);
    await there.signIn(validUser.email, 'secret-1');
    here.syncFromStorage();
    expect(here.getState().session).toEqual(there.getState().session);
    expect(here.getState().accessToken).toBe(there.getState().accessToken);
    expect(listener).toHaveBeenCalledTimes(1);

    here.syncFromStorage();
    expect(listener).toHaveBeenCalledTimes(1);

    there.logout();
    here.syncFromStorage();
    expect(here.getState().session).toEqual({ user: null, isAdmin: false });
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('an unreadable session written elsewhere signs this tab out too', async () => {
    const { here, storage } = twoTabs();
    await here.signIn(validUser.email, 'secret-1');
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    storage.setItem(storageKeys.user, '{broken');
    here.syncFromStorage();
    expect(here.getState().session.user).toBeNull();
  });
});

describe("'Remember me'", () => {
  function withTabStorage() {
    const storage = memoryStorage();
    const tabStorage = memoryStorage();
    const make = () =>
      createSessionStore({
        storage,
        tabStorage,
        notify: { success: vi.fn(), error: vi.fn() },
        profiles: fakeProfiles().profiles,
        mockTokens: true,
      });
    return { storage, tabStorage, make };
  }

  it('ticked (the default): the session is kept in local storage, nothing in the tab', async () => {
    const { storage, tabStorage, make } = withTabStorage();
    await make().signIn(validUser.email, 'secret-1');
    expect(JSON.parse(storage.getItem(storageKeys.user) ?? 'null')).toMatchObject({ email: validUser.email });
    expect(tabStorage.getItem(storageKeys.user)).toBeNull();
    expect(make().getState().session.user?.email).toBe(validUser.email);
  });

  it('unticked: the session is kept for this tab only, restored from there, and logout clears it', async () => {
    const { storage, tabStorage, make } = withTabStorage();
    const store = make();
    await store.signIn(validUser.email, 'secret-1', false);
    expect(storage.getItem(storageKeys.user)).toBeNull();
    expect(storage.getItem(storageKeys.accessToken)).toBeNull();
    expect(JSON.parse(tabStorage.getItem(storageKeys.user) ?? 'null')).toMatchObject({ email: validUser.email });

    // A reload of the tab restores it; later changes stay in the tab too.
    const reloaded = make();
    expect(reloaded.getState().session.user?.email).toBe(validUser.email);
    await reloaded.refreshProfile({ kycStatus: 'approved' });
    expect(storage.getItem(storageKeys.user)).toBeNull();
    expect(JSON.parse(tabStorage.getItem(storageKeys.user) ?? 'null')).toMatchObject({ kycStatus: 'approved' });

    // Another tab signing out of nothing leaves this tab's session alone.
    reloaded.syncFromStorage();
    expect(reloaded.getState().session.user?.email).toBe(validUser.email);

    reloaded.logout();
    expect(tabStorage.getItem(storageKeys.user)).toBeNull();
    expect(make().getState().session.user).toBeNull();
  });

  it('a remembered sign-in after a tab-only one replaces it', async () => {
    const { storage, tabStorage, make } = withTabStorage();
    const store = make();
    await store.signIn('first@example.eu', 'secret-1', false);
    await store.signIn(validUser.email, 'secret-1', true);
    expect(tabStorage.getItem(storageKeys.user)).toBeNull();
    expect(JSON.parse(storage.getItem(storageKeys.user) ?? 'null')).toMatchObject({ email: validUser.email });
  });
});
