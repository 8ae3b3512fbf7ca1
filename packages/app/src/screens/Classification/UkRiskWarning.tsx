import { Callout } from '@radix-ui/themes';
import { type EligibilityRefusal, ukRiskWarning } from '@vault/domain';
import { useUkRiskWarning } from '../../data/investorProfile/queries';

/**
 * The FCA's prescribed risk warning (COBS 4.12A) on the opportunities list and the detail, for a
 * UK first-time investor (docs/eligibility.md): the member's own profile says GB and they have no
 * investment of their own, or the server's answer for an opportunity is COOLING_OFF_ACTIVE. Reads
 * that are loading or failed show nothing and hold nothing up.
 */
export function UkRiskWarning({ memberId, refusal = null }: { memberId: string; refusal?: EligibilityRefusal | null }) {
  const fromProfile = useUkRiskWarning(memberId);
  if (!fromProfile && refusal !== 'COOLING_OFF_ACTIVE') return null;
  return (
    <Callout.Root color="amber" highContrast role="note" aria-label="Risk warning">
      <Callout.Text weight="bold">{ukRiskWarning.text}</Callout.Text>
    </Callout.Root>
  );
}
