/**
 * The kyc-session edge function: from the member's token, creates or reuses the member's
 * applicant at the KYC provider and returns what the provider's web SDK needs (an access
 * token), then moves the member's KYC to `pending` with `public.start_kyc()`, called as the
 * member. The provider's verdict arrives later through kyc-webhook.
 *
 * - The same guards as every session function (../_shared/session.ts): CORS from ALLOWED_ORIGIN,
 *   16 KB body limit, the caller through Supabase Auth, a per-user rate limit, time limits.
 * - The provider is Sumsub when its App Token and secret key are set; the demo provider only when
 *   they are absent AND demo mode is on; otherwise 502 'unavailable'.
 * docs/backend.md "Edge functions".
 */
import { isRecord } from '../_shared/http.ts';
import { reasonOf } from '../_shared/logger.ts';
import { type PostgrestClient, PostgrestError } from '../_shared/postgrest.ts';
import { runSessionFunction, type SessionDeps } from '../_shared/session.ts';
import { sumsubRequestHeaders } from '../_shared/signatures.ts';
import { TimeoutError } from '../_shared/timeout.ts';

export const kycSessionContract = {
  name: 'kyc-session',
  errors: {
    notSignedIn: 'Not signed in',
    badRequest: 'The request could not be read',
    methodNotAllowed: 'Method not allowed',
    payloadTooLarge: 'The request is too large',
    rateLimited: 'Too many attempts. Please wait a moment and try again.',
    serverTimeout: 'The server did not answer in time',
    internal: 'The verification could not be started',
    timeout: 'The verification provider did not answer in time',
    unavailable: 'The verification provider is unavailable',
    /** start_kyc refused: the member's KYC is not in a state that can be (re)started. */
    notStartable: 'Your verification cannot be started from its current status',
  },
  status: {
    notSignedIn: 401,
    badRequest: 400,
    methodNotAllowed: 405,
    payloadTooLarge: 413,
    rateLimited: 429,
    serverTimeout: 504,
    internal: 500,
    timeout: 504,
    unavailable: 502,
    notStartable: 409,
  },
  corsAllowHeaders: ['authorization', 'x-client-info', 'apikey', 'content-type', 'x-correlation-id'],
  providerTimeoutMs: 10_000,
} as const;

/** A member opens the SDK a few times at most; each call costs a provider request. */
export const kycSessionRateLimit = { maxCalls: 10, windowSeconds: 600 } as const;

interface KycAccess {
  /** What the provider's web SDK is initialised with. */
  accessToken: string;
  expiresInSeconds: number;
  /** The provider's verification level (Sumsub's levelName). */
  levelName: string;
}

export interface KycProvider {
  /** For logs and the answer. */
  readonly name: string;
  /**
   * Creates the member's applicant when there is none (keyed by the Vault member id, so a second
   * call reuses it) and answers an access token for the web SDK; rejects on any failure.
   */
  accessFor(member: { id: string; email?: string }, signal: AbortSignal): Promise<KycAccess>;
}

export interface KycSessionStore {
  /** `public.start_kyc()` called as the member (their token); answers the KYC status now stored. */
  startKyc(memberToken: string, signal: AbortSignal): Promise<string>;
  demoMode(signal: AbortSignal): Promise<boolean>;
}

/** start_kyc's refusal: the SQL raised an error for this member (not an outage). */
export class KycNotStartable extends Error {}

export interface KycSessionDeps extends SessionDeps {
  /** Sumsub, or null when its secrets are not set. */
  kyc: KycProvider | null;
  /** Used only when `kyc` is null and demo mode is on. */
  demo: KycProvider;
  store: KycSessionStore;
}

export function handleKycSession(request: Request, deps: KycSessionDeps): Promise<Response> {
  return runSessionFunction(
    request,
    deps,
    {
      contract: kycSessionContract,
      rateLimit: kycSessionRateLimit,
      errorBody: (error) => ({ success: false, error }),
    },
    async ({ user, token, log, fail, ok, database, provider: withProviderTimeout }) => {
      const provider =
        deps.kyc ?? ((await database('read demo mode', (signal) => deps.store.demoMode(signal))) ? deps.demo : null);
      if (!provider) return fail('unavailable', { userId: user.id, reason: 'no provider configured' });

      let access: KycAccess;
      try {
        access = await withProviderTimeout('provider', (signal) =>
          provider.accessFor({ id: user.id, email: user.email }, signal),
        );
      } catch (error) {
        if (error instanceof TimeoutError) return fail('timeout', { userId: user.id, provider: provider.name });
        return fail('unavailable', { userId: user.id, provider: provider.name, reason: reasonOf(error) });
      }

      let kycStatus: string;
      try {
        kycStatus = await database('start_kyc', (signal) => deps.store.startKyc(token, signal));
      } catch (error) {
        if (error instanceof KycNotStartable) return fail('notStartable', { userId: user.id, reason: error.message });
        throw error;
      }
      log('info', 'kyc session opened', { userId: user.id, provider: provider.name, kycStatus });
      return ok({
        success: true,
        provider: provider.name,
        accessToken: access.accessToken,
        expiresInSeconds: access.expiresInSeconds,
        levelName: access.levelName,
        kycStatus,
        error: null,
      });
    },
  );
}

/** Demo mode's provider: a made-up token, no network (the demo's KYC is approved by demo_approve_kyc). */
export const demoKycProvider: KycProvider = {
  name: 'demo',
  accessFor: async ({ id }) => ({
    accessToken: `demo-kyc-${id.replaceAll('-', '').slice(0, 12)}`,
    expiresInSeconds: 600,
    levelName: 'demo',
  }),
};

/**
 * Sumsub (EU): `POST /resources/accessTokens/sdk` with `userId` = the Vault member id and the
 * verification level. Sumsub creates the applicant on first use and reuses it after, so the
 * member id is the applicant's externalUserId (kyc-webhook maps it back). Every request is
 * signed with the App Token scheme (../_shared/signatures.ts sumsubRequestHeaders).
 */
export function sumsubProvider(options: {
  appToken: string;
  secretKey: string;
  levelName: string;
  ttlSeconds?: number;
  baseUrl?: string;
  fetch?: typeof fetch;
  now?: () => number;
}): KycProvider {
  const baseUrl = options.baseUrl ?? 'https://api.sumsub.com';
  const doFetch = options.fetch ?? fetch;
  const ttlInSecs = options.ttlSeconds ?? 600;
  return {
    name: 'sumsub',
    async accessFor(member, signal) {
      const path = '/resources/accessTokens/sdk';
      const body = JSON.stringify({
        userId: member.id,
        levelName: options.levelName,
        ttlInSecs,
        ...(member.email ? { applicantIdentifiers: { email: member.email } } : {}),
      });
      const headers = await sumsubRequestHeaders({
        appToken: options.appToken,
        secretKey: options.secretKey,
        method: 'POST',
        pathWithQuery: path,
        body,
        nowMs: (options.now ?? Date.now)(),
      });
      const response = await doFetch(`${baseUrl}${path}`, {
        method: 'POST',
        signal,
        headers: { ...headers, 'Content-Type': 'application/json', Accept: 'application/json' },
        body,
      });
      if (!response.ok) throw new Error(`sumsub answered ${response.status}`);
      const answer: unknown = await response.json();
      if (!isRecord(answer) || typeof answer.token !== 'string' || answer.token === '') {
        throw new Error('sumsub sent no access token');
      }
      return { accessToken: answer.token, expiresInSeconds: ttlInSecs, levelName: options.levelName };
    },
  };
}

/** start_kyc through PostgREST with the member's own token (so the SQL sees auth.uid()). */
export function postgrestKycSessionStore(
  client: PostgrestClient,
  demoMode: KycSessionStore['demoMode'],
): KycSessionStore {
  return {
    demoMode,
    async startKyc(memberToken, signal) {
      let answer: unknown;
      try {
        answer = await client.rpc('start_kyc', {}, { token: memberToken, signal });
      } catch (error) {
        // A raised exception (P0001) or a refusal (42501) is the member's state, not an outage.
        if (error instanceof PostgrestError && (error.code === 'P0001' || error.code === '42501')) {
          throw new KycNotStartable(error.pgMessage ?? error.message);
        }
        throw error;
      }
      return kycStatusOf(answer);
    },
  };
}

/** start_kyc answers the profile row (or a list of one) or the status itself. */
export function kycStatusOf(answer: unknown): string {
  const row = Array.isArray(answer) ? answer[0] : answer;
  if (typeof row === 'string') return row;
  if (isRecord(row) && typeof row.kyc_status === 'string') return row.kyc_status;
  throw new Error('start_kyc answered no status');
}
