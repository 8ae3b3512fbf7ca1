import { demoEmail } from '@vault/domain';
import WebSocket from 'ws';
import { MOCK_DEMO_PASSWORD } from '../../../../mocks';
import { type BackendClientOptions, createBackendClient } from '../backend/client';
import type { BackendConfig } from '../backend/config';
import { createSessionBackend, type SessionBackendOptions } from '../backend/sessionBackend';
import { createSessionStore, type SessionStore, type SessionStoreOptions } from '../session/store';
import type { SessionBackend } from '../session/types';
import { memoryStorage } from '../storage/browserStorage';
import { type AuthStorageAdapter, createSessionArea, type SessionArea } from '../storage/sessionArea';

/**
 * Node tests against the embedded backend (mocks/node.ts): supabase-js for real, its requests
 * answered by the same MSW handlers the app's worker runs.
 */

export const TEST_CONFIG: BackendConfig = {
  url: 'https://mock.vault.local/mock-supabase',
  anonKey: 'vault-mock-anon-key',
  mock: true,
};

// ws's constructor is typed wider than supabase's WebSocket-like one (address: string | URL); it works.
export const realtimeTransport = WebSocket as unknown as BackendClientOptions['realtimeTransport'];

export function testClient(storage?: AuthStorageAdapter) {
  return createBackendClient({ config: TEST_CONFIG, storage, realtimeTransport });
}

function testBackend(storage?: AuthStorageAdapter, options?: SessionBackendOptions): SessionBackend {
  return createSessionBackend(testClient(storage), options);
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
    demoAccounts: { email: demoEmail, password: async () => MOCK_DEMO_PASSWORD },
    adminDelayMs: 0,
    ...rest,
  });
  return { store, area, notify };
}
