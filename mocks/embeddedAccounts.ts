/**
 * The embedded backend's published passwords, written into its database image at build time
 * (packages/app/scripts/databaseImage.ts); no real project has them. The demo accounts come from
 * supabase/seed.sql with a random password: the image sets this one. The admin pair is an
 * mfo_admin with the admin flag (docs/decisions.md (2)); a build's VITE_ADMIN_EMAIL and
 * VITE_ADMIN_PASSWORD replace it.
 */
export const MOCK_DEMO_PASSWORD = 'vault-demo-2025';

const DEFAULT_ADMIN_PAIR = { email: 'admin@example.com', password: 'admin-demo-2025' };

export interface AdminEnv {
  VITE_ADMIN_EMAIL?: string;
  VITE_ADMIN_PASSWORD?: string;
}

export function embeddedAccounts(env: AdminEnv): {
  demoPassword: string;
  admin: { email: string; password: string };
} {
  return {
    demoPassword: MOCK_DEMO_PASSWORD,
    admin: {
      email: env.VITE_ADMIN_EMAIL?.trim().toLowerCase() || DEFAULT_ADMIN_PAIR.email,
      password: env.VITE_ADMIN_PASSWORD || DEFAULT_ADMIN_PAIR.password,
    },
  };
}
