import type { PGlite } from '@electric-sql/pglite';
import { createHost, type FixedAccount, type Host, type HostOptions } from './index.ts';

/** Staff accounts the host tests sign in with (made on first sign-in, with their role). */
export const staff = {
  compliance: { email: 'compliance@host.test', password: 'compliance-pass', role: 'compliance' },
  mfo_admin: { email: 'mfo@host.test', password: 'mfo-admin-pass', role: 'mfo_admin' },
} satisfies Record<string, FixedAccount>;

export const BASE = 'http://host.test/mock-supabase';

/** A host over `db` under the embedded build's base path, with open sign-in and the staff above. */
export function testHost(db: PGlite, overrides: Partial<HostOptions> = {}): Host {
  return createHost({
    db,
    basePath: '/mock-supabase',
    url: BASE,
    auth: { openSignIn: true, fixedAccounts: Object.values(staff), passwordCost: 4 },
    ...overrides,
  });
}

export interface Call {
  method?: string;
  token?: string;
  headers?: Record<string, string>;
  body?: unknown;
}

export interface Answer {
  status: number;
  headers: Headers;
  body: unknown;
}

/** One request to the host as supabase-js would send it; the body parsed when it is JSON. */
export async function call(host: Host, path: string, init: Call = {}): Promise<Answer> {
  const { anonKey } = await host.keys();
  const headers: Record<string, string> = {
    apikey: anonKey,
    Authorization: `Bearer ${init.token ?? anonKey}`,
    ...init.headers,
  };
  if (init.body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await host.fetch(
    new Request(`${BASE}${path}`, {
      method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
      headers,
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    }),
  );
  const text = await response.text();
  let body: unknown = text;
  try {
    body = text === '' ? null : JSON.parse(text);
  } catch {
    // Kept as text.
  }
  return { status: response.status, headers: response.headers, body };
}

/** Signs in through the host's Auth; answers the member's id and access token. */
export async function signIn(
  host: Host,
  email: string,
  password = 'any-password',
): Promise<{ id: string; token: string; refresh: string }> {
  const answer = await call(host, '/auth/v1/token?grant_type=password', { body: { email, password } });
  const body = answer.body as { access_token?: string; refresh_token?: string; user?: { id?: string } };
  if (answer.status !== 200 || !body.access_token || !body.user?.id || !body.refresh_token) {
    throw new Error(`sign-in failed: ${answer.status} ${JSON.stringify(answer.body)}`);
  }
  return { id: body.user.id, token: body.access_token, refresh: body.refresh_token };
}
