import { Button, Code, Flex, Link as RadixLink, Text } from '@radix-ui/themes';
import { hasWallet, messages, type User } from '@vault/domain';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { toast } from 'sonner';
import { useDemoMode } from '../../demo/demoMode';
import { useSession } from '../../session/SessionProvider';
import { SettingsSection } from './SettingsSection';

/**
 * Wallet creation (docs/product.md §7 and §8). The button is disabled while the request is in
 * flight, so a double click sends one request; a failure changes nothing and leaves the button
 * ready to retry. The session store applies the wallet id only to the member who asked for it.
 */
export function WalletCreation({ user }: { user: User }) {
  const { createWallet } = useSession();
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
    const result = await createWallet({ demo });
    inFlight.current = false;
    if (mounted.current) setCreating(false);
    // Another account signed in while the request ran: its answer is not theirs to see.
    if (!result.ok && result.superseded) return;
    if (result.ok) toast.success(messages.walletCreated);
    else toast.error(messages.walletFailed, { description: result.error });
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
            <Link to="/wallet">Open your wallet</Link>
          </RadixLink>
        </Flex>
      ) : (
        <Flex direction="column" gap="2" align="start">
          <Text as="p" size="2">
            You have no wallet yet. It takes about a minute.
          </Text>
          <Button type="button" onClick={() => void create()} disabled={creating}>
            {creating ? 'Creating Wallet…' : 'Create Wallet'}
          </Button>
        </Flex>
      )}
    </SettingsSection>
  );
}
