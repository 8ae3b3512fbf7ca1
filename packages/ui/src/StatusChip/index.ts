export type { StatusChipProps, StatusColor } from './StatusChip';
export { StatusChip, statusColors } from './StatusChip';
