import { Button, Flex, Text } from '@radix-ui/themes';
import { formatEuros, investmentStatuses, paymentMethods } from '@vault/domain';
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
import { type InvestmentDecision, useReviewInvestment } from '../../data/subscriptions/reviewInvestment';
import { type SubscriptionRow, useSubscriptions } from '../../data/subscriptions/subscriptions';
import { formatDateTime } from '../../display/dates';

const submittedAt = (row: SubscriptionRow) =>
  row.submitted_at ? <time dateTime={row.submitted_at}>{formatDateTime(row.submitted_at)}</time> : '—';

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
  const [version, setVersion] = useState(0);
  const list = useSubscriptions(status || null, version);
  const review = useReviewInvestment();
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [rejecting, setRejecting] = useState(false);
  const [pending, setPending] = useState<InvestmentDecision | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const selected = list.rows.find((row) => row.id === selectedId) ?? null;

  async function decide(row: SubscriptionRow, decision: InvestmentDecision, reason: string | null) {
    setPending(decision);
    setError(null);
    const answer = await review(row.id, decision, reason);
    setPending(null);
    if (!answer.ok) {
      setError(answer.error);
      return;
    }
    setDone(
      `${row.investor}: ${formatEuros(row.amount_cents)} in ${row.opportunity_name} ${decision === 'confirmed' ? 'confirmed' : 'rejected'}.`,
    );
    setRejecting(false);
    setSelectedId(null);
    setVersion((n) => n + 1);
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
        ...(selected.reason ? [{ label: 'Reason', value: selected.reason }] : []),
      ]}
      onClose={() => {
        setSelectedId(null);
        setError(null);
      }}
      actions={
        selected.status === 'Pending' ? (
          <Flex gap="2" wrap="wrap">
            <Button
              loading={pending === 'confirmed'}
              disabled={pending !== null}
              onClick={() => decide(selected, 'confirmed', null)}
            >
              Confirm
            </Button>
            <Button
              color="red"
              variant="soft"
              disabled={pending !== null}
              onClick={() => {
                setError(null);
                setRejecting(true);
              }}
            >
              Reject
            </Button>
          </Flex>
        ) : undefined
      }
    >
      {error && !rejecting ? (
        <Text as="p" role="alert" color="red" size="2">
          {error}
        </Text>
      ) : null}
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
      {done ? (
        <Text as="p" role="status" size="2" color="teal">
          {done}
        </Text>
      ) : null}
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
              setError(null);
              setDone(null);
            }}
            rowActionLabel={(row) => `Review ${row.investor}'s ${row.opportunity_name} subscription`}
            loading={list.status === 'loading'}
            empty="No subscriptions"
            error={list.status === 'error' ? `The subscriptions could not be loaded: ${list.error}` : undefined}
            onRetry={list.retry}
            hasMore={list.hasMore}
            loadingMore={list.loadingMore}
            onLoadMore={list.loadMore}
          />
        }
        detail={detail}
      />
      {selected && rejecting ? (
        <ReasonDialog
          open
          title={`Reject ${selected.investor}'s subscription`}
          description="The investor is told the reason; the investment ends rejected."
          confirmLabel="Reject"
          maxLength={500}
          pending={pending === 'rejected'}
          error={error ?? undefined}
          onCancel={() => {
            setRejecting(false);
            setError(null);
          }}
          onConfirm={(reason) => decide(selected, 'rejected', reason)}
        />
      ) : null}
    </Flex>
  );
}
