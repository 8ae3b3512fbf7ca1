import type { Appearance } from '@vault/ui';
import { useCallback, useSyncExternalStore } from 'react';
import { readItem, storageKeys, writeItem } from '../storage/browserStorage';

// Light or dark (docs/decisions.md (12)): the system's by default, a stored choice once toggled.

const listeners = new Set<() => void>();
const darkQuery = () => globalThis.matchMedia?.('(prefers-color-scheme: dark)');

function stored(): Appearance | null {
  const value = readItem(storageKeys.appearance);
  return value === 'light' || value === 'dark' ? value : null;
}

function current(): Appearance {
  return stored() ?? (darkQuery()?.matches ? 'dark' : 'light');
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const query = darkQuery();
  query?.addEventListener('change', listener);
  return () => {
    listeners.delete(listener);
    query?.removeEventListener('change', listener);
  };
}

/**
 * Shows an appearance: the class Radix Themes reads on <html> (the app's Theme inherits it) and the
 * colour scheme of the browser's own surfaces (the canvas past the page when it overscrolls,
 * scrollbars, form controls). The pages' inline script does the same before the first paint.
 */
export function showAppearance(appearance: Appearance): void {
  const root = document.documentElement;
  root.classList.toggle('dark', appearance === 'dark');
  root.classList.toggle('light', appearance === 'light');
  root.style.colorScheme = appearance;
}

function setAppearance(next: Appearance): void {
  writeItem(storageKeys.appearance, next);
  for (const listener of listeners) listener();
}

export function useAppearance(): { appearance: Appearance; toggle: () => void } {
  const appearance = useSyncExternalStore(subscribe, current, () => 'light' as const);
  const toggle = useCallback(() => setAppearance(current() === 'dark' ? 'light' : 'dark'), []);
  return { appearance, toggle };
}
