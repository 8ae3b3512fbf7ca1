import { Button, Card, Flex, Heading, Text } from '@radix-ui/themes';
import { formatDate, formatEuros } from '@vault/domain';
import { DataTable } from '@vault/ui';
import { type FormEvent, useId, useState } from 'react';
import { ActionDone } from '../../components/ConsoleFeedback';
import { useOfferingIncome, useRecordOfferingIncome } from '../../data/offeringIncome/offeringIncome';
import { FormError, FormField, focusFirst, TextInput } from './LifecycleFields';
import {
  type FormErrors,
  type IncomeFormValues,
  incomeFieldOfRefusal,
  incomeInputOf,
  incomeLabels,
  utcDay,
} from './lifecycleForms';

const incomeKeys = ['amount', 'receivedOn', 'reference'] as const;

/**
 * Record income received: money the offering earned (rent, energy sales, an asset's dividends)
 * enters its account, so its distributions are paid from income rather than from principal.
 */
export function IncomeForm({ offeringId, onRecorded }: { offeringId: string; onRecorded: () => void }) {
  const base = useId();
  const recordIncome = useRecordOfferingIncome();
  const [values, setValues] = useState<IncomeFormValues>(() => ({
    amount: '',
    receivedOn: utcDay(new Date()),
    reference: '',
  }));
  const [errors, setErrors] = useState<FormErrors<keyof IncomeFormValues>>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const set = (key: keyof IncomeFormValues) => (value: string) => setValues((v) => ({ ...v, [key]: value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (saving) return;
    const { input, errors: found } = incomeInputOf(values, new Date());
    setErrors(found);
    setRefusal(null);
    setDone(null);
    if (!input) {
      focusFirst(base, incomeKeys, found);
      return;
    }
    setSaving(true);
    const answer = await recordIncome({ opportunityId: offeringId, ...input });
    setSaving(false);
    if (answer.ok) {
      const { income } = answer;
      setDone(
        `Income recorded: ${formatEuros(income.amount_cents)} received on ${formatDate(income.received_on)} (${income.reference}).`,
      );
      onRecorded();
      return;
    }
    const field = incomeFieldOfRefusal(answer.error);
    if (field) {
      setErrors({ [field]: answer.error });
      focusFirst(base, incomeKeys, { [field]: answer.error });
    } else setRefusal(answer.error);
  }

  return (
    <Card size="2">
      <form onSubmit={submit} noValidate aria-labelledby={`${base}-title`}>
        <Flex direction="column" gap="3">
          <Heading as="h3" size="3" id={`${base}-title`}>
            Record income received
          </Heading>
          <FormField id={`${base}-amount`} label={incomeLabels.amount} error={errors.amount}>
            {(props) => <TextInput {...props} inputMode="decimal" value={values.amount} onChange={set('amount')} />}
          </FormField>
          <FormField id={`${base}-receivedOn`} label={incomeLabels.receivedOn} error={errors.receivedOn}>
            {(props) => (
              <TextInput
                {...props}
                type="date"
                max={utcDay(new Date())}
                value={values.receivedOn}
                onChange={set('receivedOn')}
              />
            )}
          </FormField>
          <FormField id={`${base}-reference`} label={incomeLabels.reference} error={errors.reference}>
            {(props) => <TextInput {...props} value={values.reference} onChange={set('reference')} />}
          </FormField>
          <FormError message={refusal} />
          <ActionDone message={done} />
          <Flex>
            <Button type="submit" loading={saving}>
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
