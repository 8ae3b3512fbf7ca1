import { useCallback, useSyncExternalStore } from 'react';
import type { TableName, TableRow } from '../../backend/schemas';
import { type Eq, type QueryState, queryKey, readQuery, retryQuery, subscribeQuery } from './cache';

export type Query<T> = QueryState<T> & { retry: () => void };

const none: Eq = {};

/**
 * One table (optionally filtered) as screen state, from the shared cache: cached rows show at
 * once, a query in flight is shared, and a screen that leaves cancels what only it was waiting for.
 */
export function useQuery<T extends TableName>(table: T, eq: Eq = none): Query<TableRow<T>> {
  const key = queryKey(table, eq);
  // The filters are compared by value, through the key, so an inline `{ id }` object is fine.
  // biome-ignore lint/correctness/useExhaustiveDependencies: key stands for table and eq
  const subscribe = useCallback((listener: () => void) => subscribeQuery(table, eq, listener), [key]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: key stands for table and eq
  const read = useCallback(() => readQuery(table, eq), [key]);
  const state = useSyncExternalStore(subscribe, read, read);
  // biome-ignore lint/correctness/useExhaustiveDependencies: key stands for table and eq
  const retry = useCallback(() => retryQuery(table, eq), [key]);
  return { ...state, retry };
}
