import { type Session, SessionSchema, signedOut } from '@vault/domain';
import * as v from 'valibot';
import { storageKeys } from '../storage/local';

/** Anything bigger than this is not a session we wrote; refuse it before parsing. */
export const MAX_STORED_CHARS = 64 * 1024;

export interface StoredSession {
  session: Session;
  accessToken: string | null;
}

const TokenSchema = v.pipe(v.string(), v.nonEmpty(), v.maxLength(4096));

/**
 * Restores the session from storage, validated by the domain schema (SPEC.md 4). Any read, parse
 * or validation failure is logged, ALL of localStorage is cleared, and the app starts signed out.
 */
export function restoreSession(storage: Storage | null): StoredSession {
  if (!storage) return { session: signedOut, accessToken: null };
  try {
    const rawUser = storage.getItem(storageKeys.user);
    const rawAdmin = storage.getItem(storageKeys.isAdmin);
    const rawToken = storage.getItem(storageKeys.accessToken);
    if (rawUser === null && rawAdmin === null) return { session: signedOut, accessToken: null };
    for (const raw of [rawUser, rawAdmin, rawToken]) {
      if (raw !== null && raw.length > MAX_STORED_CHARS) throw new Error(`stored value of ${raw.length} characters`);
    }
    const session = v.parse(SessionSchema, {
      user: rawUser === null ? null : JSON.parse(rawUser),
      isAdmin: rawAdmin === null ? false : JSON.parse(rawAdmin),
    });
    if (!session.user) throw new Error('admin flag stored without a user');
    const accessToken = rawToken === null ? null : v.parse(TokenSchema, rawToken);
    return { session, accessToken };
  } catch (error) {
    console.error('[session] The saved session could not be read; storage was cleared and you are signed out.', error);
    try {
      storage.clear();
    } catch (clearError) {
      console.error('[session] Clearing storage failed too', clearError);
    }
    return { session: signedOut, accessToken: null };
  }
}

/** Writes the session, or removes it when signed out. False when storage refused (quota). */
export function persistSession(storage: Storage | null, stored: StoredSession): boolean {
  if (!storage) return false;
  try {
    const { user, isAdmin } = stored.session;
    if (!user) {
      storage.removeItem(storageKeys.user);
      storage.removeItem(storageKeys.isAdmin);
      storage.removeItem(storageKeys.accessToken);
      return true;
    }
    storage.setItem(storageKeys.user, JSON.stringify(user));
    storage.setItem(storageKeys.isAdmin, JSON.stringify(isAdmin));
    if (stored.accessToken) storage.setItem(storageKeys.accessToken, stored.accessToken);
    else storage.removeItem(storageKeys.accessToken);
    return true;
  } catch (error) {
    console.error('[session] The session could not be saved; it lasts until this tab closes.', error);
    return false;
  }
}
