import { Badge } from '@radix-ui/themes';
import { cx, type RootProps } from '../internal/props';
import * as styles from './StatusBadge.css';

/**
 * The statuses the operators' consoles show: investments, KYC decisions (the domain's snake_case
 * values), compliance alerts, repayments and assets.
 */
export const consoleStatuses = [
  'Pending',
  'Active',
  'Rejected',
  'Cancelled',
  'approved',
  'rejected',
  'resubmission_requested',
  'pending',
  'Open',
  'Acknowledged',
  'Resolved',
  'Overdue',
  'Operational',
  'Under Maintenance',
] as const;

export type ConsoleStatus = (typeof consoleStatuses)[number];

export type StatusBadgeTone = 'neutral' | 'info' | 'success' | 'warning' | 'danger';

const tones: Readonly<Record<ConsoleStatus, StatusBadgeTone>> = {
  Pending: 'warning',
  pending: 'warning',
  Active: 'success',
  Rejected: 'danger',
  rejected: 'danger',
  Cancelled: 'neutral',
  approved: 'success',
  resubmission_requested: 'info',
  Open: 'danger',
  Acknowledged: 'warning',
  Resolved: 'success',
  Overdue: 'danger',
  Operational: 'success',
  'Under Maintenance': 'warning',
};

/** What each status reads as: the domain's snake_case values become words. */
const labels: Readonly<Record<ConsoleStatus, string>> = {
  Pending: 'Pending',
  pending: 'Pending',
  Active: 'Active',
  Rejected: 'Rejected',
  rejected: 'Rejected',
  Cancelled: 'Cancelled',
  approved: 'Approved',
  resubmission_requested: 'Resubmission requested',
  Open: 'Open',
  Acknowledged: 'Acknowledged',
  Resolved: 'Resolved',
  Overdue: 'Overdue',
  Operational: 'Operational',
  'Under Maintenance': 'Under Maintenance',
};

const radixColors = {
  neutral: 'gray',
  info: 'blue',
  success: 'green',
  warning: 'amber',
  danger: 'red',
} as const satisfies Record<StatusBadgeTone, string>;

function isConsoleStatus(value: string): value is ConsoleStatus {
  return Object.hasOwn(tones, value);
}

/** The tone of a status; an unknown status is neutral. */
export function statusBadgeTone(status: string): StatusBadgeTone {
  return isConsoleStatus(status) ? tones[status] : 'neutral';
}

/** The words a status reads as ('resubmission_requested' → 'Resubmission requested'). */
export function statusBadgeLabel(status: string): string {
  if (isConsoleStatus(status)) return labels[status];
  const words = status.replaceAll('_', ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Own props, plus every native prop of the root `<span>` (className, style, id, data-*, aria-*, ref). */
export interface StatusBadgeProps extends RootProps<'span', 'children'> {
  /** A console status; any other string is shown as words in the neutral tone. */
  status: ConsoleStatus | (string & {});
  /** Text shown instead of the status' own words. */
  label?: string;
  /** Overrides the status' tone. */
  tone?: StatusBadgeTone;
  size?: '1' | '2' | '3';
  className?: string;
}

/**
 * A record's status in an operator's console: a tone (colour and icon shape) and always its text,
 * so colour is never the only signal.
 *
 * When to use: for the status cell of a console's queue or a detail panel's status field.
 *
 * When not: for the investor's pages' statuses (StatusChip), or for actions (use buttons).
 */
export function StatusBadge({ status, label, tone, size = '1', className, ...rest }: StatusBadgeProps) {
  const resolvedTone = tone ?? statusBadgeTone(status);
  return (
    <Badge
      {...rest}
      color={radixColors[resolvedTone]}
      variant="soft"
      highContrast
      radius="full"
      size={size}
      className={cx(styles.badge, className)}
      data-status={status}
      data-tone={resolvedTone}
    >
      <span className={styles.mark[resolvedTone]} aria-hidden="true" />
      {label ?? statusBadgeLabel(status)}
    </Badge>
  );
}
