import { Button, Flex, Text } from '@radix-ui/themes';
import { CONSOLE_NOTE_MAX_LENGTH, type ComplianceAlert } from '@vault/domain';
import {
  ConsoleTable,
  type ConsoleTableColumn,
  DetailPanel,
  DetailPanelLayout,
  PageHeader,
  ReasonDialog,
  StatusBadge,
} from '@vault/ui';
import { useState } from 'react';
import { refreshQuery } from '../../data/_query/cache';
import { type AlertAction, useActOnAlert } from '../../data/alerts/alertActions';
import { complianceAlertsQuery } from '../../data/compliance/keys';
import { useComplianceAlerts } from '../../data/compliance/queries';
import { formatDateTime } from '../../display/dates';

type Alert = ComplianceAlert & { id: number };

const statusOf = (alert: ComplianceAlert) => alert.status ?? 'open';

const columns: readonly ConsoleTableColumn<Alert>[] = [
  { id: 'issue', header: 'Issue', cell: (a) => a.issue, primary: true },
  { id: 'member', header: 'Member', cell: (a) => a.user },
  { id: 'priority', header: 'Priority', cell: (a) => a.priority },
  { id: 'status', header: 'Status', cell: (a) => <StatusBadge status={statusOf(a)} /> },
];

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
 * /compliance (mfo_admin): the compliance dashboard's alerts, open first. Acknowledge and Resolve
 * call `acknowledge_alert` / `resolve_alert`: the server checks the caller, keeps who acted and
 * when with the note, and records the change in the audit trail.
 */
export default function ComplianceScreen() {
  const alerts = useComplianceAlerts();
  const act = useActOnAlert();
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [dialog, setDialog] = useState<AlertAction | null>(null);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const order = { open: 0, acknowledged: 1, resolved: 2 } as const;
  const rows: Alert[] = (alerts.rows ?? [])
    .filter((a): a is Alert => typeof a.id === 'number')
    .sort((a, b) => order[statusOf(a)] - order[statusOf(b)] || a.id - b.id);
  const selected = rows.find((a) => a.id === selectedId) ?? null;

  async function run(alert: Alert, action: AlertAction, note: string) {
    setPending(true);
    setError(null);
    const answer = await act(action, alert.id, note);
    setPending(false);
    if (!answer.ok) {
      setError(answer.error);
      return;
    }
    setDone(`“${alert.issue}” ${action === 'acknowledge' ? 'acknowledged' : 'resolved'}.`);
    setDialog(null);
    refreshQuery(complianceAlertsQuery.table);
  }

  const detail = selected ? (
    <DetailPanel
      title={selected.issue}
      subtitle={<StatusBadge status={statusOf(selected)} />}
      fields={[
        { label: 'Member', value: selected.user },
        { label: 'Priority', value: selected.priority },
        { label: 'Acknowledged', value: when(selected.acknowledged_at) },
        { label: 'Resolved', value: when(selected.resolved_at) },
        { label: 'Note', value: selected.note || '—' },
      ]}
      onClose={() => {
        setSelectedId(null);
        setError(null);
      }}
      actions={
        statusOf(selected) === 'resolved' ? (
          <Text as="p" size="2" color="gray">
            Resolved: nothing more to do.
          </Text>
        ) : (
          <Flex gap="2" wrap="wrap">
            {statusOf(selected) === 'open' ? (
              <Button
                variant="soft"
                disabled={pending}
                onClick={() => {
                  setError(null);
                  setDialog('acknowledge');
                }}
              >
                Acknowledge
              </Button>
            ) : null}
            <Button
              disabled={pending}
              onClick={() => {
                setError(null);
                setDialog('resolve');
              }}
            >
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
      {done ? (
        <Text as="p" role="status" size="2" color="teal">
          {done}
        </Text>
      ) : null}
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
              setError(null);
              setDone(null);
            }}
            rowActionLabel={(a) => `Open ${a.issue}`}
            loading={alerts.status === 'loading'}
            empty="No alerts"
            error={alerts.status === 'error' ? `The alerts could not be loaded: ${alerts.error}` : undefined}
            onRetry={alerts.retry}
          />
        }
        detail={detail}
      />
      {selected && dialog ? (
        <ReasonDialog
          open
          title={dialogs[dialog].title(selected)}
          description={dialogs[dialog].description}
          reasonLabel="Note"
          required={dialogs[dialog].required}
          requiredMessage="A note is required to resolve an alert"
          confirmLabel={dialogs[dialog].verb}
          tone="accent"
          maxLength={CONSOLE_NOTE_MAX_LENGTH}
          pending={pending}
          error={error ?? undefined}
          onCancel={() => {
            setDialog(null);
            setError(null);
          }}
          onConfirm={(note) => run(selected, dialog, note)}
        />
      ) : null}
    </Flex>
  );
}
