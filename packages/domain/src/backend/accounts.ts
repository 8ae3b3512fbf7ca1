import * as v from 'valibot';
import { type Role, RoleSchema, roleIds } from '../roles';
import { parseTable } from '../table';

/**
 * The demo accounts, one per role, that `supabase/seed.sql` creates and the embedded backend
 * accepts (docs/backend.md "Demo accounts"). The seed gives them a random password; an operator
 * running a public demo sets one (`public.vault_set_demo_password`). While demo mode is off they
 * are banned and count as plain investors (`effectiveReader`).
 */

const DEMO_EMAIL_DOMAIN = 'vault.example';

export function demoEmail(role: Role): string {
  return `demo.${role}@${DEMO_EMAIL_DOMAIN}`;
}

const UuidSchema = v.pipe(v.string(), v.uuid('must be a uuid'));

const DemoAccountSchema = v.object({
  id: UuidSchema,
  email: v.pipe(v.string(), v.email()),
  role: RoleSchema,
  name: v.pipe(v.string(), v.nonEmpty()),
  /** The KYC status the seed gives the account: staff accounts are verified, the investor starts fresh. */
  kycStatus: v.picklist(['approved', 'not_started']),
});
export type DemoAccount = v.InferOutput<typeof DemoAccountSchema>;

const names: Record<Role, string> = {
  investor: 'Demo Investor',
  mfo_admin: 'Sophie Laurent',
  cl_spv_admin: 'Pieter de Vries',
  eq_spv_admin: 'Elena Rossi',
  production_spv: 'Kwame Mensah',
  compliance: 'Hanna Berg',
};

/** One account per role, with a fixed id so the seed and the mock agree on who is who. */
export const demoAccounts: readonly DemoAccount[] = parseTable(
  'demo account',
  DemoAccountSchema,
  roleIds.map((role, index) => ({
    id: `00000000-0000-4000-8000-0000000000${String(index + 1).padStart(2, '0')}`,
    email: demoEmail(role),
    role,
    name: names[role],
    kycStatus: role === 'investor' ? 'not_started' : 'approved',
  })),
);

/** Whether an account is one of the seeded demo accounts (`public.demo_accounts`). */
export function isDemoAccountId(id: string): boolean {
  return demoAccounts.some((a) => a.id === id);
}

/**
 * The rights a caller holds: its token's role and admin flag, except that a demo account while
 * demo mode is off is a plain investor (the database's `vault_role()` and `vault_is_admin()`).
 */
export function effectiveReader(
  reader: { role: Role; isAdmin: boolean },
  account: { isDemoAccount: boolean; demoMode: boolean },
): { role: Role; isAdmin: boolean } {
  return account.isDemoAccount && !account.demoMode ? { role: 'investor', isAdmin: false } : reader;
}
