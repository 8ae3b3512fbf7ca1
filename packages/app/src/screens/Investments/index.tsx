import { Button, Flex } from '@radix-ui/themes';
import { CONSOLE_NOTE_MAX_LENGTH, formatEuros, investmentStatuses, paymentMethods } from '@vault/domain';
import {
  ConsoleTable,
  type ConsoleTableColumn,
  DetailPanel,
  DetailPanelLayout,
  FilterBar,
  PageHeader,
  ReasonDialog,
  StatusBadge,
} from '@vault/ui';
import { useState } from 'react';
import { ActionDone, ActionError, listStateProps } from '../../components/ConsoleFeedback';
import { useConsoleAction } from '../../components/useConsoleAction';
import { type InvestmentDecision, useReviewInvestment } from '../../data/investments/reviewInvestment';
import { type SubscriptionRow, useSubscriptions } from '../../data/investments/subscriptions';
import { formatDateTime } from '../../display/dates';

const submittedAt = (row: SubscriptionRow) =>
  row.submitted_at ? <time dateTime={row.submitted_at}>{formatDateTime(row.submitted_at)}</time> : '—';

/** Whether the investor's reflection period still runs at `now`: Confirm waits for its end. */
const reflectionRuns = (row: SubscriptionRow, now: number) =>
  row.window_ends_at !== null && now < new Date(row.window_ends_at).getTime();

const methodLabel = (method: string) =>
  method === 'bank' || method === 'card' ? paymentMethods[method].label : method;

const columns: readonly ConsoleTableColumn<SubscriptionRow>[] = [
  { id: 'investor', header: 'Investor', cell: (row) => row.investor, primary: true },
  { id: 'opportunity', header: 'Opportunity', cell: (row) => row.opportunity_name },
  { id: 'amount', header: 'Amount', cell: (row) => formatEuros(row.amount_cents) },
  { id: 'method', header: 'Method', cell: (row) => methodLabel(row.method) },
  { id: 'submitted', header: 'Submitted at', cell: submittedAt },
  { id: 'status', header: 'Status', cell: (row) => <StatusBadge status={row.status} /> },
];

const statusOptions = investmentStatuses.map((status) => ({ value: status, label: status }));

/**
 * /investments (eq_spv_admin): the subscriptions, `Pending` first, paged and filtered on the
 * server (`list_subscriptions`). Confirm, or Reject with a reason typed in a dialog that stays
 * open with its text when the call fails, call `review_investment`.
 */
export default function InvestmentsScreen() {
  const [status, setStatus] = useState('');
  const action = useConsoleAction<InvestmentDecision>();
  const list = useSubscriptions(status || null, action.version);
  const review = useReviewInvestment();
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const selected = list.rows.find((row) => row.id === selectedId) ?? null;
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
        ...(selected.status === 'Pending' && selected.window_ends_at
          ? [
              {
                label: 'Reflection period ends',
                value: <time dateTime={selected.window_ends_at}>{formatDateTime(selected.window_ends_at)}</time>,
              },
            ]
          : []),
        ...(selected.reason ? [{ label: 'Reason', value: selected.reason }] : []),
      ]}
      onClose={() => {
        setSelectedId(null);
        action.clearMessages();
      }}
      actions={
        selected.status === 'Pending' ? (
          <Flex gap="2" wrap="wrap">
            <Button
              loading={action.pending === 'confirmed'}
              disabled={busy || reflectionRuns(selected, Date.now())}
              onClick={() => decide(selected, 'confirmed', null)}
            >
              Confirm
            </Button>
            <Button color="red" variant="soft" disabled={busy} onClick={() => action.open('rejected')}>
              Reject
            </Button>
          </Flex>
        ) : undefined
      }
    >
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
