import * as v from 'valibot';
import { type CallResult, messageOf } from './callResult';
import { backend } from './client';
import { type TableName, type TableRow, tableSchemas } from './schemas';

/** The header that tells the embedded mock a load is a Retry (docs/product.md §9: 400 ms instead of 150 ms). */
export const MOCK_RETRY_HEADER = 'x-vault-retry';

export interface LoadOptions {
  /** A Retry after an error; the mock answers it with the Retry timing. */
  retry?: boolean;
  /** Equality filters, e.g. `{ id: 'solar-park' }` (PostgREST `id=eq.solar-park`). */
  eq?: Record<string, string>;
  signal?: AbortSignal;
}

export type TableResult<T> = CallResult<{ rows: T[] }>;

/**
 * Reads a table through supabase-js and validates every row with its schema. Any failure (HTTP
 * error, network error, a malformed row) becomes `{ ok: false, error }` and is logged.
 */
export async function loadTable<T>(
  name: string,
  schema: v.GenericSchema<unknown, T>,
  options: LoadOptions = {},
): Promise<TableResult<T>> {
  const { client, config } = backend();
  try {
    let query = client.from(name).select('*');
    for (const [column, value] of Object.entries(options.eq ?? {})) query = query.eq(column, value);
    // A custom header on every real request would need CORS approval; only the mock reads it.
    if (config.mock && options.retry) query = query.setHeader(MOCK_RETRY_HEADER, '1');
    if (options.signal) query = query.abortSignal(options.signal);
    const { data, error } = await query;
    // A cancelled load (the screen unmounted or asked again) is no failure worth logging.
    if (options.signal?.aborted) return { ok: false, error: 'The request was cancelled' };
    if (error) {
      console.error(`[backend] loading ${name} failed`, error);
      return { ok: false, error: `Could not load ${name}: ${messageOf(error, 'the request failed')}` };
    }
    const parsed = v.safeParse(v.array(schema), data);
    if (!parsed.success) {
      const issue = parsed.issues[0];
      console.error(`[backend] ${name} sent rows that do not match the schema`, v.getDotPath(issue), issue.message);
      return { ok: false, error: `The ${name} data could not be read` };
    }
    return { ok: true, rows: parsed.output };
  } catch (error) {
    if (options.signal?.aborted) return { ok: false, error: 'The request was cancelled' };
    console.error(`[backend] loading ${name} failed`, error);
    return { ok: false, error: `Could not load ${name}: ${messageOf(error)}` };
  }
}

/** One of the sample tables, typed by its schema (see `tableSchemas`). */
export function loadSampleTable<T extends TableName>(
  name: T,
  options?: LoadOptions,
): Promise<TableResult<TableRow<T>>> {
  const schema: v.GenericSchema<unknown, TableRow<T>> = tableSchemas[name];
  return loadTable(name, schema, options);
}
