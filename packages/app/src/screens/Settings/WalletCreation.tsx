import { Button, Code, Flex, Link as RadixLink, Text } from '@radix-ui/themes';
import { hasWallet, hrefFor, messages, readinessStep, type User } from '@vault/domain';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { toast } from 'sonner';
import { useCreateWallet } from '../../data/wallet/createWallet';
import { useDemoMode } from '../../display/demoMode';
import { SettingsSection } from './SettingsSection';

/**
 * Wallet creation (docs/product.md §7 and §8). The one guard against a double click is the
 * button's `disabled` while the request is in flight: React applies it before the next click
 * event, so a second click never reaches `create`. A failure changes nothing and leaves the
 * button ready to retry. The session store applies the wallet id only to the member who asked for it.
 */
export function WalletCreation({ user }: { user: User }) {
  const step = readinessStep('wallet');
  const createWallet = useCreateWallet();
  const demo = useDemoMode();
  const [creating, setCreating] = useState(false);

  const create = async () => {
    setCreating(true);
    const result = await createWallet({ demo });
    setCreating(false);
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
