import { Button, Callout, Flex, Heading, Text } from '@radix-ui/themes';
import { formatEuros, mayReadEscrows, mayReadLedger, type Role } from '@vault/domain';
import { ConsoleTable, type ConsoleTableColumn } from '@vault/ui';
import { type ReactNode, useId, useState } from 'react';
import { ActionError, listStateProps } from '../../components/ConsoleFeedback';
import { Section } from '../../components/Section';
import {
  type EscrowRow,
  type TrialBalanceRow,
  useEscrows,
  useTrialBalance,
  useVerifyLedger,
} from '../../data/ledger/ledgerReports';
import {
  type LedgerRefusal,
  ledgerRefusalKindWords,
  useLedgerRefusals,
} from '../../data/ledgerRefusals/ledgerRefusals';
import { formatDateTime } from '../../display/dates';

/** Cents in their currency: euros as the app writes them everywhere, another currency by its code. */
function money(cents: number, currency: string): string {
  return currency === 'EUR' ? formatEuros(cents) : `${(cents / 100).toFixed(2)} ${currency}`;
}

/** One part of the ledger section: a <section> named by its h3, a line under it, buttons beside it. */
function Part(props: { title: string; description: ReactNode; actions?: ReactNode; children: ReactNode }) {
  const headingId = useId();
  return (
    <Flex asChild direction="column" gap="2">
      <section aria-labelledby={headingId}>
        <Flex align="center" justify="between" gap="3" wrap="wrap">
          <Heading as="h3" size="3" id={headingId}>
            {props.title}
          </Heading>
          {props.actions}
        </Flex>
        <Text as="p" size="2" color="gray">
          {props.description}
        </Text>
        {props.children}
      </section>
    </Flex>
  );
}

const trialColumns: readonly ConsoleTableColumn<TrialBalanceRow>[] = [
  { id: 'currency', header: 'Currency', cell: (r) => r.currency, primary: true },
  { id: 'dp', header: 'Debits pending', cell: (r) => money(r.debits_pending, r.currency), align: 'right' },
  { id: 'dpo', header: 'Debits posted', cell: (r) => money(r.debits_posted, r.currency), align: 'right' },
  { id: 'cp', header: 'Credits pending', cell: (r) => money(r.credits_pending, r.currency), align: 'right' },
  { id: 'cpo', header: 'Credits posted', cell: (r) => money(r.credits_posted, r.currency), align: 'right' },
];

type Verification =
  | { state: 'idle' }
  | { state: 'running' }
  | { state: 'holds' }
  | { state: 'fails'; failure: string }
  | { state: 'failed'; error: string };

/** What Verify found, read out as it comes (a polite live region). */
function VerificationResult({ verification }: { verification: Verification }) {
  switch (verification.state) {
    case 'running':
      return (
        <Text as="p" role="status" size="2" color="gray">
          Checking every invariant…
        </Text>
      );
    case 'holds':
      return (
        <Callout.Root color="teal" highContrast role="status">
          <Callout.Text>Every invariant holds</Callout.Text>
        </Callout.Root>
      );
    case 'fails':
      return (
        <Callout.Root color="red" highContrast role="alert">
          <Callout.Text>
            An invariant fails: <strong>{verification.failure}</strong>
          </Callout.Text>
        </Callout.Root>
      );
    case 'failed':
      return (
        <Callout.Root color="red" highContrast role="alert">
          <Callout.Text>The ledger could not be verified: {verification.error}</Callout.Text>
        </Callout.Root>
      );
    default:
      return null;
  }
}

/** The trial balance per currency (`ledger_trial_balance`), and Verify (`ledger_verify`). */
function TrialBalance() {
  const list = useTrialBalance();
  const verify = useVerifyLedger();
  const [verification, setVerification] = useState<Verification>({ state: 'idle' });

  async function runVerify() {
    setVerification({ state: 'running' });
    const answer = await verify();
    if (!answer.ok) setVerification({ state: 'failed', error: answer.error });
    else if (answer.failure === null) setVerification({ state: 'holds' });
    else setVerification({ state: 'fails', failure: answer.failure });
  }

  return (
    <Part
      title="Trial balance"
      description="Every account summed per currency: debits equal credits, posted and pending. Verify checks every invariant of the ledger on the server."
      actions={
        <Button variant="soft" loading={verification.state === 'running'} onClick={runVerify}>
          Verify
        </Button>
      }
    >
      <ConsoleTable
        caption="Trial balance"
        captionHidden
        columns={trialColumns}
        rows={list.rows}
        getRowId={(r) => r.currency}
        skeletonRows={1}
        empty="No money has moved yet"
        {...listStateProps(list, 'The trial balance could not be loaded')}
      />
      <div aria-live="polite">
        <VerificationResult verification={verification} />
      </div>
    </Part>
  );
}

const refusalColumns: readonly ConsoleTableColumn<LedgerRefusal>[] = [
  {
    id: 'refused',
    header: 'Refused at',
    cell: (r) => <time dateTime={r.refused_at}>{formatDateTime(r.refused_at)}</time>,
    primary: true,
  },
  { id: 'kind', header: 'Event', cell: (r) => ledgerRefusalKindWords[r.kind] },
  { id: 'event', header: 'Provider event', cell: (r) => r.event_id },
  {
    id: 'amount',
    header: 'Amount',
    cell: (r) => (r.amount_cents === null ? '—' : money(r.amount_cents, r.currency ?? 'EUR')),
    align: 'right',
  },
  { id: 'reason', header: 'Reason', cell: (r) => r.reason, wrap: true },
];

/** The payment events the ledger refused, newest first (`list_ledger_refusals`, keyset paged). */
function RefusedEvents() {
  const list = useLedgerRefusals();
  return (
    <Part
      title="Refused payment events"
      description="What the payment provider reported that the ledger could not apply, with the reason. Nothing moved for these."
    >
      <ConsoleTable
        caption="Refused payment events"
        captionHidden
        columns={refusalColumns}
        rows={list.rows}
        getRowId={(r) => String(r.id)}
        skeletonRows={2}
        empty="No refused payment events"
        loadMoreLabel="Load more refused events"
        {...listStateProps(list, 'The refused payment events could not be loaded')}
      />
      <ActionError message={list.moreError && `More refused events could not be loaded: ${list.moreError}`} />
    </Part>
  );
}

const escrowColumns: readonly ConsoleTableColumn<EscrowRow>[] = [
  { id: 'offering', header: 'Offering', cell: (r) => r.opportunity_name, primary: true },
  { id: 'spv', header: 'SPV', cell: (r) => r.spv_id },
  { id: 'holds', header: 'Holds', cell: (r) => money(r.holds_cents, r.currency), align: 'right' },
  { id: 'pending', header: 'Pending in', cell: (r) => money(r.pending_in_cents, r.currency), align: 'right' },
  { id: 'cpo', header: 'Credits posted', cell: (r) => money(r.credits_posted, r.currency), align: 'right' },
  { id: 'dpo', header: 'Debits posted', cell: (r) => money(r.debits_posted, r.currency), align: 'right' },
  { id: 'cp', header: 'Credits pending', cell: (r) => money(r.credits_pending, r.currency), align: 'right' },
  { id: 'dp', header: 'Debits pending', cell: (r) => money(r.debits_pending, r.currency), align: 'right' },
];

/** Each offering's escrow account (`ledger_escrows`): every offering's for the staff, an SPV's own for its administrators. */
function Escrows({ everyOffering }: { everyOffering: boolean }) {
  const list = useEscrows();
  return (
    <Part
      title="Escrow per offering"
      description={
        everyOffering
          ? 'What each offering’s escrow account holds (posted) and what is pending in (held from members, not yet posted).'
          : 'What the escrow account of each of your SPVs’ offerings holds (posted) and what is pending in (held from members, not yet posted).'
      }
    >
      <ConsoleTable
        caption="Escrow per offering"
        captionHidden
        columns={escrowColumns}
        rows={list.rows}
        getRowId={(r) => `${r.opportunity_id}:${r.currency}`}
        skeletonRows={2}
        empty="No offering has received money yet"
        {...listStateProps(list, 'The escrow accounts could not be loaded')}
      />
    </Part>
  );
}

/**
 * /reports' Ledger section. Each part shows only to those its server function accepts
 * (docs/ledger.md "What people read"): the trial balance with Verify and the refused payment
 * events to mfo_admin, compliance and the admin flag; the escrow per offering to them and to an
 * SPV's administrators, who see their own offerings'. A part the caller may not read is not
 * asked for at all, so no expected refusal is ever shown.
 */
export function LedgerReports({ reader }: { reader: { role: Role; isAdmin: boolean } }) {
  const ledger = mayReadLedger(reader);
  if (!ledger && !mayReadEscrows(reader)) return null;
  return (
    <Section
      title="Ledger"
      description={
        <Text as="p" size="2" color="gray">
          {ledger
            ? 'The double-entry ledger under every balance, as the server reads it now.'
            : 'The money your SPVs’ offerings hold, as the ledger reads it now.'}
        </Text>
      }
    >
      <Flex direction="column" gap="5">
        {ledger ? <TrialBalance /> : null}
        {ledger ? <RefusedEvents /> : null}
        <Escrows everyOffering={ledger} />
      </Flex>
    </Section>
  );
}
