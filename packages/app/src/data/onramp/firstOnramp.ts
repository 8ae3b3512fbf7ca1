import type { CallResult } from '../../backend/callResult';
import type { SessionStore } from '../../session/store';
import { useMutation, writeForMember } from '../_mutation/writeForMember';

/** Demo mode: undoes the first on-ramp, so the funding step can be shown again (docs/backend.md, the demo functions). */
function resetFirstOnramp(store: SessionStore): Promise<CallResult> {
  return writeForMember(store, (backend) => backend.demo({ fn: 'demo_reset_first_onramp' }));
}

export const useResetFirstOnramp = () => useMutation(resetFirstOnramp);
