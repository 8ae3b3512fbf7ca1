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
 * Runs a write for the signed-in member and applies the profile it answers only if that member is
 * still signed in: the shape of every write of data/<entity>/ that changes the member's profile.
 */
export async function writeForMember(
  store: SessionStore,
  run: (backend: SessionBackend, user: User) => Promise<CallResult<{ profile: ProfilePatch }>>,
): Promise<CallResult> {
  const user = store.getState().session.user;
  if (!user) return { ok: false, error: messages.notAuthenticated };
  const loaded = await store.backend();
  if (!loaded.ok) return loaded;
  const answer = await run(loaded.backend, user);
  if (store.getState().session.user?.id !== user.id) return superseded;
  if (!answer.ok) return { ok: false, error: answer.error };
  store.applyProfile(user.id, answer.profile);
  return { ok: true };
}

/** A write as a React callback, bound to the app's session store: `const save = useMutation(saveProfile)`. */
export function useMutation<A extends unknown[]>(
  write: (store: SessionStore, ...args: A) => Promise<CallResult>,
): (...args: A) => Promise<CallResult> {
  const store = useSessionStore();
  return useCallback((...args: A) => write(store, ...args), [store, write]);
}
