import { Flex, RadioCards, Text } from '@radix-ui/themes';
import { CARD_FEE_BPS, type PaymentMethod, paymentMethods } from '@vault/domain';
import type { FormEvent } from 'react';
import { StepActions } from './StepActions';

/** What each method costs and how fast it settles (docs/product.md §9). */
function methodDescription(method: PaymentMethod): string {
  const { settlement } = paymentMethods[method];
  return method === 'card' ? `${CARD_FEE_BPS / 100}% fee, ${settlement.toLowerCase()}` : settlement;
}

/** Step 2: bank transfer or card. */
export function MethodStep({
  method,
  onMethodChange,
  onBack,
  onNext,
}: {
  method: PaymentMethod;
  onMethodChange: (method: PaymentMethod) => void;
  onBack: () => void;
  onNext: () => void;
}) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onNext();
  };
  const methods = Object.keys(paymentMethods).filter((m): m is PaymentMethod => m === 'bank' || m === 'card');
  return (
    <form onSubmit={submit}>
      <Flex direction="column" gap="4">
        <RadioCards.Root
          value={method}
          onValueChange={(value) => {
            const picked = methods.find((m) => m === value);
            if (picked) onMethodChange(picked);
          }}
          columns={{ initial: '1', sm: '2' }}
          aria-label="Payment method"
        >
          {methods.map((m) => (
            <RadioCards.Item key={m} value={m}>
              <Flex direction="column" width="100%">
                <Text weight="bold">{paymentMethods[m].label}</Text>
                <Text size="2">{methodDescription(m)}</Text>
              </Flex>
            </RadioCards.Item>
          ))}
        </RadioCards.Root>
        <StepActions onBack={onBack} nextLabel="Continue" />
      </Flex>
    </form>
  );
}
