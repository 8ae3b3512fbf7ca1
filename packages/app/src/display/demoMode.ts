import { demoParam } from '@vault/domain';
import { createContext, useContext, useSyncExternalStore } from 'react';
import { browserStorage, readItem, removeItem, storageKeys, writeItem } from '../storage/browserStorage';

/**
 * The build's backend: the embedded mock (MSW) unless both Supabase variables are set at build
 * time. Vite replaces `import.meta.env.*` with literals, so in a real build this is `false` and
 * every `if (MOCK_BACKEND)` branch (the mock worker, the admin demo pair) is dropped from the bundle.
 */
export const MOCK_BACKEND: boolean = !(import.meta.env.VITE_SUPABASE_URL && import.meta.env.VITE_SUPABASE_ANON_KEY);

/**
 * Demo mode (docs/decisions.md (3)): `?demo=1|true` on any page turns it on for the tab
 * (sessionStorage), `?demo=0|false` turns it off, anything else leaves it as it is. It is offered
 * only when the backend says `app_settings.demo_mode` is on (decision 17): the embedded backend
 * always does, so a mock build asks nothing; a real build asks once, when the tab wants it.
 */

const listeners = new Set<() => void>();

export type DemoAvailability = 'unknown' | 'checking' | 'on' | 'off';
let availability: DemoAvailability = MOCK_BACKEND ? 'on' : 'unknown';

/** Asks the backend once whether it offers demo mode; `read` is the call (tests pass a fake). */
export function checkDemoAvailability(
  read: () => Promise<boolean> = () => import('../backend/appSettings').then((m) => m.readDemoMode()),
): Promise<void> {
  if (availability !== 'unknown') return Promise.resolve();
  availability = 'checking';
  return read().then((on) => {
    availability = on ? 'on' : 'off';
    for (const listener of listeners) listener();
  });
}

/** Tests: forget what the backend said. */
export function resetDemoAvailability(value: DemoAvailability = MOCK_BACKEND ? 'on' : 'unknown'): void {
  availability = value;
}

/** Demo mode as the app uses it: wanted by the tab and offered by the backend. */
export function isDemoOffered(storage: Storage | null = browserStorage('session')): boolean {
  if (!isDemoMode(storage)) return false;
  if (availability === 'unknown') void checkDemoAvailability();
  return availability === 'on';
}

export function isDemoMode(storage: Storage | null = browserStorage('session')): boolean {
  return readItem(storageKeys.demo, storage) === '1';
}

/** Reads `demo` from a query string and switches the mode; returns whether it is on. */
export function applyDemoParam(search: string, storage: Storage | null = browserStorage('session')): boolean {
  const wanted = demoParam(new URLSearchParams(search).get('demo'));
  const before = isDemoMode(storage);
  if (wanted === 'on') writeItem(storageKeys.demo, '1', storage);
  if (wanted === 'off') removeItem(storageKeys.demo, storage);
  const after = isDemoMode(storage);
  if (after !== before) for (const listener of listeners) listener();
  return after;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Stories set demo mode through this context instead of sessionStorage. */
export const DemoModeOverride = createContext<boolean | null>(null);

export function useDemoMode(): boolean {
  const override = useContext(DemoModeOverride);
  const stored = useSyncExternalStore(
    subscribe,
    () => isDemoOffered(),
    () => false,
  );
  return override ?? stored;
}
