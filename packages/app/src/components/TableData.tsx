import { EmptyState, ErrorState, LoadingSkeleton, type LoadingSkeletonVariant } from '@vault/ui';
import type { ReactNode } from 'react';
import type { TableState } from '../backend/useTable';

export interface TableDataProps<T> {
  /** useTable(...) for one sample table. */
  state: TableState<T> & { retry: () => void };
  /** What is loading, in words: 'recent investments', 'loans'… */
  what: string;
  /** Shape of the loading placeholder. */
  skeleton?: LoadingSkeletonVariant;
  /** Title of the error card; 'Failed to load <what>' by default. */
  errorTitle?: string;
  /** Title of the empty state, e.g. 'No investments yet'. */
  emptyTitle: string;
  emptyDescription?: string;
  emptyAction?: { label: string; onClick: () => void };
  /** Level of the error and empty titles: one below the section's heading. */
  headingLevel?: 2 | 3 | 4;
  children: (rows: T[]) => ReactNode;
}

/**
 * A sample table's three non-data states around its content: loading skeleton, error with Retry
 * (SPEC.md 8) and an empty state. The rows reach `children` only when there are some.
 */
export function TableData<T>({
  state,
  what,
  skeleton = 'table',
  errorTitle,
  emptyTitle,
  emptyDescription,
  emptyAction,
  headingLevel = 3,
  children,
}: TableDataProps<T>) {
  switch (state.status) {
    case 'loading':
      return <LoadingSkeleton variant={skeleton} count={3} label={`Loading ${what}…`} />;
    case 'error':
      return (
        <ErrorState title={errorTitle ?? `Failed to load ${what}`} onRetry={state.retry} headingLevel={headingLevel} />
      );
    case 'ready':
      if (state.rows.length === 0) {
        return (
          <EmptyState
            title={emptyTitle}
            description={emptyDescription}
            action={emptyAction}
            headingLevel={headingLevel}
          />
        );
      }
      return <>{children(state.rows)}</>;
  }
}
