import { messages } from '@vault/domain';
import type { CallResult } from '../../backend/callResult';
import type { SessionStore } from '../../session/store';
import { superseded } from '../_mutation/writeForMember';

/**
 * Calls one server action for the signed-in member and answers its value only if that member is
 * still signed in: the shared shape of the eligibility writes and reads (docs/eligibility.md).
 */
export async function callMemberAction(
  store: SessionStore,
  name: string,
  args: Record<string, unknown>,
): Promise<CallResult<{ value: unknown }>> {
  const user = store.getState().session.user;
  if (!user) return { ok: false, error: messages.notAuthenticated };
  const loaded = await store.backend();
  if (!loaded.ok) return loaded;
  const answer = await loaded.backend.callAction(name, args);
  if (store.getState().session.user?.id !== user.id) return superseded;
  if (!answer.ok) return answer;
  return { ok: true, value: answer.value };
}
