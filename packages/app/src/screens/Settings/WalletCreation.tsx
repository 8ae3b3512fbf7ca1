import { Button, Code, Flex, Link as RadixLink, Text } from '@radix-ui/themes';
import { hasWallet, hrefFor, messages, readinessStep, type User } from '@vault/domain';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { toast } from 'sonner';
import { createWallet } from '../../backend/wallet';
import { useDemoMode } from '../../demo/demoMode';
import { useSession } from '../../session/SessionProvider';
import { SettingsSection } from './SettingsSection';

/**
 * Wallet creation (docs/product.md §7 and §8). The one guard against a double click is the
 * button's `disabled` while the request is in flight: React applies it before the next click
 * event, so a second click never reaches `create`. A failure changes nothing and leaves the
 * button ready to retry.
 */
export function WalletCreation({ user }: { user: User }) {
  const step = readinessStep('wallet');
  const { refreshProfile } = useSession();
  const demo = useDemoMode();
  const [creating, setCreating] = useState(false);

  const create = async () => {
    setCreating(true);
    const result = await createWallet(user, { demo });
    setCreating(false);
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
