import { type EligibilityRefusal, parseEligibilityAnswer } from '@vault/domain';
import { useCallback, useEffect, useState } from 'react';
import type { CallResult } from '../../backend/callResult';
import { useSessionStore } from '../../session/context';
import type { SessionStore } from '../../session/store';
import { callMemberAction } from '../_mutation/writeForMember';

/**
 * The amount asked about when the screen has none yet: larger than any minimum, so the answer is
 * one of the refusals that do not depend on the amount (BELOW_MINIMUM never comes back).
 */
const ANY_AMOUNT_CENTS = Number.MAX_SAFE_INTEGER;

/**
 * `investment_eligibility`: the member's first refusal for the opportunity, or null, with its time
 * (when the cooling-off ends) (docs/eligibility.md).
 */
async function investmentEligibility(
  store: SessionStore,
  opportunityId: string,
): Promise<CallResult<{ refusal: EligibilityRefusal | null; at: Date | null }>> {
  const answer = await callMemberAction(store, 'investment_eligibility', {
    opportunity_id: opportunityId,
    amount_cents: ANY_AMOUNT_CENTS,
  });
  if (!answer.ok) return answer;
  const parsed = parseEligibilityAnswer(answer.value);
  if (!parsed) return { ok: false, error: 'The server answered something unexpected' };
  return { ok: true, ...parsed };
}

export type EligibilityState =
  | { status: 'loading' }
  | { status: 'error'; error: string }
  /** `at`: when the refusal's wait ends (the cooling-off's end for COOLING_OFF_ACTIVE), or null. */
  | { status: 'ready'; refusal: EligibilityRefusal | null; at: Date | null };

/** Not asked (no opportunity, or a member not yet past KYC): nothing refuses here; the flow's own gates apply. */
const NOT_ASKED: EligibilityState = { status: 'ready', refusal: null, at: null };

/** The member's standing for one opportunity, asked again by `recheck` (after a step is done, or a failed check). */
export function useOpportunityEligibility(opportunityId: string | null): {
  state: EligibilityState;
  recheck: () => void;
} {
  const store = useSessionStore();
  const [state, setState] = useState<EligibilityState>({ status: 'loading' });
  const [round, setRound] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new round (recheck) asks the server again
  useEffect(() => {
    if (opportunityId === null) return;
    let live = true;
    setState({ status: 'loading' });
    void investmentEligibility(store, opportunityId).then((answer) => {
      if (!live) return;
      if (answer.ok) setState({ status: 'ready', refusal: answer.refusal, at: answer.at });
      else if (!answer.superseded) setState({ status: 'error', error: answer.error });
    });
    return () => {
      live = false;
    };
  }, [store, opportunityId, round]);
  const recheck = useCallback(() => setRound((n) => n + 1), []);
  return { state: opportunityId === null ? NOT_ASKED : state, recheck };
}

/**
 * `request_to_invest`: a UK first-time investor's first Invest starts the 24-hour cooling-off;
 * answers when it ends (null when it does not apply).
 */
async function requestToInvest(
  store: SessionStore,
  opportunityId: string,
): Promise<CallResult<{ endsAt: string | null }>> {
  const answer = await callMemberAction(store, 'request_to_invest', { opportunity_id: opportunityId });
  if (!answer.ok) return answer;
  if (answer.value !== null && typeof answer.value !== 'string')
    return { ok: false, error: 'The server answered something unexpected' };
  return { ok: true, endsAt: answer.value };
}

export function useRequestToInvest(): (opportunityId: string) => Promise<CallResult<{ endsAt: string | null }>> {
  const store = useSessionStore();
  return useCallback((opportunityId: string) => requestToInvest(store, opportunityId), [store]);
}
