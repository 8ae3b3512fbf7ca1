import type { PGlite, Transaction } from '@electric-sql/pglite';
import { type BackendError, investmentQuote, type Role, validOfferingDetails } from '@vault/domain';
import { expect } from 'vitest';
import { become, runSampleSpv } from './actors';
import { type Account, createUser, seededDb, tryQuery, type Who } from './db';

/**
 * What the offerings' test files (offerings*.test.ts) start from and the steps they take (the
 * lifecycle's files start from the same members, lifecycleSupport.ts): a seeded database with a member of each role (each SPV role running its sample SPV, and a second
 * equity SPV run by an eq_spv_admin who runs nothing else), and an offering taken through its life.
 */

export type Name =
  | 'anon'
  | 'investor'
  | 'investor2'
  | 'mfo_admin'
  | 'compliance'
  | 'eq'
  | 'cl'
  | 'prod'
  | 'eqOther'
  | 'adminFlag'
  | 'service_role';
export const names: readonly Name[] = [
  'anon',
  'investor',
  'investor2',
  'mfo_admin',
  'compliance',
  'eq',
  'cl',
  'prod',
  'eqOther',
  'adminFlag',
  'service_role',
];
export type Members = Record<Exclude<Name, 'anon' | 'service_role'>, Account>;

/**
 * The members, in `db`: one of each role, each SPV role running its sample SPV, and a second equity
 * SPV run by an eq_spv_admin who runs nothing else.
 */
export async function offeringMembers(db: PGlite): Promise<Members> {
  const make = (role: Role, isAdmin = false) => createUser(db, { role, isAdmin });
  const m: Members = {
    investor: await make('investor'),
    investor2: await make('investor'),
    mfo_admin: await make('mfo_admin'),
    compliance: await make('compliance'),
    eq: await make('eq_spv_admin'),
    cl: await make('cl_spv_admin'),
    prod: await make('production_spv'),
    eqOther: await make('eq_spv_admin'),
    adminFlag: await make('investor', true),
  };
  for (const a of [m.eq, m.cl, m.prod]) await runSampleSpv(db, a);
  await db.query(`insert into public.spvs (id, name, kind) values ('spv-equity-2', 'Second Equity SPV', 'equity')`);
  await db.query('insert into public.spv_administrators (spv_id, member_id) values ($1, $2)', [
    'spv-equity-2',
    m.eqOther.id,
  ]);
  return m;
}

/** A file's own seeded database and members (its beforeAll makes them; its afterAll closes the database). */
export async function offeringsWorld(): Promise<{ db: PGlite; m: Members }> {
  const db = await seededDb();
  return { db, m: await offeringMembers(db) };
}

export function whoOf(m: Members, name: Name): Who {
  return name === 'anon' || name === 'service_role' ? name : m[name];
}

export function refusal(error: BackendError) {
  return { ok: false, code: error.code, message: error.message };
}

export async function owner(tx: Transaction): Promise<void> {
  await tx.exec('reset role');
  await tx.query(`select set_config('request.jwt.claims', '', true)`);
}

export async function call(tx: Transaction, by: Who, sql: string, params: unknown[] = []) {
  await become(tx, by);
  return tryQuery<Record<string, unknown>>(tx, sql, params);
}

/**
 * The steps that act as a file's members, read when a step runs (`members` is called then, after
 * the file's beforeAll): an offering created (by its SPV's eq_spv_admin unless told), submitted,
 * approved and so opened.
 */
export function offeringSteps(members: () => Members) {
  const who = (name: Name): Who => whoOf(members(), name);
  async function create(tx: Transaction, details: Record<string, unknown> = {}, by?: Account): Promise<string> {
    await become(tx, by ?? members().eq);
    const { rows } = await tx.query<{ id: string }>('select public.create_offering($1::jsonb) as id', [
      JSON.stringify({ ...validOfferingDetails, ...details }),
    ]);
    const id = rows[0]?.id;
    if (!id) throw new Error('no offering id');
    return id;
  }
  async function inReview(tx: Transaction, details: Record<string, unknown> = {}, by?: Account): Promise<string> {
    const id = await create(tx, details, by);
    await become(tx, by ?? members().eq);
    await tx.query('select public.submit_offering($1)', [id]);
    return id;
  }
  async function opened(tx: Transaction, details: Record<string, unknown> = {}): Promise<string> {
    const id = await inReview(tx, details);
    await become(tx, members().mfo_admin);
    await tx.query('select public.approve_offering($1)', [id]);
    return id;
  }
  return { who, create, inReview, opened };
}

/**
 * A Pending subscription holding `amount` cents (as submit_investment stores it), whose 4-day
 * reflection period ended `minutesAgo` (hardening-investments.test.ts holds the period itself).
 */
export async function hold(tx: Transaction, member: Account, offering: string, amount: number, minutesAgo = 10) {
  await owner(tx);
  const quote = investmentQuote(amount, 'bank');
  const { rows } = await tx.query<{ id: string }>(
    `insert into public.investments (user_id, opportunity_id, opportunity_name, amount_cents, management_fee_cents,
       card_fee_cents, total_cents, method, status, submitted_at)
     values ($1, $2, 'Offering', $3, $4, $5, $6, 'bank', 'Pending', now() - interval '4 days' - make_interval(mins => $7))
     returning id`,
    [member.id, offering, amount, quote.managementFeeCents, quote.cardFeeCents, quote.totalCents, minutesAgo],
  );
  return rows[0]?.id ?? '';
}

export async function statusOf(tx: Transaction, id: string): Promise<string | undefined> {
  await owner(tx);
  const { rows } = await tx.query<{ status: string; open: boolean }>(
    'select status, open from public.opportunities where id = $1',
    [id],
  );
  const row = rows[0];
  if (row) expect(row.open).toBe(row.status === 'open');
  return row?.status;
}

export async function events(tx: Transaction, id: string): Promise<string[]> {
  await owner(tx);
  const { rows } = await tx.query<{ action: string }>(
    `select action from public.audit_events where subject_type = 'offering' and subject_id = $1 order by id`,
    [id],
  );
  return rows.map((r) => r.action);
}

/** Moves an offering's times, as the passing of time would. */
export async function setTimes(tx: Transaction, id: string, times: { opens_at?: string; deadline_at?: string }) {
  await owner(tx);
  if (times.opens_at)
    await tx.query('update public.opportunities set opens_at = $2 where id = $1', [id, times.opens_at]);
  if (times.deadline_at)
    await tx.query('update public.opportunities set deadline_at = $2 where id = $1', [id, times.deadline_at]);
}

export async function schedule(tx: Transaction) {
  await become(tx, 'service_role');
  const { rows } = await tx.query<{ out: Record<string, number> }>('select public.run_offering_schedule() as out');
  return rows[0]?.out;
}
