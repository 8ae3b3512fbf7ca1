// Signed-in states for the measured pages, written to localStorage before the app starts, in the
// shape the app restores them (packages/app/src/session/persist.ts with the keys of
// packages/app/src/storage/local.ts): the user as JSON valid against the domain's UserSchema, the
// admin flag as JSON, and the mock backend's bearer token `mock.<user id>.<random>`.

const storageKeys = { user: 'vault.user', isAdmin: 'vault.isAdmin', accessToken: 'vault.accessToken' };

/** The domain's stable id for an email (PRODUCT.md decision 1), as a sign-in would set it. */
async function userIdForEmail(email) {
  const { userIdForEmail: derive } = await import('@vault/domain');
  return derive(email);
}

async function investor(email, extra = {}) {
  const id = await userIdForEmail(email);
  return {
    user: { id, name: 'Bench Investor', email, role: 'investor', kycStatus: 'unknown', firstOnrampOk: false, ...extra },
    isAdmin: false,
    accessToken: `mock.${id}.bench`,
  };
}

export const sessions = {
  /** Just signed in: no wallet, KYC not done, no on-ramp (the dashboard shows its nudges). */
  investor: () => investor('bench.investor@example.com'),
  /** Wallet created, KYC approved, first on-ramp done: every gate open. */
  readyInvestor: () =>
    investor('bench.ready@example.com', {
      crossmintWalletId: 'bench-wallet-ready',
      kycStatus: 'approved',
      firstOnrampOk: true,
    }),
};

/** Seeds a browser context's localStorage with a session before any page script runs. */
export async function seedSession(context, makeSession) {
  const session = await makeSession();
  const entries = [
    [storageKeys.user, JSON.stringify(session.user)],
    [storageKeys.isAdmin, JSON.stringify(session.isAdmin)],
    [storageKeys.accessToken, session.accessToken],
  ];
  await context.addInitScript((items) => {
    // Only on the first document of the context: the app may change the session later (sign-out).
    if (window.sessionStorage.getItem('bench.seeded')) return;
    window.sessionStorage.setItem('bench.seeded', '1');
    for (const [key, value] of items) window.localStorage.setItem(key, value);
  }, entries);
}
