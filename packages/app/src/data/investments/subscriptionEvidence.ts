import { useEffect, useState } from 'react';
import * as v from 'valibot';
import { useSessionStore } from '../../session/context';
import { callForOperator } from '../audit/pagedCall';

/** What `subscription_evidence` answers: the facts a reviewer reads before confirming a subscription. */
const EvidenceSchema = v.object({
  investment_id: v.string(),
  /** 'held', 'awaiting_payment', 'posted', 'released' or 'none'. */
  funds: v.string(),
  kyc_status: v.string(),
  country: v.nullable(v.string()),
  category: v.nullable(v.string()),
  professional_status: v.nullable(v.string()),
  declared_at: v.nullable(v.string()),
  agreement_version: v.nullable(v.string()),
  agreement_signed_at: v.nullable(v.string()),
});
export type SubscriptionEvidence = v.InferOutput<typeof EvidenceSchema>;

export type EvidenceState =
  | { status: 'loading' }
  /** The backend has no evidence to give (a backend without the ledger answers null). */
  | { status: 'none' }
  | { status: 'error'; error: string }
  | { status: 'ready'; evidence: SubscriptionEvidence };

/** The evidence of one subscription, read when its decision panel opens (the read is recorded on the server). */
export function useSubscriptionEvidence(investmentId: string | null, version: number): EvidenceState {
  const store = useSessionStore();
  const [state, setState] = useState<EvidenceState>({ status: 'loading' });
  // biome-ignore lint/correctness/useExhaustiveDependencies: `version` changes after a decision, to read the evidence again.
  useEffect(() => {
    if (investmentId === null) return;
    let live = true;
    setState({ status: 'loading' });
    void callForOperator(store, 'subscription_evidence', { investment_id: investmentId }).then((answer) => {
      if (!live) return;
      if (!answer.ok) return setState({ status: 'error', error: answer.error });
      if (answer.value === null) return setState({ status: 'none' });
      const parsed = v.safeParse(EvidenceSchema, answer.value);
      setState(
        parsed.success
          ? { status: 'ready', evidence: parsed.output }
          : { status: 'error', error: 'The evidence answered what this screen cannot read' },
      );
    });
    return () => {
      live = false;
    };
  }, [store, investmentId, version]);
  return state;
}
