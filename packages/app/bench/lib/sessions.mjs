// Signed-in states for the measured pages, written to localStorage before the app starts, in the
// shape the app restores them (packages/app/src/session/persist.ts): supabase-js's session as one
// JSON value under `vault.auth` (packages/app/src/storage/sessionArea.ts), with an access token
// signed like the embedded backend's (mocks/jwt.ts: HS256, its fixed public secret), and the
// member's profile under `vault.profile`, valid against the domain's UserSchema.

import { createHmac, randomUUID } from 'node:crypto';

const storageKeys = { auth: 'vault.auth', profile: 'vault.profile', mockDb: 'vault.mock.db' };
/** mocks/jwt.ts MOCK_JWT_SECRET: the embedded backend's public signing secret. */
const MOCK_JWT_SECRET = 'vault-embedded-backend-not-a-secret';

const base64url = (value) => Buffer.from(value).toString('base64url');

function signJwt(claims) {
  const head = base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
  const body = base64url(JSON.stringify(claims));
  const signature = createHmac('sha256', MOCK_JWT_SECRET).update(`${head}.${body}`).digest('base64url');
  return `${head}.${body}.${signature}`;
}

function investor(email, extra = {}) {
  const id = randomUUID();
  const iat = Math.floor(Date.now() / 1000);
  // Long enough for a whole bench run; the mock checks only signature and expiry.
  const exp = iat + 6 * 3600;
  const appMetadata = { provider: 'email', providers: ['email'] };
  const claims = { sub: id, role: 'authenticated', aud: 'authenticated', email, app_metadata: appMetadata, iat, exp };
  return {
    auth: {
      access_token: signJwt(claims),
      token_type: 'bearer',
      expires_in: exp - iat,
      expires_at: exp,
      refresh_token: randomUUID().replace(/-/g, ''),
      user: { id, aud: 'authenticated', role: 'authenticated', email, app_metadata: appMetadata, user_metadata: {} },
    },
    profile: {
      id,
      name: 'Bench Investor',
      email,
      role: 'investor',
      kycStatus: 'unknown',
      firstOnrampOk: false,
      ...extra,
    },
  };
}

export const sessions = {
  /** Just signed in: no wallet, KYC not done, no on-ramp (the dashboard shows its nudges). */
  investor: async () => investor('bench.investor@example.com'),
  /** Wallet created, KYC approved, first on-ramp done: every gate open. */
  readyInvestor: async () =>
    investor('bench.ready@example.com', {
      crossmintWalletId: 'bench-wallet-ready',
      kycStatus: 'approved',
      firstOnrampOk: true,
    }),
};

/**
 * The embedded backend's data (mocks/state.ts, `vault.mock.db`) holding the session's member: its
 * account and its profile row, so the profile the app reads back is the seeded one.
 */
function mockData(session) {
  const { profile } = session;
  const now = new Date().toISOString();
  return {
    accounts: [
      {
        id: profile.id,
        email: profile.email,
        password: null,
        role: profile.role,
        isAdmin: false,
        createdAt: now,
        metadata: { name: profile.name },
      },
    ],
    profiles: [
      {
        id: profile.id,
        name: profile.name,
        preferences: {},
        kyc_status: profile.kycStatus,
        first_onramp_ok: profile.firstOnrampOk,
        crossmint_wallet_id: profile.crossmintWalletId ?? null,
        updated_at: now,
      },
    ],
    refreshTokens: { [session.auth.refresh_token]: { userId: profile.id, sessionId: randomUUID() } },
    walletRequests: {},
  };
}

/** Seeds a browser context's localStorage with a session before any page script runs. */
export async function seedSession(context, makeSession) {
  const session = await makeSession();
  const entries = [
    [storageKeys.auth, JSON.stringify(session.auth)],
    [storageKeys.profile, JSON.stringify(session.profile)],
    [storageKeys.mockDb, JSON.stringify(mockData(session))],
  ];
  await context.addInitScript((items) => {
    // Only on the first document of the context: the app may change the session later (sign-out).
    if (window.sessionStorage.getItem('bench.seeded')) return;
    window.sessionStorage.setItem('bench.seeded', '1');
    for (const [key, value] of items) window.localStorage.setItem(key, value);
  }, entries);
}
