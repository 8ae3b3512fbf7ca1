import { Button, Card, Flex, Heading, Text } from '@radix-ui/themes';
import { formatDate, formatEuros } from '@vault/domain';
import { DataTable } from '@vault/ui';
import { type DeclaredDistribution, useDeclareDistribution } from '../../data/distributions/distributions';
import { FormError, FormField, SelectInput, TextInput } from './LifecycleFields';
import {
  distributionFieldOfRefusal,
  distributionInputOf,
  distributionLabels,
  kindWords,
  utcDay,
} from './lifecycleForms';
import { useLifecycleForm } from './useLifecycleForm';

const kindOptions = [
  { value: 'income', label: kindWords.income },
  { value: 'capital', label: kindWords.capital },
];

/** Declare distribution: the holders at the end of the record date share the amount; the answer's lines are shown. */
export function DistributionForm({ offeringId, onDeclared }: { offeringId: string; onDeclared: () => void }) {
  const declare = useDeclareDistribution();
  const form = useLifecycleForm(
    {
      keys: ['recordDate', 'amount', 'kind'],
      initial: (today) => ({ recordDate: today, amount: '', kind: 'income' }),
      check: distributionInputOf,
      fieldOfRefusal: distributionFieldOfRefusal,
    },
    (input) => declare({ opportunityId: offeringId, ...input }),
    onDeclared,
  );
  const { base, values, errors, field } = form;

  return (
    <Card size="2">
      <form onSubmit={form.onSubmit} noValidate aria-labelledby={`${base}-title`}>
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
                onChange={field('recordDate')}
              />
            )}
          </FormField>
          <FormField id={`${base}-amount`} label={distributionLabels.amount} error={errors.amount}>
            {(props) => <TextInput {...props} inputMode="decimal" value={values.amount} onChange={field('amount')} />}
          </FormField>
          <FormField id={`${base}-kind`} label={distributionLabels.kind} error={errors.kind}>
            {(props) => <SelectInput {...props} options={kindOptions} value={values.kind} onChange={field('kind')} />}
          </FormField>
          <FormError message={form.refusal} />
          <Flex>
            <Button type="submit" loading={form.saving}>
              Declare distribution
            </Button>
          </Flex>
        </Flex>
      </form>
      {form.answer ? <DeclaredLines distribution={form.answer.distribution} /> : null}
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
