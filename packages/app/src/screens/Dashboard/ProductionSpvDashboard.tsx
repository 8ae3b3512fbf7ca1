import { Flex } from '@radix-ui/themes';
import type { ProductionAsset } from '@vault/domain';
import { DataTable, type DataTableColumn, PageHeader, StatusChip } from '@vault/ui';
import { Section } from '../../components/Section';
import { TableData } from '../../components/TableData';
import { useProductionAssets } from '../../data/productionAssets/queries';
import { StaffQueues } from './StaffQueues';

const assetColumns: readonly DataTableColumn<ProductionAsset>[] = [
  { key: 'name', header: 'Asset' },
  { key: 'status', header: 'Status', render: (row) => <StatusChip status={row.status} /> },
  { key: 'value', header: 'Value', align: 'right' },
];

/** production_spv: the asset inventory (docs/product.md §2). */
export function ProductionSpvDashboard() {
  const assets = useProductionAssets();
  return (
    <Flex direction="column" gap="6">
      <PageHeader title="Production SPV Dashboard" description="Producing assets and their state." />
      <StaffQueues />
      <Section title="Asset inventory">
        <TableData state={assets} what="assets" emptyTitle="No assets yet">
          {(rows) => (
            <DataTable
              caption="Asset inventory"
              captionHidden
              columns={assetColumns}
              rows={rows}
              getRowKey={(r) => r.name}
            />
          )}
        </TableData>
      </Section>
    </Flex>
  );
}
