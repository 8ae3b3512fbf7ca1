import type { CallResult } from '../../backend/callResult';
import type { SessionStore } from '../../session/store';
import { useMutation, writeForMember } from '../_mutation/writeForMember';

/** The edge function that opens the member's verification and calls `start_kyc()` (docs/backend.md). */
const KYC_SESSION_FUNCTION = 'kyc-session';

/**
 * Submits the member's KYC: the kyc-session function opens the provider's verification and moves
 * the status to pending (a provider may decide at once: the embedded backend's demo provider
 * approves). The profile is then read again, so the screen shows the status the server stored.
 */
export function submitKyc(store: SessionStore): Promise<CallResult> {
  return writeForMember(store, async (backend, user) => {
    const session = await backend.invokeFunction(KYC_SESSION_FUNCTION, { body: {} });
    if (!session.ok) return session;
    return backend.readProfile(user.id);
  });
}

export const useSubmitKyc = () => useMutation(submitKyc);
