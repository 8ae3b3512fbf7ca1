import { startTransition, useCallback, useEffect, useState } from 'react';
import type { TableName, TableRow } from '../backend/schemas';
import { type Eq, type QueryState, queryKey, readQuery, retryQuery, subscribeQuery } from './cache';

export type Query<T> = QueryState<T> & { retry: () => void };

const none: Eq = {};

/**
 * One table (optionally filtered) as screen state, from the shared cache: cached rows show at
 * once, a query in flight is shared, and a screen that leaves cancels what only it was waiting for.
 *
 * Rows that arrive later render in a transition (not through useSyncExternalStore, whose updates
 * always render at once): the dashboard's data lands about when a person presses Ctrl+K or clicks,
 * and that input then goes first instead of waiting for the whole data render (README
 * "Performance").
 */
export function useQuery<T extends TableName>(table: T, eq: Eq = none): Query<TableRow<T>> {
  const key = queryKey(table, eq);
  const [held, setHeld] = useState(() => ({ key, state: readQuery(table, eq) }));
  // Another query (a new id in the path) shows its cached state at once, not the last one's.
  const state = held.key === key ? held.state : readQuery(table, eq);
  // The filters are compared by value, through the key, so an inline `{ id }` object is fine.
  // biome-ignore lint/correctness/useExhaustiveDependencies: key stands for table and eq
  useEffect(() => {
    // readQuery returns the same object until the query changes: no render when nothing did.
    const update = () => {
      const next = readQuery(table, eq);
      startTransition(() => setHeld((h) => (h.key === key && h.state === next ? h : { key, state: next })));
    };
    const unsubscribe = subscribeQuery(table, eq, update);
    // What changed between the render and this subscription.
    update();
    return unsubscribe;
  }, [key]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: key stands for table and eq
  const retry = useCallback(() => retryQuery(table, eq), [key]);
  return { ...(state as QueryState<TableRow<T>>), retry };
}
