import type { ProfilePatch, Role, Session } from '@vault/domain';
import { createContext, type ReactNode, useContext, useEffect, useState, useSyncExternalStore } from 'react';
import { isMockBackend } from '../backend/config';
import { setAccessTokenSource } from '../backend/token';
import { browserStorage, storageKeys } from '../storage/local';
import { createSessionStore, type SessionStore } from './store';

const SessionContext = createContext<SessionStore | null>(null);

// sonner is imported on first use, keeping it off the landing page's initial JS. Every message
// chains on one cached import promise, so they queue until it resolves and show in order, none
// lost; sonner replays toasts created before the (lazily mounted) <Toaster> subscribes.
let sonner: Promise<typeof import('sonner')> | undefined;
const loadSonner = () => {
  sonner ??= import('sonner');
  return sonner;
};

/** Toasts go through sonner, so every session message appears in the app's <Toaster>. */
export const sonnerNotifier = {
  success: (message: string) => {
    void loadSonner().then(({ toast }) => toast.success(message));
  },
  error: (message: string) => {
    void loadSonner().then(({ toast }) => toast.error(message));
  },
};

/** The app's session store: localStorage, sonner toasts, the profile row through supabase-js. */
export function createAppSessionStore(overrides: Partial<Parameters<typeof createSessionStore>[0]> = {}): SessionStore {
  return createSessionStore({
    storage: browserStorage(),
    tabStorage: browserStorage('session'),
    notify: sonnerNotifier,
    // Loaded on first use, so supabase-js is not part of the first page's JavaScript.
    profiles: {
      readProfile: (userId) => import('../backend/profiles').then((m) => m.readProfile(userId)),
      upsertProfile: (row) => import('../backend/profiles').then((m) => m.upsertProfile(row)),
    },
    mockTokens: isMockBackend(),
    adminDelayMs: 400,
    ...overrides,
  });
}

export function SessionProvider({ store, children }: { store?: SessionStore; children: ReactNode }) {
  const [value] = useState(() => {
    const chosen = store ?? createAppSessionStore();
    // Registered before any child renders, so a screen's first request already carries the token.
    setAccessTokenSource(() => chosen.getState().accessToken);
    return chosen;
  });
  useSessionSyncAcrossTabs(value);
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

const sessionKeys = new Set<string>([storageKeys.user, storageKeys.isAdmin, storageKeys.accessToken]);

/**
 * Another tab signing in or out changes this tab too: the browser's `storage` event tells of the
 * other tab's writes. A sign-in writes three keys in a row; one sync after the last of them.
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

export interface UseSession {
  session: Session;
  loading: boolean;
  signIn(email: string, password: string, remember?: boolean): Promise<boolean>;
  adminSignIn(email: string, password: string): Promise<boolean>;
  signInAs(role: Role): Promise<void>;
  logout(): void;
  refreshProfile(patch: ProfilePatch): Promise<void>;
}

/** The signed-in state and its actions; see session/store.ts for what each does. */
export function useSession(): UseSession {
  const store = useContext(SessionContext);
  if (!store) throw new Error('useSession needs a <SessionProvider> above it');
  const state = useSyncExternalStore(store.subscribe, store.getState, store.getState);
  return {
    session: state.session,
    loading: state.loading,
    signIn: store.signIn,
    adminSignIn: store.adminSignIn,
    signInAs: store.signInAs,
    logout: store.logout,
    refreshProfile: store.refreshProfile,
  };
}
