import { Button, Card, Flex, Heading, Text } from '@radix-ui/themes';
import { formatEuros, hrefFor, INVESTMENT_TERMS, type InvestmentQuote, investmentQuote } from '@vault/domain';
import { PageHeader, Stepper } from '@vault/ui';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { useOpportunityDetail } from '../../data/opportunities/queries';
import { OpportunityDetailData } from '../OpportunityDetail/OpportunityDetailData';
import { useBack } from '../OpportunityDetail/useBack';
import { AmountStep } from './AmountStep';
import { ConfirmStep } from './ConfirmStep';
import { amountCents, type FlowState, readFlowState, STEP_LABELS, type Step, writeFlowState } from './flowState';
import { MethodStep } from './MethodStep';

/** /investments/{id}: amount, payment method, confirm, submitted (docs/product.md §2). */
export default function InvestmentFlowScreen() {
  const { id = '' } = useParams();
  // The same query as the detail's: coming from there, the rows are already here.
  const detail = useOpportunityDetail(id);
  const leave = useBack(id === '' ? hrefFor('opportunities') : hrefFor('opportunityDetail', { id }));
  return (
    <OpportunityDetailData id={id} state={detail} what="investment" title="Invest">
      {(row) => <Flow name={row.name} onLeave={leave} />}
    </OpportunityDetailData>
  );
}

function Flow({ name, onLeave }: { name: string; onLeave: () => void }) {
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const state = readFlowState(params);
  // The typed amount lives here, so fast typing never waits on a URL update; the URL follows it.
  const [amount, setAmount] = useState(state.amount);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const shownStep = useRef(state.step);

  // Each step change moves focus to the new step's heading, so keyboard and screen-reader users follow.
  useEffect(() => {
    if (shownStep.current === state.step) return;
    shownStep.current = state.step;
    headingRef.current?.focus();
  }, [state.step]);

  const update = (patch: Partial<FlowState>) =>
    setParams((current) => writeFlowState(current, { ...readFlowState(current), amount, ...patch }), { replace: true });
  const changeAmount = (next: string) => {
    setAmount(next);
    update({ amount: next, step: 1 });
  };
  const goTo = (step: Step) => update({ step });
  const quote: InvestmentQuote = investmentQuote(amountCents(state.step === 1 ? amount : state.amount), state.method);

  return (
    <Flex direction="column" gap="5" maxWidth="720px">
      <PageHeader title={`Invest in ${name}`} />
      <Stepper steps={STEP_LABELS} current={state.step} label="Investment progress" />
      <Card size="3">
        <Flex direction="column" gap="4">
          <Heading as="h2" size="5" ref={headingRef} tabIndex={-1} style={{ outline: 'none' }}>
            {STEP_LABELS[state.step - 1]}
          </Heading>
          {state.step === 1 ? (
            <AmountStep amount={amount} onAmountChange={changeAmount} onBack={onLeave} onNext={() => goTo(2)} />
          ) : null}
          {state.step === 2 ? (
            <MethodStep
              method={state.method}
              onMethodChange={(method) => update({ method })}
              onBack={() => goTo(1)}
              onNext={() => goTo(3)}
            />
          ) : null}
          {state.step === 3 ? (
            <ConfirmStep name={name} quote={quote} onBack={() => goTo(2)} onConfirm={() => goTo(4)} />
          ) : null}
          {state.step === 4 ? (
            <Submitted name={name} quote={quote} onDone={() => navigate(hrefFor('dashboard'))} />
          ) : null}
        </Flex>
      </Card>
    </Flex>
  );
}

function Submitted({ name, quote, onDone }: { name: string; quote: InvestmentQuote; onDone: () => void }) {
  return (
    <Flex direction="column" gap="3" align="start">
      <Text as="p" size="3">
        Your investment of {formatEuros(quote.totalCents)} in {name} has been submitted.
      </Text>
      <Text as="p" size="2" color="gray">
        Processing within {INVESTMENT_TERMS.processingBusinessDays} business days. We will email you when it is
        confirmed.
      </Text>
      <Button type="button" onClick={onDone}>
        Go to Dashboard
      </Button>
    </Flex>
  );
}
