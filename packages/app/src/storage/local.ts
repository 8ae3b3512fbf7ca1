import type { NudgeDismissPage } from '@vault/domain';

/** Every browser-storage key the app writes (docs/product.md §3), in one place. */
export const storageKeys = {
  /** The signed-in user, as JSON validated by the domain UserSchema. */
  user: 'vault.user',
  /** The admin flag, 'true' or 'false'. */
  isAdmin: 'vault.isAdmin',
  /**
   * The supabase-js session (JSON), in localStorage ('Remember me') or sessionStorage. The pages'
   * inline script (prerender/inlineScript.ts) reads it before the first paint.
   */
  auth: 'vault.auth',
  /** The bearer token the backend client sends for the signed-in user. */
  accessToken: 'vault.accessToken',
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
