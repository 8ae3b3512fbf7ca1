/**
 * Where the signed-in session lives. supabase-js owns the session and writes it, as one JSON
 * value, under AUTH_STORAGE_KEY through the adapter below: to localStorage when 'Remember me' is
 * ticked, to sessionStorage (this tab only) when it is not. The member's profile is cached next to
 * it under PROFILE_CACHE_KEY, so the first frame after a reload already shows their readiness.
 *
 * A page can tell "is anyone signed in" before any app code runs by looking for AUTH_STORAGE_KEY in
 * localStorage or sessionStorage: a plain JSON value under that exact key.
 */

/** supabase-js's `auth.storageKey`: the one key the session is stored under. */
export const AUTH_STORAGE_KEY = 'vault.auth';
/** The signed-in member's profile (a domain User as JSON), kept beside the session it belongs to. */
export const PROFILE_CACHE_KEY = 'vault.profile';

/** The storage interface supabase-js's `auth.storage` option takes (synchronous here). */
export interface AuthStorageAdapter {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export interface SessionArea {
  /** Remembered sessions: localStorage. */
  readonly local: Storage | null;
  /** Sessions for this tab only: sessionStorage. */
  readonly tab: Storage | null;
  /** True while the session is (to be) kept in `local`. */
  remembered(): boolean;
  /** Chooses where the next session is written; call before signing in. */
  setRemembered(remember: boolean): void;
  /** The storage that holds this tab's session. */
  current(): Storage | null;
  /** For supabase-js: reads and writes `current()`, and keeps the other storage free of the key. */
  readonly adapter: AuthStorageAdapter;
  /** Removes the session and the cached profile from both storages. */
  clear(): void;
}

function safe<T>(run: () => T, fallback: T): T {
  try {
    return run();
  } catch {
    // Storage refused (privacy mode, quota): behave as if nothing were stored.
    return fallback;
  }
}

/**
 * A tab that holds a session of its own (signed in without 'Remember me') keeps it: another tab's
 * remembered sign-in does not replace it, so two accounts can be open in two tabs.
 */
export function createSessionArea(local: Storage | null, tab: Storage | null): SessionArea {
  let remember = !(tab && safe(() => tab.getItem(AUTH_STORAGE_KEY) !== null, false));
  const current = () => (remember ? local : tab) ?? local;
  const other = () => (remember ? tab : local);

  const adapter: AuthStorageAdapter = {
    getItem: (key) => safe(() => current()?.getItem(key) ?? null, null),
    setItem: (key, value) => {
      safe(() => current()?.setItem(key, value), undefined);
      const elsewhere = other();
      if (elsewhere !== current()) safe(() => elsewhere?.removeItem(key), undefined);
    },
    removeItem: (key) => {
      safe(() => local?.removeItem(key), undefined);
      safe(() => tab?.removeItem(key), undefined);
    },
  };

  return {
    local,
    tab,
    remembered: () => remember || !tab,
    setRemembered(next) {
      remember = next || !tab;
    },
    current,
    adapter,
    clear() {
      for (const key of [AUTH_STORAGE_KEY, PROFILE_CACHE_KEY]) adapter.removeItem(key);
    },
  };
}
