import { Button, Flex, Text } from '@radix-ui/themes';
import { type EquityHolding, formatEuros } from '@vault/domain';
import { ConsoleTable, type ConsoleTableColumn, DataTable, type DataTableColumn, PageHeader } from '@vault/ui';
import { Link } from 'react-router-dom';
import { Section } from '../../components/Section';
import { TableData } from '../../components/TableData';
import { useEquityHoldings } from '../../data/equityHoldings/queries';
import { type SubscriptionRow, useSubscriptions } from '../../data/investments/subscriptions';
import { formatDateTime } from '../../display/dates';
import { StaffQueues } from './StaffQueues';

const holdingColumns: readonly DataTableColumn<EquityHolding>[] = [
  { key: 'company', header: 'Company' },
  { key: 'shares', header: 'Shares', align: 'right', render: (row) => row.shares.toLocaleString('en-IE') },
  { key: 'value', header: 'Value', align: 'right' },
  { key: 'performance', header: 'Performance', align: 'right' },
];

const waitingColumns: readonly ConsoleTableColumn<SubscriptionRow>[] = [
  { id: 'investor', header: 'Investor', cell: (row) => row.investor, primary: true },
  { id: 'opportunity', header: 'Opportunity', cell: (row) => row.opportunity_name },
  { id: 'amount', header: 'Amount', cell: (row) => formatEuros(row.amount_cents) },
  {
    id: 'submitted',
    header: 'Submitted at',
    cell: (row) =>
      row.submitted_at ? <time dateTime={row.submitted_at}>{formatDateTime(row.submitted_at)}</time> : '—',
  },
];

/** How many waiting subscriptions the dashboard lists; /investments has them all. */
const WAITING_SHOWN = 5;

/** The version of the list: the dashboard reads it once per visit (/investments refreshes after a decision). */
const FIRST_READ = 0;

/**
 * eq_spv_admin: the subscriptions waiting for the SPV's confirmation (`list_subscriptions`, the
 * same server read as /investments, `Pending` only) and the equity portfolio (docs/product.md §2).
 */
export function EqSpvDashboard() {
  const holdings = useEquityHoldings();
  const waiting = useSubscriptions('Pending', FIRST_READ);
  const count = `${waiting.rows.length}${waiting.hasMore ? '+' : ''}`;
  return (
    <Flex direction="column" gap="6">
      <PageHeader title="Equity Investment SPV Admin" description="Holdings of the equity investment vehicle." />
      <StaffQueues />
      <Section
        title="Subscriptions waiting"
        description={
          waiting.status === 'ready' && waiting.rows.length > 0 ? (
            <Text as="p" size="2" color="gray">
              {count} waiting for your confirmation, oldest first.
            </Text>
          ) : undefined
        }
        actions={
          <Button asChild variant="soft">
            <Link to="/investments">Review subscriptions</Link>
          </Button>
        }
      >
        <ConsoleTable
          caption="Subscriptions waiting"
          captionHidden
          columns={waitingColumns}
          rows={waiting.rows.slice(0, WAITING_SHOWN)}
          getRowId={(row) => row.id}
          loading={waiting.status === 'loading'}
          empty="No subscriptions waiting"
          error={
            waiting.status === 'error' ? `The subscriptions waiting could not be loaded: ${waiting.error}` : undefined
          }
          onRetry={waiting.retry}
        />
      </Section>
      <Section title="Equity portfolio">
        <TableData state={holdings} what="equity holdings" emptyTitle="No holdings yet">
          {(rows) => (
            <DataTable
              caption="Equity portfolio"
              captionHidden
              columns={holdingColumns}
              rows={rows}
              getRowKey={(r) => r.company}
            />
          )}
        </TableData>
      </Section>
    </Flex>
  );
}
