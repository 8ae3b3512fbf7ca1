import { Button, Card, Flex, Heading, Text } from '@radix-ui/themes';
import { hrefFor, roleIds } from '@vault/domain';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { MOCK_BACKEND, useDemoMode } from '../display/demoMode';
import { demoSignInAvailable } from '../session/demoPassword';
import { useSession } from '../session/SessionProvider';

/**
 * Demo mode only (docs/decisions.md (3)): one button per role, named exactly `Sign in as <role id>`;
 * in a mock build, a button that starts the embedded database again from the seed.
 */
export function DemoAccounts() {
  const demo = useDemoMode();
  const { signInAs } = useSession();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  // A real build without the operator's demo password (VITE_DEMO_PASSWORD) has nothing to sign in with.
  if (!demo || !demoSignInAvailable) return null;
  return (
    <Card size="2" asChild>
      <section aria-labelledby="demo-accounts-heading">
        <Flex direction="column" gap="3">
          <Heading as="h2" size="4" id="demo-accounts-heading">
            Demo accounts
          </Heading>
          <Text as="p" size="2" color="gray">
            Sign in as the sample account of each role.
          </Text>
          <Flex gap="2" wrap="wrap">
            {roleIds.map((role) => (
              <Button
                key={role}
                variant="soft"
                disabled={busy}
                onClick={async () => {
                  setBusy(true);
                  const ok = await signInAs(role);
                  setBusy(false);
                  if (ok) navigate(hrefFor('dashboard'));
                }}
              >
                Sign in as {role}
              </Button>
            ))}
          </Flex>
          {MOCK_BACKEND && (
            <Flex direction="column" gap="2" align="start">
              <Text as="p" size="2" color="gray">
                This demo keeps what you do in this browser. Start again from the sample data:
              </Text>
              <Button
                variant="outline"
                color="gray"
                disabled={busy}
                onClick={async () => {
                  setBusy(true);
                  const { startAgainFromSeed } = await import('../session/embeddedDatabase');
                  await startAgainFromSeed().catch((error: unknown) => {
                    console.error('[mock] The demo database could not be reset.', error);
                    setBusy(false);
                  });
                }}
              >
                Start the demo again
              </Button>
            </Flex>
          )}
        </Flex>
      </section>
    </Card>
  );
}
