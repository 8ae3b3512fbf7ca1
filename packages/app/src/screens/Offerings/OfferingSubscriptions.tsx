import { Button, Flex, Heading, Text } from '@radix-ui/themes';
import { CONSOLE_NOTE_MAX_LENGTH, formatEuros } from '@vault/domain';
import { DataTable, type DataTableColumn, ReasonDialog, StatusBadge } from '@vault/ui';
import { useEffect, useId, useState } from 'react';
import { ActionDone } from '../../components/ConsoleFeedback';
import { useConsoleAction } from '../../components/useConsoleAction';
import { useReviewInvestment } from '../../data/investments/reviewInvestment';
import { type OfferingSubscription, useOfferingSubscriptions } from '../../data/offerings/subscriptions';
import { formatDateTime } from '../../display/dates';

/** What a subscription's hold is, in words: the ledger's state, or the payment still awaited. */
function holdLabel(row: Pick<OfferingSubscription, 'hold' | 'status'>): string {
  if (row.hold === 'held') return 'Held';
  if (row.hold === 'posted') return 'Posted';
  if (row.hold === 'released') return 'Released';
  return row.status === 'Awaiting payment' ? 'Awaiting payment' : 'Nothing held';
}

const columns: readonly DataTableColumn<OfferingSubscription>[] = [
  { key: 'investor', header: 'Investor' },
  { key: 'amount', header: 'Amount', align: 'right', render: (row) => formatEuros(row.amount_cents) },
  {
    key: 'status',
    header: 'Status',
    render: (row) =>
      row.reason ? (
        <Flex direction="column" gap="1" align="start">
          <StatusBadge status={row.status} />
          <Text size="1">{row.reason}</Text>
        </Flex>
      ) : (
        <StatusBadge status={row.status} />
      ),
  },
  {
    key: 'hold',
    header: 'Hold',
    render: (row) => (row.hold === 'held' ? `${holdLabel(row)}: ${formatEuros(row.held_cents)}` : holdLabel(row)),
  },
  {
    key: 'allocated',
    header: 'Allocated',
    align: 'right',
    render: (row) =>
      row.allocated_units === null || row.allocated_cents === null
        ? '—'
        : `${row.allocated_units} units, ${formatEuros(row.allocated_cents)}`,
  },
  {
    key: 'submitted',
    header: 'Submitted at',
    render: (row) =>
      row.submitted_at ? <time dateTime={row.submitted_at}>{formatDateTime(row.submitted_at)}</time> : '—',
  },
];

/**
 * An offering's subscriptions with their holds, under the list while the offering is open in the
 * panel. With `rejects` (the offering is open and the caller acts for its SPV, as for Close), each
 * Pending subscription, the funded one whose money is held, has Reject: a reason, then
 * `review_investment`, which voids the hold; closing confirms the rest (docs/offerings.md
 * "Closing"). The server checks the caller and the subscription again, and its refusal shows in
 * the dialog with the typed reason kept.
 */
export function OfferingSubscriptions({
  offeringId,
  offeringName,
  version,
  rejects = false,
  onRejected,
}: {
  offeringId: string;
  offeringName: string;
  version: number;
  /** The caller may reject this offering's Pending subscriptions before it closes. */
  rejects?: boolean;
  /** A subscription was rejected: what the offering holds has changed. */
  onRejected?: () => void;
}) {
  const headingId = useId();
  const action = useConsoleAction<'reject'>();
  const list = useOfferingSubscriptions(offeringId, version + action.version);
  const review = useReviewInvestment();
  const [chosenId, setChosenId] = useState<string | null>(null);
  const [rejected, setRejected] = useState(0);
  const chosen = list.rows.find((row) => row.investment_id === chosenId) ?? null;

  async function reject(row: OfferingSubscription, reason: string) {
    const done = await action.run(
      'reject',
      () => review(row.investment_id, 'rejected', reason),
      `${row.investor}'s subscription of ${formatEuros(row.amount_cents)} rejected: its hold is released.`,
    );
    if (!done) return;
    setRejected((n) => n + 1);
    onRejected?.();
  }

  // The row's Reject is gone with its dialog: the keyboard goes on from the list's heading. After
  // the dialog's own return of the focus, which runs on a zero timeout queued when it unmounted.
  useEffect(() => {
    if (rejected === 0) return;
    const timer = setTimeout(() => document.getElementById(headingId)?.focus(), 0);
    return () => clearTimeout(timer);
  }, [rejected, headingId]);

  const withReject: readonly DataTableColumn<OfferingSubscription>[] = rejects
    ? [
        ...columns,
        {
          key: 'decide',
          header: 'Decide',
          render: (row) =>
            row.status === 'Pending' ? (
              <Button
                size="1"
                variant="soft"
                color="red"
                disabled={action.pending !== null}
                aria-label={`Reject ${row.investor}'s subscription`}
                onClick={() => {
                  setChosenId(row.investment_id);
                  action.open('reject');
                }}
              >
                Reject
              </Button>
            ) : null,
        },
      ]
    : columns;

  return (
    <Flex direction="column" gap="2">
      <Heading as="h2" size="4" id={headingId} tabIndex={-1} style={{ outline: 'none' }}>
        Subscriptions to {offeringName}
      </Heading>
      <ActionDone message={action.done} />
      {list.status === 'loading' ? (
        <Text size="2" color="gray" role="status">
          Loading the subscriptions…
        </Text>
      ) : list.status === 'error' ? (
        <Flex direction="column" gap="2" align="start" role="alert">
          <Text size="2" color="red">
            The subscriptions could not be loaded: {list.error}
          </Text>
          <Button size="1" variant="soft" onClick={list.retry}>
            Retry
          </Button>
        </Flex>
      ) : (
        <DataTable
          caption="Subscriptions and their holds"
          captionHidden
          rows={list.rows}
          getRowKey={(row) => row.investment_id}
          rowHeaderKey="investor"
          emptyMessage="No subscriptions yet"
          columns={withReject}
        />
      )}
      {chosen && action.dialog === 'reject' ? (
        <ReasonDialog
          {...action.dialogProps('reject')}
          title={`Reject ${chosen.investor}'s subscription`}
          description={`${formatEuros(chosen.amount_cents)} to ${offeringName}. Its hold is released and the investor is told the reason (at most ${CONSOLE_NOTE_MAX_LENGTH} characters). Closing confirms the other subscriptions.`}
          confirmLabel="Reject"
          maxLength={CONSOLE_NOTE_MAX_LENGTH}
          onConfirm={(reason) => void reject(chosen, reason)}
        />
      ) : null}
    </Flex>
  );
}
