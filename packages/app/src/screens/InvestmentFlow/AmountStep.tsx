import { Button, Flex, Text, TextField } from '@radix-ui/themes';
import {
  formatEuros,
  INVESTMENT_QUICK_PICKS_EUR,
  MIN_INVESTMENT_EUR,
  parseEuroAmount,
  validateInvestmentAmount,
} from '@vault/domain';
import { type FormEvent, useId, useRef } from 'react';
import { toast } from 'sonner';
import { StepActions } from './StepActions';

/** Step 1: the amount, with quick picks; the minimum is shown only, not enforced (docs/product.md §5). */
export function AmountStep({
  amount,
  onAmountChange,
  onBack,
  onNext,
}: {
  amount: string;
  onAmountChange: (amount: string) => void;
  onBack: () => void;
  onNext: () => void;
}) {
  const inputId = useId();
  const hintId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const cents = parseEuroAmount(amount);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const error = validateInvestmentAmount(amount);
    if (error) {
      toast.error(error);
      inputRef.current?.focus();
      return;
    }
    onNext();
  };

  return (
    <form onSubmit={submit} noValidate>
      <Flex direction="column" gap="4">
        <Flex direction="column" gap="1">
          <Text as="label" htmlFor={inputId} size="2" weight="medium">
            Investment amount (EUR)
          </Text>
          <TextField.Root
            id={inputId}
            ref={inputRef}
            size="3"
            inputMode="decimal"
            autoComplete="off"
            placeholder="e.g. 5000"
            value={amount}
            onChange={(event) => onAmountChange(event.target.value)}
            aria-describedby={hintId}
          >
            <TextField.Slot>€</TextField.Slot>
          </TextField.Root>
          <Text as="p" id={hintId} size="2" color="gray">
            Minimum investment: {formatEuros(MIN_INVESTMENT_EUR * 100)}
          </Text>
        </Flex>
        <Flex gap="2" wrap="wrap" role="group" aria-label="Quick picks">
          {INVESTMENT_QUICK_PICKS_EUR.map((euros) => (
            <Button
              key={euros}
              type="button"
              variant={cents === euros * 100 ? 'solid' : 'outline'}
              aria-pressed={cents === euros * 100}
              onClick={() => onAmountChange(String(euros))}
            >
              {formatEuros(euros * 100)}
            </Button>
          ))}
        </Flex>
        <StepActions onBack={onBack} nextLabel="Continue" />
      </Flex>
    </form>
  );
}
