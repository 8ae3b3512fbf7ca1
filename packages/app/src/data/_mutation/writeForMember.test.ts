import { backendMessages, messages, type ProfilePatch, type Session } from '@vault/domain';
import { describe, expect, it, vi } from 'vitest';
import type { CallResult } from '../../backend/callResult';
import { createSessionStore, type SessionStore } from '../../session/store';
import type { SessionBackend } from '../../session/types';
import { memoryStorage } from '../../storage/browserStorage';
import { AUTH_STORAGE_KEY, createSessionArea } from '../../storage/sessionArea';
import { sessionAs } from '../../test-support/sessions';
import { callForMember, stillSignedIn, superseded, writeForMember } from './writeForMember';

// The guard every member call of data/ goes through, on a session store with a backend in memory:
// an answer is applied only to the member who asked, still signed in when it comes.

const memberA = sessionAs('investor', { id: 'member-a', email: 'a@example.eu', name: 'A' });

/** A call held until the test releases it, so the session can change while it is under way. */
function held<T>() {
  let release: (value: T) => void = () => undefined;
  const answer = new Promise<T>((resolve) => {
    release = resolve;
  });
  return { answer, release };
}

function backendInMemory(): SessionBackend {
  const refused = async () => ({ ok: false as const, error: 'not in this test' });
  return {
    signIn: refused,
    signUp: refused,
    signOut: async () => undefined,
    onAuthChange: () => () => undefined,
    readProfile: async () => ({ ok: true, profile: {} }),
    saveProfile: refused,
    demo: refused,
    createWallet: refused,
    callAction: refused,
    invokeFunction: refused,
    readKycCase: refused,
    embedded: refused,
  };
}

function storeSignedInAs(session: Session, loadBackend = async () => backendInMemory()) {
  const local = memoryStorage();
  const store = createSessionStore({
    area: createSessionArea(local, memoryStorage()),
    notify: { success: () => undefined, error: () => undefined },
    loadBackend,
    demoAccounts: { email: () => '', password: async () => null },
    initial: { session },
  });
  /** Another tab signs member B in: the store takes the session it wrote. */
  const otherTabSignsInB = () => {
    local.setItem(
      AUTH_STORAGE_KEY,
      JSON.stringify({
        access_token: 'token-b',
        refresh_token: 'refresh-b',
        expires_at: 4_000_000_000,
        user: { id: 'member-b', email: 'b@example.eu', app_metadata: { role: 'investor' } },
      }),
    );
    store.syncFromStorage();
  };
  return { store, otherTabSignsInB };
}

/** Calls for the member with a call the test answers, counting the calls made. */
function heldCall(store: SessionStore) {
  const call = held<CallResult<{ value: string }>>();
  const calledFor: string[] = [];
  const result = callForMember(store, (_backend, user) => {
    calledFor.push(user.id);
    return call.answer;
  });
  return { result, calledFor, release: call.release };
}

describe('stillSignedIn', () => {
  it('gives the signed-in member when it is the one asked about, null otherwise', () => {
    const { store, otherTabSignsInB } = storeSignedInAs(memberA);
    expect(stillSignedIn(store, 'member-a')).toEqual(memberA.user);
    expect(stillSignedIn(store, 'member-b')).toBeNull();
    otherTabSignsInB();
    expect(stillSignedIn(store, 'member-a')).toBeNull();
    expect(stillSignedIn(store, 'member-b')?.email).toBe('b@example.eu');
    store.logout();
    expect(stillSignedIn(store, 'member-b')).toBeNull();
  });
});

describe('callForMember', () => {
  it('answers the call, with the member it was made for, when that member is still signed in', async () => {
    const { store } = storeSignedInAs(memberA);
    const { result, calledFor, release } = heldCall(store);
    release({ ok: true, value: 'done' });
    expect(await result).toEqual({ ok: true, value: 'done', user: memberA.user });
    expect(calledFor).toEqual(['member-a']);
  });

  it("keeps a failed call's message and code for the member still signed in", async () => {
    const { store } = storeSignedInAs(memberA);
    const { result, release } = heldCall(store);
    release({ ok: false, error: 'refused', code: '42501' });
    expect(await result).toEqual({ ok: false, error: 'refused', code: '42501' });
  });

  it('calls nothing when no one is signed in', async () => {
    const { store } = storeSignedInAs({ user: null, isAdmin: false });
    const { result, calledFor } = heldCall(store);
    expect(await result).toEqual({ ok: false, error: messages.notAuthenticated });
    expect(calledFor).toEqual([]);
  });

  it("answers the backend's failure to load, calling nothing", async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { store } = storeSignedInAs(memberA, () => Promise.reject(new Error('offline')));
    const { result, calledFor } = heldCall(store);
    expect(await result).toEqual({ ok: false, error: backendMessages.backendUnavailable });
    expect(calledFor).toEqual([]);
    expect(logged).toHaveBeenCalledOnce();
    logged.mockRestore();
  });

  it('is superseded when the member signs out before the answer comes, even a success', async () => {
    const { store } = storeSignedInAs(memberA);
    const { result, calledFor, release } = heldCall(store);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(calledFor).toEqual(['member-a']);
    store.logout();
    release({ ok: true, value: 'done' });
    expect(await result).toEqual(superseded);
  });

  it('is superseded when another member signs in before the answer comes, even a failure', async () => {
    const { store, otherTabSignsInB } = storeSignedInAs(memberA);
    const { result, calledFor, release } = heldCall(store);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(calledFor).toEqual(['member-a']);
    otherTabSignsInB();
    release({ ok: false, error: 'refused' });
    expect(await result).toEqual(superseded);
  });

  it('calls nothing when the member signs out while the backend code loads', async () => {
    const loading = held<SessionBackend>();
    const { store } = storeSignedInAs(memberA, () => loading.answer);
    const { result, calledFor } = heldCall(store);
    store.logout();
    loading.release(backendInMemory());
    expect(await result).toEqual(superseded);
    expect(calledFor).toEqual([]);
  });
});

describe('writeForMember', () => {
  const renamed = (name: string) => async (): Promise<CallResult<{ profile: ProfilePatch }>> => ({
    ok: true,
    profile: { name },
  });

  it('applies the answered profile to the member who asked', async () => {
    const { store } = storeSignedInAs(memberA);
    expect(await writeForMember(store, renamed('Ada'))).toEqual({ ok: true });
    expect(store.getState().session.user?.name).toBe('Ada');
  });

  it('applies nothing to the member who signed in meanwhile', async () => {
    const { store, otherTabSignsInB } = storeSignedInAs(memberA);
    const answer = held<CallResult<{ profile: ProfilePatch }>>();
    const writing = writeForMember(store, () => answer.answer);
    await new Promise((resolve) => setTimeout(resolve, 0));
    otherTabSignsInB();
    answer.release({ ok: true, profile: { name: 'Ada' } });
    expect(await writing).toEqual(superseded);
    expect(store.getState().session.user).toMatchObject({ id: 'member-b', name: 'B' });
  });
});
