import { MIN_FIRST_ONRAMP_EUR } from '../constants';

/**
 * The error answers both backends give, as PostgREST turns Postgres errors into HTTP
 * (docs/backend.md "Error answers"). The SQL raises these codes and texts; the app and the tests read them here.
 */
export interface BackendError {
  code: string;
  message: string;
}

export const backendErrors = {
  /** A privilege the Postgres role does not hold (no grant), e.g. an INSERT or a server-owned column. */
  permissionDenied: (table: string, relation: 'table' | 'view' = 'table'): BackendError => ({
    code: '42501',
    message: `permission denied for ${relation} ${table}`,
  }),
  /** A function the role may not execute (the demo functions for anon). */
  functionDenied: (fn: string): BackendError => ({ code: '42501', message: `permission denied for function ${fn}` }),
  /** An INSERT that passes the grant but not a row-level security policy. */
  rlsViolation: (table: string): BackendError => ({
    code: '42501',
    message: `new row violates row-level security policy for table "${table}"`,
  }),
  unknownTable: (table: string): BackendError => ({
    code: 'PGRST205',
    message: `Could not find the table 'public.${table}' in the schema cache`,
  }),
  jwtExpired: { code: 'PGRST301', message: 'JWT expired' } satisfies BackendError,
  jwtInvalid: { code: 'PGRST303', message: 'JWT could not be verified' } satisfies BackendError,
  /** A demo function called while `app_settings.demo_mode` is off. */
  demoModeOff: { code: '42501', message: 'demo mode is off' } satisfies BackendError,
  /** `demo_complete_first_onramp` below the minimum. */
  onrampTooSmall: {
    code: 'P0001',
    message: `the first on-ramp must be at least €${MIN_FIRST_ONRAMP_EUR}`,
  } satisfies BackendError,
  /** A demo function called with a token that names no user. */
  notSignedIn: { code: '42501', message: 'not signed in' } satisfies BackendError,
  /** A client changing `crossmint_wallet_id` outside demo mode, or replacing an existing one. */
  walletServerOwned: { code: '42501', message: 'crossmint_wallet_id is server-owned' } satisfies BackendError,
  /**
   * A profile value outside the column's limits (name over 200 characters, preferences that are
   * not a small map of booleans, a wallet id over 200 characters): Postgres's check constraint.
   */
  checkViolation: (column: 'name' | 'preferences' | 'crossmint_wallet_id'): BackendError => ({
    code: '23514',
    message: `new row for relation "profiles" violates check constraint "profiles_${column}_check"`,
  }),
  /** A client changing another server-owned column (only reachable past the grants, e.g. a future grant). */
  columnServerOwned: (column: string): BackendError => ({ code: '42501', message: `${column} is server-owned` }),
} as const;

/**
 * The HTTP status PostgREST answers for a Postgres error code: 42501 is 401 without a signed-in
 * user and 403 with one; P0001 (raise exception) is 400; PGRST codes carry their own.
 */
export function httpStatusFor(code: string, signedIn: boolean): number {
  switch (code) {
    case '42501':
      return signedIn ? 403 : 401;
    case 'PGRST205':
      return 404;
    case 'PGRST301':
    case 'PGRST303':
      return 401;
    default:
      return 400;
  }
}

/** The wallet function `create-crossmint-wallet`: its answers and the headers it allows. */
export const walletFunction = {
  name: 'create-crossmint-wallet',
  errors: {
    notSignedIn: 'Not signed in',
    userMismatch: 'userId does not match the signed-in user',
    timeout: 'The wallet provider did not answer in time',
    unavailable: 'The wallet provider is unavailable',
    badRequest: 'The request could not be read',
    methodNotAllowed: 'Method not allowed',
    internal: 'The wallet could not be created',
    /** The per-user rate limit (429, with Retry-After). */
    rateLimited: 'Too many attempts. Please wait a moment and try again.',
    payloadTooLarge: 'The request is too large',
    /** Supabase Auth or the database did not answer in time. */
    serverTimeout: 'The server did not answer in time',
  },
  /** HTTP status of each error answer. */
  status: {
    notSignedIn: 401,
    userMismatch: 403,
    timeout: 504,
    unavailable: 502,
    badRequest: 400,
    methodNotAllowed: 405,
    internal: 500,
    rateLimited: 429,
    payloadTooLarge: 413,
    serverTimeout: 504,
  },
  corsAllowHeaders: ['authorization', 'x-client-info', 'apikey', 'content-type', 'x-correlation-id', 'idempotency-key'],
  correlationHeader: 'x-correlation-id',
  idempotencyHeader: 'idempotency-key',
  /** How long the function waits for the wallet provider. */
  providerTimeoutMs: 10_000,
} as const;

/** The largest EUR charge the payment provider (Stripe) takes, in cents. */
export const MAXIMUM_ONRAMP_CENTS = 99_999_999;

/**
 * The KYC session function `kyc-session`: its answers and the headers it allows. The edge function
 * keeps its own copy (Deno imports no workspace package); its test proves the two equal, and the
 * embedded backend answers from this one.
 */
export const kycSessionFunction = {
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

/** The on-ramp session function `onramp-session`, kept as `kycSessionFunction` is. */
export const onrampSessionFunction = {
  name: 'onramp-session',
  errors: {
    notSignedIn: 'Not signed in',
    badRequest: 'The request could not be read',
    methodNotAllowed: 'Method not allowed',
    payloadTooLarge: 'The request is too large',
    rateLimited: 'Too many attempts. Please wait a moment and try again.',
    serverTimeout: 'The server did not answer in time',
    internal: 'The payment could not be started',
    timeout: 'The payment provider did not answer in time',
    unavailable: 'The payment provider is unavailable',
    /** The on-ramp form's own text (messages.minimumOnramp). */
    belowMinimum: 'Minimum first on-ramp is €20',
    aboveMaximum: 'The amount is too large',
    /** A `returnPath` that is not one of the pages below. */
    badReturnPath: 'The page to return to after the payment is not a page of the app',
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
    belowMinimum: 400,
    aboveMaximum: 400,
    badReturnPath: 400,
  },
  corsAllowHeaders: ['authorization', 'x-client-info', 'apikey', 'content-type', 'x-correlation-id', 'idempotency-key'],
  providerTimeoutMs: 10_000,
  /**
   * The body's optional `returnPath`: the app's page the provider sends the member back to, on the
   * app's own origin (the function puts the origin in front), with `onramp=success&session_id=…` or
   * `onramp=cancelled` added to its query. Only the two pages that start a payment: /wallet (the
   * default) and an investment's flow, `/investments/<id>` with its flow's query. Never a scheme, a
   * host, `//`, a backslash, a dot segment or a fragment, so it cannot leave the app (docs/ledger.md
   * "What people read").
   */
  returnPath: {
    default: '/wallet',
    pattern: '^/(?:wallet|investments/(?:[A-Za-z0-9_~-]|%(?!2[Ee])[0-9A-Fa-f]{2})+)(?:\\?[A-Za-z0-9_~.%+=&*-]*)?$',
    maxLength: 1000,
  },
} as const;

/** Whether onramp-session takes `path` as the page to return to (`onrampSessionFunction.returnPath`). */
export function isOnrampReturnPath(path: string): boolean {
  const { pattern, maxLength } = onrampSessionFunction.returnPath;
  return path.length <= maxLength && new RegExp(pattern).test(path);
}
