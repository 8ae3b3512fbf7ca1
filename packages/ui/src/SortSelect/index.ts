export type { SortOption, SortSelectProps } from './SortSelect';
export { SortSelect } from './SortSelect';
