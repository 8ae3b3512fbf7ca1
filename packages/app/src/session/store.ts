import {
  mergeProfile,
  messages,
  nameFromEmail,
  type ProfilePatch,
  ProfilePatchSchema,
  type Role,
  roleLabel,
  type Session,
  signedOut,
  type User,
  userIdForEmail,
  validateSignIn,
} from '@vault/domain';
import * as v from 'valibot';
import { profilePatchFromRow as patchFromRow, profileRowFromUser as rowFromUser } from '../backend/profileRow';
import type { Result } from '../backend/result';
import type { ProfileRow } from '../backend/schemas';
import { isAdminPair } from './adminPair';
import { persistSession, restoreSession } from './persist';

export interface SessionState {
  session: Session;
  /** True while a sign-in restores the profile row; the dashboard shows 'Loading...' then. */
  loading: boolean;
  /** The bearer token for the backend; null sends the anon key (see backend/client.ts). */
  accessToken: string | null;
}

export interface Notifier {
  success(message: string): void;
  error(message: string): void;
}

/** The profile-row calls the store needs; the app passes backend/profiles.ts, tests pass fakes. */
export interface ProfileBackend {
  readProfile(userId: string): Promise<Result<{ profile: ProfileRow | null }>>;
  upsertProfile(row: Partial<Omit<ProfileRow, 'id'>> & { id: string }): Promise<Result<Record<never, never>>>;
}

export interface SessionStoreOptions {
  /** Where a remembered session is kept (localStorage): it outlives the browser. */
  storage: Storage | null;
  /** Where a session signed in without 'Remember me' is kept (sessionStorage): this tab only. */
  tabStorage?: Storage | null;
  notify: Notifier;
  profiles: ProfileBackend;
  /** The embedded mock has no real auth; it gets a fake per-user token so requests carry a bearer. */
  mockTokens: boolean;
  /** How long admin sign-in takes, so 'Authenticating...' can be seen; 0 in tests. */
  adminDelayMs?: number;
  /** Overrides the restored state (stories). */
  initial?: Partial<SessionState>;
  isAdminPair?: (email: string, password: string) => boolean;
}

export interface SessionStore {
  getState(): SessionState;
  subscribe(listener: () => void): () => void;
  /**
   * Investor sign-in (PRODUCT.md decision 1); false when the form is incomplete. Without
   * `remember` the session lasts as long as this tab (sessionStorage), not across browser restarts.
   */
  signIn(email: string, password: string, remember?: boolean): Promise<boolean>;
  /** Admin sign-in against the demo pair (decision 2); false on a wrong or incomplete pair. */
  adminSignIn(email: string, password: string): Promise<boolean>;
  /** Demo accounts (decision 3): signs in as a sample user of the role. */
  signInAs(role: Role): Promise<void>;
  logout(): void;
  /** Merges partial profile fields into the user, persists them, and saves them to the profile row. */
  refreshProfile(patch: ProfilePatch): Promise<void>;
  /**
   * Takes the session another tab has written (a sign-in, a sign-out, a profile change), read and
   * validated like a restore at start. Nothing is written back and no toast is shown.
   */
  syncFromStorage(): void;
}

export function createSessionStore(options: SessionStoreOptions): SessionStore {
  const { storage, notify, profiles } = options;
  const tabStorage = options.tabStorage ?? null;
  // A remembered session first; else one kept for this tab only.
  let restored = restoreSession(storage);
  let remembered = true;
  if (!restored.session.user && tabStorage) {
    restored = restoreSession(tabStorage);
    remembered = !restored.session.user;
  }
  let state: SessionState = { session: restored.session, accessToken: restored.accessToken, loading: false };
  state = { ...state, ...options.initial };
  const listeners = new Set<() => void>();

  function set(next: SessionState): void {
    state = next;
    const stored = { session: next.session, accessToken: next.accessToken };
    persistSession(remembered ? storage : tabStorage, stored);
    // The session lives in one place only: the other one is emptied.
    persistSession(remembered ? tabStorage : storage, { session: signedOut, accessToken: null });
    for (const listener of listeners) listener();
  }

  function tokenFor(userId: string): string | null {
    if (!options.mockTokens) return null;
    const random = Math.random().toString(36).slice(2, 12);
    return `mock.${userId}.${random}`;
  }

  /** Signs in and merges the user's stable profile row, if the backend has one. */
  async function startSession(user: User, isAdmin: boolean, remember = true): Promise<void> {
    remembered = remember || !tabStorage;
    const accessToken = tokenFor(user.id);
    // The token is in place before the profile read, so that read carries the user's bearer.
    state = { ...state, accessToken, loading: true };
    let merged = user;
    const answer = await profiles.readProfile(user.id);
    if (!answer.ok) {
      // Sign-in is client-side (SPEC.md 1); an unreachable backend must not block it.
      console.error('[session] The profile row could not be read', answer.error);
    } else if (answer.profile) {
      merged = mergeProfile(user, patchFromRow(answer.profile));
    } else {
      const created = await profiles.upsertProfile(rowFromUser(user));
      if (!created.ok) console.error('[session] The profile row could not be created', created.error);
    }
    set({ session: { user: merged, isAdmin }, accessToken, loading: false });
  }

  return {
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
      const address = email.trim();
      const user: User = {
        id: userIdForEmail(address),
        name: nameFromEmail(address),
        email: address,
        role: 'investor',
        kycStatus: 'unknown',
        firstOnrampOk: false,
      };
      await startSession(user, false, remember);
      notify.success(messages.loginSuccess);
      return true;
    },

    async adminSignIn(email, password) {
      const invalid = validateSignIn({ email, password });
      if (invalid) {
        notify.error(invalid);
        return false;
      }
      if (options.adminDelayMs) await new Promise((resolve) => setTimeout(resolve, options.adminDelayMs));
      const matches = (options.isAdminPair ?? isAdminPair)(email, password);
      if (!matches) {
        notify.error(messages.invalidAdminCredentials);
        return false;
      }
      const address = email.trim();
      const user: User = {
        id: userIdForEmail(address),
        name: nameFromEmail(address),
        email: address,
        role: 'mfo_admin',
        kycStatus: 'unknown',
        firstOnrampOk: false,
      };
      remembered = true;
      set({ session: { user, isAdmin: true }, accessToken: tokenFor(user.id), loading: false });
      notify.success(messages.adminLoginSuccess);
      return true;
    },

    async signInAs(role) {
      const email = `demo.${role.replace(/_/g, '-')}@vault.example`;
      const user: User = {
        id: userIdForEmail(email),
        name: `Demo ${roleLabel(role)}`,
        email,
        role,
        kycStatus: 'unknown',
        firstOnrampOk: false,
      };
      await startSession(user, false);
      notify.success(messages.loginSuccess);
    },

    logout() {
      set({ session: signedOut, accessToken: null, loading: false });
      notify.success(messages.loggedOut);
    },

    syncFromStorage() {
      const stored = restoreSession(storage);
      // A tab-only session is this tab's own: another tab signing out of its remembered one leaves it.
      if (!remembered && !stored.session.user) return;
      const same =
        stored.accessToken === state.accessToken && JSON.stringify(stored.session) === JSON.stringify(state.session);
      if (same) return;
      remembered = true;
      state = { session: stored.session, accessToken: stored.accessToken, loading: false };
      for (const listener of listeners) listener();
    },

    async refreshProfile(patch) {
      const parsed = v.safeParse(ProfilePatchSchema, patch);
      const { user, isAdmin } = state.session;
      if (!parsed.success || !user) {
        console.error('[session] Profile refresh ignored', parsed.success ? 'no user is signed in' : parsed.issues);
        return;
      }
      const next = mergeProfile(user, parsed.output);
      set({ ...state, session: { user: next, isAdmin } });
      const saved = await profiles.upsertProfile(rowFromUser(next));
      // The local session already has the change; the row only carries it across sign-ins.
      if (!saved.ok) console.error('[session] The profile row could not be saved', saved.error);
    },
  };
}
