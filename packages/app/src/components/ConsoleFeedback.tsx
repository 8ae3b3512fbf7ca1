import { Text } from '@radix-ui/themes';
import type { ConsoleTableProps } from '@vault/ui';

/** The console's role=status line once an action succeeded (useConsoleAction's `done`). */
export function ActionDone({ message }: { message: string | null }) {
  return message ? (
    <Text as="p" role="status" size="2" color="teal">
      {message}
    </Text>
  ) : null;
}

/** A failure shown beside the buttons (an action without a dialog, or a Load more that failed). */
export function ActionError({ message }: { message: string | null }) {
  return message ? (
    <Text as="p" role="alert" color="red" size="2">
      {message}
    </Text>
  ) : null;
}

/** What a console list's read says about itself: a table query (useRead) or a paged server list. */
interface ListState {
  status: 'loading' | 'error' | 'ready';
  error: string | null;
  retry: () => void;
  hasMore?: boolean;
  loadingMore?: boolean;
  loadMore?: () => void;
}

type ListStateProps = Pick<
  ConsoleTableProps<unknown>,
  'loading' | 'error' | 'onRetry' | 'hasMore' | 'loadingMore' | 'onLoadMore'
>;

/**
 * A list's load state as ConsoleTable's props, to spread: skeleton rows while loading, the
 * message (`${couldNotLoad}: …`) with Retry on failure, Load more when the server has more.
 */
export function listStateProps(list: ListState, couldNotLoad: string): ListStateProps {
  return {
    loading: list.status === 'loading',
    error: list.status === 'error' ? `${couldNotLoad}: ${list.error}` : undefined,
    onRetry: list.retry,
    hasMore: list.hasMore,
    loadingMore: list.loadingMore,
    onLoadMore: list.loadMore,
  };
}
