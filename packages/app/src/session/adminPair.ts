/**
 * The admin sign-in pair (PRODUCT.md decision 2). It is held in the client, so it is a demo gate,
 * not security: anyone can read it from the bundle. Override it with VITE_ADMIN_EMAIL and
 * VITE_ADMIN_PASSWORD at build time.
 */
export const DEMO_ADMIN_EMAIL = 'admin@example.com';
export const DEMO_ADMIN_PASSWORD = 'admin-demo-2025';

interface AdminEnv {
  VITE_ADMIN_EMAIL?: string;
  VITE_ADMIN_PASSWORD?: string;
}

export function adminPair(env: AdminEnv = import.meta.env ?? {}): { email: string; password: string } {
  return {
    email: env.VITE_ADMIN_EMAIL?.trim() || DEMO_ADMIN_EMAIL,
    password: env.VITE_ADMIN_PASSWORD || DEMO_ADMIN_PASSWORD,
  };
}

export function isAdminPair(email: string, password: string, pair = adminPair()): boolean {
  return email.trim().toLowerCase() === pair.email.toLowerCase() && password === pair.password;
}
