import { demoParam } from '@vault/domain';
import { createContext, useContext, useSyncExternalStore } from 'react';
import { browserStorage, readItem, removeItem, storageKeys, writeItem } from '../storage/local';

/**
 * Demo mode (PRODUCT.md decision 3): `?demo=1|true` on any page turns it on for the tab
 * (sessionStorage), `?demo=0|false` turns it off, anything else leaves it as it is.
 */

const listeners = new Set<() => void>();

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
    () => isDemoMode(),
    () => false,
  );
  return override ?? stored;
}
