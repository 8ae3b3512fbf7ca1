import { messages, type Preferences, PreferencesSchema } from '@vault/domain';
import * as v from 'valibot';
import type { CallResult } from '../../backend/callResult';
import type { SessionStore } from '../../session/store';
import { stillSignedIn, superseded, useMutation, writeForMember } from '../_mutation/writeForMember';

/** Each store's preference saves in order: each reads the map the previous answer left. */
const queues = new WeakMap<SessionStore, Promise<unknown>>();

/**
 * Saves communication toggles (channel id -> on) on the member's profile: the stored map with
 * these changes, sending only the `preferences` column and nothing when no value changes. Saves
 * run one after another, so a quick second toggle builds on the first one's answer.
 */
export function savePreferences(store: SessionStore, changes: Preferences): Promise<CallResult> {
  const askedBy = store.getState().session.user?.id;
  if (askedBy === undefined) return Promise.resolve({ ok: false, error: messages.notAuthenticated });
  const result = (queues.get(store) ?? Promise.resolve()).then(() => saveNow(store, askedBy, changes));
  queues.set(
    store,
    result.catch(() => undefined),
  );
  return result;
}

async function saveNow(store: SessionStore, askedBy: string, changes: Preferences): Promise<CallResult> {
  // Queued behind another save while the member signed out or another signed in: not theirs to change.
  const user = stillSignedIn(store, askedBy);
  if (!user) return superseded;
  if (user.preferences === undefined) {
    // The profile has not been read yet: the map sent must build on the stored one, not on {}.
    await store.reloadProfile();
    const read = stillSignedIn(store, askedBy);
    if (!read) return superseded;
    if (read.preferences === undefined) return { ok: false, error: 'Your saved preferences could not be read' };
    return saveNow(store, askedBy, changes);
  }
  const stored = user.preferences;
  // The column holds the whole map: the stored one with these changes (docs/decisions.md (16)).
  const next = v.safeParse(PreferencesSchema, { ...stored, ...changes });
  if (!next.success) return { ok: false, error: 'These preferences cannot be stored' };
  const changed = Object.entries(next.output).some(([id, on]) => !Object.hasOwn(stored, id) || stored[id] !== on);
  // Only what changed: a toggle back to the stored value sends nothing.
  if (!changed) return { ok: true };
  return writeForMember(store, (backend, member) => backend.saveProfile(member.id, { preferences: next.output }));
}

export const useSavePreferences = () => useMutation(savePreferences);
