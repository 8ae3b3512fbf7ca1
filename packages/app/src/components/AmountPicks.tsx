import { Button, Flex } from '@radix-ui/themes';
import { formatEuros, parseEuroAmount } from '@vault/domain';

/**
 * A labelled group of amounts in euros to pick instead of typing one; the amount typed so far
 * marks its match as pressed. The investment flow also fills the pressed one (`solidWhenPressed`).
 */
export function AmountPicks({
  label,
  amountsEur,
  amount,
  onPick,
  solidWhenPressed = false,
}: {
  label: string;
  amountsEur: readonly number[];
  /** The amount field's text. */
  amount: string;
  onPick: (euros: number) => void;
  solidWhenPressed?: boolean;
}) {
  const cents = parseEuroAmount(amount);
  return (
    <Flex gap="2" wrap="wrap" role="group" aria-label={label}>
      {amountsEur.map((euros) => {
        const pressed = cents === euros * 100;
        return (
          <Button
            key={euros}
            type="button"
            variant={solidWhenPressed && pressed ? 'solid' : 'outline'}
            aria-pressed={pressed}
            onClick={() => onPick(euros)}
          >
            {formatEuros(euros * 100)}
          </Button>
        );
      })}
    </Flex>
  );
}
