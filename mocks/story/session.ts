import { demoAccounts, type ProfileRow, ProfileRowSchema, type Role, stableHash } from '@vault/domain';
import * as v from 'valibot';
import { ACCESS_TOKEN_SECONDS, type JwtClaims, signJwt, verifyJwt } from '../jwt';

/**
 * A story's signed-in member, carried by the token itself: the access token holds the member's
 * claims and their `profiles` row, so every story answer reads who is asking, and what their row
 * says, from the request alone. Nothing is kept between requests or between stories.
 */

/** A member as stories describe one: the domain User's fields. */
export interface StoryMember {
  id: string;
  email: string;
  name: string;
  role: Role;
  kycStatus: string;
  firstOnrampOk: boolean;
  crossmintWalletId?: string;
}

/** The story token's claims: the JWT claims Supabase Auth issues, plus the member's profile row. */
type StoryClaims = JwtClaims & { profile: ProfileRow };

/** When every story's profile row was last written: a fixed time, so shots never depend on the clock. */
const PROFILE_UPDATED_AT = '2025-01-06T09:00:00.000Z';

function profileRowOf(member: StoryMember): ProfileRow {
  return {
    id: member.id,
    name: member.name,
    preferences: {},
    kyc_status: member.kycStatus,
    first_onramp_ok: member.firstOnrampOk,
    crossmint_wallet_id: member.crossmintWalletId ?? null,
    updated_at: PROFILE_UPDATED_AT,
  };
}

/** The user object GoTrue returns, from the claims. */
export function userOf(claims: JwtClaims): Record<string, unknown> {
  const at = new Date(claims.iat * 1000).toISOString();
  return {
    id: claims.sub,
    aud: 'authenticated',
    role: 'authenticated',
    email: claims.email ?? '',
    email_confirmed_at: at,
    phone: '',
    confirmed_at: at,
    last_sign_in_at: at,
    app_metadata: claims.app_metadata ?? {},
    user_metadata: claims.user_metadata ?? {},
    identities: [],
    created_at: at,
    updated_at: at,
    is_anonymous: false,
  };
}

/** A session as the token endpoint answers it (what supabase-js stores): the refresh token is the access token. */
async function sessionOf(claims: StoryClaims): Promise<Record<string, unknown>> {
  const token = await signJwt(claims);
  return {
    access_token: token,
    token_type: 'bearer',
    expires_in: ACCESS_TOKEN_SECONDS,
    expires_at: claims.exp,
    refresh_token: token,
    user: userOf(claims),
  };
}

/** A signed-in session for a story's member; the admin flag rides in `app_metadata`, as the server sets it. */
export function storySession(member: StoryMember, isAdmin = false): Promise<Record<string, unknown>> {
  const iat = Math.floor(Date.now() / 1000);
  return sessionOf({
    sub: member.id,
    role: 'authenticated',
    aud: 'authenticated',
    email: member.email.toLowerCase(),
    app_metadata: {
      provider: 'email',
      providers: ['email'],
      role: member.role,
      ...(isAdmin ? { is_admin: true } : {}),
    },
    user_metadata: { name: member.name },
    session_id: `story-${member.id}`,
    iat,
    exp: iat + ACCESS_TOKEN_SECONDS,
    profile: profileRowOf(member),
  });
}

/** The same session again, issued anew (the refresh-token grant). */
export function renewedSession(claims: StoryClaims): Promise<Record<string, unknown>> {
  const iat = Math.floor(Date.now() / 1000);
  return sessionOf({ ...claims, iat, exp: iat + ACCESS_TOKEN_SECONDS });
}

/** A stable uuid for an email, so a member who signs in by email keeps one id. */
function uuidOf(email: string): string {
  const hex = [0, 1, 2, 3].map((i) => stableHash(`${i}:${email}`).toString(16).padStart(8, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/**
 * The member a password sign-in names: a demo account of the domain by its email (its id, role and
 * name), anyone else a new investor. The story decides whether the password is right.
 */
export function memberForEmail(email: string): StoryMember {
  const normalized = email.trim().toLowerCase();
  const demo = demoAccounts.find((account) => account.email === normalized);
  return {
    id: demo?.id ?? uuidOf(normalized),
    email: normalized,
    name: demo?.name ?? '',
    role: demo?.role ?? 'investor',
    kycStatus: demo?.kycStatus ?? 'not_started',
    firstOnrampOk: false,
  };
}

/** The bearer token of a request, if any. */
function bearer(request: Request): string | null {
  const match = /^Bearer\s+(.+)$/i.exec(request.headers.get('authorization') ?? '');
  return match?.[1] ?? null;
}

const StoryClaimsSchema = v.looseObject({ profile: ProfileRowSchema });

/** The claims of a story token, or null for anything else (no token, the anon key, a bad or expired token). */
export async function claimsOfToken(token: string | null | undefined): Promise<StoryClaims | null> {
  if (!token) return null;
  const verified = await verifyJwt(token);
  if (!verified.ok || verified.claims.role !== 'authenticated') return null;
  const parsed = v.safeParse(StoryClaimsSchema, verified.claims);
  return parsed.success ? { ...verified.claims, profile: parsed.output.profile } : null;
}

/** Who sends a request: the story member of its bearer token, or null when signed out. */
export function callerOf(request: Request): Promise<StoryClaims | null> {
  return claimsOfToken(bearer(request));
}
