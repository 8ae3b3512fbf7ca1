import * as v from 'valibot';
import { nameFromEmail } from './identity';
import { PreferencesSchema } from './preferences';
import { RoleSchema } from './roles';

/** The signed-in user as kept in browser storage (docs/product.md §3). */
export const UserSchema = v.object({
  id: v.pipe(v.string(), v.nonEmpty(), v.maxLength(200)),
  // Generous caps: long but real names and emails must survive a reload; the storage reader
  // refuses oversized values as a whole before this schema sees them.
  name: v.pipe(v.string(), v.maxLength(10_000)),
  email: v.pipe(v.string(), v.maxLength(10_000)),
  role: RoleSchema,
  /** Presence means the user has a self-custodial wallet. */
  crossmintWalletId: v.optional(v.pipe(v.string(), v.nonEmpty(), v.maxLength(200))),
  /** 'approved' or anything else; 'unknown' when missing. Only 'approved' counts. */
  kycStatus: v.optional(v.pipe(v.string(), v.maxLength(50)), 'unknown'),
  firstOnrampOk: v.optional(v.boolean(), false),
  /** The stored communication toggles (./preferences.ts); absent until the profile is read. */
  preferences: v.optional(PreferencesSchema),
});
export type User = v.InferOutput<typeof UserSchema>;

export const SessionSchema = v.object({
  user: v.nullable(UserSchema),
  isAdmin: v.boolean(),
});
export type Session = v.InferOutput<typeof SessionSchema>;

export const signedOut: Session = { user: null, isAdmin: false };

/**
 * Fields a profile refresh may merge into the current user (docs/product.md §4). Built from
 * UserSchema's own fields, so a value accepted here always passes the restore check too.
 */
export const ProfilePatchSchema = v.partial(
  v.object({
    name: UserSchema.entries.name,
    crossmintWalletId: UserSchema.entries.crossmintWalletId.wrapped,
    kycStatus: UserSchema.entries.kycStatus.wrapped,
    firstOnrampOk: UserSchema.entries.firstOnrampOk.wrapped,
    preferences: UserSchema.entries.preferences.wrapped,
  }),
);
export type ProfilePatch = v.InferOutput<typeof ProfilePatchSchema>;

export function mergeProfile(user: User, patch: ProfilePatch): User {
  const next: User = { ...user };
  if (patch.name !== undefined) next.name = patch.name;
  if (patch.crossmintWalletId !== undefined) next.crossmintWalletId = patch.crossmintWalletId;
  if (patch.kycStatus !== undefined) next.kycStatus = patch.kycStatus;
  if (patch.firstOnrampOk !== undefined) next.firstOnrampOk = patch.firstOnrampOk;
  // The whole map, as the server's column holds it: a key the server no longer has is gone here too.
  if (patch.preferences !== undefined) next.preferences = { ...patch.preferences };
  return next;
}

export function hasWallet(user: User): boolean {
  return user.crossmintWalletId !== undefined && user.crossmintWalletId !== '';
}

export function isKycApproved(user: User): boolean {
  return user.kycStatus === 'approved';
}

/**
 * The server-written claims the app reads from a Supabase Auth user (docs/backend.md): the role
 * (missing means investor) and the admin flag (missing means false). An unknown role is refused.
 */
const AppMetadataSchema = v.object({
  role: v.optional(RoleSchema, 'investor'),
  is_admin: v.optional(v.boolean(), false),
});

/** The parts of supabase-js's stored session the app relies on; the rest is library content. */
export const AuthSessionSchema = v.object({
  access_token: v.pipe(v.string(), v.nonEmpty(), v.maxLength(16_384)),
  refresh_token: v.pipe(v.string(), v.nonEmpty(), v.maxLength(4096)),
  expires_at: v.pipe(v.number(), v.finite()),
  user: v.object({
    id: UserSchema.entries.id,
    email: v.optional(UserSchema.entries.email, ''),
    app_metadata: v.optional(AppMetadataSchema, {}),
  }),
});
export type AuthSession = v.InferOutput<typeof AuthSessionSchema>;

/**
 * The domain user of an auth session: id, email, role and admin flag from the auth user, the rest
 * from the member's profile (or its defaults until the profile is read).
 */
export function sessionFromAuth(auth: AuthSession, profile: ProfilePatch = {}): Session {
  const { id, email, app_metadata } = auth.user;
  const base: User = {
    id,
    email,
    name: nameFromEmail(email),
    role: app_metadata.role,
    kycStatus: 'unknown',
    firstOnrampOk: false,
  };
  return { user: mergeProfile(base, profile), isAdmin: app_metadata.is_admin };
}
