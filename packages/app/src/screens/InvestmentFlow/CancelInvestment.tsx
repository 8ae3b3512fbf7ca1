import { Button, Flex, Text } from '@radix-ui/themes';
import { CANCELLATION_WINDOW_DAYS, type InvestmentRow, mayCancelInvestment } from '@vault/domain';
import { useEffect, useState } from 'react';
import { useCancelInvestment } from '../../data/investments/cancelInvestment';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Whether a timer set for the window's end (`closesAt`, ms) has fired: the screen left open past
 * it drops the button then, without waiting for another re-render. Cleared on unmount.
 */
function useClosedByTimer(closesAt: number | null): boolean {
  const [closed, setClosed] = useState(false);
  useEffect(() => {
    setClosed(false);
    if (closesAt === null) return;
    const wait = closesAt - Date.now();
    // setTimeout fires at once past 2^31-1 ms (about 24.8 days): a window that far off is not timed.
    if (!(wait > 0) || wait > 2_147_483_647) return;
    const timer = window.setTimeout(() => setClosed(true), wait);
    return () => window.clearTimeout(timer);
  }, [closesAt]);
  return closed;
}

/**
 * The investor's right to cancel a Pending investment for 4 days (`cancel_investment`): the button
 * while the window is open, and why it is gone once it is over. The server decides; its refusal shows.
 */
export function CancelInvestment({ row }: { row: Pick<InvestmentRow, 'id' | 'status' | 'submitted_at'> }) {
  const cancel = useCancelInvestment();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const closesAtMs =
    row.status === 'Pending' ? new Date(row.submitted_at).getTime() + CANCELLATION_WINDOW_DAYS * DAY_MS : null;
  const closedByTimer = useClosedByTimer(closesAtMs);
  if (row.status !== 'Pending' || closesAtMs === null) return null;
  const closesAt = new Date(closesAtMs);
  if (closedByTimer || !mayCancelInvestment(row, new Date())) {
    return (
      <Text as="p" size="2" color="gray" role="note">
        You could cancel for {CANCELLATION_WINDOW_DAYS} days after submitting; that ended on{' '}
        {closesAt.toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' })}.
      </Text>
    );
  }
  const onCancel = async () => {
    setPending(true);
    setError(null);
    const result = await cancel(row.id);
    setPending(false);
    if (!result.ok && !result.superseded) setError(result.error);
  };
  return (
    <Flex direction="column" gap="1" align="start">
      <Button type="button" variant="soft" color="red" onClick={onCancel} loading={pending}>
        Cancel investment
      </Button>
      <Text size="1" color="gray">
        You can cancel until {closesAt.toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' })}.
      </Text>
      {error ? (
        <Text size="2" color="red" role="alert">
          {error}
        </Text>
      ) : null}
    </Flex>
  );
}
