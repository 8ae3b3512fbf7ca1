import type { PGlite, Transaction } from '@electric-sql/pglite';
import { sampleSpvs, spvRoleOfKind } from '@vault/domain';
import { type Account, asActor, createUser, type Who } from './db';

/**
 * The callers every server-action test tries (issue: every function × every role): anon, two
 * investors, compliance, eq_spv_admin, mfo_admin, an investor with the admin flag, and the service
 * role. Accounts are made while demo mode is on (the seed's setting), so each owns the agreement to
 * sign (and no sample history: `giveSampleRows` gives a test's members that).
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

/**
 * Gives members a copy of every sample per-member row (investments marked `sample`, unfunded), as
 * the new-user trigger gave every new member before sample history became the demo investor's
 * alone (demo-history.test.ts): for the tests that need rows of each kind a member owns.
 */
export async function giveSampleRows(db: PGlite | Transaction, members: readonly Account[]): Promise<void> {
  const ids = members.map((m) => m.id);
  for (const table of ['documents', 'notifications', 'upcoming_actions']) {
    await db.query(
      `insert into public.${table}
         select (jsonb_populate_record(null::public.${table}, s.data || jsonb_build_object('user_id', m.id))).*
         from public.sample_member_rows s cross join unnest($1::uuid[]) as m (id)
         where s.table_name = '${table}'
       on conflict do nothing`,
      [ids],
    );
  }
  await db.query(
    `insert into public.investments (user_id, opportunity_id, opportunity_name, amount_cents, management_fee_cents,
       card_fee_cents, total_cents, method, status, submitted_at, decided_at, reason, sample)
     select m.id, r.opportunity_id, r.opportunity_name, r.amount_cents, r.management_fee_cents, r.card_fee_cents,
       r.total_cents, r.method, r.status, r.submitted_at, r.decided_at, r.reason, true
     from public.sample_member_rows s cross join unnest($1::uuid[]) as m (id)
     cross join lateral jsonb_populate_record(null::public.investments, s.data - 'id' - 'user_id' - 'idempotency_key') r
     where s.table_name = 'investments'`,
    [ids],
  );
}
