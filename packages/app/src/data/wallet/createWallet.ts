import type { CallResult } from '../../backend/callResult';
import type { SessionStore } from '../../session/store';
import { callForMember, useMutation } from '../_mutation/writeForMember';

/**
 * Creates the member's wallet (docs/product.md §7): through the wallet function, or in demo mode
 * a fake wallet id on the profile. One idempotency key per attempt, so a retried request gets the
 * first one's answer. The profile is then refreshed with the new wallet id (docs/product.md §4).
 */
export async function createWallet(store: SessionStore, { demo }: { demo: boolean }): Promise<CallResult> {
  const idempotencyKey = crypto.randomUUID();
  const answer = await callForMember(store, (backend, user) => backend.createWallet(user.id, { demo, idempotencyKey }));
  if (!answer.ok) return answer.superseded ? answer : { ok: false, error: answer.error };
  if (!store.applyProfile(answer.user.id, { crossmintWalletId: answer.walletId })) {
    return { ok: false, error: 'The wallet id sent by the server could not be kept' };
  }
  return { ok: true };
}

export const useCreateWallet = () => useMutation(createWallet);
