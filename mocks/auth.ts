import { isDemoAccountId } from '@vault/domain';
import { type HttpHandler, HttpResponse, http } from 'msw';
import { ACCESS_TOKEN_SECONDS, type JwtClaims, signJwt, verifyJwt } from './jwt';
import { mockSettings } from './settings';
import { type MockAccount, mockDb } from './state';

/**
 * Supabase Auth's HTTP API as far as the app uses it (GoTrue, `/auth/v1`): the password and
 * refresh-token grants, sign-up, the current user and sign-out. Answers and error bodies have
 * GoTrue's shapes (`{ code, error_code, msg }`), so supabase-js reads them as it reads the real ones.
 */

const AUTH = '*/auth/v1';

/** A GoTrue error answer; supabase-js takes `error_code` as the error's code and `msg` as its message. */
function authError(status: number, errorCode: string, msg: string): Response {
  return HttpResponse.json({ code: status, error_code: errorCode, msg }, { status });
}

/** The user object GoTrue returns (the parts supabase-js and the app read). */
function userJson(account: MockAccount): Record<string, unknown> {
  const appMetadata: Record<string, unknown> = { provider: 'email', providers: ['email'] };
  // Ordinary sign-ups carry no role (the server reads a missing role as investor); only the
  // server sets one, as seed.sql does for the demo and admin accounts.
  if (account.role !== 'investor' || account.password !== null) appMetadata.role = account.role;
  if (account.isAdmin) appMetadata.is_admin = true;
  return {
    id: account.id,
    aud: 'authenticated',
    role: 'authenticated',
    email: account.email,
    email_confirmed_at: account.createdAt,
    phone: '',
    confirmed_at: account.createdAt,
    last_sign_in_at: new Date().toISOString(),
    app_metadata: appMetadata,
    user_metadata: account.metadata,
    identities: [],
    created_at: account.createdAt,
    updated_at: account.createdAt,
    is_anonymous: false,
  };
}

/** The claims of an access token for an account (docs/backend.md: sub, role, email, app_metadata). */
function claimsFor(account: MockAccount, sessionId: string, now = Date.now()): JwtClaims {
  const user = userJson(account);
  const iat = Math.floor(now / 1000);
  return {
    sub: account.id,
    role: 'authenticated',
    aud: 'authenticated',
    email: account.email,
    app_metadata: user.app_metadata as JwtClaims['app_metadata'],
    user_metadata: account.metadata,
    session_id: sessionId,
    iat,
    exp: iat + ACCESS_TOKEN_SECONDS,
  };
}

/** A signed-in session for an account, as the token endpoint answers it. */
async function sessionFor(account: MockAccount, sessionId = mockDb.newSessionId()): Promise<Record<string, unknown>> {
  const claims = claimsFor(account, sessionId);
  return {
    access_token: await signJwt(claims),
    token_type: 'bearer',
    expires_in: ACCESS_TOKEN_SECONDS,
    expires_at: claims.exp,
    refresh_token: mockDb.issueRefreshToken(account.id, sessionId),
    user: userJson(account),
  };
}

async function readBody(request: Request): Promise<Record<string, unknown>> {
  try {
    const body: unknown = await request.json();
    return typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** The bearer token of a request, if any. */
export function bearer(request: Request): string | null {
  const header = request.headers.get('authorization') ?? '';
  const match = /^Bearer\s+(.+)$/i.exec(header);
  return match?.[1] ?? null;
}

async function passwordGrant(request: Request): Promise<Response> {
  const body = await readBody(request);
  const email = text(body.email).trim();
  const password = text(body.password);
  if (email === '' || password === '') {
    return authError(400, 'validation_failed', 'missing email or phone');
  }
  const result = mockDb.signIn(email, password);
  if (!result.ok) return authError(400, 'invalid_credentials', 'Invalid login credentials');
  // The demo accounts are banned while demo mode is off (public.demo_accounts in the database).
  if (isDemoAccountId(result.account.id) && !mockSettings.demoMode)
    return authError(400, 'user_banned', 'User is banned');
  return HttpResponse.json(await sessionFor(result.account));
}

async function refreshGrant(request: Request): Promise<Response> {
  const body = await readBody(request);
  const found = mockDb.useRefreshToken(text(body.refresh_token));
  const account = found ? mockDb.accountById(found.userId) : undefined;
  if (!found || !account) {
    return authError(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
  }
  if (isDemoAccountId(account.id) && !mockSettings.demoMode) return authError(400, 'user_banned', 'User is banned');
  return HttpResponse.json(await sessionFor(account, found.sessionId));
}

export const authHandlers: HttpHandler[] = [
  http.post(`${AUTH}/token`, ({ request }) => {
    const grant = new URL(request.url).searchParams.get('grant_type');
    if (grant === 'password') return passwordGrant(request);
    if (grant === 'refresh_token') return refreshGrant(request);
    return authError(400, 'validation_failed', 'unsupported_grant_type');
  }),

  http.post(`${AUTH}/signup`, async ({ request }) => {
    const body = await readBody(request);
    const email = text(body.email).trim();
    const password = text(body.password);
    if (email === '' || !email.includes('@'))
      return authError(400, 'validation_failed', 'Unable to validate email address: invalid format');
    if (password.length < 6) {
      return HttpResponse.json(
        {
          code: 422,
          error_code: 'weak_password',
          msg: 'Password should be at least 6 characters.',
          weak_password: { reasons: ['length'] },
        },
        { status: 422 },
      );
    }
    const data = typeof body.data === 'object' && body.data !== null ? (body.data as Record<string, unknown>) : {};
    const result = mockDb.signUp(email, data);
    if (!result.ok) return authError(422, 'user_already_exists', 'User already registered');
    // Email confirmation is off in the embedded backend: the answer carries a session at once.
    return HttpResponse.json(await sessionFor(result.account));
  }),

  http.get(`${AUTH}/user`, async ({ request }) => {
    const token = bearer(request);
    const verified = token ? await verifyJwt(token) : null;
    if (!verified?.ok) return authError(403, 'bad_jwt', 'invalid JWT: unable to parse or verify signature');
    const account = mockDb.accountById(verified.claims.sub);
    if (!account) return authError(403, 'user_not_found', 'User from sub claim in JWT does not exist');
    return HttpResponse.json(userJson(account));
  }),

  http.post(`${AUTH}/logout`, async ({ request }) => {
    const token = bearer(request);
    const verified = token ? await verifyJwt(token) : null;
    if (!verified?.ok) return authError(403, 'bad_jwt', 'invalid JWT: unable to parse or verify signature');
    const scope = new URL(request.url).searchParams.get('scope');
    mockDb.revoke(
      verified.claims.sub,
      verified.claims.session_id,
      scope === 'local' || scope === 'others' ? scope : 'global',
    );
    return new HttpResponse(null, { status: 204 });
  }),
];
