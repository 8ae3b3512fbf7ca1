export type {
  FilterBarDateRange,
  FilterBarDateRangeValue,
  FilterBarFilter,
  FilterBarOption,
  FilterBarProps,
  FilterBarSearch,
  FilterBarSelect,
} from './FilterBar';
export { FilterBar, hasActiveFilter } from './FilterBar';
