import { useCallback, useEffect, useRef, useState } from 'react';
import { takePrefetched } from '../router/prefetch';
import type { TableName, TableRow } from './schemas';
import type { LoadOptions } from './tables';

export type TableState<T> =
  | { status: 'loading'; rows: null; error: null }
  | { status: 'error'; rows: null; error: string }
  | { status: 'ready'; rows: T[]; error: null };

/**
 * A sample table as screen state: loading, error or ready, with `retry()` (which the mock answers
 * with the Retry timing). Filters are compared by value, so an inline `{ id }` object is fine.
 */
export function useTable<T extends TableName>(
  name: T,
  eq?: LoadOptions['eq'],
): TableState<TableRow<T>> & { retry: () => void } {
  const [state, setState] = useState<TableState<TableRow<T>>>({ status: 'loading', rows: null, error: null });
  const [attempt, setAttempt] = useState(0);
  const filterKey = JSON.stringify(eq ?? {});
  const filters = useRef(eq);
  filters.current = eq;

  useEffect(() => {
    // filterKey and attempt drive reloads; the filters themselves are read from the ref.
    void filterKey;
    const controller = new AbortController();
    setState({ status: 'loading', rows: null, error: null });
    const options = { eq: filters.current, retry: attempt > 0, signal: controller.signal };
    // supabase-js loads with the first request, not with the screen's code: the screen paints first.
    // A deep link's first load may already be under way (router/prefetch.ts).
    const load =
      takePrefetched(name, options) ?? import('./tables').then(({ loadSampleTable }) => loadSampleTable(name, options));
    load.then((result) => {
      if (controller.signal.aborted) return;
      setState(
        result.ok
          ? { status: 'ready', rows: result.rows, error: null }
          : { status: 'error', rows: null, error: result.error },
      );
    });
    return () => controller.abort();
  }, [name, filterKey, attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { ...state, retry };
}
