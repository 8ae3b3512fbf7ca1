import { Button, Flex, Text } from '@radix-ui/themes';
import { CANCELLATION_WINDOW_DAYS, type InvestmentRow, mayCancelInvestment } from '@vault/domain';
import { useState } from 'react';
import { useCancelInvestment } from '../../data/investments/cancelInvestment';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The investor's right to cancel a Pending investment for 4 days (`cancel_investment`): the button
 * while the window is open, and why it is gone once it is over. The server decides; its refusal shows.
 */
export function CancelInvestment({ row }: { row: Pick<InvestmentRow, 'id' | 'status' | 'submitted_at'> }) {
  const cancel = useCancelInvestment();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (row.status !== 'Pending') return null;
  const closesAt = new Date(new Date(row.submitted_at).getTime() + CANCELLATION_WINDOW_DAYS * DAY_MS);
  if (!mayCancelInvestment(row, new Date())) {
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
