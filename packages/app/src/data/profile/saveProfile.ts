import { messages, ProfileRowSchema } from '@vault/domain';
import * as v from 'valibot';
import type { CallResult } from '../../backend/callResult';
import type { SessionStore } from '../../session/store';
import { useMutation, writeForMember } from '../_mutation/writeForMember';

/** Saves the member's editable profile fields, sending only those that changed. */
export async function saveProfile(store: SessionStore, { name }: { name: string }): Promise<CallResult> {
  const user = store.getState().session.user;
  if (!user) return { ok: false, error: messages.notAuthenticated };
  // The profile's own limit (the server's check constraint), before anything is sent.
  const fits = v.safeParse(ProfileRowSchema.entries.name, name);
  if (!fits.success) {
    const max = fits.issues[0]?.requirement;
    return { ok: false, error: `A name can be at most ${typeof max === 'number' ? max : 200} characters.` };
  }
  // Only what changed: a stale tab must not overwrite the server's other columns.
  if (name === user.name) return { ok: true };
  return writeForMember(store, (backend, member) => backend.saveProfile(member.id, { name }));
}

export const useSaveProfile = () => useMutation(saveProfile);
