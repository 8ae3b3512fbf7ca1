import { createContext, useContext } from 'react';
import type { SessionStore } from './store';

/** The app's session store, provided by <SessionProvider>. Apart from it, so writes can reach the store cheaply. */
export const SessionContext = createContext<SessionStore | null>(null);

/** The session store itself, for the writes of data/<entity>/, which act for the signed-in member. */
export function useSessionStore(): SessionStore {
  const store = useContext(SessionContext);
  if (!store) throw new Error('useSession needs a <SessionProvider> above it');
  return store;
}
