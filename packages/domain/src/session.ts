import * as v from 'valibot';
import { RoleSchema } from './roles';

/** The signed-in user as kept in browser storage (SPEC.md 3). */
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
});
export type User = v.InferOutput<typeof UserSchema>;

export const SessionSchema = v.object({
  user: v.nullable(UserSchema),
  isAdmin: v.boolean(),
});
export type Session = v.InferOutput<typeof SessionSchema>;

export const signedOut: Session = { user: null, isAdmin: false };

/** Fields a profile refresh may merge into the current user (SPEC.md 4). */
export const ProfilePatchSchema = v.partial(
  v.object({
    name: UserSchema.entries.name,
    crossmintWalletId: v.pipe(v.string(), v.nonEmpty()),
    kycStatus: v.string(),
    firstOnrampOk: v.boolean(),
  }),
);
export type ProfilePatch = v.InferOutput<typeof ProfilePatchSchema>;

export function mergeProfile(user: User, patch: ProfilePatch): User {
  const next: User = { ...user };
  if (patch.name !== undefined) next.name = patch.name;
  if (patch.crossmintWalletId !== undefined) next.crossmintWalletId = patch.crossmintWalletId;
  if (patch.kycStatus !== undefined) next.kycStatus = patch.kycStatus;
  if (patch.firstOnrampOk !== undefined) next.firstOnrampOk = patch.firstOnrampOk;
  return next;
}

export function hasWallet(user: User): boolean {
  return user.crossmintWalletId !== undefined && user.crossmintWalletId !== '';
}

export function isKycApproved(user: User): boolean {
  return user.kycStatus === 'approved';
}
