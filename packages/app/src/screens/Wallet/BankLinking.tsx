import { Button, Card, Code, DataList, Flex, Heading, Skeleton, Text, TextField } from '@radix-ui/themes';
import {
  type BankAccountRow,
  bankAccountErrorField,
  bankAccountErrorText,
  bankHolderNameProblem,
  validateIban,
} from '@vault/domain';
import { type FormEvent, type KeyboardEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { toast } from 'sonner';
import { useBankAccount } from '../../data/bankAccount/bankAccount';
import { useLinkBankAccount } from '../../data/bankAccount/linkBankAccount';
import { useUnlinkBankAccount } from '../../data/bankAccount/unlinkBankAccount';

/** Where focus goes once the account read shows the change this card asked for. */
type FocusAfter = 'heading' | 'link-button' | null;

/**
 * Bank Account Linking on /wallet (docs/ledger.md "Bank accounts"): the member's linked account as
 * the server keeps it (`my_bank_account()`, the IBAN masked), the form that links one
 * (`link_bank_account`) and Unlink with a confirmation (`unlink_bank_account`). Withdrawals are
 * paid to the linked account. After a change the card waits for the account to be read again, so
 * it never shows a state the server has not confirmed.
 */
export function BankLinking() {
  const account = useBankAccount();
  const [open, setOpen] = useState<'form' | 'unlink' | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const linkButtonRef = useRef<HTMLButtonElement>(null);
  const focusAfter = useRef<FocusAfter>(null);
  const linked = account.status === 'ready' ? (account.rows[0] ?? null) : null;
  const linkedIban = linked?.iban_masked ?? null;

  // The read answered the change: close what was open and move focus where the change leads.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the linked account changes
  useEffect(() => {
    setOpen(null);
    const target = focusAfter.current;
    focusAfter.current = null;
    if (target === 'heading') headingRef.current?.focus();
    else if (target === 'link-button') linkButtonRef.current?.focus();
  }, [linkedIban]);

  return (
    <Card size="3">
      <Flex direction="column" gap="3" align="start">
        <Heading as="h2" size="5" ref={headingRef} tabIndex={-1} style={{ outline: 'none' }}>
          Bank Account Linking
        </Heading>
        {account.status === 'error' ? (
          <Flex gap="3" align="center" wrap="wrap" role="alert">
            <Text as="p" size="2" color="red">
              Your linked bank account could not be loaded.
            </Text>
            <Button type="button" size="1" variant="soft" onClick={account.retry}>
              Retry
            </Button>
          </Flex>
        ) : account.status === 'loading' ? (
          <Flex direction="column" gap="3" width="100%" aria-busy="true" data-testid="bank-account-loading">
            <Skeleton height="24px" width="min(100%, 640px)" />
            <Skeleton height="32px" width="160px" />
          </Flex>
        ) : linked ? (
          <LinkedAccount
            account={linked}
            confirming={open === 'unlink'}
            onConfirm={(confirming) => setOpen(confirming ? 'unlink' : null)}
            onUnlinked={() => {
              focusAfter.current = 'link-button';
            }}
          />
        ) : open === 'form' ? (
          <LinkForm
            onCancel={() => {
              setOpen(null);
              queueMicrotask(() => linkButtonRef.current?.focus());
            }}
            onLinked={() => {
              focusAfter.current = 'heading';
            }}
          />
        ) : (
          <>
            <Text as="p" color="gray">
              Link a bank account through our open-banking provider to fund your wallet and receive withdrawals.
            </Text>
            <Button type="button" variant="soft" ref={linkButtonRef} onClick={() => setOpen('form')}>
              Link Bank Account
            </Button>
          </>
        )}
      </Flex>
    </Card>
  );
}

interface FieldErrors {
  holder: string | null;
  iban: string | null;
  /** A refusal that belongs to neither field (the connection, a session gone). */
  form: string | null;
}

const noErrors: FieldErrors = { holder: null, iban: null, form: null };

/**
 * The linking form: the holder's name and the IBAN, checked as the server checks them before they
 * are sent (`bankHolderNameProblem`, `validateIban`) and by the server; each refusal beside its
 * field, what was typed kept. Enter submits, Escape cancels.
 */
function LinkForm({ onCancel, onLinked }: { onCancel: () => void; onLinked: () => void }) {
  const link = useLinkBankAccount();
  const [holder, setHolder] = useState('');
  const [iban, setIban] = useState('');
  const [errors, setErrors] = useState<FieldErrors>(noErrors);
  const [pending, setPending] = useState(false);
  const holderRef = useRef<HTMLInputElement>(null);
  const ibanRef = useRef<HTMLInputElement>(null);
  const id = useId();
  const holderId = `${id}-holder`;
  const ibanId = `${id}-iban`;

  useEffect(() => {
    holderRef.current?.focus();
  }, []);

  const show = (next: FieldErrors) => {
    setErrors(next);
    if (next.holder) holderRef.current?.focus();
    else if (next.iban) ibanRef.current?.focus();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    const holderProblem = bankHolderNameProblem(holder);
    const ibanCheck = validateIban(iban);
    if (holderProblem || !ibanCheck.ok) {
      show({
        holder: holderProblem ? bankAccountErrorText(holderProblem.message) : null,
        iban: ibanCheck.ok ? null : bankAccountErrorText(ibanCheck.error.message),
        form: null,
      });
      return;
    }
    setErrors(noErrors);
    setPending(true);
    const result = await link(holder, ibanCheck.iban);
    if (result.ok) {
      // The form stays busy until the account is read again and the card shows it.
      toast.success('Bank account linked');
      onLinked();
      return;
    }
    setPending(false);
    if (result.superseded) return;
    const field = bankAccountErrorField(result.error);
    const text = bankAccountErrorText(result.error);
    show({
      holder: field === 'holder_name' ? text : null,
      iban: field === 'iban' ? text : null,
      form: field === null ? text : null,
    });
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && !pending) {
      event.preventDefault();
      onCancel();
    }
  };

  return (
    <form onSubmit={submit} onKeyDown={onKeyDown} noValidate aria-label="Link a bank account" style={{ width: '100%' }}>
      <Flex direction="column" gap="3" maxWidth="420px">
        <Text as="p" size="2" color="gray">
          Withdrawals are paid to the account you link. Enter it as it appears on your bank statement.
        </Text>
        <Field
          id={holderId}
          label="Account holder"
          error={errors.holder}
          input={
            <TextField.Root
              id={holderId}
              ref={holderRef}
              autoComplete="name"
              value={holder}
              onChange={(event) => {
                setHolder(event.target.value);
                if (errors.holder || errors.form) setErrors({ ...errors, holder: null, form: null });
              }}
              aria-invalid={errors.holder ? true : undefined}
              aria-describedby={errors.holder ? `${holderId}-error` : undefined}
            />
          }
        />
        <Field
          id={ibanId}
          label="IBAN"
          error={errors.iban}
          input={
            <TextField.Root
              id={ibanId}
              ref={ibanRef}
              autoComplete="off"
              spellCheck={false}
              autoCapitalize="characters"
              placeholder="e.g. DE89 3704 0044 0532 0130 00"
              value={iban}
              onChange={(event) => {
                setIban(event.target.value);
                if (errors.iban || errors.form) setErrors({ ...errors, iban: null, form: null });
              }}
              aria-invalid={errors.iban ? true : undefined}
              aria-describedby={errors.iban ? `${ibanId}-error` : undefined}
            />
          }
        />
        {errors.form ? (
          <Text as="p" size="2" color="red" role="alert">
            {errors.form}
          </Text>
        ) : null}
        <Flex gap="3" align="center" wrap="wrap">
          <Button type="submit" loading={pending}>
            Link account
          </Button>
          <Button type="button" variant="soft" color="gray" highContrast onClick={onCancel} disabled={pending}>
            Cancel
          </Button>
        </Flex>
      </Flex>
    </form>
  );
}

/** A labelled input with its error below it, announced when it appears. */
function Field({ id, label, error, input }: { id: string; label: string; error: string | null; input: ReactNode }) {
  return (
    <Flex direction="column" gap="1">
      <Text as="label" htmlFor={id} size="2" weight="medium">
        {label}
      </Text>
      {input}
      <Text as="p" id={`${id}-error`} size="2" color="red" role="alert">
        {error ?? ''}
      </Text>
    </Flex>
  );
}

/**
 * The linked account: its holder and masked IBAN, and Unlink, which asks first. The confirmation
 * stays busy until the account is read again without it.
 */
function LinkedAccount({
  account,
  confirming,
  onConfirm,
  onUnlinked,
}: {
  account: BankAccountRow;
  confirming: boolean;
  onConfirm: (confirming: boolean) => void;
  onUnlinked: () => void;
}) {
  const unlink = useUnlinkBankAccount();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const unlinkRef = useRef<HTMLButtonElement>(null);
  const keepRef = useRef<HTMLButtonElement>(null);
  const questionId = useId();

  useEffect(() => {
    if (confirming) keepRef.current?.focus();
  }, [confirming]);

  const cancel = () => {
    setError(null);
    onConfirm(false);
    queueMicrotask(() => unlinkRef.current?.focus());
  };

  const confirm = async () => {
    setPending(true);
    setError(null);
    const result = await unlink();
    if (result.ok) {
      toast.success('Bank account unlinked');
      onUnlinked();
      return;
    }
    setPending(false);
    if (!result.superseded) setError(bankAccountErrorText(result.error));
  };

  return (
    <Flex direction="column" gap="3" align="start" width="100%">
      <Text as="p" role="status">
        Bank account linked. Your withdrawals are paid to it.
      </Text>
      <DataList.Root orientation={{ initial: 'vertical', sm: 'horizontal' }}>
        <DataList.Item>
          <DataList.Label>Account holder</DataList.Label>
          <DataList.Value>{account.holder_name}</DataList.Value>
        </DataList.Item>
        <DataList.Item>
          <DataList.Label>IBAN</DataList.Label>
          <DataList.Value>
            <Code size="3" data-testid="linked-iban">
              {account.iban_masked}
            </Code>
          </DataList.Value>
        </DataList.Item>
      </DataList.Root>
      {confirming ? (
        <Flex
          direction="column"
          gap="3"
          align="start"
          role="group"
          aria-labelledby={questionId}
          onKeyDown={(event) => {
            if (event.key === 'Escape' && !pending) {
              event.preventDefault();
              cancel();
            }
          }}
        >
          <Text as="p" id={questionId} weight="medium">
            Unlink {account.iban_masked}? Withdrawals will go back to the account your deposits came from.
          </Text>
          {error ? (
            <Text as="p" size="2" color="red" role="alert">
              {error}
            </Text>
          ) : null}
          <Flex gap="3" wrap="wrap">
            <Button type="button" color="red" loading={pending} onClick={() => void confirm()}>
              Unlink account
            </Button>
            <Button
              type="button"
              variant="soft"
              color="gray"
              highContrast
              ref={keepRef}
              disabled={pending}
              onClick={cancel}
            >
              Keep it
            </Button>
          </Flex>
        </Flex>
      ) : (
        <Button type="button" variant="soft" color="red" ref={unlinkRef} onClick={() => onConfirm(true)}>
          Unlink
        </Button>
      )}
    </Flex>
  );
}
