import { Button, Card, Flex, Heading, Spinner, Text, TextField } from '@radix-ui/themes';
import { formatEuros, ONRAMP_SUGGESTIONS_EUR, parseEuroAmount, validateFirstOnramp } from '@vault/domain';
import { type FormEvent, useContext, useEffect, useId, useRef, useState } from 'react';
import { AmountPicks } from '../../components/AmountPicks';
import type { OnrampResult } from '../../data/onramp/startOnramp';
import { ExternalNavigation } from './externalNavigation';

/** One attempt keeps its idempotency key through retries, so the provider opens one payment. */
type Attempt = { cents: number; idempotencyKey: string };
type Phase =
  | { kind: 'amount' }
  | ({ kind: 'bank'; error: string | null } & Attempt)
  | ({ kind: 'processing' } & Attempt)
  | ({ kind: 'redirecting' } & Attempt);

/**
 * The first on-ramp (docs/decisions.md (7)): an amount with suggestions, refused under the
 * minimum with a visible, announced error; then the authorisation, which opens the payment
 * through the onramp-session function (`onAuthorise`): settled at once (the demo provider), or a
 * provider page the member is sent to. A refusal shows the server's message and keeps the amount.
 */
export function FirstOnramp({
  onAuthorise,
}: {
  onAuthorise: (cents: number, idempotencyKey: string) => Promise<OnrampResult>;
}) {
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [phase, setPhase] = useState<Phase>({ kind: 'amount' });
  const goTo = useContext(ExternalNavigation);
  const inputId = useId();
  const errorId = useId();
  const bankErrorId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const mounted = useRef(true);
  useEffect(
    () => () => {
      mounted.current = false;
    },
    [],
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = validateFirstOnramp(amount);
    const cents = parseEuroAmount(amount);
    if (problem || cents === null) {
      setError(problem);
      inputRef.current?.focus();
      return;
    }
    setError(null);
    setPhase({ kind: 'bank', cents, idempotencyKey: crypto.randomUUID(), error: null });
    queueMicrotask(() => headingRef.current?.focus());
  };

  const authorise = async ({ cents, idempotencyKey }: Attempt) => {
    const attempt: Attempt = { cents, idempotencyKey };
    setPhase({ ...attempt, kind: 'processing' });
    const result = await onAuthorise(attempt.cents, attempt.idempotencyKey);
    if (!mounted.current) return;
    if (!result.ok) {
      // The same attempt, retried with the same key; the amount typed stays in the form.
      setPhase({ ...attempt, kind: 'bank', error: result.superseded ? null : result.error });
      return;
    }
    if (result.status === 'pending') {
      setPhase({ ...attempt, kind: 'redirecting' });
      goTo(result.url);
      return;
    }
    setPhase({ kind: 'amount' });
  };

  return (
    <Card size="3">
      <Flex direction="column" gap="4">
        <Heading as="h2" size="5" ref={headingRef} tabIndex={-1} style={{ outline: 'none' }}>
          {phase.kind === 'amount' ? 'Make your first on-ramp' : 'Confirm with your bank'}
        </Heading>
        {phase.kind === 'amount' ? (
          <form onSubmit={submit} noValidate>
            <Flex direction="column" gap="3">
              <Text as="p" size="2" color="gray">
                Move euros from your bank account into your wallet through open banking. Members usually start with{' '}
                {ONRAMP_SUGGESTIONS_EUR.map((euros) => formatEuros(euros * 100)).join(', ')}.
              </Text>
              <Flex direction="column" gap="1" maxWidth="320px">
                <Text as="label" htmlFor={inputId} size="2" weight="medium">
                  Amount (EUR)
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
              <AmountPicks
                label="Suggested amounts"
                amountsEur={ONRAMP_SUGGESTIONS_EUR}
                amount={amount}
                onPick={(euros) => {
                  setAmount(String(euros));
                  setError(null);
                }}
              />
              <Flex>
                <Button type="submit">Continue to your bank</Button>
              </Flex>
            </Flex>
          </form>
        ) : (
          <Flex direction="column" gap="3" align="start">
            <Text as="p">
              Your bank asks you to authorise a payment of <strong>{formatEuros(phase.cents)}</strong> to your Vault
              wallet.
            </Text>
            {phase.kind === 'processing' || phase.kind === 'redirecting' ? (
              <Flex gap="2" align="center" role="status">
                <Spinner />
                <Text>{phase.kind === 'processing' ? 'Completing your payment…' : 'Taking you to your bank…'}</Text>
              </Flex>
            ) : (
              <Flex direction="column" gap="3" align="start">
                <Text as="p" id={bankErrorId} size="2" color="red" role="alert">
                  {phase.error ?? ''}
                </Text>
                <Flex gap="3">
                  <Button
                    type="button"
                    aria-describedby={phase.error ? bankErrorId : undefined}
                    onClick={() => void authorise(phase)}
                  >
                    {phase.error ? 'Try again' : 'Authorise payment'}
                  </Button>
                  <Button
                    type="button"
                    variant="soft"
                    color="gray"
                    highContrast
                    onClick={() => {
                      setPhase({ kind: 'amount' });
                      queueMicrotask(() => headingRef.current?.focus());
                    }}
                  >
                    Cancel
                  </Button>
                </Flex>
              </Flex>
            )}
          </Flex>
        )}
      </Flex>
    </Card>
  );
}
