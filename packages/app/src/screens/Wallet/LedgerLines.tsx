import { Button, Flex, Text } from '@radix-ui/themes';
import { centsCsv, formatDateTime, formatEuros, type LedgerLineRow } from '@vault/domain';
import {
  CsvExportButton,
  DataTable,
  type DataTableColumn,
  EmptyState,
  ErrorState,
  LoadingSkeleton,
  toCsv,
} from '@vault/ui';
import { Section } from '../../components/Section';
import { useAllLedgerLines, useLedgerLines } from '../../data/ledger/ledgerLines';

const signed = (cents: number) => (cents < 0 ? `−${formatEuros(-cents)}` : `+${formatEuros(cents)}`);

const columns: readonly DataTableColumn<LedgerLineRow>[] = [
  {
    key: 'occurred_at',
    header: 'Date',
    render: (row) => <time dateTime={row.occurred_at}>{formatDateTime(row.occurred_at)}</time>,
  },
  { key: 'description', header: 'Description' },
  { key: 'amount_cents', header: 'Amount', align: 'right', render: (row) => signed(row.amount_cents) },
  { key: 'balance_cents', header: 'Balance', align: 'right', render: (row) => formatEuros(row.balance_cents) },
];

/** The member's ledger lines (`my_ledger_lines`), newest first, paged on the server, with a CSV of them all. */
export function LedgerLines({ version }: { version: number }) {
  const lines = useLedgerLines(version);
  const readAll = useAllLedgerLines();
  const getCsv = async () => {
    const all = await readAll();
    if (!all.ok) throw new Error(all.error);
    return toCsv(
      ['Date', 'Description', 'Amount (EUR)', 'Balance (EUR)'],
      all.rows.map((row) => [
        row.occurred_at,
        row.description,
        centsCsv(row.amount_cents),
        centsCsv(row.balance_cents),
      ]),
    );
  };
  return (
    <Section title="Transactions">
      {lines.status === 'loading' ? (
        <LoadingSkeleton variant="table" count={3} label="Loading transactions…" />
      ) : lines.status === 'error' ? (
        <ErrorState title="Failed to load transactions" onRetry={lines.retry} headingLevel={3} />
      ) : lines.rows.length === 0 ? (
        <EmptyState
          title="No transactions yet"
          description="Deposits, investments and withdrawals appear here."
          headingLevel={3}
        />
      ) : (
        <Flex direction="column" gap="3">
          <Flex justify="end">
            <CsvExportButton filename="vault-transactions.csv" getCsv={getCsv} label="Export CSV" />
          </Flex>
          <DataTable
            caption="Transactions"
            captionHidden
            columns={columns}
            rows={lines.rows}
            getRowKey={(row) => String(row.seq)}
          />
          {lines.moreError ? (
            <Text as="p" size="2" color="red" role="alert">
              {lines.moreError}
            </Text>
          ) : null}
          {lines.hasMore ? (
            <Flex>
              <Button type="button" variant="soft" onClick={lines.loadMore} loading={lines.loadingMore}>
                Load more
              </Button>
            </Flex>
          ) : null}
        </Flex>
      )}
    </Section>
  );
}
