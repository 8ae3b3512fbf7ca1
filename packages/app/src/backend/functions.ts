import { FunctionsFetchError, FunctionsHttpError, type SupabaseClient } from '@supabase/supabase-js';
import { correlationId, messages } from '@vault/domain';
import { type CallResult, messageOf } from './callResult';
import { TimeoutError, withCallTimeout } from './timeout';

/**
 * Invokes an edge function (`/functions/v1/<name>`) with the member's token, as supabase-js
 * does, within a time limit. The answer is the function's JSON body, or its own error text
 * (`{ success: false, error }`, as every session function answers, docs/backend.md) with the
 * HTTP status as `code`. Never throws.
 */
export async function invokeFunction(
  client: SupabaseClient,
  name: string,
  options: { body: Record<string, unknown>; headers?: Record<string, string>; timeoutMs: number; timedOut: string },
): Promise<CallResult<{ value: unknown }>> {
  try {
    const { data, error } = await withCallTimeout(
      (signal) =>
        client.functions.invoke(name, {
          body: options.body,
          headers: { 'x-correlation-id': correlationId(), ...options.headers },
          signal,
        }),
      options.timeoutMs,
      options.timedOut,
    );
    if (!error) return { ok: true, value: data };
    if (error instanceof FunctionsHttpError && error.context instanceof Response) {
      const status = error.context.status;
      return {
        ok: false,
        error: (await errorText(error.context)) ?? `The server failed (HTTP ${status})`,
        code: String(status),
      };
    }
    if (error instanceof FunctionsFetchError) {
      return { ok: false, error: `The server could not be reached. ${messages.checkConnection}`, code: 'network' };
    }
    return { ok: false, error: messageOf(error, 'The server could not be reached') };
  } catch (error) {
    if (error instanceof TimeoutError) return { ok: false, error: error.message, code: 'timeout' };
    return { ok: false, error: messageOf(error, 'The server could not be reached') };
  }
}

async function errorText(response: Response): Promise<string | null> {
  try {
    const body: unknown = await response.clone().json();
    if (typeof body === 'object' && body !== null) {
      const { error } = body as { error?: unknown };
      if (typeof error === 'string' && error !== '') return error;
    }
  } catch {
    // Not JSON: the status says enough.
  }
  return null;
}
