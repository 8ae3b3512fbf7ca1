import { isRecord } from './http.ts';

/**
 * A small PostgREST client over fetch (what supabase-js's `rpc()` and `from()` send), taking an
 * abort signal on every call so the functions' time limits cancel the request. Calls with the
 * service role use the service key; calls "as the member" send the member's own token, so the
 * SQL sees `auth.uid()` and the member's role, as from the app.
 */

export class PostgrestError extends Error {
  constructor(
    readonly status: number,
    readonly code: string | null,
    readonly pgMessage: string | null,
  ) {
    super(`postgrest answered ${status}${code ? ` (${code})` : ''}`);
    this.name = 'PostgrestError';
  }
}

interface PostgrestRequest {
  method?: 'GET' | 'POST' | 'PATCH';
  body?: unknown;
  /** The member's access token; the service key when absent. */
  token?: string;
  /** Extra `Prefer` header values, e.g. `return=representation`. */
  prefer?: string;
  signal: AbortSignal;
}

export interface PostgrestClient {
  /** `path` below /rest/v1, e.g. `profiles?select=id&id=eq.<uuid>`. */
  request(path: string, init: PostgrestRequest): Promise<unknown>;
  rpc(fn: string, args: Record<string, unknown>, init: Omit<PostgrestRequest, 'method' | 'body'>): Promise<unknown>;
}

export function postgrestClient(options: {
  url: string;
  /** The service role key (server-side only, never sent to a browser). */
  serviceKey: string;
  /** The anon key, sent as `apikey` beside a member's token. */
  anonKey: string;
  fetch?: typeof fetch;
}): PostgrestClient {
  const doFetch = options.fetch ?? fetch;
  const client: PostgrestClient = {
    async request(path, init) {
      const headers: Record<string, string> = {
        apikey: init.token ? options.anonKey : options.serviceKey,
        Authorization: `Bearer ${init.token ?? options.serviceKey}`,
        Accept: 'application/json',
      };
      if (init.body !== undefined) headers['Content-Type'] = 'application/json';
      if (init.prefer) headers.Prefer = init.prefer;
      const response = await doFetch(`${options.url}/rest/v1/${path}`, {
        method: init.method ?? 'GET',
        headers,
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
        signal: init.signal,
      });
      const text = await response.text();
      let parsed: unknown = null;
      if (text !== '') {
        try {
          parsed = JSON.parse(text);
        } catch {
          parsed = null;
        }
      }
      if (!response.ok) {
        const code = isRecord(parsed) && typeof parsed.code === 'string' ? parsed.code : null;
        const message = isRecord(parsed) && typeof parsed.message === 'string' ? parsed.message : null;
        throw new PostgrestError(response.status, code, message);
      }
      return parsed;
    },
    rpc(fn, args, init) {
      return client.request(`rpc/${fn}`, { ...init, method: 'POST', body: args });
    },
  };
  return client;
}
