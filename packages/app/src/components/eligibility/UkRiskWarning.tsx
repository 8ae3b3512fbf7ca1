import { Button, Callout, Dialog, Flex, Link as RadixLink, Text } from '@radix-ui/themes';
import { type EligibilityRefusal, ukRiskWarning } from '@vault/domain';
import { useUkRiskWarning } from '../../data/investorProfile/queries';

/** A link's look on a button (it opens a dialog), tall enough to tap (24 px). */
const riskSummaryTrigger = { background: 'none', border: 0, padding: 0, minHeight: 24, cursor: 'pointer' } as const;

/**
 * The FCA's prescribed risk warning (COBS 4.12A) on the opportunities list and the detail, for a
 * UK first-time investor (docs/eligibility.md): the member's own profile says GB and they have no
 * investment of their own, or the server's answer for an opportunity is COOLING_OFF_ACTIVE. Reads
 * that are loading or failed show nothing and hold nothing up. Its link opens the short risk
 * summary in a dialog (no page of its own); every text is the domain's `ukRiskWarning`.
 */
export function UkRiskWarning({ memberId, refusal = null }: { memberId: string; refusal?: EligibilityRefusal | null }) {
  const fromProfile = useUkRiskWarning(memberId);
  if (!fromProfile && refusal !== 'COOLING_OFF_ACTIVE') return null;
  const { summary } = ukRiskWarning;
  return (
    <Callout.Root color="amber" highContrast role="note" aria-label="Risk warning">
      <Callout.Text weight="bold">{ukRiskWarning.text}</Callout.Text>
      <Callout.Text>
        <Dialog.Root>
          <Dialog.Trigger>
            <RadixLink asChild weight="medium" underline="always" highContrast>
              <button type="button" style={riskSummaryTrigger}>
                {ukRiskWarning.linkLabel}
              </button>
            </RadixLink>
          </Dialog.Trigger>
          <Dialog.Content maxWidth="520px">
            <Dialog.Title>{summary.title}</Dialog.Title>
            <Dialog.Description size="2" color="gray">
              {summary.intro}
            </Dialog.Description>
            <Flex direction="column" gap="3" mt="4">
              {summary.risks.map((risk) => (
                <Flex key={risk.title} direction="column" gap="1">
                  <Text as="p" size="2" weight="bold">
                    {risk.title}
                  </Text>
                  <Text size="2">{risk.body}</Text>
                </Flex>
              ))}
            </Flex>
            <Flex justify="end" mt="4">
              <Dialog.Close>
                <Button type="button" variant="soft">
                  {summary.close}
                </Button>
              </Dialog.Close>
            </Flex>
          </Dialog.Content>
        </Dialog.Root>
      </Callout.Text>
    </Callout.Root>
  );
}
