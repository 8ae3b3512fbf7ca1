import { Flex } from '@radix-ui/themes';
import type { ComplianceAlert } from '@vault/domain';
import {
  ConsoleTable,
  type ConsoleTableColumn,
  DataTable,
  type DataTableColumn,
  PageHeader,
  StatusChip,
} from '@vault/ui';
import { Section } from '../../components/Section';
import { TableData } from '../../components/TableData';
import { type AuditEvent, useRecentAuditEvents } from '../../data/audit/auditEvents';
import { useComplianceAlerts } from '../../data/complianceAlerts/queries';
import { formatDateTime } from '../../display/dates';
import { StaffQueues } from './StaffQueues';

const alertColumns: readonly DataTableColumn<ComplianceAlert>[] = [
  { key: 'user', header: 'User' },
  { key: 'issue', header: 'Issue' },
  {
    key: 'priority',
    header: 'Priority',
    render: (row) => <StatusChip status={row.priority} label={`${row.priority} priority`} />,
  },
];

const timeOf = (event: AuditEvent) =>
  event.occurred_at instanceof Date ? event.occurred_at.toISOString() : event.occurred_at;

const auditColumns: readonly ConsoleTableColumn<AuditEvent>[] = [
  { id: 'id', header: 'Entry', cell: (e) => String(e.id) },
  { id: 'at', header: 'When', cell: (e) => <time dateTime={timeOf(e)}>{formatDateTime(timeOf(e))}</time> },
  { id: 'actor', header: 'Actor', cell: (e) => e.actor_role },
  { id: 'action', header: 'Action', cell: (e) => e.action, primary: true },
];

/** How many of the newest events the dashboard shows; /audit has the whole trail. */
const RECENT_EVENTS = 10;

/** compliance: alerts by priority and the newest events of the audit trail (`list_audit_events`). */
export function ComplianceDashboard() {
  const alerts = useComplianceAlerts();
  const events = useRecentAuditEvents(RECENT_EVENTS);
  return (
    <Flex direction="column" gap="6">
      <PageHeader title="Compliance Dashboard" description="Open alerts and what happened on the platform." />
      <StaffQueues />
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
        <ConsoleTable
          caption="Audit logs"
          captionHidden
          columns={auditColumns}
          rows={events.rows}
          getRowId={(e) => String(e.id)}
          loading={events.status === 'loading'}
          empty="No audit entries yet"
          error={events.status === 'error' ? `The audit logs could not be loaded: ${events.error}` : undefined}
          onRetry={events.retry}
        />
      </Section>
    </Flex>
  );
}
