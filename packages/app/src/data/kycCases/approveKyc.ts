import type { CallResult } from '../../backend/callResult';
import type { SessionStore } from '../../session/store';
import { useMutation, writeForMember } from '../_mutation/writeForMember';

/** Demo mode: approves the member's own KYC through the backend's demo function (docs/backend.md). */
export function approveKyc(store: SessionStore): Promise<CallResult> {
  return writeForMember(store, (backend) => backend.demo({ fn: 'demo_approve_kyc' }));
}

export const useApproveKyc = () => useMutation(approveKyc);
