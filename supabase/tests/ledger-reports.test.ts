import type { PGlite, Transaction } from '@electric-sql/pglite';
import { actionErrors, investmentQuote, mayReadEscrows, mayReadLedger, sampleSharedRows } from '@vault/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { become, type CallerName, type Callers, callerNames, createCallers, runSampleSpv, whoIs } from './actors';
import { type Account, asActor, createUser, seededDb, tryQuery, type Who } from './db';
import { makeReadyToInvest, openOpportunity, recordPayment, refusal, verify } from './ledgerSupport';

/**
 * What the operators read of the ledger on /reports (supabase/schemas/11_ledger.sql,
 * docs/ledger.md "What people read"): `ledger_escrows()` as every caller, an SPV's administrators
 * seeing exactly their own offerings' escrow accounts, and the escrow, the trial balance and
 * `ledger_verify()` after an investment confirmed and another still pending, to the cent.
 */

let db: PGlite;
let callers: Callers;
/** The SPV roles createCallers lacks, each running its sample SPV, and an SPV role running none. */
let spvAdmins: { cl_spv_admin: Account; production_spv: Account; unlisted: Account };

beforeAll(async () => {
  db = await seededDb();
  callers = await createCallers(db);
  spvAdmins = {
    cl_spv_admin: await createUser(db, { role: 'cl_spv_admin' }),
    production_spv: await createUser(db, { role: 'production_spv' }),
    unlisted: await createUser(db, { role: 'eq_spv_admin' }),
  };
  await runSampleSpv(db, spvAdmins.cl_spv_admin);
  await runSampleSpv(db, spvAdmins.production_spv);
});

afterAll(async () => {
  await db?.close();
});

const lendingOpportunity = sampleSharedRows.opportunities.find((o) => o.open && o.spv_id === 'spv-lending');
if (!lendingOpportunity) throw new Error('the sample opportunities lack an open one of the lending SPV');
if (openOpportunity.spv_id !== 'spv-equity') throw new Error('the open sample opportunity is not the equity SPV’s');

interface Escrow {
  opportunity_id: string;
  opportunity_name: string;
  spv_id: string;
  currency: string;
  debits_pending: number;
  debits_posted: number;
  credits_pending: number;
  credits_posted: number;
  holds_cents: number;
  pending_in_cents: number;
}

const byAccount = (a: Escrow, b: Escrow) =>
  a.opportunity_id.localeCompare(b.opportunity_id) || a.currency.localeCompare(b.currency);

/** `ledger_escrows()` as `who`, its bigints as numbers. */
async function escrowsAs(tx: Transaction, who: Who): Promise<Escrow[]> {
  await become(tx, who);
  const { rows } = await tx.query<Record<string, string | number>>('select * from public.ledger_escrows()');
  return rows.map((r) => ({
    opportunity_id: String(r.opportunity_id),
    opportunity_name: String(r.opportunity_name),
    spv_id: String(r.spv_id),
    currency: String(r.currency),
    debits_pending: Number(r.debits_pending),
    debits_posted: Number(r.debits_posted),
    credits_pending: Number(r.credits_pending),
    credits_posted: Number(r.credits_posted),
    holds_cents: Number(r.holds_cents),
    pending_in_cents: Number(r.pending_in_cents),
  }));
}

/**
 * What the escrow rows should be, read as the owner from the accounts themselves (and each
 * offering's name and SPV), for the offerings of `spvIds` (every SPV's when null).
 */
async function escrowAccounts(tx: Transaction, spvIds: readonly string[] | null): Promise<Escrow[]> {
  await tx.exec('reset role');
  const accounts = await tx.query<Record<string, string | number>>(
    `select opportunity_id, currency, debits_pending, debits_posted, credits_pending, credits_posted
     from public.ledger_accounts where kind = 'offering_escrow'`,
  );
  const offerings = await tx.query<{ id: string; name: string; spv_id: string }>(
    'select id, name, spv_id from public.opportunities',
  );
  const offering = new Map(offerings.rows.map((o) => [o.id, o]));
  return accounts.rows
    .map((a) => {
      const o = offering.get(String(a.opportunity_id));
      if (!o) throw new Error(`the escrow account of ${String(a.opportunity_id)} names no opportunity`);
      const credits = Number(a.credits_posted);
      const debits = Number(a.debits_posted);
      return {
        opportunity_id: o.id,
        opportunity_name: o.name,
        spv_id: o.spv_id,
        currency: String(a.currency),
        debits_pending: Number(a.debits_pending),
        debits_posted: debits,
        credits_pending: Number(a.credits_pending),
        credits_posted: credits,
        holds_cents: credits - debits,
        pending_in_cents: Number(a.credits_pending),
      };
    })
    .filter((e) => spvIds === null || spvIds.includes(e.spv_id))
    .sort(byAccount);
}

interface TrialRow {
  currency: string;
  debits_pending: number;
  debits_posted: number;
  credits_pending: number;
  credits_posted: number;
}

async function trialBalanceAs(tx: Transaction, who: Who): Promise<TrialRow[]> {
  await become(tx, who);
  const { rows } = await tx.query<Record<string, string | number>>('select * from public.ledger_trial_balance()');
  return rows.map((r) => ({
    currency: String(r.currency),
    debits_pending: Number(r.debits_pending),
    debits_posted: Number(r.debits_posted),
    credits_pending: Number(r.credits_pending),
    credits_posted: Number(r.credits_posted),
  }));
}

/** The member, ready to invest, deposits `depositCents` and submits `amountCents` to `opportunityId`. */
async function depositAndInvest(
  tx: Transaction,
  member: Account,
  options: { depositCents: number; opportunityId: string; amountCents: number; method: 'bank' | 'card' },
): Promise<{ id: string; status: string }> {
  await makeReadyToInvest(tx, member);
  await recordPayment(tx, member, `pi_${crypto.randomUUID()}`, options.depositCents, 'settled');
  await become(tx, member);
  const { rows } = await tx.query<{ id: string; status: string }>(
    'select id, status from public.submit_investment($1, $2, $3, $4)',
    [options.opportunityId, options.amountCents, options.method, crypto.randomUUID()],
  );
  const row = rows[0];
  if (!row) throw new Error('submit_investment answered no row');
  return row;
}

/** Every caller of the access tests, with the SPV roles createCallers lacks. */
const everyCaller = [...callerNames, 'cl_spv_admin', 'production_spv', 'unlisted'] as const;
type AnyCaller = (typeof everyCaller)[number];

function who(name: AnyCaller): Who {
  if (name === 'cl_spv_admin' || name === 'production_spv' || name === 'unlisted') return spvAdmins[name];
  return whoIs(callers, name);
}

/** Who the SQL lets read the escrows: the staff who see every SPV, and every SPV role. */
const escrowReaders: readonly AnyCaller[] = [
  'compliance',
  'eq_spv_admin',
  'mfo_admin',
  'adminFlag',
  'cl_spv_admin',
  'production_spv',
  'unlisted',
];
const ledgerReaders: readonly CallerName[] = ['compliance', 'mfo_admin', 'adminFlag'];

describe('who may call ledger_escrows', () => {
  it.each(everyCaller)('as %s', async (name) => {
    const result = await asActor(db, who(name), (tx) => tryQuery(tx, 'select * from public.ledger_escrows()'));
    if (name === 'anon' || name === 'service_role') {
      expect(result).toMatchObject(refusal(actionErrors.functionDenied('ledger_escrows')));
    } else if (escrowReaders.includes(name)) {
      expect(result.ok).toBe(true);
    } else {
      expect(result).toMatchObject(refusal(actionErrors.escrowReadDenied));
    }
  });

  it('is what the domain tells the app each caller may read: the escrows, and the trial balance, verify and the refused events', async () => {
    await asActor(db, 'service_role', async (tx) => {
      for (const name of everyCaller) {
        const caller = who(name);
        if (typeof caller !== 'object') continue;
        await become(tx, caller);
        const reads = {
          escrows: (await tryQuery(tx, 'select * from public.ledger_escrows()')).ok,
          trial: (await tryQuery(tx, 'select * from public.ledger_trial_balance()')).ok,
          verify: (await tryQuery(tx, 'select public.ledger_verify()')).ok,
          refusals: (await tryQuery(tx, 'select * from public.list_ledger_refusals()')).ok,
        };
        const reader = { role: caller.role, isAdmin: caller.isAdmin };
        const ledger = mayReadLedger(reader);
        expect(reads, name).toEqual({
          escrows: mayReadEscrows(reader),
          trial: ledger,
          verify: ledger,
          refusals: ledger,
        });
        expect(ledger, name).toBe(ledgerReaders.some((n) => n === name));
      }
    });
  });
});

describe('the escrow accounts each caller sees', () => {
  it('an SPV’s administrator sees exactly its own offerings’ escrow, the staff every one, each figure its account’s', async () => {
    await asActor(db, 'service_role', async (tx) => {
      await depositAndInvest(tx, callers.investorA, {
        depositCents: 300_000,
        opportunityId: openOpportunity.id,
        amountCents: 100_000,
        method: 'bank',
      });
      await depositAndInvest(tx, callers.investorB, {
        depositCents: 300_000,
        opportunityId: lendingOpportunity.id,
        amountCents: 70_000,
        method: 'card',
      });

      // The seed's sample investments hold money in offerings of several SPVs; ours add to them.
      const every = await escrowAccounts(tx, null);
      const ids = every.map((e) => e.opportunity_id);
      expect(ids).toContain(openOpportunity.id);
      expect(ids).toContain(lendingOpportunity.id);
      for (const staff of [callers.mfo_admin, callers.compliance, callers.adminFlag]) {
        expect((await escrowsAs(tx, staff)).sort(byAccount)).toEqual(every);
      }

      const runs: [Account, string, string | null][] = [
        [callers.eq_spv_admin, 'spv-equity', openOpportunity.id],
        [spvAdmins.cl_spv_admin, 'spv-lending', lendingOpportunity.id],
        [spvAdmins.production_spv, 'spv-production', null],
      ];
      for (const [admin, spv, invested] of runs) {
        const mine = (await escrowsAs(tx, admin)).sort(byAccount);
        expect(mine, admin.role).toEqual(await escrowAccounts(tx, [spv]));
        expect(mine.every((e) => e.spv_id === spv)).toBe(true);
        expect(mine.length, admin.role).toBeLessThan(every.length);
        if (invested) expect(mine.map((e) => e.opportunity_id)).toContain(invested);
      }
      // The same role as the equity SPV's administrator, administering no SPV: nothing.
      expect(await escrowsAs(tx, spvAdmins.unlisted)).toEqual([]);
    });
  });
});

describe('the balances after an investment confirmed and another pending', () => {
  it('are the escrow’s, the trial balance’s and verify’s to the cent', async () => {
    await asActor(db, 'service_role', async (tx) => {
      // What the seed's sample investments left: the figures below add to it.
      const zero = { debits_pending: 0, debits_posted: 0, credits_pending: 0, credits_posted: 0 };
      const trialBefore = (await trialBalanceAs(tx, callers.mfo_admin)).find((r) => r.currency === 'EUR') ?? {
        currency: 'EUR',
        ...zero,
      };
      const escrowBefore = (await escrowsAs(tx, callers.eq_spv_admin)).find(
        (e) => e.opportunity_id === openOpportunity.id,
      ) ?? {
        opportunity_id: openOpportunity.id,
        opportunity_name: openOpportunity.name,
        spv_id: 'spv-equity',
        currency: 'EUR',
        ...zero,
        holds_cents: 0,
        pending_in_cents: 0,
      };

      // A: €2,500.00 in, €1,000.00 by bank, confirmed.
      const confirmed = await depositAndInvest(tx, callers.investorA, {
        depositCents: 250_000,
        opportunityId: openOpportunity.id,
        amountCents: 100_000,
        method: 'bank',
      });
      expect(confirmed.status).toBe('Pending');
      await become(tx, callers.adminFlag);
      await tx.query('select public.review_investment($1, $2, null)', [confirmed.id, 'confirmed']);

      // B: €400.00 in, €123.45 by card, still pending.
      const pending = await depositAndInvest(tx, callers.investorB, {
        depositCents: 40_000,
        opportunityId: openOpportunity.id,
        amountCents: 12_345,
        method: 'card',
      });
      expect(pending.status).toBe('Pending');

      // The escrow: A's €1,000.00 posted in, B's €123.45 pending in (the fees go elsewhere).
      const escrowAfter = (await escrowsAs(tx, callers.eq_spv_admin)).find(
        (e) => e.opportunity_id === openOpportunity.id,
      );
      expect(escrowAfter).toEqual({
        ...escrowBefore,
        credits_pending: escrowBefore.credits_pending + 12_345,
        credits_posted: escrowBefore.credits_posted + 100_000,
        holds_cents: escrowBefore.holds_cents + 100_000,
        pending_in_cents: escrowBefore.pending_in_cents + 12_345,
      });
      expect(escrowAfter?.debits_pending).toBe(escrowBefore.debits_pending);
      expect(escrowAfter?.debits_posted).toBe(escrowBefore.debits_posted);

      // Posted: both deposits and A's total (amount and fee); pending: B's total with its card fee.
      const a = investmentQuote(100_000, 'bank');
      const b = investmentQuote(12_345, 'card');
      expect(a.totalCents).toBe(101_000);
      expect(b.totalCents).toBe(12_653);
      const posted = 250_000 + 40_000 + a.totalCents;
      const held = b.totalCents;
      const trial = {
        currency: 'EUR',
        debits_pending: trialBefore.debits_pending + held,
        debits_posted: trialBefore.debits_posted + posted,
        credits_pending: trialBefore.credits_pending + held,
        credits_posted: trialBefore.credits_posted + posted,
      };
      expect((await trialBalanceAs(tx, callers.mfo_admin)).find((r) => r.currency === 'EUR')).toEqual(trial);
      expect(await trialBalanceAs(tx, callers.compliance)).toEqual(await trialBalanceAs(tx, callers.mfo_admin));
      expect(await verify(tx, callers.compliance)).toBeNull();
    });
  });
});
