import type { Role } from '@vault/domain';
import { sessionFor } from './auth';
import { mockDb } from './state';

/** A member as stories and tests describe one: the domain User's fields. */
export interface SeededMember {
  id: string;
  email: string;
  name: string;
  role: Role;
  kycStatus: string;
  firstOnrampOk: boolean;
  crossmintWalletId?: string;
}

/**
 * Puts a member with this id, role and profile into the embedded backend and returns a signed-in
 * session for them, exactly as the token endpoint answers it (what supabase-js stores under its
 * storage key). Stories and tests start signed in with it.
 */
export async function seedSignedInMember(member: SeededMember, isAdmin = false): Promise<Record<string, unknown>> {
  mockDb.seedMember(
    { id: member.id, email: member.email, role: member.role, isAdmin, metadata: { name: member.name } },
    {
      name: member.name,
      kyc_status: member.kycStatus,
      first_onramp_ok: member.firstOnrampOk,
      crossmint_wallet_id: member.crossmintWalletId ?? null,
    },
  );
  const account = mockDb.accountById(member.id);
  if (!account) throw new Error(`the member ${member.id} was not seeded`);
  return sessionFor(account);
}
