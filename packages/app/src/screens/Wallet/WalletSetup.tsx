import { Button, Card, Flex, Heading, Link as RadixLink, Text } from '@radix-ui/themes';
import { isNeed, openingStepMessage, readiness, readinessStep, type User } from '@vault/domain';
import { Link } from 'react-router-dom';
import { toast } from 'sonner';

const benefits = [
  'Self-custodial: you hold the keys to your assets, not the platform',
  'Distributions from your investments arrive directly in your wallet',
  'Fund it in euros through open banking, from a small first amount',
];

/** /wallet without a wallet id: what the wallet brings and the steps still to do (live readiness). */
export function WalletSetup({ user }: { user: User }) {
  // The steps the gate asks for (agreement never gates).
  const steps = readiness(user).steps.filter((step) => isNeed(step.id));
  return (
    <Card size="3">
      <Flex direction="column" gap="4" align="start">
        <Heading as="h2" size="5">
          Your wallet is being set up
        </Heading>
        <Text as="p" color="gray">
          Create your self-custodial wallet in Settings to invest, receive distributions and fund your account.
        </Text>
        <Heading as="h3" size="3">
          Benefits
        </Heading>
        <ul style={{ margin: 0, paddingLeft: '1.25rem' }}>
          {benefits.map((benefit) => (
            <li key={benefit}>
              <Text size="2">{benefit}</Text>
            </li>
          ))}
        </ul>
        <Heading as="h3" size="3">
          Next steps
        </Heading>
        <ol style={{ margin: 0, paddingLeft: '1.25rem' }}>
          {steps.map((step) => (
            <li key={step.id}>
              <Text size="2">
                {step.done ? (
                  <>
                    {step.label} <Text color="green">(done)</Text>
                  </>
                ) : (
                  <RadixLink asChild>
                    <Link to={step.target} onClick={() => toast(openingStepMessage(step.label))}>
                      {step.label}
                    </Link>
                  </RadixLink>
                )}{' '}
                {step.done ? null : <Text color="gray">({step.estimate})</Text>}
              </Text>
            </li>
          ))}
        </ol>
        <Button asChild>
          <Link to={readinessStep('wallet').target}>Create your wallet in Settings</Link>
        </Button>
      </Flex>
    </Card>
  );
}
