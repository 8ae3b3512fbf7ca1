import { type HttpHandler, HttpResponse, http } from 'msw';
import { claimsOfToken, memberForEmail, renewedSession, type StoryMember, storySession, userOf } from './session';

/**
 * Supabase Auth (`/auth/v1`) for stories, answered from the request alone: the current user and a
 * refresh from the token itself, sign-out always done, a password sign-in or sign-up as a session
 * for the member the email names. A story that needs a refusal or an admin sets `authAnswers`.
 */

const AUTH = '*/auth/v1';

/** A GoTrue error answer; supabase-js takes `error_code` as the error's code and `msg` as its message. */
function authError(status: number, errorCode: string, msg: string): Response {
  return HttpResponse.json({ code: status, error_code: errorCode, msg }, { status });
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

const badJwt = () => authError(403, 'bad_jwt', 'invalid JWT: unable to parse or verify signature');

async function tokenGrant(request: Request, signIn: (email: string) => Promise<Response>): Promise<Response> {
  const body = await readBody(request);
  const grant = new URL(request.url).searchParams.get('grant_type');
  if (grant === 'refresh_token') {
    const claims = await claimsOfToken(text(body.refresh_token));
    if (!claims) return authError(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
    return HttpResponse.json(await renewedSession(claims));
  }
  if (grant !== 'password') return authError(400, 'validation_failed', 'unsupported_grant_type');
  const email = text(body.email).trim();
  if (email === '' || text(body.password) === '') return authError(400, 'validation_failed', 'missing email or phone');
  return signIn(email);
}

const signInAs = async (email: string) => HttpResponse.json(await storySession(memberForEmail(email)));

const tokenHandler = (signIn: (email: string) => Promise<Response>): HttpHandler =>
  http.post(`${AUTH}/token`, ({ request }) => tokenGrant(request, signIn));

/** The sign-in answers a story may choose instead of the default (any pair signs in). */
export const authAnswers = {
  /** Every password is wrong. */
  invalidCredentials: tokenHandler(async () => authError(400, 'invalid_credentials', 'Invalid login credentials')),
  /** Any pair signs in as this member (with the admin flag when `isAdmin`). */
  signsInAs: (member: StoryMember, isAdmin = false): HttpHandler =>
    tokenHandler(async () => HttpResponse.json(await storySession(member, isAdmin))),
};

export const storyAuthHandlers: HttpHandler[] = [
  tokenHandler(signInAs),

  http.post(`${AUTH}/signup`, async ({ request }) => {
    const body = await readBody(request);
    const email = text(body.email).trim();
    const data = typeof body.data === 'object' && body.data !== null ? (body.data as Record<string, unknown>) : {};
    const member = memberForEmail(email);
    // Email confirmation is off in the embedded backend: the answer carries a session at once.
    return HttpResponse.json(await storySession({ ...member, name: text(data.name) || member.name }));
  }),

  http.get(`${AUTH}/user`, async ({ request }) => {
    const claims = await claimsOfToken(/^Bearer\s+(.+)$/i.exec(request.headers.get('authorization') ?? '')?.[1]);
    return claims ? HttpResponse.json(userOf(claims)) : badJwt();
  }),

  http.post(`${AUTH}/logout`, () => new HttpResponse(null, { status: 204 })),
];
