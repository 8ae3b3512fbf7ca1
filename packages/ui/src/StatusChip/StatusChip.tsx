import { Badge } from '@radix-ui/themes';
import type { Status } from '@vault/domain';
import { cx, type RootProps } from '../internal/props';
import * as styles from './StatusChip.css';

/** Radix colour names the status chips use. */
export type StatusColor =
  | 'green'
  | 'amber'
  | 'blue'
  | 'violet'
  | 'teal'
  | 'gray'
  | 'cyan'
  | 'orange'
  | 'red'
  | 'yellow'
  | 'crimson'
  | 'brown'
  | 'plum';

/**
 * Every status of docs/product.md §3 with its own colour. The colour is a hint only: the chip always
 * shows the status as text, in the high-contrast (step 12) text colour, so it meets AA in
 * light and dark whatever the hue.
 */
export const statusColors: Readonly<Record<Status, StatusColor>> = {
  Signed: 'green',
  Pending: 'amber',
  'Awaiting payment': 'plum',
  Available: 'blue',
  Sent: 'violet',
  Active: 'teal',
  Matured: 'gray',
  Rejected: 'crimson',
  Cancelled: 'brown',
  Operational: 'cyan',
  'Under Maintenance': 'orange',
  High: 'red',
  Medium: 'yellow',
};

/** Own props, plus every native prop of the root `<span>` (className, style, id, data-*, aria-*, ref). */
export interface StatusChipProps extends RootProps<'span', 'children'> {
  /** One of the domain's `statuses`. */
  status: Status;
  /** Text shown instead of the status, e.g. 'High priority'. Defaults to the status itself. */
  label?: string;
  size?: '1' | '2' | '3';
  className?: string;
}

/**
 * A record's status as a coloured chip with its text.
 *
 * When to use: for the status of a record (documents, investments, loans, alerts), always with its text.
 *
 * When not: for counts, tags people choose, or actions (use buttons).
 */
export function StatusChip({ status, label, size = '2', className, ...rest }: StatusChipProps) {
  const text = label ?? status;
  return (
    <Badge
      {...rest}
      color={statusColors[status]}
      variant="soft"
      highContrast
      radius="full"
      size={size}
      className={cx(styles.chip, className)}
      data-status={status}
    >
      <span className={styles.dot} aria-hidden="true" />
      {text}
    </Badge>
  );
}
