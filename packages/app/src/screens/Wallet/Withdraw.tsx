import { Button, Card, Flex, Heading, Text, TextField } from '@radix-ui/themes';
import { formatEuros, parseEuroAmount, withdrawalAmountError, withdrawalErrorText } from '@vault/domain';
import { type FormEvent, useId, useRef, useState } from 'react';
import { useBankAccount } from '../../data/bankAccount/bankAccount';
import { useRequestWithdrawal } from '../../data/ledger/requestWithdrawal';

/**
 * Withdraw (`request_withdrawal`, docs/ledger.md): an amount up to the available cash, checked
 * before it is sent and by the server; a refusal shows beside the field and the amount stays as
 * typed. One idempotency key per amount, so a retry after a lost answer asks for one payout. Where
 * the payout goes is the server's rule: the linked bank account (named here once it is read), else
 * back where the deposits came from.
 */
export function Withdraw({ availableCents, onRequested }: { availableCents: number; onRequested: () => void }) {
  const requestWithdrawal = useRequestWithdrawal();
  const bankAccount = useBankAccount();
  const linked = bankAccount.status === 'ready' ? (bankAccount.rows[0] ?? null) : null;
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const attempt = useRef<{ cents: number; key: string } | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const errorId = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    const problem = withdrawalAmountError(amount, availableCents);
    const cents = parseEuroAmount(amount);
    if (problem || cents === null) {
      setError(problem);
      inputRef.current?.focus();
      return;
    }
    if (attempt.current?.cents !== cents) attempt.current = { cents, key: crypto.randomUUID() };
    setError(null);
    setDone(null);
    setPending(true);
    const result = await requestWithdrawal(cents, attempt.current.key);
    setPending(false);
    if (!result.ok) {
      if (!result.superseded) {
        setError(withdrawalErrorText(result.error));
        inputRef.current?.focus();
      }
      return;
    }
    attempt.current = null;
    setAmount('');
    setDone(`Withdrawal of ${formatEuros(cents)} requested. It is held until the payout reaches your bank.`);
    onRequested();
  };

  return (
    <Card size="3">
      <form onSubmit={submit} noValidate aria-labelledby={`${inputId}-heading`}>
        <Flex direction="column" gap="3">
          <Heading as="h2" size="5" id={`${inputId}-heading`}>
            Withdraw
          </Heading>
          <Text as="p" size="2" color="gray">
            Available to withdraw: <strong>{formatEuros(availableCents)}</strong>.{' '}
            {linked ? (
              <>
                The payout goes to your linked bank account, {linked.holder_name},{' '}
                <span data-testid="payout-account">{linked.iban_masked}</span>.
              </>
            ) : bankAccount.status === 'ready' ? (
              'The payout goes back to the account your deposits came from, or link a bank account below to be paid there.'
            ) : (
              'The payout goes to your linked bank account, or back to the account your deposits came from.'
            )}
          </Text>
          <Flex direction="column" gap="1" maxWidth="320px">
            <Text as="label" htmlFor={inputId} size="2" weight="medium">
              Amount to withdraw (EUR)
            </Text>
            <TextField.Root
              id={inputId}
              ref={inputRef}
              inputMode="decimal"
              autoComplete="off"
              value={amount}
              onChange={(event) => {
                setAmount(event.target.value);
                if (error) setError(null);
              }}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
            >
              <TextField.Slot>€</TextField.Slot>
            </TextField.Root>
            <Text as="p" id={errorId} size="2" color="red" role="alert">
              {error ?? ''}
            </Text>
          </Flex>
          <Flex gap="3" align="center" wrap="wrap">
            <Button type="submit" loading={pending}>
              Withdraw
            </Button>
            <Button
              type="button"
              variant="soft"
              color="gray"
              highContrast
              disabled={availableCents <= 0}
              onClick={() => {
                setAmount((availableCents / 100).toFixed(2));
                setError(null);
              }}
            >
              Withdraw all
            </Button>
          </Flex>
          <Text as="p" size="2" role="status">
            {done ?? ''}
          </Text>
        </Flex>
      </form>
    </Card>
  );
}
