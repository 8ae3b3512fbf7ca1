import { Callout, DataList, Flex, Heading, Link as RadixLink, Separator, Skeleton, Text } from '@radix-ui/themes';
import { formatEuros, type InvestmentQuote, investmentFunding, paymentMethods } from '@vault/domain';
import type { FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { availableCentsOf, type Balance, CashUnavailable, LoadingFigure } from './Cash';
import { StepActions } from './StepActions';

/** One width for the labels of both lists, so the quote's figures and the cash's line up. */
const LABEL_WIDTH = '200px';

/**
 * Step 3: the quote's lines and total (integer cents, from the domain) and the offering's terms
 * (`offeringTermLines`: its typed fields, the specification's defaults for the rest). Confirm asks
 * the server (`pending` while it works); its refusal shows above the buttons, and every figure
 * stays as it was, so the person can go back, change it and confirm again. Below the total, what
 * the server will do with it (`investmentFunding`): held now from the available cash, or nothing
 * held and the method collecting what is missing.
 */
export function ConfirmStep({
  name,
  quote,
  balance,
  terms,
  pending = false,
  error = null,
  nextStep = null,
  onBack,
  onConfirm,
}: {
  name: string;
  quote: InvestmentQuote;
  /** The member's cash (`my_balance()`). */
  balance: Balance;
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
            <DataList.Label minWidth={LABEL_WIDTH}>Opportunity</DataList.Label>
            <DataList.Value>{name}</DataList.Value>
          </DataList.Item>
          <DataList.Item>
            <DataList.Label minWidth={LABEL_WIDTH}>Payment method</DataList.Label>
            <DataList.Value>
              {paymentMethods[quote.method].label} ({quote.settlement})
            </DataList.Value>
          </DataList.Item>
          {quote.lines.map((line) => (
            <DataList.Item key={line.label}>
              <DataList.Label minWidth={LABEL_WIDTH}>{line.label}</DataList.Label>
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
        <Funding quote={quote} balance={balance} />
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

/** Held now and collected by the method: exactly what `submit_investment` does with the total. */
function Funding({ quote, balance }: { quote: InvestmentQuote; balance: Balance }) {
  if (balance.status === 'error') {
    return (
      <CashUnavailable balance={balance} detail="The server holds the total when you confirm if your cash covers it." />
    );
  }
  const available = availableCentsOf(balance);
  const funding = available === null ? null : investmentFunding(available, quote.totalCents);
  const method = paymentMethods[quote.method].label;
  return (
    <Flex direction="column" gap="2" aria-busy={funding === null ? true : undefined}>
      <DataList.Root orientation={{ initial: 'vertical', sm: 'horizontal' }}>
        <DataList.Item>
          <DataList.Label minWidth={LABEL_WIDTH}>Held now</DataList.Label>
          <DataList.Value>{funding ? formatEuros(funding.heldNowCents) : <LoadingFigure />}</DataList.Value>
        </DataList.Item>
        <DataList.Item>
          <DataList.Label minWidth={LABEL_WIDTH}>Collected by {method}</DataList.Label>
          <DataList.Value>{funding ? formatEuros(funding.collectedCents) : <LoadingFigure />}</DataList.Value>
        </DataList.Item>
      </DataList.Root>
      {funding && available !== null ? (
        <Text as="p" size="2" color="gray">
          {funding.status === 'Pending'
            ? `Your available cash of ${formatEuros(available)} covers the total: it is held as soon as you confirm.`
            : `Your available cash of ${formatEuros(available)} does not cover the total, so nothing is held yet: the investment is Awaiting payment until a ${method.toLowerCase()} of ${formatEuros(funding.collectedCents)} arrives.`}
        </Text>
      ) : null}
    </Flex>
  );
}
