import { Button, Flex, Text } from '@radix-ui/themes';
import { useEffect, useId, useRef, useState } from 'react';
import {
  refreshNextOutcomes,
  useChooseNextOutcome,
  useDecideKyc,
  useDemoProviders,
  useNextOutcomes,
} from '../../data/demoProviders/demoProviders';
import { ChoiceGroup, DemoPanel, defaultChoice, useDemoProviderControls } from './DemoPanel';

/**
 * Demo mode on the embedded backend: the demo KYC provider's controls. The member chooses what it
 * decides for their next verification, and decides a case pending at the provider now.
 */
export function DemoKycProvider({ kycStatus }: { kycStatus: string }) {
  return useDemoProviderControls() ? <KycControls kycStatus={kycStatus} /> : null;
}

function KycControls({ kycStatus }: { kycStatus: string }) {
  const providers = useDemoProviders();
  const next = useNextOutcomes();
  const chooseNext = useChooseNextOutcome();
  const decide = useDecideKyc();
  const [deciding, setDeciding] = useState<string | null>(null);
  const [told, setTold] = useState<{ text: string; failed: boolean } | null>(null);
  const decideLabelId = useId();

  // A new status means a case opened or was decided: the choice it took is gone.
  const seenStatus = useRef(kycStatus);
  useEffect(() => {
    if (seenStatus.current === kycStatus) return;
    seenStatus.current = kycStatus;
    refreshNextOutcomes();
  }, [kycStatus]);

  const status =
    providers.status === 'error' || next.status === 'error'
      ? 'error'
      : providers.status === 'ready' && next.status === 'ready'
        ? 'ready'
        : 'loading';
  const retry = () => {
    if (providers.status === 'error') providers.retry();
    if (next.status === 'error') next.retry();
  };
  const kyc = providers.status === 'ready' ? providers.rows[0]?.kyc : undefined;
  const chosen = next.status === 'ready' ? (next.rows[0]?.kyc ?? null) : null;

  const decideNow = async (id: string, label: string) => {
    setDeciding(id);
    setTold(null);
    const result = await decide(id);
    setDeciding(null);
    if (result.ok) setTold({ text: `Demo: the provider decided: ${label}.`, failed: false });
    else if (!result.superseded)
      setTold({ text: `Demo: the decision could not be sent: ${result.error}`, failed: true });
  };

  return (
    <DemoPanel
      title="Demo: KYC provider"
      description="In this demo these controls play the identity-verification provider. A real deployment has none of them."
      read={{ status, retry }}
    >
      {kyc ? (
        <Flex direction="column" gap="4">
          <ChoiceGroup
            label="What the provider decides for your next verification"
            choices={[defaultChoice(kyc.auto, kyc.outcomes), ...kyc.outcomes]}
            chosen={chosen}
            onChoose={(id) => chooseNext('kyc', id)}
          />
          {kycStatus === 'pending' ? (
            <Flex direction="column" gap="2">
              <Text as="p" id={decideLabelId} size="2" weight="medium">
                Your verification is with the provider. Decide it now:
              </Text>
              <Flex role="group" aria-labelledby={decideLabelId} gap="2" wrap="wrap">
                {kyc.outcomes
                  .filter((outcome) => outcome.verdict)
                  .map((outcome) => (
                    <Button
                      key={outcome.id}
                      type="button"
                      color="amber"
                      variant="soft"
                      highContrast
                      loading={deciding === outcome.id}
                      disabled={deciding !== null}
                      onClick={() => void decideNow(outcome.id, outcome.label)}
                    >
                      {outcome.label} now
                    </Button>
                  ))}
              </Flex>
            </Flex>
          ) : null}
          <Text as="p" size="2" role="status" color={told?.failed ? 'red' : undefined}>
            {told?.text ?? ''}
          </Text>
        </Flex>
      ) : null}
    </DemoPanel>
  );
}
