import { RoleSchema } from '@vault/domain';
import { useEffect, useState } from 'react';
import * as v from 'valibot';
import type { CallResult } from '../../backend/callResult';
import { useSessionStore } from '../../session/context';
import type { SessionStore } from '../../session/store';
import { callForOperator } from '../audit/pagedCall';

const when = v.nullable(v.string());

/** What `member_detail(member_id)` answers (supabase/schemas/10_consoles.sql). */
const MemberDetailSchema = v.object({
  id: v.string(),
  name: v.string(),
  email: v.string(),
  role: RoleSchema,
  is_admin: v.boolean(),
  joined: when,
  readiness: v.object({ wallet: v.boolean(), kyc: v.boolean(), first_onramp: v.boolean(), ready: v.boolean() }),
  kyc: v.object({ status: v.string(), reason: v.nullable(v.string()), submitted_at: when, decided_at: when }),
  wallet: v.object({ id: v.nullable(v.string()) }),
  investments: v.array(
    v.object({
      id: v.string(),
      opportunity_name: v.string(),
      amount_cents: v.number(),
      status: v.string(),
      submitted_at: when,
    }),
  ),
});
type MemberDetail = v.InferOutput<typeof MemberDetailSchema>;

async function readMemberDetail(store: SessionStore, memberId: string): Promise<CallResult<{ detail: MemberDetail }>> {
  const answer = await callForOperator(store, 'member_detail', { member_id: memberId });
  if (!answer.ok) return answer;
  const parsed = v.safeParse(MemberDetailSchema, answer.value);
  return parsed.success
    ? { ok: true, detail: parsed.output }
    : { ok: false, error: "The member's detail came back in a shape this screen cannot read" };
}

export type MemberDetailState =
  | { status: 'loading' }
  | { status: 'error'; error: string }
  | { status: 'ready'; detail: MemberDetail };

/** One member's detail for /users' panel; `version` changes after a role change, to read it again. */
export function useMemberDetail(memberId: string | null, version: number): MemberDetailState {
  const store = useSessionStore();
  const [state, setState] = useState<MemberDetailState>({ status: 'loading' });
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new version reads the detail again.
  useEffect(() => {
    if (!memberId) return;
    let current = true;
    setState({ status: 'loading' });
    void readMemberDetail(store, memberId).then((answer) => {
      if (!current) return;
      setState(answer.ok ? { status: 'ready', detail: answer.detail } : { status: 'error', error: answer.error });
    });
    return () => {
      current = false;
    };
  }, [store, memberId, version]);
  return state;
}
