export { adminPair, DEMO_ADMIN_EMAIL, DEMO_ADMIN_PASSWORD, isAdminPair } from './adminPair';
export { MAX_STORED_CHARS, persistSession, restoreSession } from './persist';
export { createAppSessionStore, SessionProvider, sonnerNotifier, type UseSession, useSession } from './SessionProvider';
export { createSessionStore, type Notifier, type ProfileBackend, type SessionState, type SessionStore } from './store';
