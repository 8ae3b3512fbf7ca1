import { Button, Flex, Skeleton, Text } from '@radix-ui/themes';
import { type BalanceRow, formatEuros } from '@vault/domain';
import type { Query } from '../../data/_query/useQuery';

/**
 * The member's cash as the flow reads it (`my_balance()`, docs/ledger.md "What people read"):
 * nothing is kept in the browser. A failed read never stops the flow: the server decides what is
 * held when Confirm is pressed, whatever the screen could show.
 */
export type Balance = Query<BalanceRow>;

/** The available cash in cents once the read has answered, else null. */
export function availableCentsOf(balance: Balance): number | null {
  return balance.status === 'ready' ? (balance.rows[0]?.available_cents ?? 0) : null;
}

/** The read failed: what could not be shown, and Retry (a plain button: Enter still submits the step). */
export function CashUnavailable({ balance, detail }: { balance: Balance; detail?: string }) {
  return (
    <Flex gap="3" align="center" wrap="wrap" role="alert">
      <Text as="p" size="2" color="red">
        Your available cash could not be loaded.{detail ? ` ${detail}` : ''}
      </Text>
      <Button type="button" size="1" variant="soft" onClick={balance.retry}>
        Retry
      </Button>
    </Flex>
  );
}

/** A figure that is still loading: the same width of text, marked busy. */
export function LoadingFigure() {
  return (
    <Skeleton>
      <span aria-hidden="true">€00,000</span>
    </Skeleton>
  );
}

/** Step 1's line: "Available cash: €X", its skeleton while it loads, or the failure with Retry. */
export function AvailableCash({ balance }: { balance: Balance }) {
  if (balance.status === 'error') return <CashUnavailable balance={balance} />;
  const available = availableCentsOf(balance);
  return (
    <Text as="p" size="2" aria-busy={available === null ? true : undefined}>
      Available cash: {available === null ? <LoadingFigure /> : formatEuros(available)}
    </Text>
  );
}
