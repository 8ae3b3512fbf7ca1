import { Button, Card, Flex, Heading, Text } from '@radix-ui/themes';
import {
  formatDate,
  formatEuros,
  maturityPaymentCents,
  offeringTermEnd,
  type TermEnd,
  unitPriceOn,
} from '@vault/domain';
import { SummaryDialog } from '@vault/ui';
import { useEffect, useId, useState } from 'react';
import { ActionDone } from '../../components/ConsoleFeedback';
import { useConsoleAction } from '../../components/useConsoleAction';
import { type Maturity, type MaturityFacts, useMatureOffering, useMaturityFacts } from '../../data/offerings/maturity';
import type { OfferingRow } from '../../data/offerings/offerings';
import { utcDay } from './lifecycleForms';

const holdersText = (n: number) => (n === 1 ? '1 holder' : `${n.toLocaleString('en-IE')} holders`);
const unitsText = (n: number) => n.toLocaleString('en-IE');

/** What maturity has paid, as the card and the done message say it. */
const paidText = (m: Maturity) =>
  `${formatEuros(m.paid_cents)} paid to ${holdersText(m.holders)}, ${unitsText(m.units)} units at ${formatEuros(m.final_price_cents)} a unit`;

/**
 * Maturity in the SPV's console (docs/lifecycle.md §4): when the term ends, and once it has, Mature
 * behind a summary of what it pays (the units outstanding × the latest price). The server checks
 * the term and the account again; a refusal stays in the summary and Mature there sends the same
 * call, which pays once however often it is sent.
 */
export function MaturityCard({ offering, onMatured }: { offering: OfferingRow; onMatured: () => void }) {
  const base = useId();
  const read = useMaturityFacts(offering.id, 0);
  const facts = read.rows[0] ?? null;
  const action = useConsoleAction<'mature'>();
  const mature = useMatureOffering();
  // The answer of this card's call: the facts read before it do not know it.
  const [matured, setMatured] = useState<Maturity | null>(null);
  const maturity = matured ?? facts?.maturity ?? null;

  async function confirm() {
    const answered: { maturity: Maturity | null } = { maturity: null };
    const done = await action.run(
      'mature',
      async () => {
        const answer = await mature(offering.id);
        if (answer.ok) answered.maturity = answer.maturity;
        return answer;
      },
      (answer) => `${offering.name} matured: ${paidText(answer.maturity)}.`,
    );
    if (!done || answered.maturity === null) return;
    setMatured(answered.maturity);
    onMatured();
  }

  // Mature is gone with its dialog: the keyboard goes on from what it did. After the dialog's own
  // return of the focus, which runs on a zero timeout queued when it unmounted.
  useEffect(() => {
    if (!matured) return;
    const timer = setTimeout(() => document.getElementById(`${base}-matured`)?.focus(), 0);
    return () => clearTimeout(timer);
  }, [matured, base]);

  return (
    <Card size="2">
      <section aria-labelledby={`${base}-title`}>
        <Flex direction="column" gap="3" align="start">
          <Heading as="h3" size="3" id={`${base}-title`}>
            Maturity
          </Heading>
          <ActionDone message={action.done} />
          {read.status === 'loading' ? (
            <Text size="2" color="gray" role="status">
              Loading the maturity…
            </Text>
          ) : read.status === 'error' || !facts ? (
            <Flex direction="column" gap="2" align="start" role="alert">
              <Text size="2" color="red">
                The maturity could not be read: {read.error ?? 'no answer'}
              </Text>
              <Button size="1" variant="soft" onClick={read.retry}>
                Retry
              </Button>
            </Flex>
          ) : maturity ? (
            <Text as="p" size="2" id={`${base}-matured`} tabIndex={-1} style={{ outline: 'none' }}>
              Matured on <time dateTime={maturity.matured_at}>{formatDate(maturity.matured_at)}</time>:{' '}
              {paidText(maturity)}. Its prices and distributions are closed.
            </Text>
          ) : (
            <BeforeMaturity
              offering={offering}
              facts={facts}
              describedBy={`${base}-term`}
              pending={action.pending === 'mature'}
              dialogOpen={action.dialog === 'mature'}
              error={action.error}
              onOpen={() => action.open('mature')}
              onCancel={action.close}
              onConfirm={() => void confirm()}
            />
          )}
        </Flex>
      </section>
    </Card>
  );
}

/** The term as the card says it, and whether Mature may be pressed. */
function termWords(term: TermEnd | null, termMonths: number | null) {
  if (term === null) {
    return {
      due: true,
      text:
        termMonths === null
          ? 'Its term is not recorded; the server checks whether it may mature.'
          : `Its term ends ${termMonths} months after its first units were issued; the server checks that it has ended.`,
    };
  }
  const day = <time dateTime={term.endsAt.toISOString()}>{formatDate(term.endsAt.toISOString())}</time>;
  return term.ended
    ? { due: true, text: <>Its term ended on {day}: each holder may now be paid their units at the final price.</> }
    : { due: false, text: <>Matures on {day}. Then each holder is paid their units at the final price.</> };
}

function BeforeMaturity({
  offering,
  facts,
  describedBy,
  pending,
  dialogOpen,
  error,
  onOpen,
  onCancel,
  onConfirm,
}: {
  offering: OfferingRow;
  facts: MaturityFacts;
  describedBy: string;
  pending: boolean;
  dialogOpen: boolean;
  error: string | null;
  onOpen: () => void;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const now = new Date();
  // An issued offering's record was decided when it closed, which issued its first units.
  const issuedAt = offering.offering_status === 'issued' ? facts.decidedAt : null;
  const term = offeringTermEnd(issuedAt, offering.term_months, now);
  const { due, text } = termWords(term, offering.term_months);
  const price = unitPriceOn(facts.prices, utcDay(now), offering.unit_price_cents);
  const units = facts.unitsOutstanding;

  const fields = [
    { label: 'Offering', value: offering.name },
    { label: 'Term ended', value: term ? formatDate(term.endsAt.toISOString()) : 'The server checks it' },
    ...(units === null ? [] : [{ label: 'Units outstanding', value: unitsText(units) }]),
    ...(price
      ? [
          {
            label: 'Final price',
            value: `${formatEuros(price.priceCents)} a unit (${price.asOf ? `the price as of ${formatDate(price.asOf)}` : 'its issue price'})`,
          },
        ]
      : []),
    ...(units !== null && price
      ? [{ label: 'To pay', value: formatEuros(maturityPaymentCents(units, price.priceCents)) }]
      : []),
  ];

  return (
    <>
      <Text as="p" size="2" id={describedBy}>
        {text}
      </Text>
      <Button disabled={!due || pending} aria-describedby={describedBy} onClick={onOpen}>
        Mature
      </Button>
      {dialogOpen ? (
        <SummaryDialog
          open
          pending={pending}
          error={error ?? undefined}
          onCancel={onCancel}
          title={`Mature ${offering.name}`}
          description="Each holder is paid their units at the final price, the unit price of the day it matures, from the offering's account; their positions become Matured and redemptions still asked are rejected. Maturing again pays nothing more."
          fields={fields}
          confirmLabel="Mature"
          onConfirm={onConfirm}
        />
      ) : null}
    </>
  );
}
