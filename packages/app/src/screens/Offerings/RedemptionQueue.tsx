import { Button, Flex, Text } from '@radix-ui/themes';
import { formatDateTime, formatEuros } from '@vault/domain';
import { DataTable, ReasonDialog, StatusBadge, SummaryDialog } from '@vault/ui';
import { useEffect, useState } from 'react';
import { ActionDone } from '../../components/ConsoleFeedback';
import { Section } from '../../components/Section';
import { useConsoleAction } from '../../components/useConsoleAction';
import { type RedemptionQueueRow, useRedemptionQueue, useReviewRedemption } from '../../data/redemptions/redemptions';
import { timeLeftToDecide } from './lifecycleForms';

const REASON_MAX = 500;

/** Re-renders once a minute, so the time left counts down. */
function useNow(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), 60_000);
    return () => window.clearInterval(timer);
  }, []);
  return now;
}

/**
 * What the redemption pays, as the server answers it: the approval's figures once decided; while
 * it waits, what approving it today would pay at today's unit price, less its fee.
 */
function quoteText(row: RedemptionQueueRow): string {
  if (row.price_cents === null || row.fee_cents === null || row.net_cents === null) return '—';
  const at =
    row.status === 'requested'
      ? `today, at ${formatEuros(row.unit_price_cents ?? 0)} a unit`
      : `at ${formatEuros(row.unit_price_cents ?? 0)} a unit`;
  return `${formatEuros(row.price_cents)} less ${formatEuros(row.fee_cents)} fee: ${formatEuros(row.net_cents)} (${at})`;
}

const statusWords: Record<RedemptionQueueRow['status'], { label: string; tone: 'info' | 'success' | 'danger' }> = {
  requested: { label: 'Waiting', tone: 'info' },
  approved: { label: 'Approved', tone: 'success' },
  rejected: { label: 'Rejected', tone: 'danger' },
};

type Decision = 'approve' | 'reject';

/**
 * The redemptions of the caller's SPVs (`list_redemptions`), open requests first and soonest due
 * first, each with its units, quote and time left; Approve behind a summary, Reject with a reason
 * (`review_redemption`: the server checks who and when, and its refusal shows in the dialog).
 */
export function RedemptionQueue() {
  const action = useConsoleAction<Decision>();
  const list = useRedemptionQueue(action.version);
  const review = useReviewRedemption();
  const now = useNow();
  const [chosenId, setChosenId] = useState<string | null>(null);
  const chosen = list.rows.find((row) => row.id === chosenId) ?? null;
  const investor = (row: RedemptionQueueRow) => row.member_name ?? 'An investor';
  const choose = (row: RedemptionQueueRow, decision: Decision) => {
    setChosenId(row.id);
    action.open(decision);
  };

  return (
    <Section
      title="Redemptions"
      description={
        <Text as="p" size="2" color="gray">
          Requests to redeem units of your SPVs' offerings: decide each before its time runs out.
        </Text>
      }
    >
      <ActionDone message={action.done} />
      {list.status === 'loading' ? (
        <Text size="2" color="gray" role="status">
          Loading the redemptions…
        </Text>
      ) : list.status === 'error' ? (
        <Flex direction="column" gap="2" align="start" role="alert">
          <Text size="2" color="red">
            The redemptions could not be loaded: {list.error}
          </Text>
          <Button size="1" variant="soft" onClick={list.retry}>
            Retry
          </Button>
        </Flex>
      ) : (
        <DataTable
          caption="Redemptions"
          captionHidden
          rows={list.rows}
          getRowKey={(row) => row.id}
          rowHeaderKey="investor"
          emptyMessage="No redemptions asked"
          columns={[
            { key: 'investor', header: 'Investor', render: investor },
            { key: 'offering', header: 'Offering', render: (row) => row.opportunity_name },
            { key: 'units', header: 'Units', align: 'right', render: (row) => row.units.toLocaleString('en-IE') },
            { key: 'quote', header: 'Quote', render: (row) => quoteText(row) },
            {
              key: 'time',
              header: 'Time left',
              render: (row) =>
                row.status === 'requested' ? (
                  <time dateTime={row.due_at}>{timeLeftToDecide(row.due_at, now)}</time>
                ) : row.decided_at ? (
                  <>
                    Decided <time dateTime={row.decided_at}>{formatDateTime(row.decided_at)}</time>
                  </>
                ) : (
                  '—'
                ),
            },
            {
              key: 'status',
              header: 'Status',
              render: (row) => (
                <Flex direction="column" gap="1">
                  <StatusBadge
                    status={row.status}
                    label={statusWords[row.status].label}
                    tone={statusWords[row.status].tone}
                  />
                  {row.reason ? <Text size="1">{row.reason}</Text> : null}
                </Flex>
              ),
            },
            {
              key: 'decide',
              header: 'Decide',
              render: (row) =>
                row.status === 'requested' ? (
                  <Flex gap="2">
                    <Button
                      size="1"
                      disabled={action.pending !== null}
                      aria-label={`Approve ${investor(row)}'s redemption of ${row.units} units`}
                      onClick={() => choose(row, 'approve')}
                    >
                      Approve
                    </Button>
                    <Button
                      size="1"
                      variant="soft"
                      color="red"
                      disabled={action.pending !== null}
                      aria-label={`Reject ${investor(row)}'s redemption of ${row.units} units`}
                      onClick={() => choose(row, 'reject')}
                    >
                      Reject
                    </Button>
                  </Flex>
                ) : null,
            },
          ]}
        />
      )}
      {chosen && action.dialog === 'approve' ? (
        <SummaryDialog
          open
          pending={action.pending === 'approve'}
          error={action.error ?? undefined}
          onCancel={action.close}
          title={`Approve ${investor(chosen)}'s redemption`}
          description="At today's unit price the units are cancelled, the net paid to the investor's cash and the fee to the platform, from the offering's account."
          fields={[
            { label: 'Investor', value: investor(chosen) },
            { label: 'Offering', value: chosen.opportunity_name },
            { label: 'Units', value: chosen.units.toLocaleString('en-IE') },
            { label: 'Quote', value: quoteText(chosen) },
            { label: 'Requested at', value: formatDateTime(chosen.requested_at) },
            { label: 'Time left', value: timeLeftToDecide(chosen.due_at, now) },
          ]}
          confirmLabel="Approve"
          onConfirm={() =>
            void action.run(
              'approve',
              () => review(chosen.id, 'approved', ''),
              `${investor(chosen)}'s redemption of ${chosen.units} units approved.`,
            )
          }
        />
      ) : null}
      {chosen && action.dialog === 'reject' ? (
        <ReasonDialog
          {...action.dialogProps('reject')}
          title={`Reject ${investor(chosen)}'s redemption`}
          description="The investor keeps the units and reads the reason."
          confirmLabel="Reject"
          maxLength={REASON_MAX}
          onConfirm={(reason) =>
            void action.run(
              'reject',
              () => review(chosen.id, 'rejected', reason),
              `${investor(chosen)}'s redemption of ${chosen.units} units rejected.`,
            )
          }
        />
      ) : null}
    </Section>
  );
}
