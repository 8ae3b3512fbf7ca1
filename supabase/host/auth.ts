/**
 * Supabase Auth (GoTrue, `/auth/v1`) as far as the app and the edge functions use it: the password
 * and refresh-token grants, sign-up, the current user and sign-out. Accounts are rows of
 * `auth.users` in the same database (so the project's new-user trigger makes the profile), with
 * GoTrue's sessions and rotating refresh tokens in `auth.sessions` and `auth.refresh_tokens`.
 * Answers and errors have GoTrue's shapes (`{ code, error_code, msg }`), which supabase-js reads.
 *
 * What a demo needs beyond GoTrue is an option of the host, never a rule in SQL: accounts with a
 * fixed password (the demo accounts, the admin pair), and open sign-in (any non-empty email and
 * password signs in; an unknown email becomes an account with a stable id).
 */
import type { PGliteInterface, Transaction } from '@electric-sql/pglite';
import { bearerOf, isRecord, jsonResponse } from './http.ts';
import { type JwtClaims, type JwtSigner, randomToken, sha256Hex } from './jwt.ts';

/** An account that signs in with a fixed password; made on its first sign-in when missing. */
export interface FixedAccount {
  email: string;
  password: string;
  /** app_metadata.role; absent: none is written (the SQL reads a missing role as investor). */
  role?: string;
  /** app_metadata.is_admin. */
  isAdmin?: boolean;
  /** user_metadata.name, which the new-user trigger copies to the profile. */
  name?: string;
}

export interface AuthOptions {
  /** Access tokens' lifetime; GoTrue's default is an hour. */
  accessTokenSeconds?: number;
  /** Any non-empty email and password signs in; an unknown email becomes an account. */
  openSignIn?: boolean;
  fixedAccounts?: readonly FixedAccount[];
  /** The id of an account made by open sign-in or a fixed account (default: derived from the email). */
  idForEmail?: (email: string) => string | Promise<string>;
  /** bcrypt's cost for sign-up passwords (GoTrue's is 10). */
  passwordCost?: number;
}

interface AuthContext {
  db: PGliteInterface;
  signer: JwtSigner;
  issuer: string;
  options: AuthOptions;
}

/** How long a just-rotated refresh token still answers (GoTrue's reuse interval), for tabs racing. */
const REUSE_INTERVAL_SECONDS = 10;
const INSTANCE_ID = '00000000-0000-0000-0000-000000000000';

function authError(status: number, errorCode: string, msg: string, extra: Record<string, unknown> = {}): Response {
  return jsonResponse({ code: status, error_code: errorCode, msg, ...extra }, status);
}

interface UserRow {
  id: string;
  email: string;
  encrypted_password: string | null;
  banned: boolean;
  raw_app_meta_data: Record<string, unknown> | null;
  raw_user_meta_data: Record<string, unknown> | null;
  email_confirmed_at: Date | null;
  last_sign_in_at: Date | null;
  created_at: Date | null;
  updated_at: Date | null;
}

const USER_COLUMNS = `id::text, email, encrypted_password, coalesce(banned_until > now(), false) as banned,
  raw_app_meta_data, raw_user_meta_data, email_confirmed_at, last_sign_in_at, created_at, updated_at`;

type Queryable = PGliteInterface | Transaction;

async function userByEmail(db: Queryable, email: string): Promise<UserRow | undefined> {
  const { rows } = await db.query<UserRow>(
    `select ${USER_COLUMNS} from auth.users where lower(email) = $1 and deleted_at is null limit 1`,
    [email],
  );
  return rows[0];
}

async function userById(db: Queryable, id: string): Promise<UserRow | undefined> {
  const { rows } = await db.query<UserRow>(
    `select ${USER_COLUMNS} from auth.users where id = $1::uuid and deleted_at is null`,
    [id],
  );
  return rows[0];
}

const iso = (date: Date | null): string | null => (date ? date.toISOString() : null);

/** The user object GoTrue answers (the parts supabase-js and the app read). */
function userJson(user: UserRow): Record<string, unknown> {
  return {
    id: user.id,
    aud: 'authenticated',
    role: 'authenticated',
    email: user.email,
    email_confirmed_at: iso(user.email_confirmed_at),
    phone: '',
    confirmed_at: iso(user.email_confirmed_at),
    last_sign_in_at: iso(user.last_sign_in_at),
    app_metadata: user.raw_app_meta_data ?? {},
    user_metadata: user.raw_user_meta_data ?? {},
    identities: [],
    created_at: iso(user.created_at),
    updated_at: iso(user.updated_at),
    is_anonymous: false,
  };
}

/** A stable id for an email, so an account made by sign-in keeps its id across databases and reloads. */
export async function stableIdForEmail(email: string): Promise<string> {
  const hex = await sha256Hex(`vault-local-host:${email}`);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

async function createUser(
  context: AuthContext,
  tx: Transaction,
  input: {
    id: string;
    email: string;
    password: string | null;
    appMetadata: Record<string, unknown>;
    userMetadata: Record<string, unknown>;
  },
): Promise<UserRow> {
  await tx.query(
    `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
        raw_app_meta_data, raw_user_meta_data, created_at, updated_at, confirmation_token, recovery_token,
        email_change_token_new, email_change)
     values ($1::uuid, $2::uuid, 'authenticated', 'authenticated', $3,
        case when $4::text is null then null else extensions.crypt($4::text, extensions.gen_salt('bf', $5::int)) end,
        now(), $6::jsonb, $7::jsonb, now(), now(), '', '', '', '')`,
    [
      INSTANCE_ID,
      input.id,
      input.email,
      input.password,
      context.options.passwordCost ?? 10,
      JSON.stringify(input.appMetadata),
      JSON.stringify(input.userMetadata),
    ],
  );
  await tx.query(
    `insert into auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at)
     values ($1::text, $1::text::uuid, jsonb_build_object('sub', $1::text, 'email', $2::text, 'email_verified', true), 'email', now(), now(), now())
     on conflict do nothing`,
    [input.id, input.email],
  );
  const user = await userById(tx, input.id);
  if (!user) throw new Error('the new user was not stored');
  return user;
}

/** A new session for a user: its row, its first refresh token, and the answer GoTrue sends. */
async function openSession(context: AuthContext, tx: Transaction, user: UserRow): Promise<Record<string, unknown>> {
  const sessionId = crypto.randomUUID();
  await tx.query(
    `insert into auth.sessions (id, user_id, created_at, updated_at, aal) values ($1::uuid, $2::uuid, now(), now(), 'aal1')`,
    [sessionId, user.id],
  );
  await tx.query(`update auth.users set last_sign_in_at = now() where id = $1::uuid`, [user.id]);
  const refreshToken = await issueRefreshToken(tx, user.id, sessionId, null);
  const signedIn = (await userById(tx, user.id)) ?? user;
  return sessionJson(context, signedIn, sessionId, refreshToken);
}

async function issueRefreshToken(
  tx: Transaction,
  userId: string,
  sessionId: string,
  parent: string | null,
): Promise<string> {
  const token = randomToken(12);
  await tx.query(
    `insert into auth.refresh_tokens (instance_id, token, user_id, revoked, created_at, updated_at, parent, session_id)
     values ($1::uuid, $2, $3, false, now(), now(), $4, $5::uuid)`,
    [INSTANCE_ID, token, userId, parent, sessionId],
  );
  return token;
}

async function sessionJson(
  context: AuthContext,
  user: UserRow,
  sessionId: string,
  refreshToken: string,
): Promise<Record<string, unknown>> {
  const seconds = context.options.accessTokenSeconds ?? 3600;
  const iat = Math.floor(Date.now() / 1000);
  const claims: JwtClaims = {
    aud: 'authenticated',
    exp: iat + seconds,
    iat,
    iss: context.issuer,
    sub: user.id,
    email: user.email,
    phone: '',
    app_metadata: user.raw_app_meta_data ?? {},
    user_metadata: user.raw_user_meta_data ?? {},
    role: 'authenticated',
    aal: 'aal1',
    amr: [{ method: 'password', timestamp: iat }],
    session_id: sessionId,
    is_anonymous: false,
  };
  return {
    access_token: await context.signer.sign(claims),
    token_type: 'bearer',
    expires_in: seconds,
    expires_at: iat + seconds,
    refresh_token: refreshToken,
    user: userJson(user),
  };
}

async function readBody(request: Request): Promise<Record<string, unknown>> {
  try {
    const body: unknown = await request.json();
    return isRecord(body) ? body : {};
  } catch {
    return {};
  }
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** Runs `work` in a transaction as the database owner (GoTrue's own role); an answer ≥ 400 rolls it back. */
async function inTransaction(db: PGliteInterface, work: (tx: Transaction) => Promise<Response>): Promise<Response> {
  let response: Response | undefined;
  await db.transaction(async (tx) => {
    response = await work(tx);
    if (response.status >= 400) await tx.rollback();
  });
  return response ?? authError(500, 'unexpected_failure', 'no answer');
}

async function passwordsMatch(tx: Transaction, password: string, hash: string): Promise<boolean> {
  const { rows } = await tx.query<{ ok: boolean }>(`select extensions.crypt($1::text, $2::text) = $2::text as ok`, [
    password,
    hash,
  ]);
  return rows[0]?.ok === true;
}

/** auth.users.email is varchar(255); Supabase Auth refuses a longer address before storing it. */
const EMAIL_MAX_LENGTH = 255;

function emailTooLong(email: string): Response | null {
  return email.length > EMAIL_MAX_LENGTH ? authError(400, 'validation_failed', 'An email address is too long') : null;
}

async function passwordGrant(context: AuthContext, request: Request): Promise<Response> {
  const body = await readBody(request);
  const email = text(body.email).trim().toLowerCase();
  const password = text(body.password);
  if (email === '' || password === '') return authError(400, 'validation_failed', 'missing email or phone');
  const tooLong = emailTooLong(email);
  if (tooLong) return tooLong;
  const { options } = context;
  const fixed = options.fixedAccounts?.find((account) => account.email.trim().toLowerCase() === email);
  return inTransaction(context.db, async (tx) => {
    let user = await userByEmail(tx, email);
    const invalid = () => authError(400, 'invalid_credentials', 'Invalid login credentials');
    if (fixed) {
      if (password !== fixed.password) return invalid();
      if (!user) {
        const appMetadata: Record<string, unknown> = { provider: 'email', providers: ['email'] };
        if (fixed.role) appMetadata.role = fixed.role;
        if (fixed.isAdmin) appMetadata.is_admin = true;
        user = await createUser(context, tx, {
          id: await (options.idForEmail ?? stableIdForEmail)(email),
          email,
          password: null,
          appMetadata,
          userMetadata: fixed.name ? { name: fixed.name } : {},
        });
      }
    } else if (user) {
      const hash = user.encrypted_password;
      const ok = hash ? await passwordsMatch(tx, password, hash) : options.openSignIn === true;
      if (!ok) return invalid();
    } else if (options.openSignIn) {
      user = await createUser(context, tx, {
        id: await (options.idForEmail ?? stableIdForEmail)(email),
        email,
        password: null,
        appMetadata: { provider: 'email', providers: ['email'] },
        userMetadata: {},
      });
    } else return invalid();
    if (user.banned) return authError(400, 'user_banned', 'User is banned');
    return jsonResponse(await openSession(context, tx, user));
  });
}

async function refreshGrant(context: AuthContext, request: Request): Promise<Response> {
  const body = await readBody(request);
  const token = text(body.refresh_token);
  return inTransaction(context.db, async (tx) => {
    const { rows } = await tx.query<{
      revoked: boolean;
      recent: boolean;
      session_id: string | null;
      user_id: string;
    }>(
      `select revoked, updated_at > now() - make_interval(secs => $2) as recent, session_id::text, user_id
         from auth.refresh_tokens where token = $1`,
      [token, REUSE_INTERVAL_SECONDS],
    );
    const found = rows[0];
    if (!found?.session_id) {
      return authError(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
    }
    const user = await userById(tx, found.user_id);
    if (!user) return authError(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
    if (user.banned) return authError(400, 'user_banned', 'User is banned');
    let next: string;
    if (found.revoked) {
      // Two tabs refreshing at once: within the reuse interval the token's successor is answered.
      const { rows: active } = await tx.query<{ token: string }>(
        `select token from auth.refresh_tokens where session_id = $1::uuid and not revoked order by id desc limit 1`,
        [found.session_id],
      );
      const successor = active[0]?.token;
      if (!found.recent || !successor) {
        return authError(400, 'refresh_token_already_used', 'Invalid Refresh Token: Already Used');
      }
      next = successor;
    } else {
      await tx.query(`update auth.refresh_tokens set revoked = true, updated_at = now() where token = $1`, [token]);
      next = await issueRefreshToken(tx, user.id, found.session_id, token);
    }
    await tx.query(`update auth.sessions set refreshed_at = now(), updated_at = now() where id = $1::uuid`, [
      found.session_id,
    ]);
    return jsonResponse(await sessionJson(context, user, found.session_id, next));
  });
}

async function signUp(context: AuthContext, request: Request): Promise<Response> {
  const body = await readBody(request);
  const email = text(body.email).trim().toLowerCase();
  const password = text(body.password);
  if (!/^[^@\s]+@[^@\s]+$/.test(email)) {
    return authError(400, 'validation_failed', 'Unable to validate email address: invalid format');
  }
  const tooLong = emailTooLong(email);
  if (tooLong) return tooLong;
  if (password.length < 6) {
    return authError(422, 'weak_password', 'Password should be at least 6 characters.', {
      weak_password: { reasons: ['length'] },
    });
  }
  const data = isRecord(body.data) ? body.data : {};
  const reserved = context.options.fixedAccounts?.some((a) => a.email.trim().toLowerCase() === email) ?? false;
  return inTransaction(context.db, async (tx) => {
    if (reserved || (await userByEmail(tx, email)))
      return authError(422, 'user_already_exists', 'User already registered');
    const user = await createUser(context, tx, {
      id: crypto.randomUUID(),
      email,
      password,
      appMetadata: { provider: 'email', providers: ['email'] },
      userMetadata: data,
    });
    // Email confirmation is off: the answer carries a session at once.
    return jsonResponse(await openSession(context, tx, user));
  });
}

type Verified =
  | { ok: true; claims: JwtClaims; sub: string; sessionId: string | null }
  | { ok: false; response: Response };

async function verifiedUserToken(context: AuthContext, request: Request): Promise<Verified> {
  const token = bearerOf(request);
  const verified = token ? await context.signer.verify(token) : null;
  const bad = (detail: string) =>
    ({
      ok: false,
      response: authError(403, 'bad_jwt', `invalid JWT: unable to parse or verify signature, ${detail}`),
    }) as const;
  if (!verified) return bad('no token');
  if (!verified.ok) return bad(verified.reason === 'expired' ? 'token is expired' : 'signature is invalid');
  const { claims } = verified;
  if (typeof claims.sub !== 'string' || claims.role !== 'authenticated') return bad('not a user token');
  return {
    ok: true,
    claims,
    sub: claims.sub,
    sessionId: typeof claims.session_id === 'string' ? claims.session_id : null,
  };
}

async function sessionExists(db: PGliteInterface, sessionId: string): Promise<boolean> {
  const { rows } = await db.query<{ id: string }>(`select id::text from auth.sessions where id = $1::uuid`, [
    sessionId,
  ]);
  return rows.length > 0;
}

async function currentUser(context: AuthContext, request: Request): Promise<Response> {
  const verified = await verifiedUserToken(context, request);
  if (!verified.ok) return verified.response;
  if (verified.sessionId && !(await sessionExists(context.db, verified.sessionId))) {
    return authError(403, 'session_not_found', 'Session from session_id claim in JWT does not exist');
  }
  const user = await userById(context.db, verified.sub);
  if (!user) return authError(403, 'user_not_found', 'User from sub claim in JWT does not exist');
  return jsonResponse(userJson(user));
}

async function logout(context: AuthContext, request: Request): Promise<Response> {
  const verified = await verifiedUserToken(context, request);
  if (!verified.ok) return verified.response;
  const scope = new URL(request.url).searchParams.get('scope') ?? 'global';
  if (scope === 'local' && verified.sessionId) {
    await context.db.query(`delete from auth.sessions where id = $1::uuid`, [verified.sessionId]);
  } else if (scope === 'others' && verified.sessionId) {
    await context.db.query(`delete from auth.sessions where user_id = $1::uuid and id <> $2::uuid`, [
      verified.sub,
      verified.sessionId,
    ]);
  } else {
    await context.db.query(`delete from auth.sessions where user_id = $1::uuid`, [verified.sub]);
  }
  return new Response(null, { status: 204 });
}

/** Answers one `/auth/v1/<path>` request. */
export async function handleAuth(context: AuthContext, request: Request, path: string): Promise<Response> {
  const method = request.method;
  if (path === 'token' && method === 'POST') {
    const grant = new URL(request.url).searchParams.get('grant_type');
    if (grant === 'password') return passwordGrant(context, request);
    if (grant === 'refresh_token') return refreshGrant(context, request);
    return authError(400, 'validation_failed', 'unsupported_grant_type');
  }
  if (path === 'signup' && method === 'POST') return signUp(context, request);
  if (path === 'user' && method === 'GET') return currentUser(context, request);
  if (path === 'logout' && method === 'POST') return logout(context, request);
  if (path === 'settings' && method === 'GET') {
    return jsonResponse({
      external: { email: true, phone: false },
      disable_signup: false,
      mailer_autoconfirm: true,
      phone_autoconfirm: false,
    });
  }
  return authError(404, 'not_found', `${method} /auth/v1/${path} is not served by this host`);
}

export type { AuthContext };
