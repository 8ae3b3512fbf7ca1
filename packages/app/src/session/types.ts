import type { Preferences, ProfilePatch } from '@vault/domain';

/**
 * What the session store asks of the backend. The app's implementation (backend/sessionBackend.ts)
 * is supabase-js, loaded on first use; tests may pass another. Types only: importing this file
 * loads no backend code.
 */

/** A call's outcome: never a throw. `code` is the server's error code when it sent one. */
export type Outcome<T = Record<never, never>> = ({ ok: true } & T) | { ok: false; error: string; code?: string };

/** The demo functions of the backend (docs/backend.md); each changes only the caller's own profile. */
export type DemoCall =
  | { fn: 'demo_approve_kyc' }
  | { fn: 'demo_complete_first_onramp'; amountCents: number }
  | { fn: 'demo_reset_first_onramp' };

export interface SessionBackend {
  /** Password sign-in; supabase-js stores the session (through the session area's adapter). */
  signIn(email: string, password: string): Promise<Outcome>;
  /** Registration; `signedIn` is false when the project asks new members to confirm their email first. */
  signUp(email: string, password: string, name: string): Promise<Outcome<{ signedIn: boolean }>>;
  /** Ends the session on the server (its refresh token); the store has already forgotten it locally. */
  signOut(accessToken: string | null): Promise<void>;
  /** supabase-js's auth events (sign-in, refresh, sign-out in this or another tab). */
  onAuthChange(listener: () => void): () => void;
  /** The signed-in member's own profile row, as user fields. */
  readProfile(userId: string): Promise<Outcome<{ profile: ProfilePatch }>>;
  /**
   * PATCHes only the given editable fields of the member's own row. `preferences` replaces the
   * whole stored map (a jsonb column), so it is sent complete.
   */
  saveProfile(
    userId: string,
    fields: { name?: string; preferences?: Preferences },
  ): Promise<Outcome<{ profile: ProfilePatch }>>;
  demo(call: DemoCall): Promise<Outcome<{ profile: ProfilePatch }>>;
  createWallet(
    userId: string,
    options: { demo: boolean; idempotencyKey: string },
  ): Promise<Outcome<{ walletId: string }>>;
}
