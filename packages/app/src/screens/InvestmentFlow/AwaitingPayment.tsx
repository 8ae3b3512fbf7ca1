import { Button, Code, DataList, Flex, Heading, Spinner, Text } from '@radix-ui/themes';
import {
  AWAITING_PAYMENT_DAYS,
  CARD_FEE_BPS,
  formatEuros,
  type InvestmentRow,
  investmentFunding,
  paymentMethods,
} from '@vault/domain';
import { useContext, useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { usePayMissingByCard, usePaymentReference } from '../../data/investments/awaitingPayment';
import { ExternalNavigation } from '../Wallet/externalNavigation';
import { availableCentsOf, type Balance, CashUnavailable, LoadingFigure } from './Cash';

type Row = Pick<InvestmentRow, 'id' | 'method' | 'total_cents' | 'card_fee_cents'>;

/**
 * Step 4 of an investment `Awaiting payment` (docs/ledger.md "Every movement of money"): the
 * server held nothing because the available cash did not cover the total. What is missing
 * (`investmentFunding`, from the server's balance) and how to pay it: a bank transfer with the
 * reference unique to this investment (`investment_payment_reference`), or a card checkout of it.
 * Once the cash covers the total, the server holds it and the investment is Pending.
 */
export function AwaitingPayment({ row, balance }: { row: Row; balance: Balance }) {
  const available = availableCentsOf(balance);
  const missing = available === null ? null : investmentFunding(available, row.total_cents).collectedCents;
  return (
    <Flex direction="column" gap="3" align="start" width="100%">
      <Heading as="h3" size="3">
        What to do now
      </Heading>
      <Text as="p" size="2">
        {row.method === 'bank'
          ? 'Your available cash does not cover the total, so nothing is held yet. Send what is missing by SEPA bank transfer with the reference below: your funds are held as soon as it arrives.'
          : `Your available cash does not cover the total, so nothing is held yet. Pay what is missing by card: your total includes the ${CARD_FEE_BPS / 100}% card fee of ${formatEuros(row.card_fee_cents)}. Your funds are held as soon as the payment goes through.`}{' '}
        Without it, the investment is cancelled {AWAITING_PAYMENT_DAYS} days after you submitted it.
      </Text>
      {balance.status === 'error' ? (
        <CashUnavailable balance={balance} detail="What is missing cannot be shown." />
      ) : null}
      <DataList.Root orientation={{ initial: 'vertical', sm: 'horizontal' }}>
        {balance.status === 'error' ? null : (
          <DataList.Item>
            <DataList.Label>Amount to pay</DataList.Label>
            <DataList.Value aria-busy={missing === null ? true : undefined}>
              {missing === null ? <LoadingFigure /> : formatEuros(missing)}
            </DataList.Value>
          </DataList.Item>
        )}
        <DataList.Item>
          <DataList.Label>Payment method</DataList.Label>
          <DataList.Value>{paymentMethods[row.method].label}</DataList.Value>
        </DataList.Item>
        {row.method === 'bank' ? <ReferenceItem investmentId={row.id} /> : null}
      </DataList.Root>
      {row.method === 'card' && missing !== null && missing > 0 ? <CardCheckout amountCents={missing} /> : null}
    </Flex>
  );
}

/** The SEPA reference as the server makes it, with Copy; its failure with Retry. */
function ReferenceItem({ investmentId }: { investmentId: string }) {
  const { state, retry } = usePaymentReference(investmentId);
  const copy = async (reference: string) => {
    try {
      await navigator.clipboard.writeText(reference);
      toast.success('Payment reference copied to clipboard');
    } catch {
      toast.error('Could not copy the payment reference. Please select it and copy it yourself.');
    }
  };
  return (
    <DataList.Item>
      <DataList.Label>Payment reference</DataList.Label>
      <DataList.Value>
        {state.status === 'ready' ? (
          <Flex gap="2" align="center" wrap="wrap">
            <Code size="3" data-testid="payment-reference">
              {state.reference}
            </Code>
            <Button type="button" size="1" variant="soft" onClick={() => void copy(state.reference)}>
              Copy reference
            </Button>
          </Flex>
        ) : state.status === 'error' ? (
          <Flex gap="2" align="center" wrap="wrap" role="alert">
            <Text size="2" color="red">
              The payment reference could not be loaded.
            </Text>
            <Button type="button" size="1" variant="soft" onClick={retry}>
              Retry
            </Button>
          </Flex>
        ) : (
          <Text aria-busy>
            <LoadingFigure />
          </Text>
        )}
      </DataList.Value>
    </DataList.Item>
  );
}

type Checkout = { kind: 'idle'; error: string | null } | { kind: 'paying' } | { kind: 'redirecting' };

/**
 * The card checkout of what is missing (onramp-session, as /wallet's payment): the provider's page,
 * or, with the demo provider, paid at once, after which the investments are read again. One
 * idempotency key per attempt and amount, kept through a retry, so a retry opens one checkout.
 */
function CardCheckout({ amountCents }: { amountCents: number }) {
  const pay = usePayMissingByCard();
  const goTo = useContext(ExternalNavigation);
  const [attempt] = useState(() => crypto.randomUUID());
  const [checkout, setCheckout] = useState<Checkout>({ kind: 'idle', error: null });
  const mounted = useRef(true);
  useEffect(
    () => () => {
      mounted.current = false;
    },
    [],
  );
  const start = async () => {
    setCheckout({ kind: 'paying' });
    const result = await pay(amountCents, `${attempt}:${amountCents}`);
    if (!mounted.current) return;
    if (!result.ok) {
      setCheckout({ kind: 'idle', error: result.superseded ? null : result.error });
      return;
    }
    if (result.status === 'pending') {
      setCheckout({ kind: 'redirecting' });
      goTo(result.url);
      return;
    }
    setCheckout({ kind: 'idle', error: null });
  };
  if (checkout.kind === 'redirecting') {
    return (
      <Flex gap="2" align="center" role="status">
        <Spinner />
        <Text>Taking you to the payment page…</Text>
      </Flex>
    );
  }
  const error = checkout.kind === 'idle' ? checkout.error : null;
  return (
    <Flex direction="column" gap="2" align="start">
      {error ? (
        <Text as="p" size="2" color="red" role="alert">
          {error}
        </Text>
      ) : null}
      <Button type="button" onClick={() => void start()} loading={checkout.kind === 'paying'}>
        {error ? 'Try again' : `Pay ${formatEuros(amountCents)} by card`}
      </Button>
    </Flex>
  );
}
