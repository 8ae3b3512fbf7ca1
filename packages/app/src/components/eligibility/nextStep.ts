import { type EligibilityRefusal, hrefFor } from '@vault/domain';
import type { EligibilityStep } from './EligibilitySteps';

/** The query parameter of /opportunities that opens an eligibility step (a refusal's link). */
export const ELIGIBILITY_STEP_PARAM = 'step';

export function eligibilityStepFrom(value: string | null): EligibilityStep | null {
  return value === 'classification' || value === 'appropriateness' ? value : null;
}

/** Where a refusal sends the investor next (docs/eligibility.md "Refusals"), or null: change the amount. */
export function refusalNextStep(
  code: EligibilityRefusal,
  opportunityId: string,
): { label: string; href: string } | null {
  const step = (name: EligibilityStep) => hrefFor('opportunities', {}, { [ELIGIBILITY_STEP_PARAM]: name });
  switch (code) {
    case 'NOT_CLASSIFIED':
      return { label: 'Tell us about yourself', href: step('classification') };
    case 'DECLARATION_EXPIRED':
      return { label: 'Sign your statement again', href: step('classification') };
    case 'APPROPRIATENESS_REQUIRED':
      return { label: 'Answer the appropriateness questions', href: step('appropriateness') };
    case 'COUNTRY_NOT_ELIGIBLE':
    case 'CATEGORY_NOT_ELIGIBLE':
      return { label: 'See other opportunities', href: hrefFor('opportunities') };
    case 'COOLING_OFF_ACTIVE':
      return { label: 'Back to the opportunity', href: hrefFor('opportunityDetail', { id: opportunityId }) };
    case 'BELOW_MINIMUM':
      return null;
  }
}
