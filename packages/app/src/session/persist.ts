import {
  type AuthSession,
  AuthSessionSchema,
  type Session,
  SessionSchema,
  sessionFromAuth,
  signedOut,
  type User,
  UserSchema,
} from '@vault/domain';
import * as v from 'valibot';
import { AUTH_STORAGE_KEY, PROFILE_CACHE_KEY } from '../storage/sessionArea';

/** Anything bigger than this is not a session we wrote; refuse it before parsing. */
const MAX_STORED_CHARS = 64 * 1024;

export interface StoredSession {
  session: Session;
  /** The auth session supabase-js stored, validated; null when signed out. */
  auth: AuthSession | null;
  /** False when the profile has not been cached yet: its fields are defaults until it is read. */
  profileCached: boolean;
}

const none: StoredSession = { session: signedOut, auth: null, profileCached: false };

function readJson(storage: Storage, key: string): unknown {
  const raw = storage.getItem(key);
  if (raw === null) return undefined;
  if (raw.length > MAX_STORED_CHARS) throw new Error(`${key}: stored value of ${raw.length} characters`);
  return JSON.parse(raw);
}

/**
 * Reads the session from one storage and validates it: supabase-js's session (AuthSessionSchema)
 * and the cached profile (UserSchema, the same schema every write goes through). Throws when what
 * is stored cannot be read; a cached profile of another account is ignored, not an error.
 */
export function readStoredSession(storage: Storage): StoredSession {
  const rawAuth = readJson(storage, AUTH_STORAGE_KEY);
  if (rawAuth === undefined) return none;
  const auth = v.parse(AuthSessionSchema, rawAuth);
  const rawProfile = readJson(storage, PROFILE_CACHE_KEY);
  const cached = rawProfile === undefined ? null : v.parse(UserSchema, rawProfile);
  const mine = cached !== null && cached.id === auth.user.id;
  const session = v.parse(SessionSchema, sessionFromAuth(auth, mine ? cached : {}));
  return { session, auth, profileCached: mine };
}

/**
 * Restores the session at start (docs/product.md §4). Any read, parse or validation failure is
 * logged, the storage it came from is cleared (for localStorage: all of it), and the app starts
 * signed out.
 */
export function restoreSession(storage: Storage | null): StoredSession {
  if (!storage) return none;
  try {
    return readStoredSession(storage);
  } catch (error) {
    console.error('[session] The saved session could not be read; storage was cleared and you are signed out.', error);
    try {
      storage.clear();
    } catch (clearError) {
      console.error('[session] Clearing storage failed too', clearError);
    }
    return none;
  }
}

/**
 * Caches the member's profile beside the session, validated by the schema the restore uses, so a
 * value accepted here is always restored. False (and nothing written) when it does not validate
 * or storage refused it.
 */
export function cacheProfile(storage: Storage | null, user: User): boolean {
  if (!storage) return false;
  const parsed = v.safeParse(UserSchema, user);
  if (!parsed.success) {
    console.error('[session] A profile that would not restore was not saved', parsed.issues[0]?.message);
    return false;
  }
  const json = JSON.stringify(parsed.output);
  if (json.length > MAX_STORED_CHARS) {
    console.error('[session] A profile too large to restore was not saved');
    return false;
  }
  try {
    storage.setItem(PROFILE_CACHE_KEY, json);
    return true;
  } catch (error) {
    console.error('[session] The profile could not be saved; it lasts until this tab closes.', error);
    return false;
  }
}
