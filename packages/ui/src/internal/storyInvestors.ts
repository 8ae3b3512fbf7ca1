import type { User } from '@vault/domain';

/**
 * An investor at each readiness step, for the stories of the components that follow readiness
 * (readiness card, nudge banner, guide cards): new (no wallet, KYC not started, no first on-ramp;
 * the agreement always counts as done), with a wallet, KYC approved, then funded.
 */
const newInvestor: User = {
  id: 'user-ada',
  name: 'Ada',
  email: 'ada@example.com',
  role: 'investor',
  kycStatus: 'unknown',
  firstOnrampOk: false,
};
const withWallet: User = { ...newInvestor, crossmintWalletId: 'wallet-ada-001' };
const kycApproved: User = { ...withWallet, kycStatus: 'approved' };
const funded: User = { ...kycApproved, firstOnrampOk: true };

export const storyInvestors = { newInvestor, withWallet, kycApproved, funded };
