import { messages, type ProfilePatch, type User } from '@vault/domain';
import { useCallback } from 'react';
import type { CallFailure, CallResult } from '../../backend/callResult';
import { useSessionStore } from '../../session/context';
import type { SessionStore } from '../../session/store';
import type { SessionBackend } from '../../session/types';

/** The answer of a write whose member signed out, or was replaced by another, before it came. */
export const superseded: CallFailure = {
  ok: false,
  error: 'Another account signed in meanwhile',
  superseded: true,
};

/**
 * The signed-in member, if it is still `userId`; null after a sign-out or another member's
 * sign-in. The one check before anything a call answered is applied or shown.
 */
export function stillSignedIn(store: SessionStore, userId: string): User | null {
  const user = store.getState().session.user;
  return user?.id === userId ? user : null;
}

/**
 * Calls the backend for the signed-in member, and answers only if that member is still signed in:
 * otherwise the answer is `superseded`, and the caller applies nothing of it. A member gone while
 * the backend code loads is not called for at all, so no call runs under another member's token.
 */
export async function callForMember<T extends object>(
  store: SessionStore,
  call: (backend: SessionBackend, user: User) => Promise<CallResult<T>>,
): Promise<CallResult<T & { user: User }>> {
  const user = store.getState().session.user;
  if (!user) return { ok: false, error: messages.notAuthenticated };
  const loaded = await store.backend();
  if (!loaded.ok) return loaded;
  if (!stillSignedIn(store, user.id)) return superseded;
  const answer = await call(loaded.backend, user);
  if (!stillSignedIn(store, user.id)) return superseded;
  return answer.ok ? { ...answer, user } : answer;
}

/** One server action (`POST /rest/v1/rpc/<name>`) for the signed-in member: its value, as callForMember answers it. */
export async function callMemberAction(
  store: SessionStore,
  name: string,
  args: Record<string, unknown>,
): Promise<CallResult<{ value: unknown }>> {
  const answer = await callForMember(store, (backend) => backend.callAction(name, args));
  return answer.ok ? { ok: true, value: answer.value } : answer;
}

/**
 * Runs a write for the signed-in member and applies the profile it answers only if that member is
 * still signed in: the shape of every write of data/<entity>/ that changes the member's profile.
 */
export async function writeForMember(
  store: SessionStore,
  run: (backend: SessionBackend, user: User) => Promise<CallResult<{ profile: ProfilePatch }>>,
): Promise<CallResult> {
  const answer = await callForMember(store, run);
  if (!answer.ok) return answer.superseded ? answer : { ok: false, error: answer.error };
  store.applyProfile(answer.user.id, answer.profile);
  return { ok: true };
}

/** A write as a React callback, bound to the app's session store: `const save = useMutation(saveProfile)`. */
export function useMutation<A extends unknown[]>(
  write: (store: SessionStore, ...args: A) => Promise<CallResult>,
): (...args: A) => Promise<CallResult> {
  const store = useSessionStore();
  return useCallback((...args: A) => write(store, ...args), [store, write]);
}
