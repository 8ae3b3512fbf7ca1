import { Button, Flex, Grid, Heading, Text } from '@radix-ui/themes';
import { formatDate, formatEuros } from '@vault/domain';
import { DataTable, StatusBadge, SummaryDialog } from '@vault/ui';
import { useState } from 'react';
import { ActionDone } from '../../components/ConsoleFeedback';
import { useConsoleAction } from '../../components/useConsoleAction';
import {
  type DistributionRow,
  useOfferingDistributions,
  usePayDistribution,
} from '../../data/distributions/distributions';
import type { OfferingRow } from '../../data/offerings/offerings';
import { DistributionForm } from './DistributionForm';
import { IncomeForm, IncomeReceived } from './IncomeForm';
import { kindWords } from './lifecycleForms';
import { MaturityCard } from './Maturity';
import { UnitPriceForm } from './UnitPriceForm';

/**
 * An issued offering's life in the console (docs/lifecycle.md): its SPV's administrators set a
 * unit price, declare distributions, record the income the offering received and mature it at the
 * end of its term; its income and distributions are listed, and mfo_admin or the admin flag pays
 * one (never its declarer: the server refuses, and the dialog shows why).
 */
export function OfferingLifecycle({
  offering,
  actsForSpv,
  pays,
  onMatured,
}: {
  offering: OfferingRow;
  /** The caller administers the offering's SPV: the three forms and Mature. */
  actsForSpv: boolean;
  /** mfo_admin or the admin flag: Pay. */
  pays: boolean;
  /** The offering matured: the list reads its state again. */
  onMatured: () => void;
}) {
  const { id: offeringId, name: offeringName } = offering;
  // Bumped by a declaration, recorded income or a payment: the lists (and what the account may pay) read again.
  const [changes, setChanges] = useState(0);
  return (
    <Flex direction="column" gap="4">
      <Heading as="h2" size="4">
        After the issue of {offeringName}
      </Heading>
      {actsForSpv ? (
        <Grid columns={{ initial: '1', md: '2' }} gap="4" align="start">
          <UnitPriceForm offeringId={offeringId} />
          <DistributionForm offeringId={offeringId} onDeclared={() => setChanges((n) => n + 1)} />
          <IncomeForm offeringId={offeringId} onRecorded={() => setChanges((n) => n + 1)} />
          <MaturityCard offering={offering} onMatured={onMatured} />
        </Grid>
      ) : null}
      <IncomeReceived offeringId={offeringId} offeringName={offeringName} version={changes} />
      <Distributions
        offeringId={offeringId}
        offeringName={offeringName}
        pays={pays}
        version={changes}
        onPaid={() => setChanges((n) => n + 1)}
      />
    </Flex>
  );
}

/** The offering's distributions with their state; Pay behind a summary for those who pay. */
function Distributions({
  offeringId,
  offeringName,
  pays,
  version,
  onPaid,
}: {
  offeringId: string;
  offeringName: string;
  pays: boolean;
  version: number;
  /** A payment went through: what the offering's account may pay has changed. */
  onPaid: () => void;
}) {
  const action = useConsoleAction<'pay'>();
  const list = useOfferingDistributions(offeringId, version + action.version);
  const [payingId, setPayingId] = useState<string | null>(null);
  const paying = list.rows.find((row) => row.id === payingId) ?? null;
  const pay = usePayDistribution();
  const title = (row: DistributionRow) =>
    `Pay the ${kindWords[row.kind].toLowerCase()} of ${formatDate(row.record_date)}`;

  return (
    <Flex direction="column" gap="2">
      <Heading as="h3" size="3">
        Distributions
      </Heading>
      <ActionDone message={action.done} />
      {list.status === 'loading' ? (
        <Text size="2" color="gray" role="status">
          Loading the distributions…
        </Text>
      ) : list.status === 'error' ? (
        <Flex direction="column" gap="2" align="start" role="alert">
          <Text size="2" color="red">
            The distributions could not be loaded: {list.error}
          </Text>
          <Button size="1" variant="soft" onClick={list.retry}>
            Retry
          </Button>
        </Flex>
      ) : (
        <DataTable
          caption={`Distributions of ${offeringName}`}
          captionHidden
          rows={list.rows}
          getRowKey={(row) => row.id}
          rowHeaderKey="record"
          emptyMessage="No distributions declared yet"
          columns={[
            { key: 'record', header: 'Record date', render: (row) => formatDate(row.record_date) },
            { key: 'kind', header: 'Kind', render: (row) => kindWords[row.kind] },
            { key: 'amount', header: 'Amount', align: 'right', render: (row) => formatEuros(row.amount_cents) },
            {
              key: 'withholding',
              header: 'Withholding',
              align: 'right',
              render: (row) => formatEuros(row.withholding_cents),
            },
            { key: 'holders', header: 'Holders', align: 'right', render: (row) => String(row.holders) },
            {
              key: 'status',
              header: 'Status',
              render: (row) =>
                row.status === 'paid' ? (
                  <StatusBadge status="paid" label="Paid" tone="success" />
                ) : (
                  <StatusBadge status="declared" label="Awaiting payment" tone="info" />
                ),
            },
            ...(pays
              ? [
                  {
                    key: 'pay',
                    header: 'Pay',
                    render: (row: DistributionRow) =>
                      row.status === 'declared' ? (
                        <Button
                          size="1"
                          aria-label={title(row)}
                          disabled={action.pending !== null}
                          onClick={() => {
                            setPayingId(row.id);
                            action.open('pay');
                          }}
                        >
                          Pay
                        </Button>
                      ) : null,
                  },
                ]
              : []),
          ]}
        />
      )}
      {paying && action.dialog === 'pay' ? (
        <SummaryDialog
          open
          pending={action.pending === 'pay'}
          error={action.error ?? undefined}
          onCancel={action.close}
          title={title(paying)}
          description="Each holder's net goes to their cash and the withholding to the tax account, from the offering's account. Whoever declared it may not pay it."
          fields={[
            { label: 'Offering', value: paying.opportunity_name },
            { label: 'Record date', value: formatDate(paying.record_date) },
            { label: 'Kind', value: kindWords[paying.kind] },
            { label: 'Amount', value: formatEuros(paying.amount_cents) },
            { label: 'Withholding', value: formatEuros(paying.withholding_cents) },
            { label: 'Net to holders', value: formatEuros(paying.amount_cents - paying.withholding_cents) },
            { label: 'Holders', value: String(paying.holders) },
            { label: "The offering's account may pay", value: formatEuros(paying.available_cents) },
          ]}
          confirmLabel="Pay"
          onConfirm={() =>
            void action
              .run(
                'pay',
                () => pay(paying.id),
                (answer) =>
                  answer.paidNow
                    ? `Paid ${formatEuros(paying.amount_cents)} to ${paying.holders} holders.`
                    : 'It was already paid; nothing moved.',
              )
              .then((done) => (done ? onPaid() : undefined))
          }
        />
      ) : null}
    </Flex>
  );
}
