export type { FilterPillsProps } from './FilterPills';
export { FilterPills } from './FilterPills';
