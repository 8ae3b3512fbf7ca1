import { Button, Card, Flex, Heading } from '@radix-ui/themes';
import { formatDate, formatEuros } from '@vault/domain';
import { ActionDone } from '../../components/ConsoleFeedback';
import { useSetUnitPrice } from '../../data/unitPrices/setUnitPrice';
import { FormError, FormField, TextInput } from './LifecycleFields';
import { priceFieldOfRefusal, priceInputOf, priceLabels, utcDay } from './lifecycleForms';
import { useLifecycleForm } from './useLifecycleForm';

/** Set unit price: the price of a day, today or before, with a reason. */
export function UnitPriceForm({ offeringId }: { offeringId: string }) {
  const setPrice = useSetUnitPrice();
  const form = useLifecycleForm(
    {
      keys: ['price', 'asOf', 'reason'],
      initial: (today) => ({ price: '', asOf: today, reason: '' }),
      check: priceInputOf,
      fieldOfRefusal: priceFieldOfRefusal,
    },
    (input) => setPrice({ opportunityId: offeringId, ...input }),
  );
  const { base, values, errors, field } = form;
  const done = form.answer
    ? `Unit price set: ${formatEuros(form.answer.price.price_cents)} as of ${formatDate(form.answer.price.as_of)}.`
    : null;

  return (
    <Card size="2">
      <form onSubmit={form.onSubmit} noValidate aria-labelledby={`${base}-title`}>
        <Flex direction="column" gap="3">
          <Heading as="h3" size="3" id={`${base}-title`}>
            Set unit price
          </Heading>
          <FormField id={`${base}-price`} label={priceLabels.price} error={errors.price}>
            {(props) => <TextInput {...props} inputMode="decimal" value={values.price} onChange={field('price')} />}
          </FormField>
          <FormField id={`${base}-asOf`} label={priceLabels.asOf} error={errors.asOf}>
            {(props) => (
              <TextInput {...props} type="date" max={utcDay(new Date())} value={values.asOf} onChange={field('asOf')} />
            )}
          </FormField>
          <FormField id={`${base}-reason`} label={priceLabels.reason} error={errors.reason}>
            {(props) => <TextInput {...props} value={values.reason} onChange={field('reason')} />}
          </FormField>
          <FormError message={form.refusal} />
          <ActionDone message={done} />
          <Flex>
            <Button type="submit" loading={form.saving}>
              Set unit price
            </Button>
          </Flex>
        </Flex>
      </form>
    </Card>
  );
}
