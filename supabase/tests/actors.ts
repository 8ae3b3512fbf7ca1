import type { PGlite, Transaction } from '@electric-sql/pglite';
import { sampleSpvs, spvRoleOfKind } from '@vault/domain';
import { type Account, asActor, createUser, type Who } from './db';

/**
 * The callers every server-action test tries (issue: every function × every role): anon, two
 * investors, compliance, eq_spv_admin, mfo_admin, an investor with the admin flag, and the service
 * role. Accounts are made while demo mode is on (the seed's setting), so each owns the sample rows.
 */
export const callerNames = [
  'anon',
  'investorA',
  'investorB',
  'compliance',
  'eq_spv_admin',
  'mfo_admin',
  'adminFlag',
  'service_role',
] as const;
export type CallerName = (typeof callerNames)[number];
export type MemberName = Exclude<CallerName, 'anon' | 'service_role'>;

export type Callers = Record<MemberName, Account>;

/** The eq_spv_admin runs the sample equity SPV, as the demo account does (seed.sql). */
export async function createCallers(db: PGlite): Promise<Callers> {
  const callers = {
    investorA: await createUser(db, { role: 'investor' }),
    investorB: await createUser(db, { role: 'investor' }),
    compliance: await createUser(db, { role: 'compliance' }),
    eq_spv_admin: await createUser(db, { role: 'eq_spv_admin' }),
    mfo_admin: await createUser(db, { role: 'mfo_admin' }),
    adminFlag: await createUser(db, { role: 'investor', isAdmin: true }),
  };
  await runSampleSpv(db, callers.eq_spv_admin);
  return callers;
}

/** Makes an SPV role's account an administrator of the sample SPV of its kind (`spvRoleOfKind`). */
export async function runSampleSpv(db: PGlite | Transaction, account: Account): Promise<void> {
  const spv = sampleSpvs.find((s) => spvRoleOfKind[s.kind] === account.role);
  if (!spv) throw new Error(`${account.role} runs no kind of SPV`);
  await db.query('insert into public.spv_administrators (spv_id, member_id) values ($1, $2) on conflict do nothing', [
    spv.id,
    account.id,
  ]);
}

export function whoIs(callers: Callers, name: CallerName): Who {
  return name === 'anon' || name === 'service_role' ? name : callers[name];
}

/** Runs `body` as the table owner (the migrations' role), in a transaction that is rolled back. */
export async function asOwner<T>(db: PGlite, body: (tx: Transaction) => Promise<T>): Promise<T> {
  return asActor(db, 'service_role', async (tx) => {
    await tx.exec('reset role');
    await tx.query(`select set_config('request.jwt.claims', '', true)`);
    return body(tx);
  });
}

/** Switches an open transaction to another caller, as PostgREST would for a new request. */
export async function become(tx: Transaction, who: Who): Promise<void> {
  await tx.exec('reset role');
  const claims =
    who === 'anon'
      ? { role: 'anon' }
      : who === 'service_role'
        ? { role: 'service_role' }
        : {
            sub: who.id,
            role: 'authenticated',
            email: who.email,
            app_metadata: { role: who.role, ...(who.isAdmin ? { is_admin: true } : {}) },
          };
  await tx.query(`select set_config('request.jwt.claims', $1, true)`, [JSON.stringify(claims)]);
  await tx.exec(
    `set local role ${who === 'anon' ? 'anon' : who === 'service_role' ? 'service_role' : 'authenticated'}`,
  );
}
