import type { TableName } from '../../backend/schemas';
import { type Eq, prefetch } from './cache';
import { type Query, useQuery } from './useQuery';

/**
 * One query as data: a table and its equality filters. Each entity's keys.ts declares its own
 * (data/<entity>/keys.ts, the one place a table's name is written), so a screen's declared reads
 * can be both rendered (useRead) and started ahead of the screen (prefetchReads).
 */
export interface QueryRef<T extends TableName = TableName> {
  readonly table: T;
  readonly eq?: Eq;
}

/** A query's rows as screen state; see useQuery. */
export function useRead<T extends TableName>(query: QueryRef<T>) {
  return useQuery(query.table, query.eq);
}

/** Starts these queries unless cached or in flight, e.g. with a screen's code (boot/preloadFirstScreen.ts). */
export function prefetchReads(queries: readonly QueryRef[]): void {
  for (const query of queries) prefetch(query.table, query.eq);
}

export type { Query };
