import { Button, Card, Flex, Heading, Text } from '@radix-ui/themes';
import { hrefFor, readinessStep, resolveNeed, safeInternalPath } from '@vault/domain';
import { Link, useSearchParams } from 'react-router-dom';
import { useSession } from '../../session/SessionProvider';

/**
 * /access-required?need=…&from=… (docs/decisions.md (5)): the missing step with its label,
 * estimate and button, and a way back. `from` is followed only when it is an internal path.
 */
export default function AccessRequiredScreen() {
  const { session } = useSession();
  const [params] = useSearchParams();
  const { user } = session;
  if (!user) return null;
  const need = resolveNeed(user, params.get('need'));
  const from = safeInternalPath(params.get('from'));
  const step = need ? readinessStep(need) : null;

  return (
    <Flex direction="column" gap="4" maxWidth="640px">
      <Heading as="h1" size="7">
        Access required
      </Heading>
      {step ? (
        <>
          <Text as="p" size="3" color="gray">
            This page opens once your account is ready to invest. One step is still missing:
          </Text>
          <Card size="3">
            <Flex direction="column" gap="3">
              <Heading as="h2" size="5">
                {step.label}
              </Heading>
              <Text as="p" color="gray">
                Takes {step.estimate}.
              </Text>
              <Flex>
                <Button asChild size="3">
                  <Link to={step.target}>{step.buttonText}</Link>
                </Button>
              </Flex>
            </Flex>
          </Card>
        </>
      ) : (
        <Text as="p" size="3">
          Your account is ready: nothing is missing any more.
        </Text>
      )}
      <Flex gap="3" wrap="wrap">
        {from ? (
          <Button asChild variant="soft">
            <Link to={from}>{step ? 'Go back' : 'Continue'}</Link>
          </Button>
        ) : null}
        <Button asChild variant={from ? 'ghost' : 'soft'}>
          <Link to={hrefFor('dashboard')}>Back to Dashboard</Link>
        </Button>
      </Flex>
    </Flex>
  );
}
