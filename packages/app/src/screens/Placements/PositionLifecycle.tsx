import { Button, Callout, Card, Flex, Heading, Text, TextField } from '@radix-ui/themes';
import { formatDate, formatDateTime, formatEuros, type PortfolioPosition } from '@vault/domain';
import { DataTable, type DataTableColumn, StatusBadge } from '@vault/ui';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { Section } from '../../components/Section';
import { type MyDistribution, useMyDistributions } from '../../data/distributions/distributions';
import {
  type MyRedemption,
  type RedemptionQuote,
  useMyRedemptions,
  useRedemptionQuote,
  useRequestRedemption,
} from '../../data/redemptions/redemptions';
import { attemptFor, type RedeemAttempt, unitsOf } from './redeemForm';

/** How long the form waits after the last key before it asks for a quote. */
const QUOTE_DELAY_MS = 300;

/**
 * A position's life after its issue (docs/lifecycle.md): the income its distributions paid
 * (`my_distributions`), the member's redemptions of it (`my_redemptions`), and Redeem: units, a
 * live quote (`redemption_quote`) or the day the lock-up ends, then `request_redemption` with one
 * key per attempt.
 */
export function PositionLifecycle({ position }: { position: PortfolioPosition }) {
  const [redeeming, setRedeeming] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const redeemButton = useRef<HTMLButtonElement>(null);
  const close = (message: string | null) => {
    setRedeeming(false);
    setDone(message);
    requestAnimationFrame(() => redeemButton.current?.focus());
  };
  return (
    <Flex direction="column" gap="4">
      <Income opportunityId={position.opportunityId} />
      <Redemptions opportunityId={position.opportunityId} />
      {done ? (
        <Text as="p" size="2" role="status" color="teal">
          {done}
        </Text>
      ) : null}
      {position.status !== 'Active' ? null : redeeming ? (
        <RedeemForm position={position} onClose={close} />
      ) : (
        <Flex>
          <Button
            ref={redeemButton}
            variant="soft"
            onClick={() => {
              setDone(null);
              setRedeeming(true);
            }}
          >
            Redeem
          </Button>
        </Flex>
      )}
    </Flex>
  );
}

function LoadFailed({ what, error, retry }: { what: string; error: string | null; retry: () => void }) {
  return (
    <Flex direction="column" gap="2" align="start" role="alert">
      <Text size="2" color="red">
        {what} could not be loaded: {error}
      </Text>
      <Button size="1" variant="soft" onClick={retry}>
        Retry
      </Button>
    </Flex>
  );
}

const kindWords: Record<MyDistribution['kind'], string> = { income: 'Income', capital: 'Return of capital' };

/** The position's distributions: what each paid (or will, once paid), and the total received. */
function Income({ opportunityId }: { opportunityId: string }) {
  const lines = useMyDistributions();
  const mine = lines.status === 'ready' ? lines.rows.filter((l) => l.opportunity_id === opportunityId) : [];
  const received = mine.filter((l) => l.status === 'paid').reduce((sum, l) => sum + l.net_cents, 0);
  return (
    <Flex direction="column" gap="2">
      <Heading as="h3" size="3">
        Income received
      </Heading>
      {lines.status === 'loading' ? (
        <Text size="2" color="gray" role="status">
          Loading your income…
        </Text>
      ) : lines.status === 'error' ? (
        <LoadFailed what="Your income" error={lines.error} retry={lines.retry} />
      ) : mine.length === 0 ? (
        <Text as="p" size="2" color="gray">
          No distribution from this position yet.
        </Text>
      ) : (
        <>
          <Text as="p" size="2">
            {formatEuros(received)} received after tax withheld.
          </Text>
          <DataTable
            caption="Distributions of this position"
            captionHidden
            size="1"
            rows={mine}
            getRowKey={(row) => row.distribution_id}
            rowHeaderKey="record"
            columns={[
              { key: 'record', header: 'Record date', render: (row) => formatDate(row.record_date) },
              { key: 'kind', header: 'Kind', render: (row) => kindWords[row.kind] },
              { key: 'gross', header: 'Gross', align: 'right', render: (row) => formatEuros(row.gross_cents) },
              {
                key: 'withholding',
                header: 'Tax withheld',
                align: 'right',
                render: (row) => formatEuros(row.withholding_cents),
              },
              { key: 'net', header: 'Net', align: 'right', render: (row) => formatEuros(row.net_cents) },
              {
                key: 'status',
                header: 'Status',
                render: (row) =>
                  row.status === 'paid' && row.paid_at ? (
                    <>
                      Paid <time dateTime={row.paid_at}>{formatDate(row.paid_at)}</time>
                    </>
                  ) : (
                    'Declared, not yet paid'
                  ),
              },
            ]}
          />
        </>
      )}
    </Flex>
  );
}

const redemptionWords: Record<MyRedemption['status'], { label: string; tone: 'info' | 'success' | 'danger' }> = {
  requested: { label: 'With the SPV', tone: 'info' },
  approved: { label: 'Approved', tone: 'success' },
  rejected: { label: 'Rejected', tone: 'danger' },
};

const redemptionColumns: readonly DataTableColumn<MyRedemption>[] = [
  {
    key: 'requested',
    header: 'Asked',
    render: (row) => <time dateTime={row.requested_at}>{formatDateTime(row.requested_at)}</time>,
  },
  { key: 'units', header: 'Units', align: 'right', render: (row) => row.units.toLocaleString('en-IE') },
  {
    key: 'status',
    header: 'Status',
    render: (row) => (
      <StatusBadge
        status={row.status}
        label={redemptionWords[row.status].label}
        tone={redemptionWords[row.status].tone}
      />
    ),
  },
  {
    key: 'outcome',
    header: 'Outcome',
    render: (row) =>
      row.status === 'requested'
        ? `Decided by ${formatDateTime(row.due_at)}`
        : row.status === 'approved' && row.net_cents !== null
          ? `${formatEuros(row.net_cents)} to your cash${row.fee_cents ? ` (fee ${formatEuros(row.fee_cents)})` : ''}`
          : (row.reason ?? '—'),
  },
];

/** The member's redemptions of this position, newest first. */
function Redemptions({ opportunityId }: { opportunityId: string }) {
  const list = useMyRedemptions();
  const mine = list.status === 'ready' ? list.rows.filter((r) => r.opportunity_id === opportunityId) : [];
  return (
    <Flex direction="column" gap="2">
      <Heading as="h3" size="3">
        Your redemptions
      </Heading>
      {list.status === 'loading' ? (
        <Text size="2" color="gray" role="status">
          Loading your redemptions…
        </Text>
      ) : list.status === 'error' ? (
        <LoadFailed what="Your redemptions" error={list.error} retry={list.retry} />
      ) : mine.length === 0 ? (
        <Text as="p" size="2" color="gray">
          You have not asked to redeem units of this position.
        </Text>
      ) : (
        <DataTable
          caption="Your redemptions of this position"
          captionHidden
          size="1"
          rows={mine}
          getRowKey={(row) => row.id}
          rowHeaderKey="requested"
          columns={redemptionColumns}
        />
      )}
    </Flex>
  );
}

/**
 * Every redemption the member asked for, on /placements under the positions: shown once there is
 * one (each position's detail has its own, with its loading and empty states), or when they
 * cannot be read.
 */
export function AllRedemptions() {
  const list = useMyRedemptions();
  if (list.status === 'loading' || (list.status === 'ready' && list.rows.length === 0)) return null;
  return (
    <Section title="Redemptions">
      {list.status === 'error' ? (
        <LoadFailed what="Your redemptions" error={list.error} retry={list.retry} />
      ) : (
        <DataTable
          caption="Your redemptions"
          captionHidden
          rows={list.rows}
          getRowKey={(row) => row.id}
          rowHeaderKey="offering"
          columns={[
            { key: 'offering', header: 'Offering', render: (row) => row.opportunity_name },
            ...redemptionColumns,
          ]}
        />
      )}
    </Section>
  );
}

type QuoteState =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'ready'; quote: RedemptionQuote }
  | { status: 'error'; error: string };

/** What the quote says: the price, fee and net of the units today, or the day they may be asked. */
function QuoteText({ state }: { state: QuoteState }) {
  if (state.status === 'idle') return null;
  if (state.status === 'loading') {
    return (
      <Text as="p" size="2" color="gray" role="status">
        Asking for a quote…
      </Text>
    );
  }
  if (state.status === 'error') {
    return (
      <Text as="p" size="2" color="red" role="status">
        {state.error}
      </Text>
    );
  }
  const q = state.quote;
  if (!q.redeemable) {
    return (
      <Text as="p" size="2" role="status">
        These units are locked up until {q.lockup_ends_on ? formatDate(q.lockup_ends_on) : 'later'}; you may ask to
        redeem them from that day.
      </Text>
    );
  }
  return (
    <Text as="p" size="2" role="status">
      {q.units.toLocaleString('en-IE')} units at {formatEuros(q.unit_price_cents)}: {formatEuros(q.price_cents)}, less
      the early redemption fee ({q.fee_bps / 100}%) of {formatEuros(q.fee_cents)}. You would receive{' '}
      {formatEuros(q.net_cents)}.
    </Text>
  );
}

/** Redeem: the units (at most those held), a live quote, then the request; what was typed stays on a refusal. */
function RedeemForm({ position, onClose }: { position: PortfolioPosition; onClose: (done: string | null) => void }) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const quoteFor = useRedemptionQuote();
  const request = useRequestRedemption();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [quote, setQuote] = useState<QuoteState>({ status: 'idle' });
  const [sending, setSending] = useState(false);
  const attempt = useRef<RedeemAttempt | null>(null);

  useEffect(() => {
    input.current?.focus();
  }, []);

  useEffect(() => {
    const parsed = unitsOf(text, position.units);
    if (!('units' in parsed)) {
      setQuote({ status: 'idle' });
      return;
    }
    let live = true;
    setQuote({ status: 'loading' });
    const timer = window.setTimeout(() => {
      void quoteFor(position.opportunityId, parsed.units).then((answer) => {
        if (!live) return;
        setQuote(answer.ok ? { status: 'ready', quote: answer.quote } : { status: 'error', error: answer.error });
      });
    }, QUOTE_DELAY_MS);
    return () => {
      live = false;
      window.clearTimeout(timer);
    };
  }, [text, position.units, position.opportunityId, quoteFor]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (sending) return;
    setRefusal(null);
    const parsed = unitsOf(text, position.units);
    if (!('units' in parsed)) {
      setError(parsed.error);
      input.current?.focus();
      return;
    }
    setError(null);
    const sent = attemptFor(attempt.current, parsed.units, () => crypto.randomUUID());
    attempt.current = sent;
    setSending(true);
    const answer = await request({
      opportunityId: position.opportunityId,
      units: sent.units,
      idempotencyKey: sent.key,
    });
    setSending(false);
    if (answer.ok) {
      attempt.current = null;
      onClose(
        `Your request to redeem ${sent.units.toLocaleString('en-IE')} units of ${position.name} is with its SPV, who decides within two business days.`,
      );
      return;
    }
    if (!answer.superseded) setRefusal(answer.error);
  }

  return (
    <Card size="2">
      <form onSubmit={submit} noValidate aria-labelledby={`${id}-title`}>
        <Flex direction="column" gap="3">
          <Heading as="h3" size="3" id={`${id}-title`}>
            Redeem units of {position.name}
          </Heading>
          <Flex direction="column" gap="1">
            <Text as="label" htmlFor={`${id}-units`} size="2" weight="medium">
              Units to redeem
            </Text>
            <TextField.Root
              ref={input}
              id={`${id}-units`}
              inputMode="numeric"
              value={text}
              aria-invalid={error ? true : undefined}
              aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
              onChange={(event) => setText(event.target.value)}
            />
            <Text id={`${id}-hint`} size="1" color="gray">
              You hold {position.units.toLocaleString('en-IE')} units.
            </Text>
            {error ? (
              <Text id={`${id}-error`} size="1" color="red">
                {error}
              </Text>
            ) : null}
          </Flex>
          <QuoteText state={quote} />
          {refusal ? (
            <Callout.Root color="red" role="alert" size="1">
              <Callout.Text>{refusal}</Callout.Text>
            </Callout.Root>
          ) : null}
          <Flex gap="2">
            <Button type="submit" loading={sending}>
              Ask to redeem
            </Button>
            <Button type="button" variant="soft" color="gray" onClick={() => onClose(null)}>
              Cancel
            </Button>
          </Flex>
        </Flex>
      </form>
    </Card>
  );
}
