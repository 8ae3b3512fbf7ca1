import { Flex, Text, TextField } from '@radix-ui/themes';
import { formatEuros, INVESTMENT_QUICK_PICKS_EUR, MIN_INVESTMENT_EUR, validateInvestmentAmount } from '@vault/domain';
import { type FormEvent, useId, useRef } from 'react';
import { toast } from 'sonner';
import { AmountPicks } from '../../components/AmountPicks';
import { AvailableCash, type Balance } from './Cash';
import { StepActions } from './StepActions';

/**
 * Step 1: the amount, with quick picks; the minimum is shown only, not enforced (docs/product.md §5).
 * The available cash shows beside it; a failed read of it says so, with Retry, and the step goes on.
 */
export function AmountStep({
  amount,
  balance,
  onAmountChange,
  onBack,
  onNext,
}: {
  amount: string;
  /** The member's cash (`my_balance()`). */
  balance: Balance;
  onAmountChange: (amount: string) => void;
  onBack: () => void;
  onNext: () => void;
}) {
  const inputId = useId();
  const hintId = useId();
  const inputRef = useRef<HTMLInputElement>(null);

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
        <AvailableCash balance={balance} />
        <AmountPicks
          label="Quick picks"
          amountsEur={INVESTMENT_QUICK_PICKS_EUR}
          amount={amount}
          onPick={(euros) => onAmountChange(String(euros))}
          solidWhenPressed
        />
        <StepActions onBack={onBack} nextLabel="Continue" />
      </Flex>
    </form>
  );
}
