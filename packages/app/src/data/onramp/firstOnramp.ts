import type { CallResult } from '../../backend/callResult';
import type { SessionStore } from '../../session/store';
import { useMutation, writeForMember } from '../_mutation/writeForMember';

/** Demo mode: records the member's first on-ramp of `amountCents` (docs/backend.md, the demo functions). */
function completeFirstOnramp(store: SessionStore, amountCents: number): Promise<CallResult> {
  return writeForMember(store, (backend) => backend.demo({ fn: 'demo_complete_first_onramp', amountCents }));
}

/** Demo mode: undoes the first on-ramp, so the funding step can be shown again. */
function resetFirstOnramp(store: SessionStore): Promise<CallResult> {
  return writeForMember(store, (backend) => backend.demo({ fn: 'demo_reset_first_onramp' }));
}

export const useCompleteFirstOnramp = () => useMutation(completeFirstOnramp);
export const useResetFirstOnramp = () => useMutation(resetFirstOnramp);
