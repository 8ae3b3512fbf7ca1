import type { Role, Session, User } from '@vault/domain';

/** Sample users for stories, one per readiness stage and role. */
export const storyUsers = {
  /** No wallet, KYC unknown, no on-ramp: every nudge and gate applies. */
  newInvestor: {
    id: 'user-ada',
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

/** A signed-in session of any role; investors are new unless a user is given. */
export function sessionAs(role: Role, patch: Partial<User> = {}, isAdmin = false): Session {
  const base: User =
    role === 'investor'
      ? storyUsers.newInvestor
      : {
          id: `user-${role}`,
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
