import { Button, Flex, Heading, Text } from '@radix-ui/themes';
import {
  CONSOLE_NOTE_MAX_LENGTH,
  categoryLabels,
  formatEuros,
  type InvestorCategory,
  investmentStatuses,
  paymentMethods,
} from '@vault/domain';
import {
  ConsoleTable,
  type ConsoleTableColumn,
  DetailPanel,
  DetailPanelLayout,
  FilterBar,
  PageHeader,
  ReasonDialog,
  StatusBadge,
  SummaryDialog,
} from '@vault/ui';
import { useState } from 'react';
import { ActionDone, ActionError, listStateProps } from '../../components/ConsoleFeedback';
import { useConsoleAction } from '../../components/useConsoleAction';
import { type InvestmentDecision, useReviewInvestment } from '../../data/investments/reviewInvestment';
import {
  type EvidenceState,
  type SubscriptionEvidence,
  useSubscriptionEvidence,
} from '../../data/investments/subscriptionEvidence';
import { type SubscriptionRow, useSubscriptions } from '../../data/investments/subscriptions';
import { formatDateTime } from '../../display/dates';

const submittedAt = (row: SubscriptionRow) =>
  row.submitted_at ? <time dateTime={row.submitted_at}>{formatDateTime(row.submitted_at)}</time> : '—';

/** Whether the investor's reflection period still runs at `now`: Confirm waits for its end. */
const reflectionRuns = (row: SubscriptionRow, now: number) =>
  row.window_ends_at !== null && now < new Date(row.window_ends_at).getTime();

const methodLabel = (method: string) =>
  method === 'bank' || method === 'card' ? paymentMethods[method].label : method;

/** When the investor's reflection period ends, as the server says (none for a professional or a company). */
const reflectionEnds = (row: SubscriptionRow) => {
  if (!row.window_ends_at || (row.status !== 'Pending' && row.status !== 'Awaiting payment')) return '—';
  return <time dateTime={row.window_ends_at}>{formatDateTime(row.window_ends_at)}</time>;
};

const fundsWords: Record<string, string> = {
  held: 'Held in the ledger',
  awaiting_payment: 'Awaiting payment: nothing held yet',
  posted: 'Posted',
  released: 'Released',
  none: 'Nothing held',
};
const kycWords: Record<string, string> = {
  approved: 'Approved',
  pending: 'Under review',
  rejected: 'Rejected',
  resubmission_requested: 'Resubmission requested',
  not_started: 'Not started',
};

function classification(e: SubscriptionEvidence): string {
  if (!e.category) return 'Not declared';
  const label = categoryLabels[e.category as InvestorCategory]?.label ?? e.category;
  const pending = e.professional_status === 'pending' ? ', professional status waiting for compliance' : '';
  return `${label}${e.country ? `, ${e.country}` : ''}${pending}`;
}

const agreement = (e: SubscriptionEvidence) =>
  e.agreement_signed_at
    ? `Version ${e.agreement_version ?? '?'}, signed ${formatDateTime(e.agreement_signed_at)}`
    : 'Not signed';

/** The evidence as label and value pairs: the panel's section and the Confirm summary show the same. */
function evidenceFields(e: SubscriptionEvidence) {
  return [
    { label: 'Funds', value: fundsWords[e.funds] ?? e.funds },
    { label: 'KYC', value: kycWords[e.kyc_status] ?? e.kyc_status },
    { label: 'Classification', value: classification(e) },
    { label: 'Membership agreement', value: agreement(e) },
  ];
}

/** The panel's evidence, read before any decision: loading, the server's refusal, or the facts. */
function Evidence({ state }: { state: EvidenceState }) {
  return (
    <Flex direction="column" gap="2" aria-labelledby="evidence-heading" role="region">
      <Heading as="h3" size="3" id="evidence-heading">
        Before you decide
      </Heading>
      {state.status === 'loading' ? (
        <Text size="2" color="gray" role="status">
          Loading the evidence…
        </Text>
      ) : state.status === 'none' ? (
        <Text size="2" color="gray">
          No evidence is recorded for this subscription.
        </Text>
      ) : state.status === 'error' ? (
        <Text size="2" color="red" role="alert">
          The evidence could not be loaded: {state.error}
        </Text>
      ) : (
        <dl
          style={{
            display: 'grid',
            gridTemplateColumns: 'minmax(7rem, max-content) 1fr',
            gap: 'var(--space-2) var(--space-4)',
            margin: 0,
          }}
        >
          {evidenceFields(state.evidence).map((f) => (
            <div key={f.label} style={{ display: 'contents' }}>
              <dt style={{ color: 'var(--gray-11)', fontSize: 'var(--font-size-2)' }}>{f.label}</dt>
              <dd style={{ margin: 0, fontSize: 'var(--font-size-2)' }}>{f.value}</dd>
            </div>
          ))}
        </dl>
      )}
    </Flex>
  );
}

const columns: readonly ConsoleTableColumn<SubscriptionRow>[] = [
  { id: 'investor', header: 'Investor', cell: (row) => row.investor, primary: true },
  { id: 'opportunity', header: 'Opportunity', cell: (row) => row.opportunity_name },
  { id: 'amount', header: 'Amount', cell: (row) => formatEuros(row.amount_cents) },
  { id: 'method', header: 'Method', cell: (row) => methodLabel(row.method) },
  { id: 'submitted', header: 'Submitted at', cell: submittedAt },
  { id: 'reflection', header: 'Reflection ends', cell: reflectionEnds },
  { id: 'status', header: 'Status', cell: (row) => <StatusBadge status={row.status} /> },
];

const statusOptions = investmentStatuses.map((status) => ({ value: status, label: status }));

/**
 * /investments (eq_spv_admin): the subscriptions, `Pending` first, paged and filtered on the
 * server (`list_subscriptions`), with when each investor's reflection window ends. The decision
 * panel shows its evidence first (`subscription_evidence`: funds, KYC, classification, agreement);
 * Confirm opens a summary of it, Reject a dialog for the reason; both stay open with what they
 * hold when the call fails, and call `review_investment`.
 */
export default function InvestmentsScreen() {
  const [status, setStatus] = useState('');
  const action = useConsoleAction<InvestmentDecision>();
  const list = useSubscriptions(status || null, action.version);
  const review = useReviewInvestment();
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const selected = list.rows.find((row) => row.id === selectedId) ?? null;
  const evidence = useSubscriptionEvidence(selected?.id ?? null, action.version);
  const busy = action.pending !== null;

  async function decide(row: SubscriptionRow, decision: InvestmentDecision, reason: string | null) {
    const said = `${row.investor}: ${formatEuros(row.amount_cents)} in ${row.opportunity_name} ${decision === 'confirmed' ? 'confirmed' : 'rejected'}.`;
    if (await action.run(decision, () => review(row.id, decision, reason), said)) setSelectedId(null);
  }

  const detail = selected ? (
    <DetailPanel
      title={selected.investor}
      subtitle={<StatusBadge status={selected.status} />}
      fields={[
        { label: 'Email', value: selected.email },
        { label: 'Opportunity', value: selected.opportunity_name },
        { label: 'Amount', value: formatEuros(selected.amount_cents) },
        { label: 'Total with fees', value: formatEuros(selected.total_cents) },
        { label: 'Method', value: methodLabel(selected.method) },
        { label: 'Submitted at', value: submittedAt(selected) },
        { label: 'Reflection ends', value: reflectionEnds(selected) },
        ...(selected.reason ? [{ label: 'Reason', value: selected.reason }] : []),
      ]}
      onClose={() => {
        setSelectedId(null);
        action.clearMessages();
      }}
      actions={
        selected.status === 'Pending' ? (
          <Flex gap="2" wrap="wrap">
            <Button disabled={busy || reflectionRuns(selected, Date.now())} onClick={() => action.open('confirmed')}>
              Confirm
            </Button>
            <Button color="red" variant="soft" disabled={busy} onClick={() => action.open('rejected')}>
              Reject
            </Button>
          </Flex>
        ) : undefined
      }
    >
      <Evidence state={evidence} />
      <ActionError message={action.dialog === null ? action.error : null} />
    </DetailPanel>
  ) : undefined;

  return (
    <Flex direction="column" gap="5">
      <PageHeader
        title="Subscriptions"
        description="Investments waiting for the equity SPV's confirmation come first."
      />
      <FilterBar
        label="Filter subscriptions"
        filters={[
          {
            kind: 'select',
            id: 'status',
            label: 'Status',
            value: status,
            options: statusOptions,
            allLabel: 'Pending first, then all',
            onChange: (value) => {
              setStatus(value);
              setSelectedId(null);
            },
          },
        ]}
        onClear={() => setStatus('')}
      />
      <ActionDone message={action.done} />
      <DetailPanelLayout
        list={
          <ConsoleTable
            caption="Subscriptions"
            captionHidden
            columns={columns}
            rows={list.rows}
            getRowId={(row) => row.id}
            selectedId={selectedId}
            onSelect={(row) => {
              setSelectedId(row.id);
              action.clearMessages();
            }}
            rowActionLabel={(row) => `Review ${row.investor}'s ${row.opportunity_name} subscription`}
            empty="No subscriptions"
            {...listStateProps(list, 'The subscriptions could not be loaded')}
          />
        }
        detail={detail}
      />
      {selected && action.dialog === 'confirmed' ? (
        <SummaryDialog
          open
          pending={action.pending === 'confirmed'}
          error={action.error ?? undefined}
          onCancel={action.close}
          title={`Confirm ${selected.investor}'s subscription`}
          description="The money held is posted and the investment becomes Active."
          fields={[
            { label: 'Investor', value: selected.investor },
            { label: 'Opportunity', value: selected.opportunity_name },
            { label: 'Amount', value: formatEuros(selected.amount_cents) },
            { label: 'Reflection ends', value: reflectionEnds(selected) },
            ...(evidence.status === 'ready' ? evidenceFields(evidence.evidence) : []),
          ]}
          confirmLabel="Confirm"
          onConfirm={() => decide(selected, 'confirmed', null)}
        />
      ) : null}
      {selected && action.dialog === 'rejected' ? (
        <ReasonDialog
          {...action.dialogProps('rejected')}
          title={`Reject ${selected.investor}'s subscription`}
          description="The investor is told the reason; the investment ends rejected."
          confirmLabel="Reject"
          maxLength={CONSOLE_NOTE_MAX_LENGTH}
          onConfirm={(reason) => decide(selected, 'rejected', reason)}
        />
      ) : null}
    </Flex>
  );
}
