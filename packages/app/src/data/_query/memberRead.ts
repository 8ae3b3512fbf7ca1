import { useCallback, useEffect, useSyncExternalStore } from 'react';
import * as v from 'valibot';
import type { CallResult } from '../../backend/callResult';
import { useSessionStore } from '../../session/context';
import type { SessionStore } from '../../session/store';
import { callMemberAction } from '../_mutation/writeForMember';
import { onClearQueries, type QueryState } from './cache';
import type { Query } from './useQuery';

/**
 * The member's own reads that are server functions (`my_positions()`, `my_balance()`), cached like
 * the table reads: two screens asking for one share a request, the rows stay for the session, a
 * write asks again (`refreshMemberRead`), and another member's sign-in empties the cache.
 */
export interface MemberRead<T> {
  /** The function's name (`POST /rest/v1/rpc/<fn>`), called with no arguments; the read's cache key. */
  readonly fn: string;
  readonly schema: v.GenericSchema<unknown, T>;
  /** Another call for the member, answering the rows (the embedded host's controls); `rpc/<fn>` by default. */
  readonly call?: (store: SessionStore) => Promise<CallResult<{ value: unknown }>>;
}

interface Entry {
  state: QueryState<unknown>;
  inFlight: boolean;
  listeners: Set<() => void>;
}

const LOADING: QueryState<never> = { status: 'loading', rows: null, error: null };
const entries = new Map<string, Entry>();

function entryOf(fn: string): Entry {
  let entry = entries.get(fn);
  if (!entry) {
    entry = { state: LOADING, inFlight: false, listeners: new Set() };
    entries.set(fn, entry);
  }
  return entry;
}

function notify(entry: Entry): void {
  for (const listener of [...entry.listeners]) listener();
}

/** One read of a member function, its rows validated: the value the cache keeps. */
export async function loadMemberRead<T>(store: SessionStore, read: MemberRead<T>): Promise<CallResult<{ rows: T[] }>> {
  const answer = read.call ? await read.call(store) : await callMemberAction(store, read.fn, {});
  if (!answer.ok) return answer;
  const parsed = v.safeParse(v.array(read.schema), answer.value ?? []);
  if (parsed.success) return { ok: true, rows: parsed.output };
  console.error(`[backend] ${read.fn} answered rows that do not match`, parsed.issues[0]);
  return { ok: false, error: `The ${read.fn} answer could not be read` };
}

function load<T>(store: SessionStore, read: MemberRead<T>, quiet: boolean): void {
  const entry = entryOf(read.fn);
  if (entry.inFlight) return;
  entry.inFlight = true;
  if (!quiet && entry.state !== LOADING) {
    entry.state = LOADING;
    notify(entry);
  }
  void loadMemberRead(store, read).then((answer) => {
    entry.inFlight = false;
    if (entries.get(read.fn) !== entry) return;
    if (!answer.ok && answer.superseded) return;
    entry.state = answer.ok
      ? { status: 'ready', rows: answer.rows, error: null }
      : { status: 'error', rows: null, error: answer.error };
    notify(entry);
  });
}

const stores = new Map<string, SessionStore>();

/** A member read as screen state; the same shape as a table query, so TableData switches on it. */
export function useMemberRead<T>(read: MemberRead<T>): Query<T> {
  const store = useSessionStore();
  stores.set(read.fn, store);
  const subscribe = useCallback(
    (listener: () => void) => {
      const entry = entryOf(read.fn);
      entry.listeners.add(listener);
      return () => {
        entry.listeners.delete(listener);
      };
    },
    [read.fn],
  );
  const snapshot = useCallback(() => (entries.get(read.fn)?.state ?? LOADING) as QueryState<T>, [read.fn]);
  const state = useSyncExternalStore(subscribe, snapshot, snapshot);
  useEffect(() => {
    const entry = entryOf(read.fn);
    if (entry.state.status === 'loading') load(store, read, false);
  }, [store, read]);
  const retry = useCallback(() => load(store, read, false), [store, read]);
  return { ...state, retry };
}

/** Asks again after a write, keeping the rows on screen until the answer comes. */
export function refreshMemberRead(read: MemberRead<unknown>): void {
  const store = stores.get(read.fn);
  if (store && entries.has(read.fn)) load(store, read, true);
}

// Emptied with the table cache: another member's sign-in, and each story's start.
onClearQueries(() => entries.clear());
