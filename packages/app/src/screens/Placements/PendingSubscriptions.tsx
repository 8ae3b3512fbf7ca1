import { Button, Card, Flex, Heading, Text } from '@radix-ui/themes';
import { formatDateTime, formatEuros, type PortfolioPending, timeLeftToCancel } from '@vault/domain';
import { StatusChip } from '@vault/ui';
import { useEffect, useState } from 'react';
import { Section } from '../../components/Section';
import { useCancelInvestment } from '../../data/investments/cancelInvestment';

/** Re-renders once a minute, so the time left counts down and the button goes when it is over. */
function useNow(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), 60_000);
    return () => window.clearInterval(timer);
  }, []);
  return now;
}

/**
 * The subscriptions not yet issued, each its own row: funds held (Pending) or awaiting payment,
 * the time left to cancel and Cancel while it runs (`cancel_investment`; the server decides).
 */
export function PendingSubscriptions({ pending }: { pending: readonly PortfolioPending[] }) {
  const now = useNow();
  return (
    <Section title="Pending subscriptions">
      <Flex asChild direction="column" gap="2" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        <ul>
          {pending.map((row) => (
            <li key={row.investmentId}>
              <PendingRow row={row} now={now} />
            </li>
          ))}
        </ul>
      </Flex>
    </Section>
  );
}

function PendingRow({ row, now }: { row: PortfolioPending; now: Date }) {
  const cancel = useCancelInvestment();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const open = row.cancelUntil !== null && Date.parse(row.cancelUntil) > now.getTime();
  const onCancel = async () => {
    setBusy(true);
    setError(null);
    const result = await cancel(row.investmentId);
    setBusy(false);
    if (!result.ok && !result.superseded) setError(result.error);
  };
  return (
    <Card size="2">
      <Flex justify="between" align="center" gap="3" wrap="wrap">
        <Flex direction="column" gap="1">
          <Flex align="center" gap="2" wrap="wrap">
            <Heading as="h3" size="3">
              {row.name}
            </Heading>
            <StatusChip status={row.status} />
          </Flex>
          <Text as="p" size="2">
            {formatEuros(row.amountCents)} ({formatEuros(row.totalCents)} with fees), submitted{' '}
            <time dateTime={row.submittedAt}>{formatDateTime(row.submittedAt)}</time>
            {row.status === 'Pending' ? '; funds held' : '; nothing held until your payment arrives'}
          </Text>
          {row.cancelUntil ? (
            <Text as="p" size="2" color="gray">
              {timeLeftToCancel(row.cancelUntil, now)} (until{' '}
              <time dateTime={row.cancelUntil}>{formatDateTime(row.cancelUntil)}</time>)
            </Text>
          ) : null}
        </Flex>
        {open ? (
          <Button
            type="button"
            variant="soft"
            color="red"
            loading={busy}
            onClick={() => void onCancel()}
            aria-label={`Cancel the subscription to ${row.name}`}
          >
            Cancel
          </Button>
        ) : null}
      </Flex>
      {error ? (
        <Text as="p" size="2" color="red" role="alert">
          {error}
        </Text>
      ) : null}
    </Card>
  );
}
