import { memo, useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { EligibilitySteps } from '../../components/eligibility/EligibilitySteps';
import { ELIGIBILITY_STEP_PARAM, eligibilityStepFrom } from '../../components/eligibility/nextStep';
import { UkRiskWarning } from '../../components/eligibility/UkRiskWarning';
import { useOpportunityEligibility } from '../../data/eligibility/eligibility';
import { useSession } from '../../session/SessionProvider';

// The gate re-renders on every change of the URL (a filter pill writes it); the steps and the
// warning do not, unless their own props change.
const Steps = memo(EligibilitySteps);
const Warning = memo(UkRiskWarning);

/**
 * The classification step above the list (docs/eligibility.md): an investor past KYC whom the
 * server finds not classified, or whose statement has expired, answers it here before investing;
 * a refusal's link opens a step by name (`?step=classification|appropriateness`). A UK first-time
 * investor reads the FCA's risk warning here, above any step (`UkRiskWarning`).
 */
export function EligibilityGate({ anyOpportunityId }: { anyOpportunityId: string | null }) {
  const { session } = useSession();
  const user = session.user;
  const investor = user?.role === 'investor';
  const applies = investor && user.kycStatus === 'approved';
  const [params, setParams] = useSearchParams();
  const asked = eligibilityStepFrom(params.get(ELIGIBILITY_STEP_PARAM));
  // Classification is the member's, not an opportunity's: the first id asked about stays, so a list
  // that reads again (loading, another first row) never unmounts the step being filled in.
  const [askedId, setAskedId] = useState(anyOpportunityId);
  if (askedId === null && anyOpportunityId !== null) setAskedId(anyOpportunityId);
  const { state, recheck } = useOpportunityEligibility(applies ? askedId : null);
  // The latest setter, so that `done` keeps one identity and the memoised steps stay as they are.
  const setParamsRef = useRef(setParams);
  useEffect(() => {
    setParamsRef.current = setParams;
  });
  const done = useCallback(() => {
    setParamsRef.current(
      (current) => {
        const updated = new URLSearchParams(current);
        updated.delete(ELIGIBILITY_STEP_PARAM);
        return updated;
      },
      { replace: true },
    );
    recheck();
  }, [recheck]);
  if (!investor) return null;
  const warning = <Warning memberId={user.id} refusal={state.status === 'ready' ? state.refusal : null} />;
  if (!applies) return warning;
  const refusal = state.status === 'ready' ? state.refusal : null;
  const needsClassification = refusal === 'NOT_CLASSIFIED' || refusal === 'DECLARATION_EXPIRED';
  const first = asked ?? (needsClassification ? 'classification' : null);
  if (!first) return warning;

  return (
    <>
      {warning}
      <section aria-label="Before you invest">
        <Steps key={first} first={first} expired={refusal === 'DECLARATION_EXPIRED'} onDone={done} />
      </section>
    </>
  );
}
