import type { PGlite, Transaction } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { become } from './actors';
import { asActor, seededDb } from './db';
import { call, issuedOffering, issueUnits, type Members, makeMembers, owner } from './lifecycleSupport';

/**
 * What a position stores of its offering (supabase/schemas/12_offerings.sql, positions_revalue):
 * the latest unit price, the end of the term and its share of the impact follow every price and
 * every change of the units issued, for every holder, and equal what the offering's own rows say.
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

interface Stored {
  member_id: string;
  unit_price_cents: number;
  per_year: number;
}

/** Each holder's stored price and impact share, by member. */
async function stored(tx: Transaction, id: string): Promise<Stored[]> {
  await owner(tx);
  const { rows } = await tx.query<Stored>(
    `select member_id, unit_price_cents::int, (impact -> 0 ->> 'per_year')::float as per_year
     from public.positions where opportunity_id = $1 order by member_id`,
    [id],
  );
  return rows;
}

/** Positions whose stored figures differ from the offering's price, term and records today. */
async function drifted(tx: Transaction): Promise<number> {
  await owner(tx);
  const { rows } = await tx.query<{ n: number }>(
    `select count(*)::int as n
     from public.positions p
     join public.opportunities o on o.id = p.opportunity_id
     left join public.offering_records r on r.opportunity_id = p.opportunity_id
     where p.unit_price_cents <> coalesce(public.unit_price_on(o.id, (now() at time zone 'UTC')::date), 0)
        or p.matures_at is distinct from p.first_issued_at + make_interval(months => o.term_months)
        or (jsonb_array_length(o.impact_metrics) > 0 and (p.impact -> 0 ->> 'per_year')::numeric
            <> round((o.impact_metrics -> 0 ->> 'per_year')::numeric * p.units
                     / greatest(coalesce(r.issued_units, 0), p.units, 1), 4))`,
  );
  return rows[0]?.n ?? -1;
}

/** An issued offering of 400 units: 300 for investor, 100 for investor2, at €100 a unit. */
function twoHolders(tx: Transaction): Promise<string> {
  return issuedOffering(
    tx,
    m.eq,
    [
      { member: m.investor, units: 300, daysAgo: 10 },
      { member: m.investor2, units: 100, daysAgo: 10 },
    ],
    0,
  );
}

const today = () => new Date().toISOString().slice(0, 10);

describe('what a position stores of its offering', () => {
  it('follows a new price for every holder, and is what my_positions values the units at', async () => {
    await asActor(db, m.eq, async (tx) => {
      const id = await twoHolders(tx);
      const before = await stored(tx, id);
      expect(before.map((s) => s.unit_price_cents)).toEqual([10_000, 10_000]);
      expect(
        await call(tx, m.eq, 'select public.set_unit_price($1, 12_345, $2, $3)', [id, today(), 'Revaluation']),
      ).toMatchObject({
        ok: true,
      });
      expect((await stored(tx, id)).map((s) => s.unit_price_cents)).toEqual([12_345, 12_345]);
      await become(tx, m.investor);
      const mine = await tx.query('select value_cents::int from public.my_positions() where opportunity_id = $1', [id]);
      expect(mine.rows).toEqual([{ value_cents: 300 * 12_345 }]);
      expect(await drifted(tx)).toBe(0);
    });
  });

  it('moves every holder’s share of the impact when more units are issued', async () => {
    await asActor(db, m.eq, async (tx) => {
      const id = await twoHolders(tx);
      const shares = (await stored(tx, id)).map((s) => s.per_year);
      expect(shares.reduce((a, b) => a + b, 0)).toBeCloseTo(4_200, 4);
      await issueUnits(tx, id, { member: m.investor2, units: 400 });
      const after = await stored(tx, id);
      const byMember = new Map(after.map((s) => [s.member_id, s.per_year]));
      // 300 of 800 and 500 of 800 units of 4,200 a year.
      expect(byMember.get(m.investor.id)).toBeCloseTo(1_575, 4);
      expect(byMember.get(m.investor2.id)).toBeCloseTo(2_625, 4);
      expect(await drifted(tx)).toBe(0);
    });
  });
});
