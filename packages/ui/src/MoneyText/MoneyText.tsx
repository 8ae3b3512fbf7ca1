import { Text } from '@radix-ui/themes';
import { formatEuros } from '@vault/domain';
import { cx, type RootProps } from '../internal/props';
import * as styles from './MoneyText.css';

export type MoneyTone = 'default' | 'muted' | 'positive' | 'negative';

/** Own props, plus every native prop of the root `<span>` (className, style, id, data-*, aria-*, ref). */
export interface MoneyTextProps extends RootProps<'span', 'children'> {
  /** The amount in integer cents: 500000 reads €5,000, 5050 reads €50.50. */
  cents: number;
  /** Colour hint; a sign or a word next to it should carry gains and losses, not colour alone. */
  tone?: MoneyTone;
  size?: '1' | '2' | '3' | '4' | '5' | '6' | '7' | '8' | '9';
  weight?: 'regular' | 'medium' | 'bold';
  className?: string;
}

/**
 * An amount in euros, en-IE (docs/decisions.md (10)), through the domain's `formatEuros`.
 *
 * When to use: for every amount in euros: it formats through the domain's `formatEuros` (en-IE).
 *
 * When not: for percentages, counts or other currencies.
 */
export function MoneyText({ cents, tone = 'default', size, weight, className, ...rest }: MoneyTextProps) {
  const classes = cx(styles.figures.base, styles.tone[tone], className);
  return (
    <Text as="span" data-tone={tone} {...rest} size={size} weight={weight} className={classes}>
      {formatEuros(cents)}
    </Text>
  );
}
