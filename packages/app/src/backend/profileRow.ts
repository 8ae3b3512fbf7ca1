import { type ProfilePatch, type ProfileRow, ProfileRowSchema } from '@vault/domain';
import * as v from 'valibot';

/**
 * The user fields of a member's profile row (docs/backend.md). An empty name keeps the name the
 * app derives from the email.
 */
export function profilePatchFromRow(row: ProfileRow): ProfilePatch {
  const patch: ProfilePatch = {
    kycStatus: row.kyc_status,
    firstOnrampOk: row.first_onramp_ok,
    preferences: row.preferences,
  };
  if (row.name) patch.name = row.name;
  if (row.crossmint_wallet_id) patch.crossmintWalletId = row.crossmint_wallet_id;
  return patch;
}

/** One profile row from an answer that may be a row or a one-row array (PostgREST, RPC). */
export function readProfileRow(data: unknown): ProfileRow | null {
  const row = Array.isArray(data) ? data[0] : data;
  if (row === undefined || row === null) return null;
  const parsed = v.safeParse(ProfileRowSchema, row);
  return parsed.success ? parsed.output : null;
}
