import { Text } from '@radix-ui/themes';
import { formatEuros } from '@vault/domain';
import { ConsoleTable, type ConsoleTableColumn } from '@vault/ui';
import { ActionError, listStateProps } from '../../components/ConsoleFeedback';
import { Section } from '../../components/Section';
import {
  type LedgerRefusal,
  ledgerRefusalKindWords,
  useLedgerRefusals,
} from '../../data/ledgerRefusals/ledgerRefusals';
import { formatDateTime } from '../../display/dates';

/** The amount as the event named it; euros only when the currency is the euro. */
function amountOf(row: LedgerRefusal): string {
  if (row.amount_cents === null) return '—';
  if (row.currency === null || row.currency === 'EUR') return formatEuros(row.amount_cents);
  return `${(row.amount_cents / 100).toFixed(2)} ${row.currency}`;
}

const columns: readonly ConsoleTableColumn<LedgerRefusal>[] = [
  {
    id: 'refused',
    header: 'Refused at',
    cell: (r) => <time dateTime={r.refused_at}>{formatDateTime(r.refused_at)}</time>,
    primary: true,
  },
  { id: 'kind', header: 'Event', cell: (r) => ledgerRefusalKindWords[r.kind] },
  { id: 'amount', header: 'Amount', cell: amountOf, align: 'right' },
  { id: 'member', header: 'Member', cell: (r) => r.member_id ?? 'Unknown', wrap: true },
  { id: 'reference', header: 'Provider reference', cell: (r) => r.provider_ref },
  { id: 'reason', header: 'Reason', cell: (r) => r.reason, wrap: true },
];

/**
 * /compliance's review list of refused payment events (`list_ledger_refusals`): what the payment
 * provider reported that the ledger could not apply. The provider was answered so it stops
 * retrying; the money it names is here, newest first, for an operator to follow up.
 */
export function RefusedPaymentEvents() {
  const list = useLedgerRefusals();
  return (
    <Section
      title="Refused payment events"
      description={
        <Text as="p" size="2" color="gray">
          Payments, refunds and charge-backs the provider reported that the ledger could not apply (an unknown member,
          an amount that differs from the payment). Nothing moved: follow each one up with the provider.
        </Text>
      }
    >
      <ConsoleTable
        caption="Refused payment events"
        captionHidden
        columns={columns}
        rows={list.rows}
        getRowId={(r) => String(r.id)}
        empty="No refused payment events"
        loadMoreLabel="Load more refused events"
        {...listStateProps(list, 'The refused payment events could not be loaded')}
      />
      <ActionError message={list.moreError && `More refused events could not be loaded: ${list.moreError}`} />
    </Section>
  );
}
