import type { PGlite } from '@electric-sql/pglite';
import { demoEmail, walletFunction } from '@vault/domain';
import { type HttpHandler, HttpResponse, http } from 'msw';
import { type SetupServerApi, setupServer } from 'msw/node';
import { inject } from 'vitest';
import WebSocket from 'ws';
import { loadDb } from '../../../../supabase/host/database.ts';
import { createHost, type Host } from '../../../../supabase/host/index.ts';
import { LOCAL_DEMO_PASSWORD, localFixedAccounts } from '../../../../supabase/host/localAccounts.ts';
import { type BackendClientOptions, createBackendClient } from '../backend/client';
import type { BackendConfig } from '../backend/config';
import { createSessionBackend, type SessionBackendOptions } from '../backend/sessionBackend';
import { createSessionStore, type SessionStore, type SessionStoreOptions } from '../session/store';
import type { SessionBackend } from '../session/types';
import { memoryStorage } from '../storage/browserStorage';
import { type AuthStorageAdapter, createSessionArea, type SessionArea } from '../storage/sessionArea';

/**
 * Node tests against the backend the embedded build runs: supabase-js for real, its requests
 * carried by MSW to the local host (supabase/host) over PGlite with the project's schema and seed.
 * MSW keeps what only a transport can do (a 5xx, a dropped connection, a function's failure).
 */

declare module 'vitest' {
  export interface ProvidedContext {
    /** The PGlite dumps supabase/tests/global-setup.ts provides (this project's config runs it too). */
    pgliteDumps: { shim: string; seeded: string };
  }
}

export const TEST_CONFIG: BackendConfig = {
  url: 'https://mock.vault.local/mock-supabase',
  anonKey: 'vault-mock-anon-key',
  mock: true,
};

export interface LocalBackend {
  db: PGlite;
  host: Host;
  server: SetupServerApi;
  /** One row of a query run as the database owner (what a test reads back to check a write). */
  row<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T | undefined>;
  rows<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  close(): Promise<void>;
}

/** A database of its own (the seed's), the host over it, and MSW listening. One per test file. */
export async function startLocalBackend(): Promise<LocalBackend> {
  const db = await loadDb(inject('pgliteDumps').seeded);
  const host = createHost({
    db,
    basePath: '/mock-supabase',
    url: TEST_CONFIG.url,
    anonKeys: [TEST_CONFIG.anonKey],
    auth: { openSignIn: true, fixedAccounts: localFixedAccounts(), passwordCost: 4 },
  });
  const server = setupServer(http.all('*/mock-supabase/*', ({ request }) => host.fetch(request)));
  server.listen({ onUnhandledRequest: 'error' });
  const rows = async <T>(sql: string, params: unknown[] = []) => (await db.query<T>(sql, params)).rows;
  return {
    db,
    host,
    server,
    rows,
    row: async <T>(sql: string, params: unknown[] = []) => (await rows<T>(sql, params))[0],
    async close() {
      server.close();
      await db.close();
    },
  };
}

/** Answers that only a transport gives: what the real host never would on its own. */
export const transport = {
  wallet: {
    failure: http.post(`*/functions/v1/${walletFunction.name}`, () =>
      HttpResponse.json({ success: false, error: 'Wallet provider is temporarily unavailable' }),
    ),
    serverError: http.post(`*/functions/v1/${walletFunction.name}`, () =>
      HttpResponse.json({ error: 'Internal server error' }, { status: 500 }),
    ),
    networkError: http.post(`*/functions/v1/${walletFunction.name}`, () => HttpResponse.error()),
    invalidJson: http.post(
      `*/functions/v1/${walletFunction.name}`,
      () => new HttpResponse('{"success": true, "walletId": ', { headers: { 'Content-Type': 'application/json' } }),
    ),
    noWalletId: http.post(`*/functions/v1/${walletFunction.name}`, () => HttpResponse.json({ success: true })),
  } satisfies Record<string, HttpHandler>,
  /** A function's provider being down, as the function answers it (502). */
  unavailable: (fn: string, error: string): HttpHandler =>
    http.post(`*/functions/v1/${fn}`, () => HttpResponse.json({ success: false, error }, { status: 502 })),
  tableError: (table: string): HttpHandler =>
    http.get(`*/rest/v1/${table}`, () => HttpResponse.json({ message: 'Service unavailable' }, { status: 500 })),
  tableEmpty: (table: string): HttpHandler => http.get(`*/rest/v1/${table}`, () => HttpResponse.json([])),
};

// ws's constructor is typed wider than supabase's WebSocket-like one (address: string | URL); it works.
export const realtimeTransport = WebSocket as unknown as BackendClientOptions['realtimeTransport'];

export function testClient(storage?: AuthStorageAdapter) {
  return createBackendClient({ config: TEST_CONFIG, storage, realtimeTransport });
}

function testBackend(storage?: AuthStorageAdapter, options?: SessionBackendOptions): SessionBackend {
  return createSessionBackend(testClient(storage), {
    embedded: { url: TEST_CONFIG.url, anonKey: TEST_CONFIG.anonKey },
    ...options,
  });
}

/** One browser tab: its localStorage (shared with other tabs when passed) and its own sessionStorage. */
export function tab(local: Storage = memoryStorage()): SessionArea {
  return createSessionArea(local, memoryStorage());
}

export interface TestStore {
  store: SessionStore;
  area: SessionArea;
  notify: { success: string[]; error: string[] };
}

export function testStore(
  area: SessionArea = tab(),
  overrides: Partial<SessionStoreOptions> & { backend?: SessionBackendOptions } = {},
): TestStore {
  const notify = { success: [] as string[], error: [] as string[] };
  const { backend: backendOptions, ...rest } = overrides;
  const store = createSessionStore({
    area,
    notify: { success: (m) => notify.success.push(m), error: (m) => notify.error.push(m) },
    loadBackend: async () => testBackend(area.adapter, backendOptions),
    demoAccounts: { email: demoEmail, password: async () => LOCAL_DEMO_PASSWORD },
    adminDelayMs: 0,
    ...rest,
  });
  return { store, area, notify };
}

/** What the server recorded for a member: payments, audit actions and the notifications actions wrote. */
export async function recordsOf(local: LocalBackend, memberId: string) {
  return {
    payments: await local.rows<{ amount_cents: number; currency: string; status: string }>(
      `select amount_cents::int, currency, status from public.payments where member_id = $1 order by created_at, id`,
      [memberId],
    ),
    actions: (
      await local.rows<{ action: string }>('select action from public.audit_events where member_id = $1 order by id', [
        memberId,
      ])
    ).map((r) => r.action),
    // The demo investor's sample notifications are left out: only what the server's actions wrote.
    notes: await local.rows<{ title: string; body: string }>(
      `select title, body from public.notifications n
        where user_id = $1 and not exists (
          select 1 from public.sample_member_rows s where s.table_name = 'notifications' and s.id = n.id)
        order by at, id`,
      [memberId],
    ),
  };
}

/** The member's id as Auth gives it (sign-in by email made the account). */
export async function idOf(local: LocalBackend, email: string): Promise<string> {
  const found = await local.row<{ id: string }>('select id::text from auth.users where lower(email) = lower($1)', [
    email,
  ]);
  if (!found) throw new Error(`no account for ${email}`);
  return found.id;
}
