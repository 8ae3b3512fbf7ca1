import {
  Button,
  Card,
  Code,
  Flex,
  Grid,
  Heading,
  Link as RadixLink,
  Skeleton,
  Text,
  VisuallyHidden,
} from '@radix-ui/themes';
import { formatEuros, hasWallet, type User, walletNextActions } from '@vault/domain';
import { ErrorState, MoneyText, PageHeader, StatCard } from '@vault/ui';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { toast } from 'sonner';
import { DemoPaymentProvider } from '../../components/DemoProviders/DemoPaymentProvider';
import { useBalance } from '../../data/ledger/balance';
import { useResetFirstOnramp } from '../../data/onramp/firstOnramp';
import { useStartOnramp } from '../../data/onramp/startOnramp';
import { useDemoMode } from '../../display/demoMode';
import { useSession } from '../../session/SessionProvider';
import { BankLinking } from './BankLinking';
import { FirstOnramp } from './FirstOnramp';
import { LedgerLines } from './LedgerLines';
import { useFundedMemberSignal } from './useFundedMemberSignal';
import { WalletSetup } from './WalletSetup';
import { Withdraw } from './Withdraw';

/** The external wallet console of the wallet provider; opens in a new tab. */
const WALLET_CONSOLE_URL = 'https://www.crossmint.com/console';

/** /wallet (docs/product.md §2): the wallet id, balance, first on-ramp, next best actions and bank linking. */
export default function WalletScreen() {
  const { session } = useSession();
  const user = session.user;
  if (!user) return null;
  return (
    <Flex direction="column" gap="5">
      <PageHeader title="Wallet" description="Your self-custodial wallet for euro funds and tokenized assets." />
      {hasWallet(user) ? <WalletDetails user={user} /> : <WalletSetup user={user} />}
    </Flex>
  );
}

function WalletDetails({ user }: { user: User }) {
  const startOnramp = useStartOnramp();
  const resetFirstOnramp = useResetFirstOnramp();
  const demo = useDemoMode();
  const balance = useBalance();
  const cash = balance.status === 'ready' ? (balance.rows[0] ?? null) : null;
  // The ledger lines are read again after a movement this screen made.
  const [linesVersion, setLinesVersion] = useState(0);
  const walletId = user.crossmintWalletId ?? '';
  useFundedMemberSignal(user);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(walletId);
      toast.success('Wallet ID copied to clipboard');
    } catch {
      toast.error('Could not copy the wallet ID. Please select it and copy it yourself.');
    }
  };

  // The payment goes through the onramp-session function (docs/backend.md "Payments"); the server
  // records it in the ledger and sets firstOnrampOk; the balance is the server's, read again.
  const onAuthorise = async (cents: number, idempotencyKey: string) => {
    const result = await startOnramp(cents, idempotencyKey);
    if (result.ok && result.status === 'settled') setLinesVersion((n) => n + 1);
    else if (!result.ok && !result.superseded) {
      toast.error('The on-ramp could not be completed', { description: result.error });
    }
    return result;
  };

  return (
    <>
      <Card size="3">
        <Flex direction="column" gap="3">
          <Heading as="h2" size="4">
            Wallet ID
          </Heading>
          <Flex gap="3" align="center" wrap="wrap">
            <Code size="3" style={{ wordBreak: 'break-all' }}>
              {walletId}
            </Code>
            <Button type="button" variant="soft" onClick={() => void copy()}>
              Copy
            </Button>
            <RadixLink href={WALLET_CONSOLE_URL} target="_blank" rel="noopener noreferrer" weight="medium">
              Open wallet console
              <VisuallyHidden> (opens in a new tab)</VisuallyHidden>
            </RadixLink>
          </Flex>
        </Flex>
      </Card>
      {balance.status === 'error' ? (
        <ErrorState title="Failed to load your balance" onRetry={balance.retry} headingLevel={2} />
      ) : (
        <Grid columns={{ initial: '1', sm: '3' }} gap="3">
          <StatCard
            label="Balance"
            value={cash ? <MoneyText cents={cash.available_cents} /> : <Skeleton>€0,000</Skeleton>}
            hint="Euro funds available to invest or withdraw"
            aria-busy={cash ? undefined : true}
          />
          <StatCard
            label="Held"
            value={cash ? <MoneyText cents={cash.held_cents} /> : <Skeleton>€0,000</Skeleton>}
            hint={
              cash
                ? `Reserved for pending investments and withdrawals; ${formatEuros(cash.total_cents)} in all`
                : undefined
            }
            aria-busy={cash ? undefined : true}
          />
          <StatCard label="First on-ramp" value={user.firstOnrampOk ? 'Completed' : 'Not yet'} />
        </Grid>
      )}
      {user.firstOnrampOk ? <NextBestActions /> : <FirstOnramp onAuthorise={onAuthorise} />}
      <DemoPaymentProvider onDecided={() => setLinesVersion((n) => n + 1)} />
      {cash && cash.available_cents > 0 ? (
        <Withdraw availableCents={cash.available_cents} onRequested={() => setLinesVersion((n) => n + 1)} />
      ) : null}
      <LedgerLines version={linesVersion} />
      <BankLinking />
      {demo ? (
        <Card size="2">
          <Flex gap="3" align="center" wrap="wrap">
            <Text size="2" color="gray">
              Demo mode
            </Text>
            <Button
              type="button"
              variant="outline"
              color="amber"
              onClick={async () => {
                const result = await resetFirstOnramp();
                if (result.ok) toast('First on-ramp reset');
                else if (!result.superseded) toast.error('The reset failed', { description: result.error });
              }}
            >
              Reset first on-ramp
            </Button>
          </Flex>
        </Card>
      ) : null}
    </>
  );
}

function NextBestActions() {
  return (
    <Card size="3">
      <Flex direction="column" gap="3">
        <Heading as="h2" size="5">
          Next best actions
        </Heading>
        <ul style={{ margin: 0, padding: 0, listStyle: 'none', display: 'grid', gap: 'var(--space-2)' }}>
          {walletNextActions.map((action) => (
            <li key={action.href}>
              <RadixLink asChild weight="medium">
                <Link to={action.href}>{action.label}</Link>
              </RadixLink>
              <Text as="p" size="2" color="gray">
                {action.text}
              </Text>
            </li>
          ))}
        </ul>
      </Flex>
    </Card>
  );
}
