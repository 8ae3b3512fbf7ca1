import type { Preferences, ProfilePatch } from '@vault/domain';
import type { CallResult } from '../backend/callResult';

/**
 * What the session store and the writes of data/<entity>/ ask of the backend. The app's
 * implementation (backend/sessionBackend.ts) is supabase-js, loaded on first use; tests may pass
 * another. Types only: importing this file loads no backend code.
 */

/** The demo functions of the backend (docs/backend.md); each changes only the caller's own profile. */
export type DemoCall =
  | { fn: 'demo_approve_kyc' }
  | { fn: 'demo_complete_first_onramp'; amountCents: number }
  | { fn: 'demo_reset_first_onramp' };

export interface SessionBackend {
  /** Password sign-in; supabase-js stores the session (through the session area's adapter). */
  signIn(email: string, password: string): Promise<CallResult>;
  /** Registration; `signedIn` is false when the project asks new members to confirm their email first. */
  signUp(email: string, password: string, name: string): Promise<CallResult<{ signedIn: boolean }>>;
  /** Ends the session on the server (its refresh token); the store has already forgotten it locally. */
  signOut(accessToken: string | null): Promise<void>;
  /** supabase-js's auth events (sign-in, refresh, sign-out in this or another tab). */
  onAuthChange(listener: () => void): () => void;
  /** The signed-in member's own profile row, as user fields. */
  readProfile(userId: string): Promise<CallResult<{ profile: ProfilePatch }>>;
  /**
   * PATCHes only the given editable fields of the member's own row. `preferences` replaces the
   * whole stored map (a jsonb column), so it is sent complete.
   */
  saveProfile(
    userId: string,
    fields: { name?: string; preferences?: Preferences },
  ): Promise<CallResult<{ profile: ProfilePatch }>>;
  demo(call: DemoCall): Promise<CallResult<{ profile: ProfilePatch }>>;
  createWallet(
    userId: string,
    options: { demo: boolean; idempotencyKey: string },
  ): Promise<CallResult<{ walletId: string }>>;
  /**
   * A server action (`POST /rest/v1/rpc/<fn>`, arguments by name, docs/adding-a-server-action.md):
   * the function's value, or the server's error message and code.
   */
  callAction(fn: string, args: Record<string, unknown>): Promise<CallResult<{ value: unknown }>>;
  /**
   * An edge function (`/functions/v1/<name>`, e.g. kyc-session, onramp-session) with the member's
   * token: its JSON answer, or its own error text.
   */
  invokeFunction(
    name: string,
    options: { body: Record<string, unknown>; headers?: Record<string, string> },
  ): Promise<CallResult<{ value: unknown }>>;
  /**
   * The embedded host's provider controls (`/embedded/v1/<path>`) with the member's token; a
   * backend that is not the embedded one refuses without a request.
   */
  embedded(
    method: 'GET' | 'POST',
    path: string,
    body?: Record<string, unknown>,
  ): Promise<CallResult<{ value: unknown }>>;
  /** The member's own row of `kyc_cases` (the reason of a decision), or null when there is none. */
  readKycCase(userId: string): Promise<CallResult<{ row: unknown }>>;
}
