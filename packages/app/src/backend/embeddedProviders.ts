import type { SupabaseClient } from '@supabase/supabase-js';
import { messages } from '@vault/domain';
import { backendFetch } from './backendStart';
import type { CallResult } from './callResult';
import { TimeoutError, withCallTimeout } from './timeout';

/** Where the embedded host answers: its URL (base path included) and the anon key it takes. */
export interface EmbeddedHost {
  url: string;
  anonKey: string;
}

/**
 * A call to the embedded host's provider controls (`/embedded/v1/<path>`, docs/backend.md "The
 * embedded providers") with the member's token, as supabase-js sends it to the other services.
 * The answer is the JSON body, or the host's `{ error }` text with the HTTP status as `code`.
 * These paths exist only on the embedded and local hosts, never on a Supabase project.
 */
export async function callEmbedded(
  client: SupabaseClient,
  host: EmbeddedHost,
  call: { method: 'GET' | 'POST'; path: string; body?: Record<string, unknown>; timeoutMs: number; timedOut: string },
): Promise<CallResult<{ value: unknown }>> {
  try {
    const { data } = await client.auth.getSession();
    const token = data.session?.access_token;
    if (!token) return { ok: false, error: messages.notAuthenticated };
    const response = await withCallTimeout(
      (signal) =>
        backendFetch(`${host.url}/embedded/v1/${call.path}`, {
          method: call.method,
          headers: {
            apikey: host.anonKey,
            Authorization: `Bearer ${token}`,
            ...(call.body ? { 'Content-Type': 'application/json' } : {}),
          },
          body: call.body ? JSON.stringify(call.body) : undefined,
          signal,
        }),
      call.timeoutMs,
      call.timedOut,
    );
    const value: unknown = await response.json().catch(() => null);
    if (response.ok) return { ok: true, value };
    const error =
      typeof value === 'object' && value !== null && typeof (value as { error?: unknown }).error === 'string'
        ? (value as { error: string }).error
        : `The server failed (HTTP ${response.status})`;
    return { ok: false, error, code: String(response.status) };
  } catch (error) {
    if (error instanceof TimeoutError) return { ok: false, error: error.message, code: 'timeout' };
    return { ok: false, error: `The server could not be reached. ${messages.checkConnection}`, code: 'network' };
  }
}
