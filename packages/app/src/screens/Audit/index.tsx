import { Button, Callout, Code, Flex, Text } from '@radix-ui/themes';
import { auditActions } from '@vault/domain';
import {
  ConsoleTable,
  type ConsoleTableColumn,
  CsvExportButton,
  FilterBar,
  type FilterBarFilter,
  PageHeader,
} from '@vault/ui';
import { useState } from 'react';
import {
  type AuditEvent,
  type AuditFilters,
  noAuditFilters,
  useAuditEvents,
  useAuditNames,
  useExportAuditCsv,
  useVerifyAuditTrail,
} from '../../data/audit/auditEvents';
import { formatDateTime } from '../../display/dates';

const timeOf = (event: AuditEvent) =>
  event.occurred_at instanceof Date ? event.occurred_at.toISOString() : event.occurred_at;

/** A member by name, the id on hover; an id the server did not name (a deleted account) as itself. */
function Person({ id, names }: { id: string | null; names: ReadonlyMap<string, string> }) {
  if (id === null) return '—';
  const name = names.get(id);
  return name ? <span title={id}>{name}</span> : <span>{id}</span>;
}

const columnsWith = (names: ReadonlyMap<string, string>): readonly ConsoleTableColumn<AuditEvent>[] => [
  { id: 'id', header: 'Event', cell: (e) => String(e.id), width: '5rem' },
  { id: 'at', header: 'When', cell: (e) => <time dateTime={timeOf(e)}>{formatDateTime(timeOf(e))}</time> },
  { id: 'action', header: 'Action', cell: (e) => e.action, primary: true },
  {
    id: 'actor',
    header: 'Actor',
    cell: (e) =>
      e.actor_id ? (
        <>
          <Person id={e.actor_id} names={names} /> ({e.actor_role})
        </>
      ) : (
        e.actor_role
      ),
  },
  { id: 'member', header: 'Member', cell: (e) => <Person id={e.member_id} names={names} /> },
  { id: 'subject', header: 'Subject', cell: (e) => (e.subject_type ? `${e.subject_type} ${e.subject_id ?? ''}` : '—') },
];

const actionOptions = auditActions.map((action) => ({ value: action, label: action }));

type Verification =
  | { state: 'idle' }
  | { state: 'running' }
  | { state: 'intact' }
  | { state: 'broken'; id: string }
  | { state: 'failed'; error: string };

/**
 * /audit (compliance): the hash-chained trail, newest first, filtered by member, action and date
 * range on the server (`list_audit_events`, keyset paged). Export CSV reads every page of the
 * filter; Verify integrity runs `audit_verify()` over the whole chain.
 */
export default function AuditScreen() {
  const [filters, setFilters] = useState<AuditFilters>(noAuditFilters);
  const events = useAuditEvents(filters);
  const names = useAuditNames(events.rows);
  const exportCsv = useExportAuditCsv();
  const verify = useVerifyAuditTrail();
  const [verification, setVerification] = useState<Verification>({ state: 'idle' });
  const [exportError, setExportError] = useState<string | null>(null);

  const filterFields: readonly FilterBarFilter[] = [
    {
      kind: 'search',
      id: 'member',
      label: 'Member id',
      value: filters.memberId,
      placeholder: 'A member’s id',
      onChange: (memberId) => setFilters((f) => ({ ...f, memberId })),
    },
    {
      kind: 'select',
      id: 'action',
      label: 'Action',
      value: filters.action,
      options: actionOptions,
      allLabel: 'All actions',
      onChange: (action) => setFilters((f) => ({ ...f, action })),
    },
    {
      kind: 'dateRange',
      id: 'dates',
      label: 'Date range',
      value: { from: filters.from, to: filters.to },
      onChange: ({ from, to }) => setFilters((f) => ({ ...f, from, to })),
    },
  ];

  async function runVerify() {
    setVerification({ state: 'running' });
    const answer = await verify();
    if (!answer.ok) setVerification({ state: 'failed', error: answer.error });
    else if (answer.brokenId === null) setVerification({ state: 'intact' });
    else setVerification({ state: 'broken', id: answer.brokenId });
  }

  return (
    <Flex direction="column" gap="5">
      <PageHeader
        title="Audit trail"
        description="Every recorded action, newest first. Each event is chained to the one before it."
      />
      <Flex gap="3" wrap="wrap" align="center">
        <Button variant="soft" loading={verification.state === 'running'} onClick={runVerify}>
          Verify integrity
        </Button>
        <CsvExportButton
          filename={`audit-events-${new Date().toISOString().slice(0, 10)}.csv`}
          getCsv={async () => {
            setExportError(null);
            const answer = await exportCsv(filters);
            if (!answer.ok) {
              setExportError(answer.error);
              throw new Error(answer.error);
            }
            return answer.csv;
          }}
        />
      </Flex>
      <div aria-live="polite">
        {verification.state === 'intact' ? (
          <Callout.Root color="teal" highContrast role="status">
            <Callout.Text>Chain intact</Callout.Text>
          </Callout.Root>
        ) : verification.state === 'broken' ? (
          <Callout.Root color="red" highContrast role="alert">
            <Callout.Text>
              The chain breaks at event <Code>{verification.id}</Code>: its hash does not follow from the events before
              it.
            </Callout.Text>
          </Callout.Root>
        ) : verification.state === 'failed' ? (
          <Callout.Root color="red" highContrast role="alert">
            <Callout.Text>The integrity check failed: {verification.error}</Callout.Text>
          </Callout.Root>
        ) : null}
        {exportError ? (
          <Text as="p" role="alert" color="red" size="2">
            The export failed: {exportError}
          </Text>
        ) : null}
      </div>
      <FilterBar label="Filter audit events" filters={filterFields} onClear={() => setFilters(noAuditFilters)} />
      <ConsoleTable
        caption="Audit events"
        captionHidden
        columns={columnsWith(names)}
        rows={events.rows}
        getRowId={(e) => String(e.id)}
        loading={events.status === 'loading'}
        empty="No events match these filters"
        error={events.status === 'error' ? `The audit trail could not be loaded: ${events.error}` : undefined}
        onRetry={events.retry}
        hasMore={events.hasMore}
        loadingMore={events.loadingMore}
        onLoadMore={events.loadMore}
      />
      {events.moreError ? (
        <Text as="p" role="alert" color="red" size="2">
          More events could not be loaded: {events.moreError}
        </Text>
      ) : null}
    </Flex>
  );
}
