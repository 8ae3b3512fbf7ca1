import { Callout, DataList, Flex, Heading, Link as RadixLink, Separator, Skeleton, Text } from '@radix-ui/themes';
import { formatEuros, type InvestmentQuote, paymentMethods } from '@vault/domain';
import type { FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { StepActions } from './StepActions';

/**
 * Step 3: the quote's lines and total (integer cents, from the domain) and the offering's terms
 * (`offeringTermLines`: its typed fields, the specification's defaults for the rest). Confirm asks
 * the server (`pending` while it works); its refusal shows above the buttons, and every figure
 * stays as it was, so the person can go back, change it and confirm again.
 */
export function ConfirmStep({
  name,
  quote,
  terms,
  pending = false,
  error = null,
  nextStep = null,
  onBack,
  onConfirm,
}: {
  name: string;
  quote: InvestmentQuote;
  /** The offering's terms, one line each; null while its row loads. */
  terms: readonly string[] | null;
  pending?: boolean;
  /** The server's refusal, as a sentence. */
  error?: string | null;
  /** What to do about an eligibility refusal (docs/eligibility.md "Refusals"). */
  nextStep?: { label: string; href: string } | null;
  onBack: () => void;
  onConfirm: () => void;
}) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!pending) onConfirm();
  };
  return (
    <form onSubmit={submit}>
      <Flex direction="column" gap="4">
        <DataList.Root orientation={{ initial: 'vertical', sm: 'horizontal' }}>
          <DataList.Item>
            <DataList.Label>Opportunity</DataList.Label>
            <DataList.Value>{name}</DataList.Value>
          </DataList.Item>
          <DataList.Item>
            <DataList.Label>Payment method</DataList.Label>
            <DataList.Value>
              {paymentMethods[quote.method].label} ({quote.settlement})
            </DataList.Value>
          </DataList.Item>
          {quote.lines.map((line) => (
            <DataList.Item key={line.label}>
              <DataList.Label>{line.label}</DataList.Label>
              <DataList.Value>{formatEuros(line.cents)}</DataList.Value>
            </DataList.Item>
          ))}
        </DataList.Root>
        <Separator size="4" />
        <Flex justify="between" align="baseline" data-testid="quote-total">
          <Text weight="bold" size="4">
            Total
          </Text>
          <Text weight="bold" size="5">
            {formatEuros(quote.totalCents)}
          </Text>
        </Flex>
        <Flex direction="column" gap="2">
          <Heading as="h3" size="3">
            Terms
          </Heading>
          <ul style={{ margin: 0, paddingLeft: '1.25rem' }}>
            {terms === null ? (
              <li>
                <Skeleton>
                  <Text size="2">Loading the offering's terms</Text>
                </Skeleton>
              </li>
            ) : (
              terms.map((term) => (
                <li key={term}>
                  <Text size="2">{term}</Text>
                </li>
              ))
            )}
          </ul>
        </Flex>
        {error ? (
          <Callout.Root color="red" role="alert">
            <Callout.Text>{error}</Callout.Text>
            {nextStep ? (
              <Callout.Text>
                <RadixLink asChild>
                  <Link to={nextStep.href}>{nextStep.label}</Link>
                </RadixLink>
              </Callout.Text>
            ) : null}
          </Callout.Root>
        ) : null}
        <StepActions onBack={onBack} nextLabel="Confirm Investment" pending={pending} />
      </Flex>
    </form>
  );
}
