import type { TableName, TableRow } from '../../backend/schemas';
import type { LoadOptions } from '../../backend/tables';
import { onQueryScopeChange } from './scope';

/** Equality filters of a query, e.g. `{ id: 'solar-park' }`. */
export type Eq = Readonly<Record<string, string>>;

/** A query as a screen sees it: loading, error or ready. The one shape TableData switches on. */
export type QueryState<T> =
  | { status: 'loading'; rows: null; error: null }
  | { status: 'error'; rows: null; error: string }
  | { status: 'ready'; rows: T[]; error: null };

interface Entry {
  table: TableName;
  eq: Eq;
  state: QueryState<unknown>;
  /** Present while a request is in flight; aborting it cancels the request. */
  controller: AbortController | null;
  listeners: Set<() => void>;
}

const LOADING: QueryState<never> = { status: 'loading', rows: null, error: null };
const entries = new Map<string, Entry>();

/** The cache key: table and filters, with the filters in a fixed order. */
export function queryKey(table: TableName, eq: Eq = {}): string {
  const filters = Object.keys(eq)
    .sort()
    .map((column) => `${column}=${eq[column] ?? ''}`);
  return filters.length === 0 ? table : `${table}?${filters.join('&')}`;
}

function notify(entry: Entry): void {
  for (const listener of [...entry.listeners]) listener();
}

function matches(row: unknown, eq: Eq): boolean {
  if (typeof row !== 'object' || row === null) return false;
  const record = row as Record<string, unknown>;
  return Object.entries(eq).every(([column, value]) => record[column] === value);
}

/**
 * A filtered query answered from the whole table when that is already here (the list's rows
 * serve the detail), so no request is made.
 */
function derived(table: TableName, eq: Eq): Entry | null {
  if (Object.keys(eq).length === 0) return null;
  const whole = entries.get(queryKey(table));
  if (whole?.state.status !== 'ready') return null;
  const rows = whole.state.rows.filter((row) => matches(row, eq));
  return { table, eq, state: { status: 'ready', rows, error: null }, controller: null, listeners: new Set() };
}

// supabase-js comes with the first request, not with the screens' code, so a screen paints
// without waiting for it (the 'backend' chunk in vite.config.ts). One import for every request.
let backendTables: Promise<typeof import('../../backend/tables')> | undefined;
const loadBackendTables = () => {
  // A failed fetch of the chunk (offline) is asked again by the next request.
  backendTables ??= import('../../backend/tables').catch((error: unknown) => {
    backendTables = undefined;
    throw error;
  });
  return backendTables;
};

function load(entry: Entry, options: Pick<LoadOptions, 'retry'> & { quiet?: boolean } = {}): void {
  entry.controller?.abort();
  const controller = new AbortController();
  entry.controller = controller;
  if (entry.state !== LOADING && !(options.quiet && entry.state.status === 'ready')) {
    entry.state = LOADING;
    notify(entry);
  }
  void loadBackendTables()
    .then(({ loadSampleTable }) =>
      loadSampleTable(entry.table, { eq: entry.eq, retry: options.retry, signal: controller.signal }),
    )
    .catch((error: unknown) => ({ ok: false as const, error: `Could not load ${entry.table}: ${String(error)}` }))
    .then((result) => {
      if (controller.signal.aborted) return;
      entry.controller = null;
      entry.state = result.ok
        ? { status: 'ready', rows: result.rows, error: null }
        : { status: 'error', rows: null, error: result.error };
      notify(entry);
    });
}

/** The entry of a query, created (from the cache, the whole table, or a new request) if need be. */
function entryFor(table: TableName, eq: Eq): Entry {
  const key = queryKey(table, eq);
  const known = entries.get(key);
  if (known) return known;
  const entry = derived(table, eq) ?? { table, eq, state: LOADING, controller: null, listeners: new Set() };
  entries.set(key, entry);
  return entry;
}

/**
 * Starts a query unless it is cached or in flight (dedupe), e.g. from the router, so a screen's
 * data loads with its code. A failed query is asked again.
 */
export function prefetch(table: TableName, eq: Eq = {}): void {
  const entry = entryFor(table, eq);
  if (entry.controller) return;
  if (entry.state.status === 'ready') return;
  load(entry);
}

/** The current state of a query; the same object until it changes (for useSyncExternalStore). */
export function readQuery<T extends TableName>(table: T, eq: Eq = {}): QueryState<TableRow<T>> {
  const entry = entries.get(queryKey(table, eq)) ?? derivedInto(table, eq);
  // The cache holds what loadSampleTable(table) validated with the table's schema.
  return (entry?.state ?? LOADING) as QueryState<TableRow<T>>;
}

function derivedInto(table: TableName, eq: Eq): Entry | null {
  const entry = derived(table, eq);
  if (entry) entries.set(queryKey(table, eq), entry);
  return entry;
}

/**
 * Follows a query: starts it if needed and calls `listener` on every change. The returned
 * function stops following; when the last follower of a query still in flight leaves (the
 * screen unmounted), its request is cancelled and forgotten.
 */
export function subscribeQuery(table: TableName, eq: Eq, listener: () => void): () => void {
  const entry = entryFor(table, eq);
  entry.listeners.add(listener);
  if (!entry.controller && entry.state.status !== 'ready') load(entry);
  return () => {
    entry.listeners.delete(listener);
    // A moment's grace: React re-subscribes at once when it re-renders or re-mounts in dev.
    setTimeout(() => {
      if (entry.listeners.size > 0 || !entry.controller) return;
      entry.controller.abort();
      entry.controller = null;
      entry.state = LOADING;
      // Only this entry: after a clear, the key may already hold a newer screen's query.
      const key = queryKey(entry.table, entry.eq);
      if (entries.get(key) === entry) entries.delete(key);
    }, 0);
  };
}

/** Asks again, as a Retry (the mock answers it with the Retry timing). */
export function retryQuery(table: TableName, eq: Eq = {}): void {
  load(entryFor(table, eq), { retry: true });
}

/**
 * Asks again after a write changed the rows, keeping the rows on screen until the answer comes
 * (no loading state in between). Only a query someone has asked for is asked again.
 */
export function refreshQuery(table: TableName, eq: Eq = {}): void {
  const entry = entries.get(queryKey(table, eq));
  if (entry) load(entry, { quiet: true });
}

const alsoCleared = new Set<() => void>();

/** Another cache of the member's reads (memberRead.ts) empties itself with this one. */
export function onClearQueries(clear: () => void): void {
  alsoCleared.add(clear);
}

/** Forgets everything and cancels what is in flight. */
export function clearQueries(): void {
  for (const entry of entries.values()) {
    entry.controller?.abort();
    entry.controller = null;
  }
  entries.clear();
  for (const clear of alsoCleared) clear();
}

onQueryScopeChange(clearQueries);
