import * as v from 'valibot';
import { type Role, RoleSchema, roleIds } from '../roles';
import { parseTable } from '../table';

/**
 * The demo accounts, one per role, that `supabase/seed.sql` creates and the embedded backend
 * accepts (docs/backend.md "Demo accounts"). Everyone knows this password: never seed these
 * accounts into a project that holds real members.
 */
export const DEMO_PASSWORD = 'vault-demo-2025';

/**
 * bcrypt (cost 10) of DEMO_PASSWORD, as Supabase Auth stores it in `auth.users.encrypted_password`.
 * A literal rather than `crypt(..., gen_salt('bf'))` so the seed needs no pgcrypto and stays the
 * same from run to run; a test checks it against the password with pgcrypto.
 */
export const DEMO_PASSWORD_BCRYPT = '$2a$10$OgWoikXLbgIY6dnL1jkPUeM5MRvHE.Le9PAhORjKA0K/gp/5TUsOe';

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
