import { Button, Code, Flex, Link as RadixLink, Text } from '@radix-ui/themes';
import { hasWallet, hrefFor, messages, readinessStep, type User } from '@vault/domain';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { toast } from 'sonner';
import { createWallet } from '../../backend/wallet';
import { useDemoMode } from '../../demo/demoMode';
import { useSession } from '../../session/SessionProvider';
import { SettingsSection } from './SettingsSection';

/**
 * Wallet creation (SPEC.md 7 and 8). The button is disabled while the request is in flight, so a
 * double click sends one request; a failure changes nothing and leaves the button ready to retry.
 */
export function WalletCreation({ user }: { user: User }) {
  const step = readinessStep('wallet');
  const { refreshProfile } = useSession();
  const demo = useDemoMode();
  const [creating, setCreating] = useState(false);
  const inFlight = useRef(false);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const create = async () => {
    if (inFlight.current) return;
    inFlight.current = true;
    setCreating(true);
    const result = await createWallet(user, { demo });
    inFlight.current = false;
    if (mounted.current) setCreating(false);
    if (result.ok) {
      toast.success(messages.walletCreated);
      await refreshProfile({ crossmintWalletId: result.walletId });
    } else {
      toast.error(messages.walletFailed, { description: result.error });
    }
  };

  return (
    <SettingsSection
      title="Wallet"
      description="Your self-custodial wallet holds your euro funds and tokenized assets."
    >
      {hasWallet(user) ? (
        <Flex direction="column" gap="2" align="start">
          <Text as="p" size="2">
            Wallet ID: <Code style={{ wordBreak: 'break-all' }}>{user.crossmintWalletId}</Code>
          </Text>
          <RadixLink asChild weight="medium">
            <Link to={hrefFor('wallet')}>Open your wallet</Link>
          </RadixLink>
        </Flex>
      ) : (
        <Flex direction="column" gap="2" align="start">
          <Text as="p" size="2">
            You have no wallet yet. It takes {step.estimate}.
          </Text>
          <Button type="button" onClick={() => void create()} disabled={creating}>
            {creating ? 'Creating Wallet…' : step.buttonText}
          </Button>
        </Flex>
      )}
    </SettingsSection>
  );
}
