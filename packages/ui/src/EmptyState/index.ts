export type { EmptyStateAction, EmptyStateProps } from './EmptyState';
export { EmptyState } from './EmptyState';
