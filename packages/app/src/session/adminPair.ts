/**
 * The admin demo pair of the embedded backend (docs/decisions.md (2)). Mock builds only: a build
 * against a real Supabase project signs admins in with Supabase Auth and never contains it (the
 * screens read it behind `MOCK_BACKEND`, which such a build replaces with false). Override it with
 * VITE_ADMIN_EMAIL and VITE_ADMIN_PASSWORD at build time; main.tsx hands it to the mock.
 */
export const DEMO_ADMIN_EMAIL = 'admin@example.com';
export const DEMO_ADMIN_PASSWORD = 'admin-demo-2025';

interface AdminEnv {
  VITE_ADMIN_EMAIL?: string;
  VITE_ADMIN_PASSWORD?: string;
}

/** Named one by one, so the bundle carries these two and no other VITE_* value. */
const buildEnv: AdminEnv = {
  VITE_ADMIN_EMAIL: import.meta.env.VITE_ADMIN_EMAIL,
  VITE_ADMIN_PASSWORD: import.meta.env.VITE_ADMIN_PASSWORD,
};

export function adminPair(env: AdminEnv = buildEnv): { email: string; password: string } {
  return {
    email: env.VITE_ADMIN_EMAIL?.trim() || DEMO_ADMIN_EMAIL,
    password: env.VITE_ADMIN_PASSWORD || DEMO_ADMIN_PASSWORD,
  };
}
