import type { PGlite, Transaction } from '@electric-sql/pglite';
import { actionErrors, validOfferingDetails } from '@vault/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { become } from './actors';
import { asActor, seededDb } from './db';
import {
  accountOf,
  call,
  issuedOffering,
  ledgerVerify,
  type Members,
  makeMembers,
  type Name,
  names,
  owner,
  refusal,
  whoOf,
} from './lifecycleSupport';

/**
 * An offering's income on the server (record_offering_income, list_offering_income in
 * supabase/schemas/13_lifecycle.sql, docs/lifecycle.md): every caller; the refusals of the input
 * and of the offering's state; one posted transfer from the provider's clearing account into the
 * offering's account, audited; a retry answers the same row; and a distribution paid from it.
 */

let db: PGlite;
let m: Members;

beforeAll(async () => {
  db = await seededDb();
  m = await makeMembers(db);
});

afterAll(async () => {
  await db?.close();
});

const day = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);
const today = () => day(0);

/** An offering of the equity SPV: investor holds 600 units issued 30 days ago; its account holds `fundCents`. */
async function offering(tx: Transaction, fundCents = 0): Promise<string> {
  return issuedOffering(tx, m.eq, [{ member: m.investor, units: 600, daysAgo: 30 }], fundCents);
}

const record = (tx: Transaction, by: Parameters<typeof call>[1], args: readonly unknown[]) =>
  call(tx, by, 'select (public.record_offering_income($1, $2, $3, $4)).*', [...args]);

async function incomeTransfers(tx: Transaction, incomeId: string) {
  await owner(tx);
  const { rows } = await tx.query<{ amount: string; kind: string; debit: string; credit: string; same_id: boolean }>(
    `select t.amount_cents::text as amount, t.kind, d.kind as debit, c.kind || ':' || c.opportunity_id as credit,
            t.id = public.ledger_id('offering_income:' || $1) as same_id
     from public.ledger_transfers t
     join public.ledger_accounts d on d.id = t.debit_account_id
     join public.ledger_accounts c on c.id = t.credit_account_id
     where t.subject_type = 'offering_income' and t.subject_id = $1`,
    [incomeId],
  );
  return rows;
}

describe('every caller', () => {
  const noExecute = (n: Name) => n === 'anon' || n === 'service_role';
  const administers = (n: Name) => n === 'eq' || n === 'adminFlag';
  // Administrators of other SPVs: the offering is not theirs to learn of.
  const otherSpv = (n: Name) => n === 'cl' || n === 'prod' || n === 'eqOther';

  it.each(names)('record_offering_income as %s', async (name) => {
    await asActor(db, m.eq, async (tx) => {
      const id = await offering(tx);
      const before = await accountOf(tx, 'offering_escrow', id);
      const result = await record(tx, whoOf(m, name), [id, 12_345, today(), `rent-${name}`]);
      if (noExecute(name)) expect(result).toMatchObject(refusal(actionErrors.functionDenied('record_offering_income')));
      else if (administers(name))
        expect(result).toMatchObject({
          ok: true,
          value: { rows: [{ opportunity_id: id, amount_cents: 12_345, reference: `rent-${name}` }] },
        });
      else if (otherSpv(name)) expect(result).toMatchObject(refusal(actionErrors.unknownOffering));
      else expect(result).toMatchObject(refusal(actionErrors.offeringSpvDenied));
      expect(await accountOf(tx, 'offering_escrow', id)).toBe(before + (administers(name) ? 12_345 : 0));
    });
  });

  it.each(names)('list_offering_income and the table as %s', async (name) => {
    await asActor(db, m.eq, async (tx) => {
      const id = await offering(tx, 1_000);
      const recorded = await record(tx, m.eq, [id, 500, today(), 'dividend-1']);
      expect(recorded).toMatchObject({ ok: true });
      const listed = await call(
        tx,
        whoOf(m, name),
        'select reference, available_cents from public.list_offering_income($1)',
        [id],
      );
      const table = await call(
        tx,
        whoOf(m, name),
        'select reference from public.offering_income where opportunity_id = $1',
        [id],
      );
      if (noExecute(name)) {
        expect(listed).toMatchObject(refusal(actionErrors.functionDenied('list_offering_income')));
        return;
      }
      const sees = ['eq', 'adminFlag', 'mfo_admin', 'compliance'].includes(name);
      const rows = sees ? [{ reference: 'dividend-1' }] : [];
      expect(table).toMatchObject({ ok: true, value: { rows } });
      if (name === 'investor' || name === 'investor2')
        expect(listed).toMatchObject(refusal(actionErrors.offeringSpvDenied));
      else
        expect(listed).toMatchObject({
          ok: true,
          value: { rows: sees ? [{ reference: 'dividend-1', available_cents: 1_500 }] : [] },
        });
    });
  });
});

describe('record_offering_income', () => {
  it('refuses what is not valid, and offerings without units or matured', async () => {
    await asActor(db, m.eq, async (tx) => {
      const id = await offering(tx);
      const refused = async (args: readonly unknown[]) => record(tx, m.eq, args);
      expect(await refused([id, 0, today(), 'r'])).toMatchObject(refusal(actionErrors.incomeAmountOutOfRange));
      expect(await refused([id, -5, today(), 'r'])).toMatchObject(refusal(actionErrors.incomeAmountOutOfRange));
      expect(await refused([id, null, today(), 'r'])).toMatchObject(refusal(actionErrors.incomeAmountOutOfRange));
      expect(await refused([id, '9007199254740992', today(), 'r'])).toMatchObject(
        refusal(actionErrors.incomeAmountOutOfRange),
      );
      expect(await refused([id, 100, day(1), 'r'])).toMatchObject(refusal(actionErrors.incomeInFuture));
      expect(await refused([id, 100, null, 'r'])).toMatchObject(refusal(actionErrors.incomeInFuture));
      expect(await refused([id, 100, today(), '   '])).toMatchObject(refusal(actionErrors.incomeReferenceRequired));
      expect(await refused([id, 100, today(), 'x'.repeat(101)])).toMatchObject(
        refusal(actionErrors.incomeReferenceRequired),
      );
      expect(await refused(['no-such-offering', 100, today(), 'r'])).toMatchObject(
        refusal(actionErrors.unknownOffering),
      );
      // The units were issued 30 days ago.
      expect(await refused([id, 100, day(-31), 'r'])).toMatchObject(refusal(actionErrors.incomeBeforeIssue));
      expect(await refused([id, 100, day(-30), 'r-first-day'])).toMatchObject({ ok: true });
      // The largest amount the ledger's sums still hold: 2^53 - 1 cents in all, less what is posted
      // already (the 100 just recorded, and the seed's: the demo investor's funded sample history).
      await owner(tx);
      const posted = await tx.query<{ n: string }>(
        `select coalesce(sum(debits_posted), 0)::text as n from public.ledger_accounts where currency = 'EUR'`,
      );
      const room = 9_007_199_254_740_991 - Number(posted.rows[0]?.n ?? 0);
      expect(await refused([id, room, today(), 'r-max'])).toMatchObject({ ok: true });

      await become(tx, m.eq);
      const draft = await tx.query<{ id: string }>('select public.create_offering($1::jsonb) as id', [
        JSON.stringify(validOfferingDetails),
      ]);
      expect(await refused([draft.rows[0]?.id, 100, today(), 'r'])).toMatchObject(
        refusal(actionErrors.offeringNotIssued),
      );
      await owner(tx);
      await tx.query(
        `insert into public.offering_maturities (opportunity_id, final_price_cents, holders, units, paid_cents)
         values ($1, 100, 1, 600, 60000)`,
        [id],
      );
      expect(await refused([id, 100, today(), 'after-maturity'])).toMatchObject(refusal(actionErrors.offeringMatured));
      await owner(tx);
      const rows = await tx.query(`select 1 from public.offering_income where opportunity_id = $1`, [id]);
      expect(rows.rows).toHaveLength(2);
      expect(await ledgerVerify(tx, m.mfo_admin)).toBeNull();
    });
  });

  it('posts one transfer into the offering’s account, audited; a retry answers the same row; a reused reference is refused', async () => {
    await asActor(db, m.eq, async (tx) => {
      const id = await offering(tx, 2_000);
      const clearing = await accountOf(tx, 'provider_clearing');
      const escrow = await accountOf(tx, 'offering_escrow', id);
      const first = await record(tx, m.eq, [id, 75_000, day(-2), '  RENT-2026-11  ']);
      if (!first.ok) throw new Error(first.message);
      const row = first.value.rows[0] ?? {};
      expect(row).toMatchObject({ opportunity_id: id, amount_cents: 75_000, reference: 'RENT-2026-11' });
      expect(row.recorded_by).toBe(m.eq.id);
      const incomeId = String(row.id);

      expect(await accountOf(tx, 'offering_escrow', id)).toBe(escrow + 75_000);
      expect(await accountOf(tx, 'provider_clearing')).toBe(clearing - 75_000);
      expect(await incomeTransfers(tx, incomeId)).toEqual([
        {
          amount: '75000',
          kind: 'offering_income',
          debit: 'provider_clearing',
          credit: `offering_escrow:${id}`,
          same_id: true,
        },
      ]);
      await owner(tx);
      const events = await tx.query<{ actor_id: string; subject_type: string; details: Record<string, unknown> }>(
        `select actor_id, subject_type, details from public.audit_events
         where action = 'offering.income_recorded' and subject_id = $1`,
        [id],
      );
      expect(events.rows).toEqual([
        {
          actor_id: m.eq.id,
          subject_type: 'offering',
          details: {
            income_id: Number(incomeId),
            amount_cents: 75_000,
            received_on: day(-2),
            reference: 'RENT-2026-11',
          },
        },
      ]);

      // The same reference and arguments: the same row, nothing more moved or recorded.
      const again = await record(tx, m.eq, [id, 75_000, day(-2), 'RENT-2026-11']);
      expect(again).toMatchObject({ ok: true, value: { rows: [{ id: row.id, amount_cents: 75_000 }] } });
      expect(await accountOf(tx, 'offering_escrow', id)).toBe(escrow + 75_000);
      expect(await incomeTransfers(tx, incomeId)).toHaveLength(1);
      await owner(tx);
      const eventsAfter = await tx.query(`select 1 from public.audit_events where action = 'offering.income_recorded'`);
      expect(eventsAfter.rows).toHaveLength(1);

      // The reference with another amount or day is refused; another reference is new income.
      expect(await record(tx, m.eq, [id, 75_001, day(-2), 'RENT-2026-11'])).toMatchObject(
        refusal(actionErrors.incomeReferenceReused),
      );
      expect(await record(tx, m.adminFlag, [id, 75_000, day(-1), 'RENT-2026-11'])).toMatchObject(
        refusal(actionErrors.incomeReferenceReused),
      );
      expect(await record(tx, m.eq, [id, 75_000, day(-2), 'RENT-2026-12'])).toMatchObject({ ok: true });
      expect(await accountOf(tx, 'offering_escrow', id)).toBe(escrow + 150_000);
      expect(await ledgerVerify(tx, m.mfo_admin)).toBeNull();
    });
  });

  it('is what a distribution is then paid from', async () => {
    await asActor(db, m.eq, async (tx) => {
      const id = await offering(tx);
      await become(tx, m.eq);
      const declared = await tx.query<{ d: { id: string } }>(
        `select public.declare_distribution($1, $2, 40000, 'income') as d`,
        [id, today()],
      );
      const distribution = declared.rows[0]?.d.id;
      expect(await call(tx, m.mfo_admin, 'select public.pay_distribution($1)', [distribution])).toMatchObject(
        refusal(actionErrors.offeringAccountShort),
      );
      const before = await accountOf(tx, 'offering_escrow', id);
      expect(await record(tx, m.eq, [id, 40_000, today(), 'energy-sales-q4'])).toMatchObject({ ok: true });
      expect(await accountOf(tx, 'offering_escrow', id)).toBe(before + 40_000);
      const listed = await call(tx, m.eq, 'select available_cents from public.list_offering_income($1)', [id]);
      expect(listed).toMatchObject({ ok: true, value: { rows: [{ available_cents: before + 40_000 }] } });
      expect(await call(tx, m.mfo_admin, 'select public.pay_distribution($1)', [distribution])).toMatchObject({
        ok: true,
      });
      expect(await accountOf(tx, 'offering_escrow', id)).toBe(before);
      expect(await ledgerVerify(tx, m.mfo_admin)).toBeNull();
    });
  });
});
