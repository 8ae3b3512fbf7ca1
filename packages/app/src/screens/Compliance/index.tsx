import { Button, Flex, Text } from '@radix-ui/themes';
import { type AlertStatus, alertStatuses, CONSOLE_NOTE_MAX_LENGTH } from '@vault/domain';
import {
  ConsoleTable,
  type ConsoleTableColumn,
  DetailPanel,
  DetailPanelLayout,
  FilterBar,
  type FilterBarFilter,
  PageHeader,
  ReasonDialog,
  StatusBadge,
} from '@vault/ui';
import { useState } from 'react';
import { ActionDone, ActionError, listStateProps } from '../../components/ConsoleFeedback';
import { useConsoleAction } from '../../components/useConsoleAction';
import { refreshQuery } from '../../data/_query/cache';
import { type AlertAction, useActOnAlert } from '../../data/complianceAlerts/alertActions';
import { type AlertFilter, type ListedAlert, useAlerts } from '../../data/complianceAlerts/alerts';
import { complianceAlertsQuery } from '../../data/complianceAlerts/keys';
import { formatDateTime } from '../../display/dates';
import { RefusedPaymentEvents } from './RefusedPaymentEvents';

type Alert = ListedAlert;

const columns: readonly ConsoleTableColumn<Alert>[] = [
  { id: 'issue', header: 'Issue', cell: (a) => a.issue, primary: true },
  { id: 'member', header: 'Member', cell: (a) => a.user },
  { id: 'priority', header: 'Priority', cell: (a) => a.priority },
  { id: 'status', header: 'Status', cell: (a) => <StatusBadge status={a.status} /> },
];

/** The status filter's choices, in the list's order; '' (All) lists every alert, open first. */
const statusLabels: Readonly<Record<AlertStatus, string>> = {
  open: 'Open',
  acknowledged: 'Acknowledged',
  resolved: 'Resolved',
};
const statusOptions = alertStatuses.map((status) => ({ value: status, label: statusLabels[status] }));

const dialogs = {
  acknowledge: {
    verb: 'Acknowledge',
    title: (a: Alert) => `Acknowledge “${a.issue}”`,
    description: 'Says someone is on it. The note is optional and kept with the alert.',
    required: false,
  },
  resolve: {
    verb: 'Resolve',
    title: (a: Alert) => `Resolve “${a.issue}”`,
    description: 'Closes the alert. Say what was done: the note is kept with the alert and in the audit trail.',
    required: true,
  },
} as const;

const when = (at: string | null | undefined) => (at ? <time dateTime={at}>{formatDateTime(at)}</time> : '—');

/**
 * /compliance (mfo_admin): the compliance alerts, open first and newest first within a status,
 * filtered by status and paged on the server (`list_alerts`, keyset). Acknowledge and Resolve call
 * `acknowledge_alert` / `resolve_alert`: the server checks the caller, keeps who acted and when
 * with the note, and records the change in the audit trail.
 */
export default function ComplianceScreen() {
  const [status, setStatus] = useState<AlertFilter>('');
  const action = useConsoleAction<AlertAction>();
  const alerts = useAlerts(status, action.version);
  const act = useActOnAlert();
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const rows = alerts.rows;
  const selected = rows.find((a) => a.id === selectedId) ?? null;
  const busy = action.pending !== null;

  function filterBy(value: string) {
    setStatus(alertStatuses.find((s) => s === value) ?? '');
    setSelectedId(null);
    action.clearMessages();
  }

  const filters: readonly FilterBarFilter[] = [
    {
      kind: 'select',
      id: 'status',
      label: 'Status',
      value: status,
      options: statusOptions,
      allLabel: 'All',
      onChange: filterBy,
    },
  ];

  const detail = selected ? (
    <DetailPanel
      title={selected.issue}
      subtitle={<StatusBadge status={selected.status} />}
      fields={[
        { label: 'Member', value: selected.user },
        { label: 'Priority', value: selected.priority },
        { label: 'Acknowledged', value: when(selected.acknowledged_at) },
        { label: 'Resolved', value: when(selected.resolved_at) },
        { label: 'Note', value: selected.note || '—' },
      ]}
      onClose={() => {
        setSelectedId(null);
        action.clearMessages();
      }}
      actions={
        selected.status === 'resolved' ? (
          <Text as="p" size="2" color="gray">
            Resolved: nothing more to do.
          </Text>
        ) : (
          <Flex gap="2" wrap="wrap">
            {selected.status === 'open' ? (
              <Button variant="soft" disabled={busy} onClick={() => action.open('acknowledge')}>
                Acknowledge
              </Button>
            ) : null}
            <Button disabled={busy} onClick={() => action.open('resolve')}>
              Resolve
            </Button>
          </Flex>
        )
      }
    />
  ) : undefined;

  return (
    <Flex direction="column" gap="5">
      <PageHeader
        title="Compliance alerts"
        description="Alerts raised across the platform, open first. Acknowledge one you are handling; resolve it with a note."
      />
      <FilterBar label="Filter alerts" filters={filters} onClear={() => filterBy('')} />
      <ActionDone message={action.done} />
      <DetailPanelLayout
        list={
          <ConsoleTable
            caption="Compliance alerts"
            captionHidden
            columns={columns}
            rows={rows}
            getRowId={(a) => String(a.id)}
            selectedId={selectedId === null ? null : String(selectedId)}
            onSelect={(a) => {
              setSelectedId(a.id);
              action.clearMessages();
            }}
            rowActionLabel={(a) => `Open ${a.issue}`}
            empty={status ? `No ${statusLabels[status].toLowerCase()} alerts` : 'No alerts'}
            {...listStateProps(alerts, 'The alerts could not be loaded')}
          />
        }
        detail={detail}
      />
      <ActionError message={alerts.moreError && `More alerts could not be loaded: ${alerts.moreError}`} />
      <RefusedPaymentEvents />
      {selected && action.dialog ? (
        <ReasonDialog
          title={dialogs[action.dialog].title(selected)}
          description={dialogs[action.dialog].description}
          reasonLabel="Note"
          required={dialogs[action.dialog].required}
          requiredMessage="A note is required to resolve an alert"
          confirmLabel={dialogs[action.dialog].verb}
          tone="accent"
          maxLength={CONSOLE_NOTE_MAX_LENGTH}
          {...action.dialogProps(action.dialog)}
          onConfirm={(note) => {
            const chosen = action.dialog;
            if (!chosen) return;
            void action
              .run(
                chosen,
                () => act(chosen, selected.id, note),
                `“${selected.issue}” ${chosen === 'acknowledge' ? 'acknowledged' : 'resolved'}.`,
              )
              // The dashboards read the alerts' table too: their copy is read again.
              .then((done) => (done ? refreshQuery(complianceAlertsQuery.table) : undefined));
          }}
        />
      ) : null}
    </Flex>
  );
}
