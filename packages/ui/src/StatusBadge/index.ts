export type { ConsoleStatus, StatusBadgeProps, StatusBadgeTone } from './StatusBadge';
export { consoleStatuses, StatusBadge, statusBadgeLabel, statusBadgeTone } from './StatusBadge';
