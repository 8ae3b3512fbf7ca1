import { Callout } from '@radix-ui/themes';
import { type EligibilityRefusal, ukRiskWarning } from '@vault/domain';

/**
 * The FCA's prescribed risk warning (COBS 4.12A), for a UK first-time investor: the server's
 * COOLING_OFF_ACTIVE answer is the one sign of such a member the app reads today
 * (docs/eligibility.md "The UK cooling-off").
 */
export function UkRiskWarning({ refusal }: { refusal: EligibilityRefusal | null }) {
  if (refusal !== 'COOLING_OFF_ACTIVE') return null;
  return (
    <Callout.Root color="amber" highContrast role="note" aria-label="Risk warning">
      <Callout.Text weight="bold">{ukRiskWarning.text}</Callout.Text>
    </Callout.Root>
  );
}
