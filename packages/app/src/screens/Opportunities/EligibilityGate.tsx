import { useSearchParams } from 'react-router-dom';
import { useOpportunityEligibility } from '../../data/eligibility/eligibility';
import { useSession } from '../../session/SessionProvider';
import { EligibilitySteps } from '../Classification/EligibilitySteps';
import { ELIGIBILITY_STEP_PARAM, eligibilityStepFrom } from '../Classification/nextStep';
import { UkRiskWarning } from '../Classification/UkRiskWarning';

/**
 * The classification step above the list (docs/eligibility.md): an investor past KYC whom the
 * server finds not classified, or whose statement has expired, answers it here before investing;
 * a refusal's link opens a step by name (`?step=classification|appropriateness`). Otherwise a UK
 * first-time investor reads the FCA's risk warning here.
 */
export function EligibilityGate({ anyOpportunityId }: { anyOpportunityId: string | null }) {
  const { session } = useSession();
  const user = session.user;
  const applies = user?.role === 'investor' && user.kycStatus === 'approved';
  const [params, setParams] = useSearchParams();
  const asked = eligibilityStepFrom(params.get(ELIGIBILITY_STEP_PARAM));
  const { state, recheck } = useOpportunityEligibility(applies ? anyOpportunityId : null);
  if (!applies) return null;
  const refusal = state.status === 'ready' ? state.refusal : null;
  const needsClassification = refusal === 'NOT_CLASSIFIED' || refusal === 'DECLARATION_EXPIRED';
  const first = asked ?? (needsClassification ? 'classification' : null);
  if (!first) return <UkRiskWarning refusal={refusal} />;

  const done = () => {
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        updated.delete(ELIGIBILITY_STEP_PARAM);
        return updated;
      },
      { replace: true },
    );
    recheck();
  };

  return (
    <section aria-label="Before you invest">
      <EligibilitySteps key={first} first={first} expired={refusal === 'DECLARATION_EXPIRED'} onDone={done} />
    </section>
  );
}
