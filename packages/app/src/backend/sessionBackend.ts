import { isAuthRetryableFetchError, type SupabaseClient } from '@supabase/supabase-js';
import { BACKEND_TIMEOUT_MS, backendMessages, messages } from '@vault/domain';
import type { DemoCall, SessionBackend } from '../session/types';
import { type CallFailure, type CallResult, messageOf } from './callResult';
import { backend } from './client';
import { callEmbedded, type EmbeddedHost } from './embeddedProviders';
import { invokeFunction } from './functions';
import { profilePatchFromRow, readProfileRow } from './profileRow';
import { TimeoutError, withCallTimeout } from './timeout';
import { createWallet } from './wallet';

export interface SessionBackendOptions {
  /** Time limits (ms); the domain's BACKEND_TIMEOUT_MS by default. */
  timeouts?: Partial<Record<keyof typeof BACKEND_TIMEOUT_MS, number>>;
  /** The embedded host, in a mock build only: without it no call goes to `/embedded/v1`. */
  embedded?: EmbeddedHost;
}

const unreachable = `The server could not be reached. ${messages.checkConnection}`;

function failure(error: unknown, fallback: string): CallFailure {
  if (error instanceof TimeoutError) return { ok: false, error: error.message, code: 'timeout' };
  if (isAuthRetryableFetchError(error)) return { ok: false, error: unreachable, code: 'network' };
  if (typeof error === 'object' && error !== null) {
    const code = (error as { code?: unknown }).code;
    return { ok: false, error: messageOf(error, fallback), code: typeof code === 'string' ? code : undefined };
  }
  return { ok: false, error: messageOf(error, fallback) };
}

/**
 * The session store's backend through supabase-js (docs/architecture.md): Supabase Auth for the
 * session, PostgREST for the member's own profile row and the demo functions, the wallet function.
 * Every call has a time limit and answers a CallResult, never a throw.
 */
export function createSessionBackend(client: SupabaseClient, options: SessionBackendOptions = {}): SessionBackend {
  const limits: Record<keyof typeof BACKEND_TIMEOUT_MS, number> = { ...BACKEND_TIMEOUT_MS, ...options.timeouts };

  const profileResult = (
    data: unknown,
    error: unknown,
  ): CallResult<{ profile: ReturnType<typeof profilePatchFromRow> }> => {
    if (error) return failure(error, 'The profile could not be saved');
    const row = readProfileRow(data);
    if (!row) return { ok: false, error: 'Your profile could not be read from the answer' };
    return { ok: true, profile: profilePatchFromRow(row) };
  };

  return {
    async signIn(email, password) {
      let timedOut = false;
      const call = client.auth.signInWithPassword({ email, password });
      // A sign-in that answers after the time limit must not leave a session behind.
      void call.then(({ data }) => {
        if (timedOut && data.session) void client.auth.signOut({ scope: 'local' });
      });
      try {
        const { data, error } = await withCallTimeout(() => call, limits.auth, backendMessages.serverTimedOut);
        if (error) return failure(error, 'Sign-in failed');
        if (!data.session) return { ok: false, error: backendMessages.sessionUnreadable };
        return { ok: true };
      } catch (error) {
        if (error instanceof TimeoutError) timedOut = true;
        return failure(error, 'Sign-in failed');
      }
    },

    async signUp(email, password, name) {
      try {
        const { data, error } = await withCallTimeout(
          () => client.auth.signUp({ email, password, options: { data: { name } } }),
          limits.auth,
          backendMessages.serverTimedOut,
        );
        if (error) return failure(error, 'Registration failed');
        return { ok: true, signedIn: data.session !== null };
      } catch (error) {
        return failure(error, 'Registration failed');
      }
    },

    async signOut(accessToken) {
      try {
        // The store has already removed the session from storage; this revokes its refresh token.
        if (accessToken) await withCallTimeout(() => client.auth.admin.signOut(accessToken, 'local'), limits.auth, '');
        await client.auth.signOut({ scope: 'local' });
      } catch (error) {
        console.error('[session] Signing out on the server failed; this device is signed out.', error);
      }
    },

    onAuthChange(listener) {
      const { data } = client.auth.onAuthStateChange(() => {
        // Outside supabase-js's own lock: the listener reads storage and may start calls.
        setTimeout(listener, 0);
      });
      return () => data.subscription.unsubscribe();
    },

    async readProfile(userId) {
      try {
        const { data, error } = await withCallTimeout(
          (signal) => client.from('profiles').select('*').eq('id', userId).abortSignal(signal),
          limits.profile,
          backendMessages.serverTimedOut,
        );
        if (error) return failure(error, 'The profile could not be read');
        if (Array.isArray(data) && data.length === 0) return { ok: true, profile: {} };
        return profileResult(data, null);
      } catch (error) {
        return failure(error, 'The profile could not be read');
      }
    },

    async saveProfile(userId, fields) {
      try {
        const { data, error } = await withCallTimeout(
          (signal) => client.from('profiles').update(fields).eq('id', userId).select().abortSignal(signal),
          limits.profile,
          backendMessages.profileTimedOut,
        );
        return profileResult(data, error);
      } catch (error) {
        return failure(error, 'The profile could not be saved');
      }
    },

    async demo(call: DemoCall) {
      const args = call.fn === 'demo_complete_first_onramp' ? { amount_cents: call.amountCents } : undefined;
      try {
        const { data, error } = await withCallTimeout(
          (signal) => client.rpc(call.fn, args).abortSignal(signal),
          limits.profile,
          backendMessages.profileTimedOut,
        );
        return profileResult(data, error);
      } catch (error) {
        return failure(error, 'The change could not be saved');
      }
    },

    createWallet(userId, { demo, idempotencyKey }) {
      return createWallet(client, userId, { demo, idempotencyKey, timeoutMs: limits.wallet });
    },

    async callAction(fn, args) {
      try {
        const { data, error } = await withCallTimeout(
          (signal) => client.rpc(fn, args).abortSignal(signal),
          limits.profile,
          backendMessages.serverTimedOut,
        );
        if (error) return failure(error, 'The server refused the request');
        return { ok: true, value: data };
      } catch (error) {
        return failure(error, 'The server could not be reached');
      }
    },

    invokeFunction(name, { body, headers }) {
      return invokeFunction(client, name, {
        body,
        headers,
        timeoutMs: limits.wallet,
        timedOut: backendMessages.serverTimedOut,
      });
    },

    async embedded(method, path, body) {
      if (!options.embedded) return { ok: false, error: 'The demo providers are not part of this backend' };
      return callEmbedded(client, options.embedded, {
        method,
        path,
        body,
        timeoutMs: limits.profile,
        timedOut: backendMessages.serverTimedOut,
      });
    },

    async readKycCase(userId) {
      try {
        const { data, error } = await withCallTimeout(
          (signal) =>
            client
              .from('kyc_cases')
              .select('reason, submitted_at, decided_at')
              .eq('member_id', userId)
              .abortSignal(signal)
              .maybeSingle(),
          limits.profile,
          backendMessages.serverTimedOut,
        );
        if (error) return failure(error, 'Your verification could not be read');
        return { ok: true, row: data };
      } catch (error) {
        return failure(error, 'Your verification could not be read');
      }
    },
  };
}

/** The app's session backend, on the shared client. */
export function appSessionBackend(): SessionBackend {
  const { client, config } = backend();
  return createSessionBackend(client, {
    embedded: config.mock ? { url: config.url, anonKey: config.anonKey } : undefined,
  });
}
