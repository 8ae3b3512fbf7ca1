import type { PGlite, Transaction } from '@electric-sql/pglite';
import { actionErrors, investmentQuote } from '@vault/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { become } from './actors';
import { type Account, asActor, seededDb } from './db';
import { makeReadyToInvest, openOpportunity, recordPayment } from './ledgerSupport';
import {
  call,
  issuedOffering,
  type Members,
  makeMembers,
  type Name,
  names,
  owner,
  refusal,
  whoOf,
} from './lifecycleSupport';

/**
 * my_position_history() (supabase/schemas/13_lifecycle.sql, docs/returns.md): the caller's
 * positions day by day, as the returns and the value chart of /placements read them: the money in
 * from the ledger's posted investment legs, the money out from the offering's account, the units
 * held at each day's end × the price in force, 0 from maturity; only the caller's own.
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

interface HistoryRow {
  opportunity_id: string;
  day: string;
  flow_cents: number;
  income_cents: number;
  value_cents: number;
}

async function historyOf(tx: Transaction, member: Account, opportunity: string): Promise<HistoryRow[]> {
  await become(tx, member);
  const { rows } = await tx.query<HistoryRow>(
    `select opportunity_id, day::text, flow_cents::float8 as flow_cents, income_cents::float8 as income_cents,
            value_cents::float8 as value_cents
     from public.my_position_history() where opportunity_id = $1 order by day`,
    [opportunity],
  );
  return rows;
}

const dayAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);

/** Moves rows the ledger and the positions wrote now back by `days` (the trail's own rows are append-only). */
async function backdate(tx: Transaction, member: Account, where: string, days: number): Promise<void> {
  await owner(tx);
  await tx.exec('alter table public.ledger_transfers disable trigger ledger_transfers_append_only');
  await tx.query(
    `update public.ledger_transfers set created_at = created_at - make_interval(days => $2)
     where member_id = $1 and ${where}`,
    [member.id, days],
  );
  await tx.exec('alter table public.ledger_transfers enable trigger ledger_transfers_append_only');
}

describe('my_position_history as every caller', () => {
  it.each(names)('as %s', async (name: Name) => {
    await asActor(db, m.eq, async (tx) => {
      const id = await issuedOffering(tx, m.eq, [{ member: m.investor, units: 10, daysAgo: 3 }], 0);
      const result = await call(
        tx,
        whoOf(m, name),
        'select * from public.my_position_history() where opportunity_id = $1',
        [id],
      );
      if (name === 'anon' || name === 'service_role') {
        expect(result).toMatchObject(refusal(actionErrors.functionDenied('my_position_history')));
        return;
      }
      expect(result).toMatchObject({ ok: true });
      // Only the holder has rows of it: the issue day and today.
      if (result.ok) expect(result.value.rows).toHaveLength(name === 'investor' ? 2 : 0);
    });
  });
});

describe('a position day by day', () => {
  it('pays in, is revalued, receives income net of withholding, and today is what my_positions says', async () => {
    await asActor(db, m.eq, async (tx) => {
      const member = m.investor;
      const opportunity = openOpportunity.id;
      await owner(tx);
      const prices = await tx.query('select 1 from public.unit_prices where opportunity_id = $1', [opportunity]);
      expect(prices.rows).toHaveLength(0);

      await makeReadyToInvest(tx, member);
      await recordPayment(tx, member, 'pi_history_1', 200_000, 'settled');
      await become(tx, member);
      const submitted = await tx.query<{ id: string }>('select id from public.submit_investment($1, $2, $3, $4)', [
        opportunity,
        100_000,
        'bank',
        crypto.randomUUID(),
      ]);
      const investment = submitted.rows[0]?.id;
      await become(tx, m.eq);
      await tx.query(`select public.review_investment($1, 'confirmed', null)`, [investment]);

      // The payment 20 days ago, a new price 10 days ago, a distribution 5 days ago.
      await backdate(tx, member, `subject_type = 'investment'`, 20);
      await tx.query(`update public.unit_movements set at = at - interval '20 days' where member_id = $1`, [member.id]);
      const { rows: held } = await tx.query<{ units: number; price: number }>(
        `select units::float8 as units, public.unit_price_on(opportunity_id, $3::date)::float8 as price
         from public.positions where member_id = $1 and opportunity_id = $2`,
        [member.id, opportunity, dayAgo(20)],
      );
      const units = held[0]?.units ?? 0;
      const issuePrice = held[0]?.price ?? 0;
      expect(units).toBeGreaterThan(0);
      const newPrice = issuePrice + 7;
      await tx.query(
        `insert into public.unit_prices (opportunity_id, as_of, price_cents, reason) values ($1, $2, $3, 'Revaluation')`,
        [opportunity, dayAgo(10), newPrice],
      );
      for (const [kind, to, cents] of [
        ['distribution', 'member', 4_000],
        ['withholding', 'clearing', 1_000],
      ] as const) {
        await tx.query(
          `select public.ledger_transfer(gen_random_uuid(), 'posted',
             public.ledger_account('offering_escrow', 'EUR', null, $1),
             case when $4 = 'member' then public.ledger_account('member_cash', 'EUR', $2)
                  else public.ledger_account('provider_clearing', 'EUR') end,
             $3, $5, 'distribution', 'd-history', $2, 'Distribution')`,
          [opportunity, member.id, cents, to, kind],
        );
      }
      await backdate(tx, member, `subject_id = 'd-history'`, 5);

      const total = investmentQuote(100_000, 'bank').totalCents;
      expect(await historyOf(tx, member, opportunity)).toEqual([
        {
          opportunity_id: opportunity,
          day: dayAgo(20),
          flow_cents: total,
          income_cents: 0,
          value_cents: units * issuePrice,
        },
        { opportunity_id: opportunity, day: dayAgo(10), flow_cents: 0, income_cents: 0, value_cents: units * newPrice },
        // The net distribution only: the withholding went to the tax authority, not to the member.
        {
          opportunity_id: opportunity,
          day: dayAgo(5),
          flow_cents: -4_000,
          income_cents: 4_000,
          value_cents: units * newPrice,
        },
        { opportunity_id: opportunity, day: dayAgo(0), flow_cents: 0, income_cents: 0, value_cents: units * newPrice },
      ]);
      const { rows: positions } = await tx.query<{ value_cents: number }>(
        'select value_cents::float8 as value_cents from public.my_positions() where opportunity_id = $1',
        [opportunity],
      );
      expect(positions).toEqual([{ value_cents: units * newPrice }]);
      // Another member sees none of it.
      expect(await historyOf(tx, m.investor2, opportunity)).toEqual([]);
    });
  });

  it('is worth nothing from the day it matured, the maturity paid out as money out', async () => {
    await asActor(db, m.eq, async (tx) => {
      const id = await issuedOffering(tx, m.eq, [{ member: m.investor, units: 600, daysAgo: 1_900 }], 12_000_000);
      await become(tx, m.eq);
      await tx.query('select public.set_unit_price($1, 11_000, $2, $3)', [id, dayAgo(0), 'Final valuation']);
      await tx.query('select public.mature_offering($1)', [id]);
      const rows = await historyOf(tx, m.investor, id);
      expect(rows[0]).toMatchObject({ day: dayAgo(1_900), flow_cents: 0, value_cents: 600 * 10_000 });
      expect(rows.at(-1)).toEqual({
        opportunity_id: id,
        day: dayAgo(0),
        flow_cents: -600 * 11_000,
        income_cents: 0,
        value_cents: 0,
      });
      expect(rows).toHaveLength(2);
    });
  });
});
