import type { NudgeDismissPage } from '@vault/domain';

import { AUTH_STORAGE_KEY, PROFILE_CACHE_KEY } from './sessionArea';

/** Every browser-storage key the app writes (docs/product.md §3), in one place. */
export const storageKeys = {
  /** supabase-js's session (access and refresh token, the auth user), see ./sessionArea.ts. */
  auth: AUTH_STORAGE_KEY,
  /** The signed-in member's profile, a domain User as JSON, beside the session. */
  profile: PROFILE_CACHE_KEY,
  researchPoints: 'vault.researchPoints',
  appearance: 'vault.appearance',
  /** sessionStorage: demo mode for this tab (docs/decisions.md (3)). */
  demo: 'vault.demo',
  nudgeDismissed: (page: NudgeDismissPage) => `vault.nudgeDismissed.${page}`,
} as const;

/** The storage object, or null where there is none (node) or access throws (privacy modes). */
export function browserStorage(kind: 'local' | 'session' = 'local'): Storage | null {
  try {
    const storage = kind === 'local' ? globalThis.localStorage : globalThis.sessionStorage;
    return storage ?? null;
  } catch {
    return null;
  }
}

export function readItem(key: string, storage: Storage | null = browserStorage()): string | null {
  try {
    return storage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

/** Writes a value; false when storage is missing or full, which callers may ignore. */
export function writeItem(key: string, value: string, storage: Storage | null = browserStorage()): boolean {
  try {
    if (!storage) return false;
    storage.setItem(key, value);
    return true;
  } catch {
    return false;
  }
}

export function removeItem(key: string, storage: Storage | null = browserStorage()): void {
  try {
    storage?.removeItem(key);
  } catch {
    // Nothing stored, nothing to remove.
  }
}

/** A Storage kept in memory, for stories, tests and browsers that refuse storage. */
export function memoryStorage(initial: Record<string, string> = {}): Storage {
  const items = new Map(Object.entries(initial));
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => {
      items.delete(key);
    },
    setItem: (key, value) => {
      items.set(key, String(value));
    },
  };
}
