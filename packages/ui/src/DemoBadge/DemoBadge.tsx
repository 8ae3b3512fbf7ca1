import { Badge } from '@radix-ui/themes';
import { cx, type RootProps } from '../internal/props';
import * as styles from './DemoBadge.css';

/** Own props, plus every native prop of the root `<span>` (className, style, id, data-*, aria-*, ref). */
export interface DemoBadgeProps extends RootProps<'span', 'children'> {
  /** Visible text; 'Demo' by default. */
  label?: string;
}

/** Shown in the header while demo mode is on (PRODUCT.md decision 3). */
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
