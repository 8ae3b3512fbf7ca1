import { useCallback, useEffect, useRef, useState } from 'react';
import { type CallResult, messageOf } from '../../backend/callResult';
import { useSessionStore } from '../../session/context';
import type { SessionStore } from '../../session/store';

/**
 * One server action's value for the signed-in operator (a console list, a report, a check), or
 * the server's refusal as a CallResult (its message and code: the console shows it as is).
 */
export async function callForOperator(
  store: SessionStore,
  fn: string,
  args: Record<string, unknown>,
): Promise<CallResult<{ value: unknown }>> {
  if (!store.getState().session.user) return { ok: false, error: 'You are signed out', code: '42501' };
  try {
    const loaded = await store.backend();
    if (!loaded.ok) return loaded;
    return await loaded.backend.callAction(fn, args);
  } catch (error) {
    return { ok: false, error: messageOf(error) };
  }
}

/** A keyset-paged console list as screen state: the first page, then Load more after the last row. */
export interface PagedList<Row> {
  status: 'loading' | 'error' | 'ready';
  rows: readonly Row[];
  error: string | null;
  hasMore: boolean;
  loadingMore: boolean;
  /** A failed Load more: its message; the rows already shown stay. */
  moreError: string | null;
  loadMore: () => void;
  /** Reads the first page again (after a failure, or after an action changed the list). */
  retry: () => void;
}

/**
 * Pages through a console list on the server: `fetchPage(after)` reads the rows after the last
 * one shown (null: the first page); a page shorter than `pageSize` is the last. `key` names the
 * filters: a new key starts again from the first page, and an answer for an older key is dropped.
 */
export function usePagedList<Row>(
  key: string,
  pageSize: number,
  fetchPage: (store: SessionStore, after: Row | null) => Promise<CallResult<{ rows: readonly Row[] }>>,
): PagedList<Row> {
  const store = useSessionStore();
  const [state, setState] = useState<Omit<PagedList<Row>, 'loadMore' | 'retry'>>({
    status: 'loading',
    rows: [],
    error: null,
    hasMore: false,
    loadingMore: false,
    moreError: null,
  });
  const [generation, setGeneration] = useState(0);
  const current = useRef('');
  const fetchRef = useRef(fetchPage);
  fetchRef.current = fetchPage;
  const stateRef = useRef(state);
  stateRef.current = state;

  useEffect(() => {
    const token = `${key}#${generation}`;
    current.current = token;
    setState((s) => ({ ...s, status: 'loading', error: null, moreError: null, loadingMore: false }));
    void fetchRef.current(store, null).then((answer) => {
      if (current.current !== token) return;
      setState(
        answer.ok
          ? {
              status: 'ready',
              rows: answer.rows,
              error: null,
              hasMore: answer.rows.length >= pageSize,
              loadingMore: false,
              moreError: null,
            }
          : { status: 'error', rows: [], error: answer.error, hasMore: false, loadingMore: false, moreError: null },
      );
    });
  }, [key, generation, pageSize, store]);

  const loadMore = useCallback(() => {
    const token = current.current;
    const now = stateRef.current;
    if (now.status !== 'ready' || now.loadingMore || !now.hasMore) return;
    const last = now.rows.at(-1) ?? null;
    setState((s) => ({ ...s, loadingMore: true, moreError: null }));
    void fetchRef.current(store, last).then((answer) => {
      if (current.current !== token) return;
      setState((s) =>
        answer.ok
          ? {
              ...s,
              rows: [...s.rows, ...answer.rows],
              hasMore: answer.rows.length >= pageSize,
              loadingMore: false,
              moreError: null,
            }
          : { ...s, loadingMore: false, moreError: answer.error },
      );
    });
  }, [store, pageSize]);

  const retry = useCallback(() => setGeneration((g) => g + 1), []);
  return { ...state, loadMore, retry };
}

/** A console's call as a React callback bound to the app's session store, keeping its answer's type. */
export function useOperatorCall<A extends unknown[], R>(
  call: (store: SessionStore, ...args: A) => Promise<R>,
): (...args: A) => Promise<R> {
  const store = useSessionStore();
  return useCallback((...args: A) => call(store, ...args), [store, call]);
}

/** A day (yyyy-mm-dd) as the instant it starts, UTC; '' is no bound. */
export const dayStart = (day: string): string | null => (day ? `${day}T00:00:00Z` : null);

/** The instant the day after `day` starts, UTC: the servers' `to_at` is exclusive, so `day` is included. */
export function dayAfter(day: string): string | null {
  if (!day) return null;
  const next = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(next.getTime())) return null;
  next.setUTCDate(next.getUTCDate() + 1);
  return next.toISOString();
}
