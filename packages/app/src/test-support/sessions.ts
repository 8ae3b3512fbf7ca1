import type { Role, Session, User } from '@vault/domain';

/** Sample users for stories, one per readiness stage and role (ids are uuids, as Supabase Auth's are). */
export const storyUsers = {
  /** No wallet, KYC unknown, no on-ramp: every nudge and gate applies. */
  newInvestor: {
    id: '5a1d0000-0000-4000-8000-00000000ada1',
    name: 'Ada Lovelace',
    email: 'ada@example.com',
    role: 'investor',
    kycStatus: 'unknown',
    firstOnrampOk: false,
  },
  get walletInvestor(): User {
    return { ...storyUsers.newInvestor, crossmintWalletId: 'cm-wallet-ada-001' };
  },
  get kycInvestor(): User {
    return { ...storyUsers.walletInvestor, kycStatus: 'approved' };
  },
  get fundedInvestor(): User {
    return { ...storyUsers.kycInvestor, firstOnrampOk: true };
  },
} satisfies Record<string, User>;

const roleNumbers: Record<Role, number> = {
  investor: 1,
  mfo_admin: 2,
  cl_spv_admin: 3,
  eq_spv_admin: 4,
  production_spv: 5,
  compliance: 6,
};

/** A signed-in session of any role; investors are new unless a user is given. */
export function sessionAs(role: Role, patch: Partial<User> = {}, isAdmin = false): Session {
  const base: User =
    role === 'investor'
      ? storyUsers.newInvestor
      : {
          id: `5a1d0000-0000-4000-8000-0000000005${String(roleNumbers[role]).padStart(2, '0')}`,
          name: `Demo ${role}`,
          email: `${role.replace(/_/g, '-')}@vault.example`,
          role,
          kycStatus: 'unknown',
          firstOnrampOk: false,
        };
  return { user: { ...base, ...patch }, isAdmin };
}

export const adminSession: Session = sessionAs('mfo_admin', { email: 'admin@example.com', name: 'Admin' }, true);
export const signedOutSession: Session = { user: null, isAdmin: false };
