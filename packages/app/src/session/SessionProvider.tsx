import { demoEmail, type Role, type Session } from '@vault/domain';
import { type ReactNode, useEffect, useState, useSyncExternalStore } from 'react';
import { setAuthStorage } from '../backend/authStorage';
import { whenIdle } from '../boot';
import { browserStorage } from '../storage/browserStorage';
import { AUTH_STORAGE_KEY, createSessionArea, PROFILE_CACHE_KEY, type SessionArea } from '../storage/sessionArea';
import { SessionContext, useSessionStore } from './context';
import { demoPassword } from './demoPassword';
import { createSessionStore, type SessionStore, type SessionStoreOptions } from './store';

// sonner is imported on first use, keeping it off the landing page's initial JS. Every message
// chains on one cached import promise, so they queue until it resolves and show in order, none
// lost; sonner replays toasts created before the (lazily mounted) <Toaster> subscribes.
let sonner: Promise<typeof import('sonner')> | undefined;
const loadSonner = () => {
  sonner ??= import('sonner');
  return sonner;
};

/** Toasts go through sonner, so every session message appears in the app's <Toaster>. */
const sonnerNotifier = {
  success: (message: string) => {
    void loadSonner().then(({ toast }) => toast.success(message));
  },
  error: (message: string) => {
    void loadSonner().then(({ toast }) => toast.error(message));
  },
};

/** The browser's session area: localStorage for remembered sessions, sessionStorage for this tab only. */
function browserSessionArea(): SessionArea {
  return createSessionArea(browserStorage(), browserStorage('session'));
}

/**
 * The app's session store: the browser's storage, sonner toasts, and supabase-js loaded on first
 * use (its own 'backend' chunk), so the landing page's first paint carries none of it.
 */
export function createAppSessionStore(overrides: Partial<SessionStoreOptions> = {}): SessionStore {
  const area = overrides.area ?? browserSessionArea();
  // Registered before any backend call, so supabase-js reads and writes the session here.
  setAuthStorage(area.adapter);
  return createSessionStore({
    area,
    notify: sonnerNotifier,
    loadBackend: () => import('../backend/sessionBackend').then((m) => m.appSessionBackend()),
    demoAccounts: { email: demoEmail, password: demoPassword },
    adminDelayMs: 400,
    ...overrides,
  });
}

export function SessionProvider({ store, children }: { store?: SessionStore; children: ReactNode }) {
  const [value] = useState(() => store ?? createAppSessionStore());
  useSessionSyncAcrossTabs(value);
  useProfileRevalidation(value);
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

const sessionKeys = new Set<string>([AUTH_STORAGE_KEY, PROFILE_CACHE_KEY]);

/**
 * Another tab signing in or out changes this tab too: the browser's `storage` event tells of the
 * other tab's writes. A sign-in writes two keys in a row; one sync after the last of them.
 */
function useSessionSyncAcrossTabs(store: SessionStore): void {
  useEffect(() => {
    let timer: number | undefined;
    const onStorage = (event: StorageEvent) => {
      // key null: the other tab cleared storage (e.g. an unreadable session there).
      if (event.key !== null && !sessionKeys.has(event.key)) return;
      window.clearTimeout(timer);
      timer = window.setTimeout(() => store.syncFromStorage(), 50);
    };
    window.addEventListener('storage', onStorage);
    return () => {
      window.removeEventListener('storage', onStorage);
      window.clearTimeout(timer);
    };
  }, [store]);
}

/**
 * A restored session shows the cached profile at once; once the page is idle the profile is read
 * again from the server, which owns its status fields.
 */
function useProfileRevalidation(store: SessionStore): void {
  useEffect(() => {
    if (!store.getState().session.user) return;
    return whenIdle(() => void store.reloadProfile());
  }, [store]);
}

export interface UseSession {
  session: Session;
  loading: boolean;
  signIn(email: string, password: string, remember?: boolean): Promise<boolean>;
  adminSignIn(email: string, password: string): Promise<boolean>;
  signInAs(role: Role): Promise<boolean>;
  signUp(email: string, password: string, name: string): Promise<boolean>;
  logout(): void;
}

/** The signed-in state, sign-in and sign-out; see session/store.ts for what each does. Writes: data/<entity>/. */
export function useSession(): UseSession {
  const store = useSessionStore();
  const state = useSyncExternalStore(store.subscribe, store.getState, store.getState);
  return {
    session: state.session,
    loading: state.loading,
    signIn: store.signIn,
    adminSignIn: store.adminSignIn,
    signInAs: store.signInAs,
    signUp: store.signUp,
    logout: store.logout,
  };
}
