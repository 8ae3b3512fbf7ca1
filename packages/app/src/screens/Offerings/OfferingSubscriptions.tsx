import { Button, Flex, Heading, Text } from '@radix-ui/themes';
import { formatEuros } from '@vault/domain';
import { DataTable, StatusBadge } from '@vault/ui';
import { type OfferingSubscription, useOfferingSubscriptions } from '../../data/offerings/subscriptions';
import { formatDateTime } from '../../display/dates';

/** What a subscription's hold is, in words: the ledger's state, or the payment still awaited. */
function holdLabel(row: Pick<OfferingSubscription, 'hold' | 'status'>): string {
  if (row.hold === 'held') return 'Held';
  if (row.hold === 'posted') return 'Posted';
  if (row.hold === 'released') return 'Released';
  return row.status === 'Awaiting payment' ? 'Awaiting payment' : 'Nothing held';
}

/** An offering's subscriptions with their holds, under the list while the offering is open in the panel. */
export function OfferingSubscriptions({
  offeringId,
  offeringName,
  version,
}: {
  offeringId: string;
  offeringName: string;
  version: number;
}) {
  const list = useOfferingSubscriptions(offeringId, version);
  return (
    <Flex direction="column" gap="2">
      <Heading as="h2" size="4">
        Subscriptions to {offeringName}
      </Heading>
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
          columns={[
            { key: 'investor', header: 'Investor' },
            { key: 'amount', header: 'Amount', align: 'right', render: (row) => formatEuros(row.amount_cents) },
            { key: 'status', header: 'Status', render: (row) => <StatusBadge status={row.status} /> },
            {
              key: 'hold',
              header: 'Hold',
              render: (row) =>
                row.hold === 'held' ? `${holdLabel(row)}: ${formatEuros(row.held_cents)}` : holdLabel(row),
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
          ]}
        />
      )}
    </Flex>
  );
}
