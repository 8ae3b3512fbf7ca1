import {
  BACKEND_TIMEOUT_MS,
  backendMessages,
  mergeProfile,
  messages,
  type ProfilePatch,
  ProfilePatchSchema,
  type Role,
  type Session,
  signedOut,
  type User,
  validateSignIn,
} from '@vault/domain';
import * as v from 'valibot';
import type { CallResult } from '../backend/callResult';
import { withTimeout } from '../backend/timeout';
import type { SessionArea } from '../storage/sessionArea';
import { cacheProfile, readStoredSession, restoreSession, type StoredSession } from './persist';
import type { SessionBackend } from './types';

interface SessionState {
  session: Session;
  /** True while a sign-in reads the member's profile; the dashboard shows 'Loading...' then. */
  loading: boolean;
}

interface Notifier {
  success(message: string): void;
  error(message: string): void;
}

/** The demo accounts (docs/decisions.md (3)): one per role, with the build's demo password (session/demoPassword.ts). */
interface DemoAccounts {
  email(role: Role): string;
  /** null: this build has no demo password, so a demo sign-in is refused without a call. */
  password: () => Promise<string | null>;
}

export interface SessionStoreOptions {
  /** Where the session lives (localStorage or, without 'Remember me', sessionStorage). */
  area: SessionArea;
  notify: Notifier;
  /** Loads the backend code (supabase-js) on first use; a failure is reported, never a hang. */
  loadBackend: () => Promise<SessionBackend>;
  demoAccounts: DemoAccounts;
  /** How long admin sign-in waits at least, so 'Authenticating...' can be seen; 0 in tests. */
  adminDelayMs?: number;
  /** How long loading the backend code may take (ms). */
  loadTimeoutMs?: number;
  /** Overrides the restored state (stories). */
  initial?: Partial<SessionState>;
}

export interface SessionStore {
  getState(): SessionState;
  subscribe(listener: () => void): () => void;
  /**
   * Investor sign-in through Supabase Auth; false when the form is incomplete or the server
   * refused. Without `remember` the session lasts as long as this tab (sessionStorage).
   */
  signIn(email: string, password: string, remember?: boolean): Promise<boolean>;
  /** Admin sign-in: admits only accounts whose server-set admin flag is true (docs/decisions.md (15)). */
  adminSignIn(email: string, password: string): Promise<boolean>;
  /** Demo accounts (docs/decisions.md (3)): signs in as the demo account of the role. */
  signInAs(role: Role): Promise<boolean>;
  /** Registration: a new account through Supabase Auth, then the member's name on their profile. */
  signUp(email: string, password: string, name: string): Promise<boolean>;
  logout(): void;
  /**
   * The backend, loaded on first use, for the writes of data/<entity>/ (data/_mutation/); a failure
   * to load it is an answer, never a hang.
   */
  backend(): Promise<CallResult<{ backend: SessionBackend }>>;
  /**
   * Merges what the server answered about the member's profile into the session, if `userId` is
   * still the one signed in; false when it is not, or the answer would not restore.
   */
  applyProfile(userId: string, patch: ProfilePatch): boolean;
  /** Reads the member's profile again from the server (after a restore or another tab's change). */
  reloadProfile(): Promise<void>;
  /**
   * Takes the session another tab has written (a sign-in, a sign-out), read and validated like a
   * restore at start. Nothing is written back and no toast is shown.
   */
  syncFromStorage(): void;
}

/** When a profile that could not be read at sign-in is asked for again. */
const PROFILE_RETRY_MS = 3000;

export function createSessionStore(options: SessionStoreOptions): SessionStore {
  const { area, notify } = options;
  let stored: StoredSession = restoreSession(area.current());
  let state: SessionState = { session: stored.session, loading: false, ...options.initial };
  const listeners = new Set<() => void>();
  let backendPromise: Promise<SessionBackend> | null = null;
  let listeningToAuth = false;
  /** Sign-ins under way here: supabase-js's own SIGNED_IN event waits for them to adopt the session. */
  let signingIn = 0;
  /**
   * The server side of the last sign-out. supabase-js's local sign-out drops whatever session it
   * holds when it runs, so a sign-in started meanwhile waits for it: otherwise signing out and
   * straight back in could lose the new session to the old sign-out.
   */
  let signingOut: Promise<void> = Promise.resolve();

  function emit(): void {
    for (const listener of listeners) listener();
  }

  function set(next: SessionState): void {
    state = next;
    emit();
  }

  async function loadBackend(): Promise<CallResult<{ backend: SessionBackend }>> {
    const limit = options.loadTimeoutMs ?? BACKEND_TIMEOUT_MS.code;
    backendPromise ??= withTimeout(() => options.loadBackend(), limit, `no answer after ${limit} ms`).then(
      (backend) => {
        // supabase-js's own events (a refresh that failed, a sign-out in another tab) reach the store.
        if (!listeningToAuth) backend.onAuthChange(() => store.syncFromStorage());
        listeningToAuth = true;
        return backend;
      },
    );
    try {
      return { ok: true, backend: await backendPromise };
    } catch (error) {
      // The next attempt tries to load it again (the network may be back).
      backendPromise = null;
      console.error('[session] The backend code could not be loaded', error);
      return { ok: false, error: backendMessages.backendUnavailable };
    }
  }

  const currentUserId = (): string | null => state.session.user?.id ?? null;

  /**
   * Counts the profiles applied. A read applies its answer only if none was applied while it ran:
   * answers can arrive out of order, and an older read must not undo what a write just answered.
   */
  let profilesApplied = 0;

  /** Merges profile fields into the signed-in user, if it is still `userId`, and caches them. */
  function applyProfile(userId: string, patch: ProfilePatch): boolean {
    const user = state.session.user;
    if (!user || user.id !== userId) return false;
    const parsed = v.safeParse(ProfilePatchSchema, patch);
    if (!parsed.success) {
      console.error('[session] A profile answer that would not restore was ignored', parsed.issues[0]?.message);
      return false;
    }
    const next: User = mergeProfile(user, parsed.output);
    if (!cacheProfile(area.current(), next)) return false;
    profilesApplied += 1;
    set({ ...state, session: { ...state.session, user: next } });
    return true;
  }

  /**
   * Adopts the session supabase-js has just stored: read back and validated exactly as a restore
   * would read it, so a session that would not restore is refused now, not at the next reload.
   */
  async function adopt(backend: SessionBackend, admit?: (session: Session) => boolean): Promise<CallResult> {
    let read: StoredSession;
    try {
      const storage = area.current();
      read = storage ? readStoredSession(storage) : { session: signedOut, auth: null, profileCached: false };
    } catch (error) {
      console.error('[session] The new session does not pass the restore check', error);
      read = { session: signedOut, auth: null, profileCached: false };
    }
    const user = read.session.user;
    if (!read.auth || !user) {
      await dropSession(backend, read);
      return { ok: false, error: backendMessages.sessionUnreadable };
    }
    if (admit && !admit(read.session)) {
      await dropSession(backend, read);
      return { ok: false, error: 'not admitted', code: 'not_admitted' };
    }
    stored = read;
    set({ session: read.session, loading: true });
    const profile = await backend.readProfile(user.id);
    if (profile.ok) applyProfile(user.id, profile.profile);
    else {
      // Signed in all the same; nothing is cached, so a reload reads the profile again, and so does
      // a second try in a moment.
      console.error('[session] The profile could not be read; it shows defaults until it is', profile.error);
      setTimeout(() => void store.reloadProfile(), PROFILE_RETRY_MS);
    }
    if (currentUserId() === user.id) set({ ...state, loading: false });
    return { ok: true };
  }

  async function dropSession(backend: SessionBackend, read: StoredSession): Promise<void> {
    area.clear();
    await backend.signOut(read.auth?.access_token ?? null);
  }

  async function passwordSignIn(
    email: string,
    password: string,
    remember: boolean,
    admit?: (session: Session) => boolean,
  ): Promise<CallResult> {
    const loaded = await loadBackend();
    if (!loaded.ok) return loaded;
    await signingOut;
    area.setRemembered(remember);
    signingIn += 1;
    try {
      const answer = await loaded.backend.signIn(email, password);
      if (!answer.ok) return answer;
      return await adopt(loaded.backend, admit);
    } finally {
      signingIn -= 1;
    }
  }

  const store: SessionStore = {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    async signIn(email, password, remember = true) {
      const invalid = validateSignIn({ email, password });
      if (invalid) {
        notify.error(invalid);
        return false;
      }
      const result = await passwordSignIn(email.trim(), password, remember);
      if (!result.ok) {
        notify.error(result.error);
        return false;
      }
      notify.success(messages.loginSuccess);
      return true;
    },

    async adminSignIn(email, password) {
      const invalid = validateSignIn({ email, password });
      if (invalid) {
        notify.error(invalid);
        return false;
      }
      const pause = new Promise((resolve) => setTimeout(resolve, options.adminDelayMs ?? 0));
      const result = await passwordSignIn(email.trim(), password, true, (session) => session.isAdmin);
      await pause;
      if (!result.ok) {
        // A refused pair and a non-admin account read the same; an unreachable server says so.
        const refused = result.code === 'invalid_credentials' || result.code === 'not_admitted';
        notify.error(refused ? messages.invalidAdminCredentials : result.error);
        return false;
      }
      notify.success(messages.adminLoginSuccess);
      return true;
    },

    async signInAs(role) {
      const password = await options.demoAccounts.password();
      if (password === null) {
        notify.error('Demo sign-in is not set up on this deployment.');
        return false;
      }
      const result = await passwordSignIn(options.demoAccounts.email(role), password, true);
      if (!result.ok) {
        notify.error(result.error);
        return false;
      }
      notify.success(messages.loginSuccess);
      return true;
    },

    async signUp(email, password, name) {
      const loaded = await loadBackend();
      if (!loaded.ok) {
        notify.error(loaded.error);
        return false;
      }
      await signingOut;
      area.setRemembered(true);
      signingIn += 1;
      const answer = await loaded.backend.signUp(email.trim(), password, name).finally(() => {
        signingIn -= 1;
      });
      if (!answer.ok) {
        notify.error(answer.error);
        return false;
      }
      if (!answer.signedIn) {
        notify.success('Check your email to confirm your account, then sign in.');
        return false;
      }
      const adopted = await adopt(loaded.backend);
      if (!adopted.ok) {
        notify.error(adopted.error);
        return false;
      }
      // The name typed in the wizard, if the server did not take it from the sign-up already.
      const user = state.session.user;
      if (user && user.name !== name) {
        const saved = await loaded.backend.saveProfile(user.id, { name });
        if (saved.ok) applyProfile(user.id, saved.profile);
      }
      notify.success(messages.loginSuccess);
      return true;
    },

    logout() {
      const token = stored.auth?.access_token ?? null;
      // Forgotten here at once, so a reload right after is signed out whatever the network does.
      area.clear();
      stored = { session: signedOut, auth: null, profileCached: false };
      set({ session: signedOut, loading: false });
      notify.success(messages.loggedOut);
      if (token) {
        signingOut = loadBackend().then((loaded) => (loaded.ok ? loaded.backend.signOut(token) : undefined));
      }
    },

    backend: loadBackend,
    applyProfile,

    async reloadProfile() {
      const user = state.session.user;
      if (!user) return;
      const loaded = await loadBackend();
      if (!loaded.ok) return;
      const appliedBefore = profilesApplied;
      const answer = await loaded.backend.readProfile(user.id);
      if (!answer.ok) console.error('[session] The profile could not be refreshed', answer.error);
      else if (profilesApplied === appliedBefore) applyProfile(user.id, answer.profile);
    },

    syncFromStorage() {
      // This tab's own sign-in adopts its session itself (validated, with the profile).
      if (signingIn > 0) return;
      const read = restoreSession(area.current());
      const before = state.session.user;
      const after = read.session.user;
      const token = read.auth?.access_token ?? null;
      if (before?.id === after?.id && JSON.stringify(read.session) === JSON.stringify(state.session)) {
        stored = read;
        return;
      }
      // A refreshed token of the same member with no cached profile yet keeps what is on screen.
      if (before && after && before.id === after.id && !read.profileCached) {
        stored = read;
        return;
      }
      stored = read;
      set({ session: read.session, loading: false });
      if (after && token && !read.profileCached) void store.reloadProfile();
    },
  };

  return store;
}
