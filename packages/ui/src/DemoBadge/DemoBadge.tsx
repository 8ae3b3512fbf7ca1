import { Badge } from '@radix-ui/themes';
import { cx, type RootProps } from '../internal/props';
import * as styles from './DemoBadge.css';

/** Own props, plus every native prop of the root `<span>` (className, style, id, data-*, aria-*, ref). */
export interface DemoBadgeProps extends RootProps<'span', 'children'> {
  /** Visible text; 'Demo' by default. */
  label?: string;
}

/**
 * Shown in the header while demo mode is on (docs/decisions.md (3)).
 *
 * When to use: in the header while demo mode is on, so nobody mistakes sample data for real data.
 *
 * When not: to mark anything else as a draft or beta.
 */
export function DemoBadge({ label = 'Demo', className, ...rest }: DemoBadgeProps) {
  return (
    <Badge
      {...rest}
      className={cx(styles.badge, className)}
      color="amber"
      variant="soft"
      highContrast
      size="2"
      title="Demo mode is on: sample accounts and data"
    >
      {label}
    </Badge>
  );
}
