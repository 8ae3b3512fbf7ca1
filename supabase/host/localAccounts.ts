/**
 * The accounts a local or embedded host signs in with fixed passwords, as `npm start` always has:
 * the seed's demo accounts (demo.<role>@vault.example) and the admin pair. The passwords are
 * public and belong to local hosts only; a real project's demo accounts get a random password
 * from the seed (docs/backend.md "Demo accounts").
 */
import { demoAccounts } from '@vault/domain';
import type { FixedAccount } from './auth.ts';

/** The demo accounts' password on a local host. */
export const LOCAL_DEMO_PASSWORD = 'vault-demo-2025';
/** The admin pair of a local host: an mfo_admin with the admin flag, made on first sign-in. */
export const LOCAL_ADMIN_PAIR = { email: 'admin@example.com', password: 'admin-demo-2025' } as const;

export function localFixedAccounts(adminPair: { email: string; password: string } = LOCAL_ADMIN_PAIR): FixedAccount[] {
  return [
    { email: adminPair.email, password: adminPair.password, role: 'mfo_admin', isAdmin: true, name: 'Admin' },
    ...demoAccounts.map((account) => ({ email: account.email, password: LOCAL_DEMO_PASSWORD })),
  ];
}
