import { Button, Card, Flex, Heading, Text } from '@radix-ui/themes';
import { formatDate, formatEuros } from '@vault/domain';
import { DataTable } from '@vault/ui';
import { ActionDone } from '../../components/ConsoleFeedback';
import { useOfferingIncome, useRecordOfferingIncome } from '../../data/offeringIncome/offeringIncome';
import { FormError, FormField, TextInput } from './LifecycleFields';
import { incomeFieldOfRefusal, incomeInputOf, incomeLabels, utcDay } from './lifecycleForms';
import { useLifecycleForm } from './useLifecycleForm';

/**
 * Record income received: money the offering earned (rent, energy sales, an asset's dividends)
 * enters its account, so its distributions are paid from income rather than from principal.
 */
export function IncomeForm({ offeringId, onRecorded }: { offeringId: string; onRecorded: () => void }) {
  const recordIncome = useRecordOfferingIncome();
  const form = useLifecycleForm(
    {
      keys: ['amount', 'receivedOn', 'reference'],
      initial: (today) => ({ amount: '', receivedOn: today, reference: '' }),
      check: incomeInputOf,
      fieldOfRefusal: incomeFieldOfRefusal,
    },
    (input) => recordIncome({ opportunityId: offeringId, ...input }),
    onRecorded,
  );
  const { base, values, errors, field } = form;
  const income = form.answer?.income;
  const done = income
    ? `Income recorded: ${formatEuros(income.amount_cents)} received on ${formatDate(income.received_on)} (${income.reference}).`
    : null;

  return (
    <Card size="2">
      <form onSubmit={form.onSubmit} noValidate aria-labelledby={`${base}-title`}>
        <Flex direction="column" gap="3">
          <Heading as="h3" size="3" id={`${base}-title`}>
            Record income received
          </Heading>
          <FormField id={`${base}-amount`} label={incomeLabels.amount} error={errors.amount}>
            {(props) => <TextInput {...props} inputMode="decimal" value={values.amount} onChange={field('amount')} />}
          </FormField>
          <FormField id={`${base}-receivedOn`} label={incomeLabels.receivedOn} error={errors.receivedOn}>
            {(props) => (
              <TextInput
                {...props}
                type="date"
                max={utcDay(new Date())}
                value={values.receivedOn}
                onChange={field('receivedOn')}
              />
            )}
          </FormField>
          <FormField id={`${base}-reference`} label={incomeLabels.reference} error={errors.reference}>
            {(props) => <TextInput {...props} value={values.reference} onChange={field('reference')} />}
          </FormField>
          <FormError message={form.refusal} />
          <ActionDone message={done} />
          <Flex>
            <Button type="submit" loading={form.saving}>
              Record income
            </Button>
          </Flex>
        </Flex>
      </form>
    </Card>
  );
}

/** The income the offering received, newest first, and what its account may pay distributions now. */
export function IncomeReceived({
  offeringId,
  offeringName,
  version,
}: {
  offeringId: string;
  offeringName: string;
  version: number;
}) {
  const list = useOfferingIncome(offeringId, version);
  const available = list.rows[0]?.available_cents;
  return (
    <Flex direction="column" gap="2">
      <Heading as="h3" size="3">
        Income received
      </Heading>
      {list.status === 'loading' ? (
        <Text size="2" color="gray" role="status">
          Loading the income…
        </Text>
      ) : list.status === 'error' ? (
        <Flex direction="column" gap="2" align="start" role="alert">
          <Text size="2" color="red">
            The income could not be loaded: {list.error}
          </Text>
          <Button size="1" variant="soft" onClick={list.retry}>
            Retry
          </Button>
        </Flex>
      ) : (
        <>
          {available !== undefined ? (
            <Text as="p" size="2">
              The offering's account may pay {formatEuros(available)} now.
            </Text>
          ) : null}
          <DataTable
            caption={`Income of ${offeringName}`}
            captionHidden
            rows={list.rows}
            getRowKey={(row) => String(row.id)}
            rowHeaderKey="received"
            emptyMessage="No income recorded yet"
            columns={[
              { key: 'received', header: 'Received on', render: (row) => formatDate(row.received_on) },
              { key: 'reference', header: 'Reference', render: (row) => row.reference },
              { key: 'amount', header: 'Amount', align: 'right', render: (row) => formatEuros(row.amount_cents) },
            ]}
          />
        </>
      )}
    </Flex>
  );
}
