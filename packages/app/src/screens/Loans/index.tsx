import { Button, Dialog, Flex, Text, TextField } from '@radix-ui/themes';
import { formatEuros, parseEuroAmount } from '@vault/domain';
import {
  ConsoleTable,
  type ConsoleTableColumn,
  DetailPanel,
  DetailPanelLayout,
  PageHeader,
  StatusBadge,
} from '@vault/ui';
import { type FormEvent, useId, useState } from 'react';
import { ActionDone, listStateProps } from '../../components/ConsoleFeedback';
import { useConsoleAction } from '../../components/useConsoleAction';
import { type LoanBookRow, useLoanBook, useRecordRepayment } from '../../data/loans/loanBook';
import { useRepayments } from '../../data/loans/queries';
import { formatDate } from '../../display/dates';

const loanStatus = (row: LoanBookRow) => <StatusBadge status={row.overdue ? 'Overdue' : row.status} />;

const columns: readonly ConsoleTableColumn<LoanBookRow>[] = [
  { id: 'id', header: 'Loan', cell: (row) => row.id, primary: true },
  { id: 'borrower', header: 'Borrower', cell: (row) => row.borrower },
  { id: 'amount', header: 'Amount', cell: (row) => row.amount },
  { id: 'due', header: 'Due to date', cell: (row) => formatEuros(row.due_cents) },
  { id: 'paid', header: 'Repaid', cell: (row) => formatEuros(row.paid_cents) },
  { id: 'next', header: 'Next due', cell: (row) => (row.next_due_on ? formatDate(row.next_due_on) : '—') },
  { id: 'status', header: 'Status', cell: loanStatus },
];

const today = () => new Date().toISOString().slice(0, 10);

/**
 * The repayment form: euros as typed, shown back in cents (what the server stores), the day paid
 * and the lender's reference (the bank's, unique per loan: a retry with it is stored once).
 */
function RecordRepaymentDialog(props: {
  loan: LoanBookRow;
  open: boolean;
  pending: boolean;
  error: string | undefined;
  onCancel: () => void;
  onConfirm: (amountCents: number, paidOn: string, reference: string) => void;
}) {
  const [amount, setAmount] = useState('');
  const [paidOn, setPaidOn] = useState(today);
  const [reference, setReference] = useState('');
  const [invalid, setInvalid] = useState<string | null>(null);
  const amountId = useId();
  const dateId = useId();
  const referenceId = useId();
  const cents = parseEuroAmount(amount);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (cents === null || cents <= 0) {
      setInvalid('Type an amount in euros, e.g. 1250 or 1250.50');
      return;
    }
    if (!paidOn) {
      setInvalid('Choose the day it was paid');
      return;
    }
    if (reference.trim() === '') {
      setInvalid("Type the lender's reference for this repayment");
      return;
    }
    setInvalid(null);
    props.onConfirm(cents, paidOn, reference.trim());
  }

  const message = invalid ?? props.error;
  return (
    <Dialog.Root open={props.open} onOpenChange={(open) => (open ? undefined : props.onCancel())}>
      <Dialog.Content maxWidth="28rem">
        <Dialog.Title>Record repayment</Dialog.Title>
        <Dialog.Description size="2">
          {props.loan.id}, {props.loan.borrower}. The repayment is stored in cents and recorded in the audit trail.
        </Dialog.Description>
        <form onSubmit={submit}>
          <Flex direction="column" gap="3" mt="3">
            <Flex direction="column" gap="1">
              <Text as="label" htmlFor={amountId} size="2" weight="medium">
                Amount (€)
              </Text>
              <TextField.Root
                id={amountId}
                inputMode="decimal"
                value={amount}
                onChange={(event) => setAmount(event.currentTarget.value)}
                aria-describedby={`${amountId}-cents`}
              />
              <Text id={`${amountId}-cents`} size="1" color="gray">
                {cents === null ? 'In cents: —' : `${formatEuros(cents)} = ${cents} cents`}
              </Text>
            </Flex>
            <Flex direction="column" gap="1">
              <Text as="label" htmlFor={dateId} size="2" weight="medium">
                Paid on
              </Text>
              <TextField.Root
                id={dateId}
                type="date"
                max={today()}
                value={paidOn}
                onChange={(event) => setPaidOn(event.currentTarget.value)}
              />
            </Flex>
            <Flex direction="column" gap="1">
              <Text as="label" htmlFor={referenceId} size="2" weight="medium">
                Lender's reference
              </Text>
              <TextField.Root
                id={referenceId}
                maxLength={100}
                value={reference}
                onChange={(event) => setReference(event.currentTarget.value)}
              />
            </Flex>
            {message ? (
              <Text as="p" role="alert" color="red" size="2">
                {message}
              </Text>
            ) : null}
            <Flex gap="2" justify="end">
              <Button type="button" variant="soft" color="gray" onClick={props.onCancel}>
                Cancel
              </Button>
              <Button type="submit" loading={props.pending}>
                Record repayment
              </Button>
            </Flex>
          </Flex>
        </form>
      </Dialog.Content>
    </Dialog.Root>
  );
}

/**
 * /loans (cl_spv_admin): the loan book (`loan_book`: due, repaid, next due, overdue flagged) with
 * each borrower's repayment schedule. Record repayment calls `record_repayment`; the dialog stays
 * open with what was typed when the call fails.
 */
export default function LoansScreen() {
  const action = useConsoleAction<'recordRepayment'>();
  const book = useLoanBook(action.version);
  const schedule = useRepayments();
  const record = useRecordRepayment();
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const selected = book.rows.find((row) => row.id === selectedId) ?? null;

  function submit(loan: LoanBookRow, amountCents: number, paidOn: string, reference: string) {
    return action.run(
      'recordRepayment',
      () => record(loan.id, amountCents, paidOn, reference),
      `${loan.id}: repayment of ${formatEuros(amountCents)} on ${formatDate(paidOn)} recorded.`,
    );
  }

  const scheduled =
    selected && schedule.status === 'ready' ? schedule.rows.filter((r) => r.borrower === selected.borrower) : [];

  const detail = selected ? (
    <DetailPanel
      title={selected.id}
      subtitle={loanStatus(selected)}
      fields={[
        { label: 'Borrower', value: selected.borrower },
        { label: 'Amount', value: selected.amount },
        { label: 'Due to date', value: formatEuros(selected.due_cents) },
        { label: 'Repaid', value: formatEuros(selected.paid_cents) },
        { label: 'Next due', value: selected.next_due_on ? formatDate(selected.next_due_on) : '—' },
      ]}
      onClose={() => setSelectedId(null)}
      actions={<Button onClick={() => action.open('recordRepayment')}>Record repayment</Button>}
    >
      <Flex direction="column" gap="1">
        <Text as="p" size="2" weight="medium">
          Repayment schedule
        </Text>
        {scheduled.length === 0 ? (
          <Text as="p" size="2" color="gray">
            {schedule.status === 'loading' ? 'Loading…' : 'No scheduled repayments'}
          </Text>
        ) : (
          <ul>
            {scheduled.map((r) => (
              <li key={r.id}>
                <Text size="2">
                  {r.due}: {r.amount}
                </Text>
              </li>
            ))}
          </ul>
        )}
      </Flex>
    </DetailPanel>
  ) : undefined;

  return (
    <Flex direction="column" gap="5">
      <PageHeader
        title="Loans"
        description="The loan book: what each borrower owes, has repaid and when the next payment falls due."
      />
      <ActionDone message={action.done} />
      <DetailPanelLayout
        list={
          <ConsoleTable
            caption="Loan book"
            captionHidden
            columns={columns}
            rows={book.rows}
            getRowId={(row) => row.id}
            selectedId={selectedId}
            onSelect={(row) => {
              setSelectedId(row.id);
              action.clearMessages();
            }}
            rowActionLabel={(row) => `Open ${row.id}, ${row.borrower}`}
            empty="No loans"
            {...listStateProps(book, 'The loan book could not be loaded')}
          />
        }
        detail={detail}
      />
      {selected && action.dialog === 'recordRepayment' ? (
        <RecordRepaymentDialog
          loan={selected}
          {...action.dialogProps('recordRepayment')}
          onConfirm={(cents, paidOn, reference) => submit(selected, cents, paidOn, reference)}
        />
      ) : null}
    </Flex>
  );
}
