export { adminPair, DEMO_ADMIN_EMAIL, DEMO_ADMIN_PASSWORD } from './adminPair';
export type { DemoCall, Outcome, SessionBackend } from './backendApi';
export { cacheProfile, MAX_STORED_CHARS, readStoredSession, restoreSession } from './persist';
export {
  browserSessionArea,
  createAppSessionStore,
  SessionProvider,
  sonnerNotifier,
  type UseSession,
  useSession,
} from './SessionProvider';
export {
  type ActionResult,
  createSessionStore,
  type Notifier,
  type SessionState,
  type SessionStore,
} from './store';
