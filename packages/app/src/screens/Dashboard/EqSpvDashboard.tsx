import { Flex } from '@radix-ui/themes';
import type { EquityHolding } from '@vault/domain';
import { DataTable, type DataTableColumn, PageHeader } from '@vault/ui';
import { Section } from '../../components/Section';
import { TableData } from '../../components/TableData';
import { useEquityHoldings } from '../../data/equityHoldings/queries';

const holdingColumns: readonly DataTableColumn<EquityHolding>[] = [
  { key: 'company', header: 'Company' },
  { key: 'shares', header: 'Shares', align: 'right', render: (row) => row.shares.toLocaleString('en-IE') },
  { key: 'value', header: 'Value', align: 'right' },
  { key: 'performance', header: 'Performance', align: 'right' },
];

/** eq_spv_admin: the equity portfolio (docs/product.md §2). */
export function EqSpvDashboard() {
  const holdings = useEquityHoldings();
  return (
    <Flex direction="column" gap="6">
      <PageHeader title="Equity Investment SPV Admin" description="Holdings of the equity investment vehicle." />
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
