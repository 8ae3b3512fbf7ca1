import type { PGlite, Transaction } from '@electric-sql/pglite';
import { actionErrors, addBusinessDays, redemptionFeeCents, redemptionLockedError } from '@vault/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { become } from './actors';
import { asActor, seededDb } from './db';
import {
  accountOf,
  call,
  cashOf,
  issuedOffering,
  issueUnits,
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
 * Redemptions, maturity and loans on the server (supabase/schemas/13_lifecycle.sql,
 * 10_consoles.sql, docs/lifecycle.md): every function × every caller; a redemption before the
 * lock-up refused with its date; approved at the latest price net of the fee, rejected with a
 * reason; maturity pays units × the final price and is run by the schedule; a loan's status and
 * next due date follow its schedule and repayments, each repayment a ledger transfer.
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

/** investor holds 600 units issued 800 days ago (past the 24-month lock-up); €100,000 in the account. */
async function unlocked(tx: Transaction, details: Record<string, unknown> = {}): Promise<string> {
  return issuedOffering(tx, m.eq, [{ member: m.investor, units: 600, daysAgo: 800 }], 10_000_000, details);
}

async function request(tx: Transaction, id: string, units: number, key = crypto.randomUUID()) {
  await become(tx, m.investor);
  const { rows } = await tx.query<{ id: string }>('select public.request_redemption($1, $2, $3) as id', [
    id,
    units,
    key,
  ]);
  return rows[0]?.id ?? '';
}

it("the SQL fee rule equals the domain's redemptionFeeCents", async () => {
  const prices = [0, 1, 24, 25, 26, 49, 50, 51, 99, 100, 12_345, 2_469_000, 9_999_999_999];
  const rates = [0, 1, 50, 199, 200, 201, 250, 10_000];
  const { rows } = await db.query<{ price: string; bps: number; fee: string }>(
    `select p::text as price, b as bps, public.redemption_fee_cents(p, b)::text as fee
     from unnest($1::bigint[]) p cross join unnest($2::int[]) b`,
    [prices, rates],
  );
  expect(rows).toHaveLength(prices.length * rates.length);
  for (const row of rows) expect(Number(row.fee)).toBe(redemptionFeeCents(Number(row.price), row.bps));
});

describe('every function × every caller', () => {
  const noExecute = (n: Name) => n === 'anon' || n === 'service_role';
  const staff = (n: Name) => ['mfo_admin', 'compliance', 'eq', 'cl', 'prod', 'eqOther'].includes(n);

  it.each(names)('redemption_quote, request_redemption as %s', async (name) => {
    await asActor(db, m.eq, async (tx) => {
      const id = await unlocked(tx);
      const quote = await call(tx, whoOf(m, name), 'select public.redemption_quote($1, 100) as q', [id]);
      const asked = await call(tx, whoOf(m, name), 'select public.request_redemption($1, 100, $2)', [
        id,
        crypto.randomUUID(),
      ]);
      if (noExecute(name)) {
        expect(quote).toMatchObject(refusal(actionErrors.functionDenied('redemption_quote')));
        expect(asked).toMatchObject(refusal(actionErrors.functionDenied('request_redemption')));
      } else if (staff(name)) {
        expect(quote).toMatchObject(refusal(actionErrors.redemptionDenied));
        expect(asked).toMatchObject(refusal(actionErrors.redemptionDenied));
      } else if (name === 'investor') {
        expect(quote).toMatchObject({ ok: true, value: { rows: [{ q: { redeemable: true } }] } });
        expect(asked).toMatchObject({ ok: true });
      } else {
        // Investors who hold none of it.
        expect(quote).toMatchObject(refusal(actionErrors.notEnoughUnits));
        expect(asked).toMatchObject(refusal(actionErrors.notEnoughUnits));
      }
    });
  });

  it.each(names)('review_redemption, list_redemptions, my_redemptions as %s', async (name) => {
    await asActor(db, m.eq, async (tx) => {
      const id = await unlocked(tx);
      const r = await request(tx, id, 100);
      const listed = await call(tx, whoOf(m, name), 'select id from public.list_redemptions()');
      const mine = await call(tx, whoOf(m, name), 'select id from public.my_redemptions()');
      const reviewed = await call(tx, whoOf(m, name), 'select public.review_redemption($1, $2, $3)', [
        r,
        'rejected',
        'Not this quarter',
      ]);
      if (noExecute(name)) {
        expect(listed).toMatchObject(refusal(actionErrors.functionDenied('list_redemptions')));
        expect(mine).toMatchObject(refusal(actionErrors.functionDenied('my_redemptions')));
        expect(reviewed).toMatchObject(refusal(actionErrors.functionDenied('review_redemption')));
        return;
      }
      expect(mine).toMatchObject({ ok: true, value: { rows: name === 'investor' ? [{ id: r }] : [] } });
      if (['eq', 'mfo_admin', 'compliance', 'adminFlag'].includes(name))
        expect(listed).toMatchObject({ ok: true, value: { rows: [{ id: r }] } });
      else if (name === 'cl' || name === 'prod' || name === 'eqOther')
        expect(listed).toMatchObject({ ok: true, value: { rows: [] } });
      else expect(listed).toMatchObject(refusal(actionErrors.offeringSpvDenied));
      if (name === 'eq' || name === 'adminFlag') expect(reviewed).toMatchObject({ ok: true });
      else if (name === 'cl' || name === 'prod' || name === 'eqOther')
        expect(reviewed).toMatchObject(refusal(actionErrors.unknownRedemption));
      else expect(reviewed).toMatchObject(refusal(actionErrors.offeringSpvDenied));
    });
  });

  it.each(names)('mature_offering as %s', async (name) => {
    await asActor(db, m.eq, async (tx) => {
      const id = await issuedOffering(tx, m.eq, [{ member: m.investor, units: 600, daysAgo: 2_000 }], 6_000_000);
      const result = await call(tx, whoOf(m, name), 'select public.mature_offering($1)', [id]);
      if (name === 'eq' || name === 'adminFlag') expect(result).toMatchObject({ ok: true });
      else if (noExecute(name)) expect(result).toMatchObject(refusal(actionErrors.functionDenied('mature_offering')));
      else expect(result).toMatchObject(refusal(actionErrors.offeringSpvDenied));
    });
  });
});

describe('redemptions', () => {
  it('are refused before the lock-up with the day it ends, counted from the issue of each lot', async () => {
    await asActor(db, m.eq, async (tx) => {
      const id = await issuedOffering(tx, m.eq, [{ member: m.investor, units: 600, daysAgo: 100 }], 10_000_000);
      await owner(tx);
      const { rows } = await tx.query<{ ends: string }>(
        `select ((now() - interval '100 days' + interval '24 months') at time zone 'UTC')::date::text as ends`,
      );
      const ends = rows[0]?.ends ?? '';
      expect(
        await call(tx, m.investor, 'select public.request_redemption($1, 10, $2)', [id, crypto.randomUUID()]),
      ).toMatchObject(refusal(redemptionLockedError(ends)));
      expect(await call(tx, m.investor, 'select public.redemption_quote($1, 10) as q', [id])).toMatchObject({
        ok: true,
        value: { rows: [{ q: { redeemable: false, lockup_ends_on: ends } }] },
      });
      // An old lot is free while a new one stays locked.
      const old = await unlocked(tx);
      await issueUnits(tx, old, { member: m.investor, units: 50 });
      expect(await call(tx, m.investor, 'select public.redemption_quote($1, 600) as q', [old])).toMatchObject({
        ok: true,
        value: { rows: [{ q: { redeemable: true } }] },
      });
      expect(await call(tx, m.investor, 'select public.redemption_quote($1, 601) as q', [old])).toMatchObject({
        ok: true,
        value: { rows: [{ q: { redeemable: false } }] },
      });
      expect(await call(tx, m.investor, 'select public.redemption_quote($1, 651) as q', [old])).toMatchObject(
        refusal(actionErrors.notEnoughUnits),
      );
    });
  });

  it('are approved at the latest price, net of the fee, the units cancelled; asked once; retried by key', async () => {
    await asActor(db, m.eq, async (tx) => {
      const id = await unlocked(tx);
      await become(tx, m.eq);
      await tx.query('select public.set_unit_price($1, 12_345, $2, $3)', [
        id,
        new Date().toISOString().slice(0, 10),
        'Valuation',
      ]);
      const key = crypto.randomUUID();
      const r = await request(tx, id, 200, key);
      expect(await request(tx, id, 200, key)).toBe(r);
      expect(await call(tx, m.investor, 'select public.request_redemption($1, 201, $2)', [id, key])).toMatchObject(
        refusal(actionErrors.redemptionKeyReused),
      );
      expect(
        await call(tx, m.investor, 'select public.request_redemption($1, 401, $2)', [id, crypto.randomUUID()]),
      ).toMatchObject(refusal(actionErrors.notEnoughUnits));
      const price = 200 * 12_345;
      const fee = redemptionFeeCents(price, 200);
      expect(await call(tx, m.investor, 'select public.redemption_quote($1, 200) as q', [id])).toMatchObject({
        ok: true,
        value: {
          rows: [{ q: { price_cents: price, fee_cents: fee, net_cents: price - fee, unit_price_cents: 12_345 } }],
        },
      });
      const queue = (who: typeof m.eq) =>
        call(
          tx,
          who,
          `select status, unit_price_cents::int, price_cents::int, fee_cents::int, net_cents::int
           from public.list_redemptions() where id = $1`,
          [r],
        );
      // While it waits, the SPV's queue quotes what approving it today pays, as the investor's quote does.
      expect(await queue(m.eq)).toMatchObject({
        ok: true,
        value: {
          rows: [
            {
              status: 'requested',
              unit_price_cents: 12_345,
              price_cents: price,
              fee_cents: fee,
              net_cents: price - fee,
            },
          ],
        },
      });
      await owner(tx);
      const queued = await tx.query<{ requested_at: Date; due_at: Date }>(
        'select requested_at, due_at from public.redemptions where id = $1',
        [r],
      );
      const row = queued.rows[0];
      if (!row) throw new Error('no redemption row');
      expect(row.due_at.getTime()).toBe(addBusinessDays(row.requested_at, 2).getTime());

      const cash = await cashOf(tx, m.investor);
      const fees = await accountOf(tx, 'platform_fee_income');
      const account = await accountOf(tx, 'offering_escrow', id);
      const review = (decision: string, reason: string | null) =>
        call(tx, m.eq, 'select status, net_cents::int from public.review_redemption($1, $2, $3)', [
          r,
          decision,
          reason,
        ]);
      expect(await review('approved', null)).toMatchObject({
        ok: true,
        value: { rows: [{ status: 'approved', net_cents: price - fee }] },
      });
      expect(await review('approved', null)).toMatchObject({ ok: true });
      expect(await review('rejected', 'Too late')).toMatchObject(refusal(actionErrors.redemptionDecided));
      expect(await cashOf(tx, m.investor)).toBe(cash + price - fee);
      // Decided, the queue keeps the approval's figures even when a later price comes.
      await become(tx, m.eq);
      await tx.query('select public.set_unit_price($1, 99_999, $2, $3)', [
        id,
        new Date().toISOString().slice(0, 10),
        'Revaluation',
      ]);
      expect(await queue(m.eq)).toMatchObject({
        ok: true,
        value: { rows: [{ status: 'approved', unit_price_cents: 12_345, price_cents: price, net_cents: price - fee }] },
      });
      expect(await accountOf(tx, 'platform_fee_income')).toBe(fees + fee);
      expect(await accountOf(tx, 'offering_escrow', id)).toBe(account - price);
      await become(tx, m.investor);
      const mine = await tx.query('select units::int from public.my_positions() where opportunity_id = $1', [id]);
      expect(mine.rows).toEqual([{ units: 400 }]);
      await owner(tx);
      const kinds = await tx.query<{ kind: string }>(
        `select kind from public.ledger_transfers where subject_type = 'redemption' and subject_id = $1 order by kind`,
        [r],
      );
      expect(kinds.rows.map((k) => k.kind)).toEqual(['redemption', 'redemption_fee']);
      const told = await tx.query(
        `select 1 from public.notifications where user_id = $1 and title = 'Redemption paid'`,
        [m.investor.id],
      );
      expect(told.rows).toHaveLength(1);
      expect(await ledgerVerify(tx, m.mfo_admin)).toBeNull();
    });
  });

  it('are rejected only with a reason, and refused when the account holds less', async () => {
    await asActor(db, m.eq, async (tx) => {
      const id = await issuedOffering(tx, m.eq, [{ member: m.investor, units: 600, daysAgo: 800 }], 100);
      const r = await request(tx, id, 100);
      const review = (decision: string, reason: string | null) =>
        call(tx, m.eq, 'select status from public.review_redemption($1, $2, $3)', [r, decision, reason]);
      expect(await review('maybe', null)).toMatchObject(refusal(actionErrors.badRedemptionDecision));
      expect(await review('rejected', ' ')).toMatchObject(refusal(actionErrors.offeringReasonRequired));
      expect(await review('approved', null)).toMatchObject(refusal(actionErrors.offeringAccountShort));
      expect(await review('rejected', 'Window closed')).toMatchObject({
        ok: true,
        value: { rows: [{ status: 'rejected' }] },
      });
      // The units are free to ask again.
      expect(await request(tx, id, 600)).not.toBe(r);
    });
  });
});

describe('maturity', () => {
  it('pays units × the final price, makes the positions Matured, and is run by the schedule', async () => {
    await asActor(db, m.eq, async (tx) => {
      const young = await issuedOffering(tx, m.eq, [{ member: m.investor, units: 10, daysAgo: 10 }], 100_000);
      expect(await call(tx, m.eq, 'select public.mature_offering($1)', [young])).toMatchObject(
        refusal(actionErrors.offeringNotDue),
      );
      const id = await issuedOffering(
        tx,
        m.eq,
        [
          { member: m.investor, units: 600, daysAgo: 1_900 },
          { member: m.investor2, units: 400, daysAgo: 1_900 },
        ],
        12_000_000,
      );
      await become(tx, m.eq);
      await tx.query('select public.set_unit_price($1, 11_000, $2, $3)', [
        id,
        new Date().toISOString().slice(0, 10),
        'Final valuation',
      ]);
      const pending = await request(tx, id, 100);
      const cash = await cashOf(tx, m.investor2);
      const first = await call(tx, m.eq, 'select public.mature_offering($1) as x', [id]);
      expect(first).toMatchObject({
        ok: true,
        value: {
          rows: [
            { x: { opportunity_id: id, final_price_cents: 11_000, holders: 2, units: 1_000, paid_cents: 11_000_000 } },
          ],
        },
      });
      expect(await call(tx, m.eq, 'select public.mature_offering($1) as x', [id])).toMatchObject({
        ok: true,
        value: { rows: [{ x: { paid_cents: 11_000_000 } }] },
      });
      expect(await cashOf(tx, m.investor2)).toBe(cash + 400 * 11_000);
      expect(await accountOf(tx, 'offering_escrow', id)).toBe(1_000_000);
      await become(tx, m.investor);
      const mine = await tx.query(
        'select status, value_cents::int from public.my_positions() where opportunity_id = $1',
        [id],
      );
      expect(mine.rows).toEqual([{ status: 'Matured', value_cents: 0 }]);
      const asked = await tx.query('select status from public.my_redemptions() where id = $1', [pending]);
      expect(asked.rows).toEqual([{ status: 'rejected' }]);
      expect(
        await call(tx, m.eq, 'select public.set_unit_price($1, 1, $2, $3)', [
          id,
          new Date().toISOString().slice(0, 10),
          'x',
        ]),
      ).toMatchObject(refusal(actionErrors.offeringMatured));

      // The schedule matures an issued offering whose term has ended, and skips one it cannot pay.
      const due = await issuedOffering(tx, m.eq, [{ member: m.investor, units: 5, daysAgo: 1_900 }], 50_000);
      const short = await issuedOffering(tx, m.eq, [{ member: m.investor, units: 5, daysAgo: 1_900 }], 10);
      await become(tx, 'service_role');
      const ran = await tx.query<{ out: { matured: number } }>('select public.run_offering_schedule() as out');
      expect(ran.rows[0]?.out.matured).toBeGreaterThanOrEqual(1);
      await owner(tx);
      const done = await tx.query<{ opportunity_id: string }>(
        'select opportunity_id from public.offering_maturities where opportunity_id in ($1, $2)',
        [due, short],
      );
      expect(done.rows).toEqual([{ opportunity_id: due }]);
      expect(await ledgerVerify(tx, m.mfo_admin)).toBeNull();
    });
  });
});

describe('loans', () => {
  it('derive status and next due from the schedule and repayments, each repayment into the offering’s account', async () => {
    await asActor(db, m.cl, async (tx) => {
      const book = async () => {
        await become(tx, m.cl);
        const { rows } = await tx.query<{ status: string; due: string; paid: string; next: string | null }>(
          `select status, due_cents::text as due, paid_cents::text as paid, next_due_on::text as next
           from public.loan_book() where id = 'LN-2025-017'`,
        );
        return rows[0];
      };
      await owner(tx);
      const schedule = await tx.query<{ due_on: string; amount_cents: string }>(
        `select due_on::text, amount_cents::text from public.loan_schedule where loan_id = 'LN-2025-017' order by due_on`,
      );
      const today = new Date().toISOString().slice(0, 10);
      const dueNow = schedule.rows.filter((s) => s.due_on < today).reduce((sum, s) => sum + Number(s.amount_cents), 0);
      expect(dueNow).toBeGreaterThan(0);
      expect(await book()).toEqual({
        status: 'Overdue',
        due: String(dueNow),
        paid: '0',
        next: schedule.rows[0]?.due_on,
      });
      const account = await accountOf(tx, 'offering_escrow', 'schools-ghana');
      await become(tx, m.cl);
      await tx.query(`select public.record_repayment('LN-2025-017', $1, $2, 'catch-up')`, [dueNow, today]);
      const paidThrough = schedule.rows.findIndex((s) => s.due_on >= today);
      expect(await book()).toEqual({
        status: 'Active',
        due: String(dueNow),
        paid: String(dueNow),
        next: schedule.rows[paidThrough]?.due_on,
      });
      expect(await accountOf(tx, 'offering_escrow', 'schools-ghana')).toBe(account + dueNow);
      await become(tx, m.cl);
      await tx.query(`select public.record_repayment('LN-2025-017', $1, $2, 'payoff')`, [48_000_000 - dueNow, today]);
      expect(await book()).toMatchObject({ status: 'Repaid', next: null });
      await owner(tx);
      const transfers = await tx.query(`select 1 from public.ledger_transfers where kind = 'loan_repayment'`);
      expect(transfers.rows).toHaveLength(2);
      await owner(tx);
      await tx.query(
        `insert into public.loans (id, borrower, amount, status, spv_id) values ('LN-NONE', 'Nobody', '€1,000', 'Active', 'spv-lending')`,
      );
      await tx.query(`insert into public.loan_schedule values ('LN-NONE', '2025-06-01', 100000)`);
      expect(await call(tx, m.cl, `select public.record_repayment('LN-NONE', 100, '2025-06-01', 'r')`)).toMatchObject(
        refusal(actionErrors.loanWithoutOffering),
      );
      expect(await ledgerVerify(tx, m.mfo_admin)).toBeNull();
    });
  });
});
