import { skipsAppropriateness } from '@vault/domain';
import { useState } from 'react';
import { AppropriatenessStep } from './AppropriatenessStep';
import { ClassificationStep } from './ClassificationStep';

export type EligibilityStep = 'classification' | 'appropriateness';

/**
 * The steps before a first investment (docs/eligibility.md): the classification, then the
 * appropriateness questionnaire for the categories it is asked of (not professionals or companies).
 */
export function EligibilitySteps({
  first,
  expired = false,
  onDone,
}: {
  first: EligibilityStep;
  expired?: boolean;
  onDone: () => void;
}) {
  const [step, setStep] = useState<EligibilityStep>(first);
  if (step === 'classification')
    return (
      <ClassificationStep
        expired={expired}
        onSaved={(category) => (skipsAppropriateness(category) ? onDone() : setStep('appropriateness'))}
      />
    );
  return <AppropriatenessStep onDone={onDone} />;
}
