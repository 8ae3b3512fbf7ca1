import type { ProfilePatch, User } from '@vault/domain';
import type { ProfileRow } from './schemas';

/** The user fields a profile row restores (PRODUCT.md decision 1). */
export function profilePatchFromRow(row: ProfileRow): ProfilePatch {
  const patch: ProfilePatch = {};
  if (row.crossmint_wallet_id) patch.crossmintWalletId = row.crossmint_wallet_id;
  if (row.kyc_status) patch.kycStatus = row.kyc_status;
  if (row.first_onramp_ok !== null) patch.firstOnrampOk = row.first_onramp_ok;
  return patch;
}

/** The profile row's columns for a user's current state. */
export function profileRowFromUser(user: User): Omit<ProfileRow, 'updated_at'> {
  return {
    id: user.id,
    crossmint_wallet_id: user.crossmintWalletId ?? null,
    kyc_status: user.kycStatus,
    first_onramp_ok: user.firstOnrampOk,
  };
}
