import { Button, Flex } from '@radix-ui/themes';
import { CONSOLE_NOTE_MAX_LENGTH, formatEuros, offeringStatuses } from '@vault/domain';
import {
  ConsoleTable,
  type ConsoleTableColumn,
  DetailPanel,
  DetailPanelLayout,
  FilterBar,
  PageHeader,
  ReasonDialog,
  StatusBadge,
  type StatusBadgeTone,
  SummaryDialog,
} from '@vault/ui';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { ActionDone, ActionError, listStateProps } from '../../components/ConsoleFeedback';
import { useConsoleAction } from '../../components/useConsoleAction';
import {
  type OfferingAction,
  useCreateOffering,
  useOfferingActions,
  useUpdateOffering,
} from '../../data/offerings/actions';
import { useOfferingMaturities } from '../../data/offerings/maturity';
import { type OfferingRow, useOfferingSpvs, useOfferings } from '../../data/offerings/offerings';
import { formatDateTime } from '../../display/dates';
import { useSession } from '../../session/SessionProvider';
import { OfferingForm } from './OfferingForm';
import { OfferingLifecycle } from './OfferingLifecycle';
import { OfferingSubscriptions } from './OfferingSubscriptions';
import { emptyOfferingForm, formOfOffering } from './offeringForm';
import { RedemptionQueue } from './RedemptionQueue';

const statusWords: Record<string, { label: string; tone: StatusBadgeTone }> = {
  draft: { label: 'Draft', tone: 'neutral' },
  in_review: { label: 'In review', tone: 'info' },
  open: { label: 'Open', tone: 'success' },
  issued: { label: 'Issued', tone: 'success' },
  failed: { label: 'Failed', tone: 'danger' },
  withdrawn: { label: 'Withdrawn', tone: 'neutral' },
  closed: { label: 'Closed', tone: 'neutral' },
};

/** An offering's state; an issued one that has matured (its state stays issued on the server) says so. */
function OfferingStatus({ row, matured }: { row: OfferingRow; matured: boolean }) {
  if (matured) return <StatusBadge status="matured" label="Matured" tone="neutral" />;
  const approvedWaiting = row.offering_status === 'in_review' && row.approved_at !== null;
  const words = statusWords[row.offering_status];
  return (
    <StatusBadge
      status={row.offering_status}
      label={approvedWaiting ? 'Approved, opens later' : words?.label}
      tone={words?.tone}
    />
  );
}

const money = (cents: number | null) => (cents === null ? '—' : formatEuros(cents));
const when = (at: string | null) => (at ? <time dateTime={at}>{formatDateTime(at)}</time> : '—');
const percent = (bps: number | null) => (bps === null ? '—' : `${bps / 100}%`);
const ruleWords: Record<string, string> = { first_come: 'First come', pro_rata: 'Pro rata' };

/** The list's columns; `matured` holds the ids of the offerings that have matured. */
const columnsOf = (matured: ReadonlySet<string>): readonly ConsoleTableColumn<OfferingRow>[] => [
  { id: 'name', header: 'Offering', cell: (row) => row.name, primary: true },
  { id: 'spv', header: 'SPV', cell: (row) => row.spv_name },
  { id: 'status', header: 'Status', cell: (row) => <OfferingStatus row={row} matured={matured.has(row.id)} /> },
  {
    id: 'held',
    header: 'Held / minimum',
    align: 'right',
    cell: (row) => `${formatEuros(row.held_cents)} / ${money(row.min_target_cents)}`,
  },
  { id: 'deadline', header: 'Deadline', cell: (row) => when(row.deadline_at) },
  { id: 'rule', header: 'Allocation', cell: (row) => (row.allocation_rule ? ruleWords[row.allocation_rule] : '—') },
];

const statusOptions = offeringStatuses.map((status) => ({
  value: status,
  label: statusWords[status]?.label ?? status,
}));

type Mode = { kind: 'list' } | { kind: 'new' } | { kind: 'edit'; offering: OfferingRow };

/** The dialogs of the console: a reason (return, withdraw) or a summary (approve, close, submit). */
const summaryActions = ['submit', 'approve', 'close'] as const;

/**
 * /offerings: every offering the caller may see, by state (`list_offerings`; an SPV administrator
 * their own SPVs', staff every one). The SPV's administrators create and edit a draft, submit it,
 * close it once its minimum is held, or withdraw it with a reason; mfo_admin, compliance and the
 * admin flag approve it or return it with a reason, never one they submitted (the server holds
 * each rule). The detail shows the terms and the subscriptions with their holds, and while the
 * offering is open its SPV's administrators may reject a Pending one with a reason; an issued
 * offering's also its life after the issue (unit prices, distributions and their payment, its
 * maturity), and the SPV's administrators see the redemptions waiting for their decision under the
 * list. An offering that has matured reads Matured in the list (`offering_maturities`).
 */
export default function OfferingsScreen() {
  const { session } = useSession();
  const [params, setParams] = useSearchParams();
  const status = params.get('status') ?? '';
  const action = useConsoleAction<OfferingAction>();
  const [mode, setMode] = useState<Mode>({ kind: 'list' });
  const [formVersion, setFormVersion] = useState(0);
  // A subscription rejected in the panel changes what the offering holds.
  const [heldVersion, setHeldVersion] = useState(0);
  const list = useOfferings(status || null, action.version + formVersion + heldVersion);
  const [maturedVersion, setMaturedVersion] = useState(0);
  const maturities = useOfferingMaturities(maturedVersion);
  const maturedIds = useMemo(() => new Set(maturities.rows.map((m) => m.opportunity_id)), [maturities.rows]);
  const columns = useMemo(() => columnsOf(maturedIds), [maturedIds]);
  const spvs = useOfferingSpvs();
  const actions = useOfferingActions();
  const create = useCreateOffering();
  const update = useUpdateOffering();
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const selected = list.rows.find((row) => row.id === selectedId) ?? null;
  const busy = action.pending !== null;
  const role = session.user?.role;
  const reviewer = session.isAdmin || role === 'mfo_admin' || role === 'compliance';
  const pays = session.isAdmin || role === 'mfo_admin';
  const mySpvs = spvs.status === 'ready' ? spvs.rows : [];
  const actsFor = (row: OfferingRow) => mySpvs.some((s) => s.id === row.spv_id);

  function chooseStatus(value: string) {
    setParams(value ? { status: value } : {}, { replace: true });
    setSelectedId(null);
  }

  async function act(row: OfferingRow, kind: OfferingAction, reason?: string) {
    const said = {
      submit: `${row.name} submitted for review.`,
      approve: `${row.name} approved.`,
      return: `${row.name} returned to its SPV as a draft.`,
      withdraw: `${row.name} withdrawn.`,
      close: `${row.name} closed: its units are issued.`,
    }[kind];
    await action.run(kind, () => actions[kind](row.id, reason), said);
  }

  async function save(details: Record<string, unknown>): Promise<string | null> {
    if (mode.kind === 'new') {
      const answer = await create(details);
      if (!answer.ok) return answer.error;
      setSelectedId(answer.id);
    } else if (mode.kind === 'edit') {
      const answer = await update(mode.offering.id, details);
      if (!answer.ok) return answer.error;
      setSelectedId(mode.offering.id);
    }
    setMode({ kind: 'list' });
    setFormVersion((v) => v + 1);
    return null;
  }

  if (mode.kind !== 'list') {
    return (
      <Flex direction="column" gap="5">
        <PageHeader title="Offerings" description="Draft an offering: every term, then submit it for review." />
        <OfferingForm
          offeringId={mode.kind === 'edit' ? mode.offering.id : null}
          initial={mode.kind === 'edit' ? formOfOffering(mode.offering) : emptyOfferingForm(mySpvs[0]?.id ?? '')}
          spvs={mySpvs}
          onSave={save}
          onCancel={() => setMode({ kind: 'list' })}
        />
      </Flex>
    );
  }

  const buttonsOf = (row: OfferingRow) => {
    const spv = actsFor(row);
    const state = row.offering_status;
    const buttons: { kind: OfferingAction | 'edit'; label: string; tone?: 'danger' }[] = [];
    if (spv && state === 'draft')
      buttons.push({ kind: 'edit', label: 'Edit draft' }, { kind: 'submit', label: 'Submit for review' });
    if (reviewer && state === 'in_review' && row.approved_at === null && !row.submitted_by_me) {
      buttons.push({ kind: 'approve', label: 'Approve' }, { kind: 'return', label: 'Return', tone: 'danger' });
    }
    if (spv && state === 'open') buttons.push({ kind: 'close', label: 'Close' });
    if (spv && (state === 'draft' || state === 'in_review' || state === 'open')) {
      buttons.push({ kind: 'withdraw', label: 'Withdraw', tone: 'danger' });
    }
    return buttons;
  };

  const detail = selected ? (
    <DetailPanel
      title={selected.name}
      subtitle={<OfferingStatus row={selected} matured={maturedIds.has(selected.id)} />}
      fields={[
        { label: 'SPV', value: selected.spv_name },
        { label: 'Category', value: selected.category },
        { label: 'Region, country', value: `${selected.region}, ${selected.country}` },
        { label: 'Unit price', value: money(selected.unit_price_cents) },
        { label: 'Minimum target', value: money(selected.min_target_cents) },
        { label: 'Maximum', value: money(selected.max_target_cents) },
        { label: 'Tickets', value: `${money(selected.min_ticket_cents)} to ${money(selected.max_ticket_cents)}` },
        { label: 'Held now', value: formatEuros(selected.held_cents) },
        { label: 'Opens at', value: when(selected.opens_at) },
        { label: 'Deadline', value: when(selected.deadline_at) },
        { label: 'Term', value: selected.term_months === null ? '—' : `${selected.term_months} months` },
        { label: 'Projected yield', value: percent(selected.projected_yield_bps) },
        { label: 'Distributions', value: selected.distribution_frequency ?? '—' },
        {
          label: 'Lock-up',
          value:
            selected.lockup_months === null
              ? '—'
              : `${selected.lockup_months} months, early redemption fee ${percent(selected.early_redemption_fee_bps)}`,
        },
        { label: 'Allocation', value: selected.allocation_rule ? ruleWords[selected.allocation_rule] : '—' },
        { label: 'Countries', value: selected.eligible_countries?.join(', ') ?? 'Every country' },
        { label: 'Investor categories', value: selected.eligible_categories?.join(', ') ?? 'Every category' },
        {
          label: 'Impact',
          value: selected.impact_metrics.length
            ? selected.impact_metrics.map((m) => `${m.name}: ${m.per_year} ${m.unit}`).join('; ')
            : '—',
        },
        {
          label: 'Documents',
          value: selected.documents.length ? selected.documents.map((d) => d.name).join('; ') : 'None yet',
        },
        { label: 'Submitted at', value: when(selected.submitted_at) },
        ...(selected.reason ? [{ label: 'Last reason', value: selected.reason }] : []),
      ]}
      onClose={() => {
        setSelectedId(null);
        action.clearMessages();
      }}
      actions={
        buttonsOf(selected).length > 0 ? (
          <Flex gap="2" wrap="wrap">
            {buttonsOf(selected).map((b) => (
              <Button
                key={b.kind}
                color={b.tone === 'danger' ? 'red' : undefined}
                variant={b.tone === 'danger' || b.kind === 'edit' ? 'soft' : 'solid'}
                disabled={busy}
                onClick={() =>
                  b.kind === 'edit' ? setMode({ kind: 'edit', offering: selected }) : action.open(b.kind)
                }
              >
                {b.label}
              </Button>
            ))}
          </Flex>
        ) : undefined
      }
    >
      <ActionError message={action.dialog === null ? action.error : null} />
    </DetailPanel>
  ) : undefined;

  const summaryFields = (row: OfferingRow) => [
    { label: 'Offering', value: row.name },
    { label: 'SPV', value: row.spv_name },
    { label: 'Held now', value: formatEuros(row.held_cents) },
    { label: 'Minimum target', value: money(row.min_target_cents) },
    { label: 'Maximum', value: money(row.max_target_cents) },
    { label: 'Opens at', value: when(row.opens_at) },
    { label: 'Deadline', value: when(row.deadline_at) },
    { label: 'Allocation', value: row.allocation_rule ? ruleWords[row.allocation_rule] : '—' },
    { label: 'Documents', value: row.documents.map((d) => d.name).join('; ') || 'None' },
  ];
  const summaryText = {
    submit: {
      title: 'Submit',
      confirm: 'Submit for review',
      says: 'A reviewer approves it or returns it with a reason.',
    },
    approve: {
      title: 'Approve',
      confirm: 'Approve',
      says: 'It opens at its opening time (now, if that has passed) and investors can subscribe.',
    },
    close: {
      title: 'Close',
      confirm: 'Close and issue',
      says: 'The holds are allocated by its rule, posted, the units issued; what is not allocated is released.',
    },
  } as const;
  const openSummary = selected ? summaryActions.find((kind) => action.dialog === kind) : undefined;

  return (
    <Flex direction="column" gap="5">
      <PageHeader
        title="Offerings"
        description="Each offering's life: drafted by its SPV, reviewed, open for subscriptions, then issued, failed or withdrawn."
        actions={mySpvs.length > 0 ? <Button onClick={() => setMode({ kind: 'new' })}>New offering</Button> : undefined}
      />
      <FilterBar
        label="Filter offerings"
        filters={[
          {
            kind: 'select',
            id: 'status',
            label: 'Status',
            value: status,
            options: statusOptions,
            allLabel: 'Every state',
            onChange: chooseStatus,
          },
        ]}
        onClear={() => chooseStatus('')}
      />
      <ActionDone message={action.done} />
      <DetailPanelLayout
        list={
          <ConsoleTable
            caption="Offerings"
            captionHidden
            columns={columns}
            rows={list.rows}
            getRowId={(row) => row.id}
            selectedId={selectedId}
            onSelect={(row) => {
              setSelectedId(row.id);
              action.clearMessages();
            }}
            rowActionLabel={(row) => `Open ${row.name}`}
            empty={status ? 'No offerings in this state' : 'No offerings yet'}
            {...listStateProps(list, 'The offerings could not be loaded')}
          />
        }
        detail={detail}
      />
      {selected &&
      (selected.offering_status === 'issued' || selected.offering_status === 'closed') &&
      (actsFor(selected) || reviewer) ? (
        <OfferingLifecycle
          key={selected.id}
          offering={selected}
          actsForSpv={actsFor(selected)}
          pays={pays}
          onMatured={() => setMaturedVersion((n) => n + 1)}
        />
      ) : null}
      {selected ? (
        <OfferingSubscriptions
          offeringId={selected.id}
          offeringName={selected.name}
          version={action.version}
          rejects={actsFor(selected) && selected.offering_status === 'open'}
          onRejected={() => setHeldVersion((n) => n + 1)}
        />
      ) : null}
      {mySpvs.length > 0 ? <RedemptionQueue /> : null}
      {selected && openSummary ? (
        <SummaryDialog
          open
          pending={action.pending === openSummary}
          error={action.error ?? undefined}
          onCancel={action.close}
          title={`${summaryText[openSummary].title} ${selected.name}`}
          description={summaryText[openSummary].says}
          fields={summaryFields(selected)}
          confirmLabel={summaryText[openSummary].confirm}
          onConfirm={() => act(selected, openSummary)}
        />
      ) : null}
      {selected && (action.dialog === 'return' || action.dialog === 'withdraw') ? (
        <ReasonDialog
          {...action.dialogProps(action.dialog)}
          title={`${action.dialog === 'return' ? 'Return' : 'Withdraw'} ${selected.name}`}
          description={
            action.dialog === 'return'
              ? 'It goes back to its SPV as a draft; they read the reason.'
              : 'Every hold is released and every investor is told the reason.'
          }
          confirmLabel={action.dialog === 'return' ? 'Return' : 'Withdraw'}
          maxLength={CONSOLE_NOTE_MAX_LENGTH}
          onConfirm={(reason) => act(selected, action.dialog === 'return' ? 'return' : 'withdraw', reason)}
        />
      ) : null}
    </Flex>
  );
}
