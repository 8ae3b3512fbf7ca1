import { Badge } from '@radix-ui/themes';
import * as styles from './DemoBadge.css';

export interface DemoBadgeProps {
  /** Visible text; 'Demo' by default. */
  label?: string;
}

/** Shown in the header while demo mode is on (PRODUCT.md decision 3). */
export function DemoBadge({ label = 'Demo' }: DemoBadgeProps) {
  return (
    <Badge
      className={styles.badge}
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
