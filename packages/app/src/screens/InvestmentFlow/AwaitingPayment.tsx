import { Button, Code, DataList, Flex, Heading, Spinner, Text } from '@radix-ui/themes';
import {
  AWAITING_PAYMENT_DAYS,
  CARD_FEE_BPS,
  formatEuros,
  formatIban,
  type InvestmentRow,
  investmentFunding,
  paymentMethods,
} from '@vault/domain';
import { useContext, useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { toast } from 'sonner';
import { useCollectionAccount, usePayMissingByCard, usePaymentReference } from '../../data/investments/awaitingPayment';
import { ExternalNavigation } from '../Wallet/externalNavigation';
import { availableCentsOf, type Balance, CashUnavailable, LoadingFigure } from './Cash';
import { type CardReturn, checkoutReturnPath } from './checkoutReturn';

type Row = Pick<InvestmentRow, 'id' | 'method' | 'total_cents' | 'card_fee_cents'>;

/**
 * Step 4 of an investment `Awaiting payment` (docs/ledger.md "Every movement of money"): the
 * server held nothing because the available cash did not cover the total. What is missing
 * (`investmentFunding`, from the server's balance) and how to pay it: a bank transfer to the
 * platform's collection account (`payment_collection_account`) with the reference unique to this
 * investment (`investment_payment_reference`), or a card checkout of it, which sends the member
 * back to this page; `cardReturn` is what that return said (checkoutReturn.ts).
 * Once the cash covers the total, the server holds it and the investment is Pending.
 */
export function AwaitingPayment({
  row,
  balance,
  cardReturn = null,
}: {
  row: Row;
  balance: Balance;
  cardReturn?: CardReturn;
}) {
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
        {row.method === 'bank' ? <CollectionAccountItems /> : null}
        {row.method === 'bank' ? <ReferenceItem investmentId={row.id} /> : null}
      </DataList.Root>
      {row.method === 'card' ? <CardReturnStatus cardReturn={cardReturn} /> : null}
      {row.method === 'card' && cardReturn !== 'confirming' && missing !== null && missing > 0 ? (
        <CardCheckout amountCents={missing} />
      ) : null}
    </Flex>
  );
}

/** What the card checkout's return said, above the checkout (none while it is being confirmed). */
function CardReturnStatus({ cardReturn }: { cardReturn: CardReturn }) {
  if (cardReturn === 'confirming') {
    return (
      <Flex gap="2" align="center" role="status">
        <Spinner />
        <Text size="2">Your card payment is being confirmed. Your funds are held as soon as it goes through.</Text>
      </Flex>
    );
  }
  if (cardReturn === null) return null;
  return (
    <Text as="p" size="2" role="status">
      {cardReturn === 'cancelled'
        ? 'The card payment was cancelled: nothing was paid.'
        : 'Your card payment has not been confirmed yet. If it does not go through, you can pay again.'}
    </Text>
  );
}

/** Copies a value the member types into their bank's form, and says so (or that it could not). */
async function copyToClipboard(value: string, label: string, name: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(value);
    toast.success(`${label} copied to clipboard`);
  } catch {
    toast.error(`Could not copy ${name}. Please select it and copy it yourself.`);
  }
}

/**
 * Where the transfer goes, from the server's settings: the beneficiary, the IBAN (printed in groups
 * of four, copied without spaces) and the BIC; while they load, skeletons; their failure with
 * Retry; and, for a project that has none configured, that they come by email.
 */
function CollectionAccountItems() {
  const account = useCollectionAccount();
  if (account.status === 'error') {
    return (
      <DataList.Item>
        <DataList.Label>Bank details</DataList.Label>
        <DataList.Value>
          <Flex gap="2" align="center" wrap="wrap" role="alert">
            <Text size="2" color="red">
              The bank details could not be loaded.
            </Text>
            <Button type="button" size="1" variant="soft" onClick={account.retry}>
              Retry
            </Button>
          </Flex>
        </DataList.Value>
      </DataList.Item>
    );
  }
  if (account.status === 'loading') {
    return (
      <>
        {['Beneficiary', 'IBAN', 'BIC'].map((label) => (
          <DataList.Item key={label}>
            <DataList.Label>{label}</DataList.Label>
            <DataList.Value aria-busy>
              <LoadingFigure />
            </DataList.Value>
          </DataList.Item>
        ))}
      </>
    );
  }
  const details = account.rows[0];
  if (!details) {
    return (
      <DataList.Item>
        <DataList.Label>Bank details</DataList.Label>
        <DataList.Value>
          <Text size="2">We will send you the bank details for your transfer by email.</Text>
        </DataList.Value>
      </DataList.Item>
    );
  }
  return (
    <>
      <DataList.Item>
        <DataList.Label>Beneficiary</DataList.Label>
        <DataList.Value data-testid="collection-beneficiary">{details.beneficiary}</DataList.Value>
      </DataList.Item>
      <DataList.Item>
        <DataList.Label>IBAN</DataList.Label>
        <DataList.Value>
          <Flex gap="2" align="center" wrap="wrap">
            <Code size="3" data-testid="collection-iban">
              {formatIban(details.iban)}
            </Code>
            <Button
              type="button"
              size="1"
              variant="soft"
              onClick={() => void copyToClipboard(details.iban, 'IBAN', 'the IBAN')}
            >
              Copy IBAN
            </Button>
          </Flex>
        </DataList.Value>
      </DataList.Item>
      {details.bic ? (
        <DataList.Item>
          <DataList.Label>BIC</DataList.Label>
          <DataList.Value>
            <Code size="3" data-testid="collection-bic">
              {details.bic}
            </Code>
          </DataList.Value>
        </DataList.Item>
      ) : null}
    </>
  );
}

/** The SEPA reference as the server makes it, with Copy; its failure with Retry. */
function ReferenceItem({ investmentId }: { investmentId: string }) {
  const { state, retry } = usePaymentReference(investmentId);
  return (
    <DataList.Item>
      <DataList.Label>Payment reference</DataList.Label>
      <DataList.Value>
        {state.status === 'ready' ? (
          <Flex gap="2" align="center" wrap="wrap">
            <Code size="3" data-testid="payment-reference">
              {state.reference}
            </Code>
            <Button
              type="button"
              size="1"
              variant="soft"
              onClick={() => void copyToClipboard(state.reference, 'Payment reference', 'the payment reference')}
            >
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
 * which sends the member back to this investment's page (`checkoutReturnPath`), or, with the demo
 * provider, paid at once, after which the investments are read again. One idempotency key per
 * attempt and amount, kept through a retry, so a retry opens one checkout.
 */
function CardCheckout({ amountCents }: { amountCents: number }) {
  const pay = usePayMissingByCard();
  const goTo = useContext(ExternalNavigation);
  const returnPath = checkoutReturnPath(useLocation());
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
    const result = await pay(amountCents, `${attempt}:${amountCents}`, returnPath);
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
