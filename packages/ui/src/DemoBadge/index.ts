export { DemoBadge, type DemoBadgeProps } from './DemoBadge';
