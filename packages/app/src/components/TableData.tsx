import { EmptyState, ErrorState, LoadingSkeleton, type LoadingSkeletonVariant } from '@vault/ui';
import type { ReactNode } from 'react';
import type { Query } from '../data/_query/queryRef';

export interface TableDataProps<T> {
  /** A query hook's result (data/<entity>/queries.ts). */
  state: Query<T>;
  /** What is loading, in words: 'recent investments', 'loans'… */
  what: string;
  /** Shape of the loading placeholder. */
  skeleton?: LoadingSkeletonVariant;
  /** How many placeholder items; 3 by default. */
  skeletonCount?: number;
  /** Title of the error card; 'Failed to load <what>' by default. */
  errorTitle?: string;
  /** Title of the empty state, e.g. 'No investments yet'. */
  emptyTitle?: string;
  emptyDescription?: string;
  emptyAction?: { label: string; onClick: () => void };
  /** What to show instead of the empty state, e.g. a not-found page. */
  empty?: ReactNode;
  /** Wraps the loading and error states, e.g. in the page's header while its title is unknown. */
  around?: (content: ReactNode) => ReactNode;
  /** Level of the error and empty titles: one below the section's heading. */
  headingLevel?: 2 | 3 | 4;
  children: (rows: T[]) => ReactNode;
}

/**
 * The one loading, error and empty switch of the app's data: loading skeleton, error with Retry
 * (docs/product.md §8) and an empty state around a query's rows. The rows reach `children` only
 * when there are some.
 */
export function TableData<T>({
  state,
  what,
  skeleton = 'table',
  skeletonCount = 3,
  errorTitle,
  emptyTitle,
  emptyDescription,
  emptyAction,
  empty,
  around = (content) => content,
  headingLevel = 3,
  children,
}: TableDataProps<T>) {
  switch (state.status) {
    case 'loading':
      return around(<LoadingSkeleton variant={skeleton} count={skeletonCount} label={`Loading ${what}…`} />);
    case 'error':
      return around(
        <ErrorState title={errorTitle ?? `Failed to load ${what}`} onRetry={state.retry} headingLevel={headingLevel} />,
      );
    case 'ready':
      if (state.rows.length === 0) {
        return (
          empty ?? (
            <EmptyState
              title={emptyTitle ?? `No ${what}`}
              description={emptyDescription}
              action={emptyAction}
              headingLevel={headingLevel}
            />
          )
        );
      }
      return <>{children(state.rows)}</>;
  }
}
