import { Flex } from '@radix-ui/themes';
import type { AuditLog, ComplianceAlert } from '@vault/domain';
import { DataTable, type DataTableColumn, PageHeader, StatusChip } from '@vault/ui';
import { Section } from '../../components/Section';
import { TableData } from '../../components/TableData';
import { useAuditLogs, useComplianceAlerts } from '../../data/compliance/queries';
import { formatDateTime } from '../../display/dates';

const alertColumns: readonly DataTableColumn<ComplianceAlert>[] = [
  { key: 'user', header: 'User' },
  { key: 'issue', header: 'Issue' },
  {
    key: 'priority',
    header: 'Priority',
    render: (row) => <StatusChip status={row.priority} label={`${row.priority} priority`} />,
  },
];

const auditColumns: readonly DataTableColumn<AuditLog>[] = [
  { key: 'id', header: 'Entry' },
  { key: 'at', header: 'When', render: (row) => <time dateTime={row.at}>{formatDateTime(row.at)}</time> },
  { key: 'actor', header: 'Actor' },
  { key: 'action', header: 'Action' },
];

/** compliance: alerts by priority and the audit log (docs/product.md §2). */
export function ComplianceDashboard() {
  const alerts = useComplianceAlerts();
  const logs = useAuditLogs();
  return (
    <Flex direction="column" gap="6">
      <PageHeader title="Compliance Dashboard" description="Open alerts and what happened on the platform." />
      <Section title="Alerts">
        <TableData state={alerts} what="compliance alerts" emptyTitle="No open alerts">
          {(rows) => (
            <DataTable
              caption="Compliance alerts"
              captionHidden
              columns={alertColumns}
              rows={rows}
              getRowKey={(r, i) => `${r.user}-${i}`}
            />
          )}
        </TableData>
      </Section>
      <Section title="Audit logs">
        <TableData state={logs} what="audit logs" emptyTitle="No audit entries yet">
          {(rows) => (
            <DataTable caption="Audit logs" captionHidden columns={auditColumns} rows={rows} getRowKey={(r) => r.id} />
          )}
        </TableData>
      </Section>
    </Flex>
  );
}
