import { Button, Card, Flex, Heading, Text } from '@radix-ui/themes';
import {
  eligibilityRefusalCodeOf,
  formatEuros,
  hrefFor,
  INVESTMENT_TERMS,
  type InvestmentQuote,
  investmentErrorText,
  investmentQuote,
  investmentView,
  offeringTermLines,
} from '@vault/domain';
import { PageHeader, StatusChip, Stepper } from '@vault/ui';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { refusalNextStep } from '../../components/eligibility/nextStep';
import { TableData } from '../../components/TableData';
import { useInvestments } from '../../data/investments/queries';
import { useSubmitInvestment } from '../../data/investments/submitInvestment';
import { useBalance } from '../../data/ledger/balance';
import { useOpportunity, useOpportunityDetail } from '../../data/opportunities/queries';
import { OpportunityDetailData } from '../OpportunityDetail/OpportunityDetailData';
import { useBack } from '../OpportunityDetail/useBack';
import { AmountStep } from './AmountStep';
import { AwaitingPayment } from './AwaitingPayment';
import { CancelInvestment } from './CancelInvestment';
import type { Balance } from './Cash';
import { ConfirmStep } from './ConfirmStep';
import { useCardReturn } from './checkoutReturn';
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
      {(row) => <Flow opportunityId={id} name={row.name} onLeave={leave} />}
    </OpportunityDetailData>
  );
}

function Flow({ opportunityId, name, onLeave }: { opportunityId: string; name: string; onLeave: () => void }) {
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const state = readFlowState(params);
  // The typed amount lives here, so fast typing never waits on a URL update; the URL follows it.
  const [amount, setAmount] = useState(state.amount);
  // One idempotency key per flow (kept in the URL with the rest): a second Confirm, a retry or a
  // reload answers the investment the first one made.
  const [key] = useState(() => state.key ?? crypto.randomUUID());
  const submitInvestment = useSubmitInvestment();
  // The member's cash, read once for every step: what is available, held now, or still missing.
  const balance = useBalance();
  const listed = useOpportunity(opportunityId);
  const offering = listed.status === 'ready' ? (listed.rows[0] ?? null) : null;
  const terms = offering ? offeringTermLines(offering) : listed.status === 'loading' ? null : offeringTermLines({});
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [nextStep, setNextStep] = useState<{ label: string; href: string } | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const shownStep = useRef(state.step);

  // Each step change moves focus to the new step's heading, so keyboard and screen-reader users follow.
  useEffect(() => {
    if (shownStep.current === state.step) return;
    shownStep.current = state.step;
    headingRef.current?.focus();
  }, [state.step]);

  const update = (patch: Partial<FlowState>) =>
    setParams((current) => writeFlowState(current, { ...readFlowState(current), amount, key, ...patch }), {
      replace: true,
    });
  const changeAmount = (next: string) => {
    setAmount(next);
    update({ amount: next, step: 1 });
  };
  const goTo = (step: Step) => {
    setError(null);
    setNextStep(null);
    update({ step });
  };
  const confirm = async () => {
    setPending(true);
    setError(null);
    setNextStep(null);
    const result = await submitInvestment({
      opportunity_id: opportunityId,
      amount_cents: amountCents(state.amount),
      method: state.method,
      idempotency_key: key,
    });
    setPending(false);
    if (result.ok) update({ step: 4, investment: result.investmentId });
    else if (!result.superseded) {
      // An eligibility refusal reads `<CODE>: <text>`: the text shows, with a link to what to do next.
      const refusal = eligibilityRefusalCodeOf(result.error);
      setError(investmentErrorText(result.error));
      setNextStep(refusal ? refusalNextStep(refusal, opportunityId) : null);
    }
  };
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
            <AmountStep
              amount={amount}
              balance={balance}
              onAmountChange={changeAmount}
              onBack={onLeave}
              onNext={() => goTo(2)}
            />
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
            <ConfirmStep
              name={name}
              quote={quote}
              balance={balance}
              terms={terms}
              pending={pending}
              error={error}
              nextStep={nextStep}
              onBack={() => goTo(2)}
              onConfirm={confirm}
            />
          ) : null}
          {state.step === 4 && state.investment ? (
            <Submitted
              investmentId={state.investment}
              balance={balance}
              onDone={() => navigate(hrefFor('dashboard'))}
            />
          ) : null}
        </Flex>
      </Card>
    </Flex>
  );
}

/**
 * Step 4: the investment as the server stored it, read back from the member's investments. Pending:
 * its total is held from the member's cash; Awaiting payment: what to pay, and how. The card
 * checkout sends the member back here (`useCardReturn`).
 */
function Submitted({ investmentId, balance, onDone }: { investmentId: string; balance: Balance; onDone: () => void }) {
  const investments = useInvestments();
  const cardReturn = useCardReturn(
    investments.status === 'ready' ? (investments.rows.find((r) => r.id === investmentId)?.status ?? null) : null,
  );
  return (
    <Flex direction="column" gap="3" align="start">
      <TableData state={investments} what="your investment" skeleton="text" skeletonCount={2}>
        {(rows) => {
          const row = rows.find((r) => r.id === investmentId);
          if (!row) {
            return (
              <Text as="p" size="3">
                We could not find this investment. Your dashboard lists every investment you have made.
              </Text>
            );
          }
          const view = investmentView(row);
          return (
            <Flex direction="column" gap="3" align="start">
              <Text as="p" size="3">
                Your investment of {view.total} in {view.name} has been submitted.
              </Text>
              <Flex gap="2" align="center">
                <StatusChip status={view.status} />
                <Text size="2" color="gray">
                  Submitted <time dateTime={view.dateTime}>{view.date}</time> · {view.method}
                </Text>
              </Flex>
              {row.status === 'Pending' ? (
                <Text as="p" size="3" weight="medium">
                  Your funds are held: {formatEuros(row.total_cents)}
                </Text>
              ) : null}
              {row.status === 'Awaiting payment' ? (
                <AwaitingPayment row={row} balance={balance} cardReturn={cardReturn} />
              ) : null}
              <Text as="p" size="2" color="gray">
                Processing within {INVESTMENT_TERMS.processingBusinessDays} business days. We will email you when it is
                confirmed.
              </Text>
              <CancelInvestment row={row} />
            </Flex>
          );
        }}
      </TableData>
      <Button type="button" onClick={onDone}>
        Go to Dashboard
      </Button>
    </Flex>
  );
}
