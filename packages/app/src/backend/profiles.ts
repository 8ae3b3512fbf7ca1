import * as v from 'valibot';
import { backend } from './client';
import { messageOf, type Result } from './result';
import { type ProfileRow, ProfileRowSchema } from './schemas';

/** The stable profile row of a user, or null when there is none yet. */
export async function readProfile(userId: string): Promise<Result<{ profile: ProfileRow | null }>> {
  try {
    const { data, error } = await backend().client.from('profiles').select('*').eq('id', userId);
    if (error) return { ok: false, error: messageOf(error) };
    const parsed = v.safeParse(v.array(ProfileRowSchema), data);
    if (!parsed.success) return { ok: false, error: 'The profile could not be read' };
    return { ok: true, profile: parsed.output[0] ?? null };
  } catch (error) {
    return { ok: false, error: messageOf(error) };
  }
}

/** Creates or updates the user's profile row with the fields given (merge-duplicates upsert). */
export async function upsertProfile(
  row: Partial<Omit<ProfileRow, 'id'>> & { id: string },
): Promise<Result<Record<never, never>>> {
  try {
    const { error } = await backend()
      .client.from('profiles')
      .upsert({ ...row, updated_at: new Date().toISOString() }, { onConflict: 'id' });
    return error ? { ok: false, error: messageOf(error) } : { ok: true };
  } catch (error) {
    return { ok: false, error: messageOf(error) };
  }
}
