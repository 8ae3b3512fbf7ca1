import type { Role } from '@vault/domain';
import type { CallResult } from '../../backend/callResult';
import type { SessionStore } from '../../session/store';
import { useMutation } from '../_mutation/writeForMember';
import { callForOperator } from '../audit/pagedCall';

/**
 * mfo_admin changes a member's role and admin flag (`set_member_role`, docs/backend.md
 * "Consoles"): the server checks the caller, refuses a change of one's own role, writes the
 * account's app metadata (the member's next token carries it) and records member.role_changed.
 */
async function setMemberRole(store: SessionStore, memberId: string, role: Role, isAdmin: boolean): Promise<CallResult> {
  const answer = await callForOperator(store, 'set_member_role', { member_id: memberId, role, is_admin: isAdmin });
  return answer.ok ? { ok: true } : answer;
}

export const useSetMemberRole = () => useMutation(setMemberRole);
