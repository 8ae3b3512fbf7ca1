import { Text } from '@radix-ui/themes';
import { formatEuros } from '@vault/domain';
import * as styles from './MoneyText.css';

export type MoneyTone = 'default' | 'muted' | 'positive' | 'negative';

export interface MoneyTextProps {
  /** The amount in integer cents: 500000 reads €5,000, 5050 reads €50.50. */
  cents: number;
  /** Colour hint; a sign or a word next to it should carry gains and losses, not colour alone. */
  tone?: MoneyTone;
  size?: '1' | '2' | '3' | '4' | '5' | '6' | '7' | '8' | '9';
  weight?: 'regular' | 'medium' | 'bold';
  className?: string;
}

/** An amount in euros, en-IE (PRODUCT.md decision 10), through the domain's `formatEuros`. */
export function MoneyText({ cents, tone = 'default', size, weight, className }: MoneyTextProps) {
  const classes = [styles.figures.base, styles.tone[tone], className].filter(Boolean).join(' ');
  return (
    <Text as="span" size={size} weight={weight} className={classes} data-tone={tone}>
      {formatEuros(cents)}
    </Text>
  );
}
