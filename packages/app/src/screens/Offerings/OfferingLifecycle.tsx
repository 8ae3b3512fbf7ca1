import { Button, Card, Flex, Grid, Heading, Text } from '@radix-ui/themes';
import { formatDate, formatEuros } from '@vault/domain';
import { DataTable, StatusBadge, SummaryDialog } from '@vault/ui';
import { type FormEvent, useId, useState } from 'react';
import { ActionDone } from '../../components/ConsoleFeedback';
import { useConsoleAction } from '../../components/useConsoleAction';
import {
  type DeclaredDistribution,
  type DistributionRow,
  useDeclareDistribution,
  useOfferingDistributions,
  usePayDistribution,
} from '../../data/distributions/distributions';
import { useSetUnitPrice } from '../../data/unitPrices/setUnitPrice';
import { IncomeForm, IncomeReceived } from './IncomeForm';
import { FormError, FormField, focusFirst, SelectInput, TextInput } from './LifecycleFields';
import {
  type DistributionFormValues,
  distributionFieldOfRefusal,
  distributionInputOf,
  distributionLabels,
  type FormErrors,
  type PriceFormValues,
  priceFieldOfRefusal,
  priceInputOf,
  priceLabels,
  utcDay,
} from './lifecycleForms';

const kindWords: Record<DistributionRow['kind'], string> = { income: 'Income', capital: 'Return of capital' };

/**
 * An issued offering's life in the console (docs/lifecycle.md): its SPV's administrators set a
 * unit price, declare distributions and record the income the offering received; its income and
 * distributions are listed, and mfo_admin or the admin flag pays one (never its declarer: the server refuses, and the dialog shows why).
 */
export function OfferingLifecycle({
  offeringId,
  offeringName,
  actsForSpv,
  pays,
}: {
  offeringId: string;
  offeringName: string;
  /** The caller administers the offering's SPV: the three forms. */
  actsForSpv: boolean;
  /** mfo_admin or the admin flag: Pay. */
  pays: boolean;
}) {
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

const priceKeys = ['price', 'asOf', 'reason'] as const;

/** Set unit price: the price of a day, today or before, with a reason. */
function UnitPriceForm({ offeringId }: { offeringId: string }) {
  const base = useId();
  const setPrice = useSetUnitPrice();
  const [values, setValues] = useState<PriceFormValues>(() => ({ price: '', asOf: utcDay(new Date()), reason: '' }));
  const [errors, setErrors] = useState<FormErrors<keyof PriceFormValues>>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const set = (key: keyof PriceFormValues) => (value: string) => setValues((v) => ({ ...v, [key]: value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (saving) return;
    const { input, errors: found } = priceInputOf(values, new Date());
    setErrors(found);
    setRefusal(null);
    setDone(null);
    if (!input) {
      focusFirst(base, priceKeys, found);
      return;
    }
    setSaving(true);
    const answer = await setPrice({ opportunityId: offeringId, ...input });
    setSaving(false);
    if (answer.ok) {
      setDone(`Unit price set: ${formatEuros(answer.price.price_cents)} as of ${formatDate(answer.price.as_of)}.`);
      return;
    }
    const field = priceFieldOfRefusal(answer.error);
    if (field) {
      setErrors({ [field]: answer.error });
      focusFirst(base, priceKeys, { [field]: answer.error });
    } else setRefusal(answer.error);
  }

  return (
    <Card size="2">
      <form onSubmit={submit} noValidate aria-labelledby={`${base}-title`}>
        <Flex direction="column" gap="3">
          <Heading as="h3" size="3" id={`${base}-title`}>
            Set unit price
          </Heading>
          <FormField id={`${base}-price`} label={priceLabels.price} error={errors.price}>
            {(props) => <TextInput {...props} inputMode="decimal" value={values.price} onChange={set('price')} />}
          </FormField>
          <FormField id={`${base}-asOf`} label={priceLabels.asOf} error={errors.asOf}>
            {(props) => (
              <TextInput {...props} type="date" max={utcDay(new Date())} value={values.asOf} onChange={set('asOf')} />
            )}
          </FormField>
          <FormField id={`${base}-reason`} label={priceLabels.reason} error={errors.reason}>
            {(props) => <TextInput {...props} value={values.reason} onChange={set('reason')} />}
          </FormField>
          <FormError message={refusal} />
          <ActionDone message={done} />
          <Flex>
            <Button type="submit" loading={saving}>
              Set unit price
            </Button>
          </Flex>
        </Flex>
      </form>
    </Card>
  );
}

const distributionKeys = ['recordDate', 'amount', 'kind'] as const;
const kindOptions = [
  { value: 'income', label: kindWords.income },
  { value: 'capital', label: kindWords.capital },
];

/** Declare distribution: the holders at the end of the record date share the amount; the answer's lines are shown. */
function DistributionForm({ offeringId, onDeclared }: { offeringId: string; onDeclared: () => void }) {
  const base = useId();
  const declare = useDeclareDistribution();
  const [values, setValues] = useState<DistributionFormValues>(() => ({
    recordDate: utcDay(new Date()),
    amount: '',
    kind: 'income',
  }));
  const [errors, setErrors] = useState<FormErrors<keyof DistributionFormValues>>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const [result, setResult] = useState<DeclaredDistribution | null>(null);
  const [saving, setSaving] = useState(false);
  const set = (key: keyof DistributionFormValues) => (value: string) => setValues((v) => ({ ...v, [key]: value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (saving) return;
    const { input, errors: found } = distributionInputOf(values, new Date());
    setErrors(found);
    setRefusal(null);
    setResult(null);
    if (!input) {
      focusFirst(base, distributionKeys, found);
      return;
    }
    setSaving(true);
    const answer = await declare({ opportunityId: offeringId, ...input });
    setSaving(false);
    if (answer.ok) {
      setResult(answer.distribution);
      onDeclared();
      return;
    }
    const field = distributionFieldOfRefusal(answer.error);
    if (field) {
      setErrors({ [field]: answer.error });
      focusFirst(base, distributionKeys, { [field]: answer.error });
    } else setRefusal(answer.error);
  }

  return (
    <Card size="2">
      <form onSubmit={submit} noValidate aria-labelledby={`${base}-title`}>
        <Flex direction="column" gap="3">
          <Heading as="h3" size="3" id={`${base}-title`}>
            Declare distribution
          </Heading>
          <FormField id={`${base}-recordDate`} label={distributionLabels.recordDate} error={errors.recordDate}>
            {(props) => (
              <TextInput
                {...props}
                type="date"
                max={utcDay(new Date())}
                value={values.recordDate}
                onChange={set('recordDate')}
              />
            )}
          </FormField>
          <FormField id={`${base}-amount`} label={distributionLabels.amount} error={errors.amount}>
            {(props) => <TextInput {...props} inputMode="decimal" value={values.amount} onChange={set('amount')} />}
          </FormField>
          <FormField id={`${base}-kind`} label={distributionLabels.kind} error={errors.kind}>
            {(props) => <SelectInput {...props} options={kindOptions} value={values.kind} onChange={set('kind')} />}
          </FormField>
          <FormError message={refusal} />
          <Flex>
            <Button type="submit" loading={saving}>
              Declare distribution
            </Button>
          </Flex>
        </Flex>
      </form>
      {result ? <DeclaredLines distribution={result} /> : null}
    </Card>
  );
}

/** What a declaration answered: its totals, then a line per holder (largest remainder first). */
function DeclaredLines({ distribution: d }: { distribution: DeclaredDistribution }) {
  return (
    <Flex direction="column" gap="2" mt="4">
      <Text as="p" size="2" role="status">
        Declared: {kindWords[d.kind].toLowerCase()} of {formatEuros(d.amount_cents)} to {d.holders}{' '}
        {d.holders === 1 ? 'holder' : 'holders'} at {formatDate(d.record_date)}; withholding{' '}
        {formatEuros(d.withholding_cents)}, net {formatEuros(d.net_cents)}. It waits for payment.
      </Text>
      <DataTable
        caption="Declared lines"
        size="1"
        rows={d.lines.map((line, index) => ({ ...line, holder: `Holder ${index + 1}` }))}
        getRowKey={(row) => row.member_id}
        rowHeaderKey="holder"
        columns={[
          { key: 'holder', header: 'Holder' },
          { key: 'units', header: 'Units', align: 'right', render: (row) => row.units.toLocaleString('en-IE') },
          { key: 'gross', header: 'Gross', align: 'right', render: (row) => formatEuros(row.gross_cents) },
          {
            key: 'withholding',
            header: 'Withholding',
            align: 'right',
            render: (row) => formatEuros(row.withholding_cents),
          },
          { key: 'net', header: 'Net', align: 'right', render: (row) => formatEuros(row.net_cents) },
        ]}
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
