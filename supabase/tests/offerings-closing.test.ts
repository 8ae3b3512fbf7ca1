import type { PGlite } from '@electric-sql/pglite';
import { actionErrors, allocateUnits, offeringRefusalError, sampleSharedRows } from '@vault/domain';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { become } from './actors';
import { asActor } from './db';
import {
  call,
  events,
  hold,
  type Members,
  offeringSteps,
  offeringsWorld,
  owner,
  refusal,
  schedule,
  setTimes,
  statusOf,
} from './offeringsSupport';

/**
 * Closing an offering (supabase/schemas/12_offerings.sql, docs/offerings.md#closing): it allocates,
 * issues units and settles each subscription (a property test over random offerings); the
 * deadline issues or fails; offering_accepts.
 */

let db: PGlite;
let m: Members;
const { create, opened } = offeringSteps(() => m);

beforeAll(async () => {
  ({ db, m } = await offeringsWorld());
});

afterAll(async () => {
  await db?.close();
});

// -----------------------------------------------------------------------------------------------
describe('closing', () => {
  it('pro rata: scales each hold to the maximum, issues the units, makes the subscriptions Active', async () => {
    await asActor(db, m.eq, async (tx) => {
      const id = await opened(tx);
      const a = await hold(tx, m.investor, id, 60_000_000, 30);
      const b = await hold(tx, m.investor2, id, 60_000_000, 20);
      const c = await hold(tx, m.investor, id, 30_000_000, 10);
      // While open, what it raised is what its subscriptions hold.
      await become(tx, m.investor2);
      const open = await tx.query('select * from public.offering_progress() where opportunity_id = $1', [id]);
      expect(open.rows).toEqual([{ opportunity_id: id, raised_cents: 150_000_000 }]);
      expect(await call(tx, m.eq, 'select public.close_offering($1)', [id])).toMatchObject({ ok: true });
      await owner(tx);
      const allocations = await tx.query<{
        investment_id: string;
        units: number;
        amount_cents: number;
        fees_cents: number;
      }>(
        'select investment_id, units::int, amount_cents::bigint::float8 as amount_cents, fees_cents::int from public.offering_allocations where opportunity_id = $1',
        [id],
      );
      const byId = new Map(allocations.rows.map((r) => [r.investment_id, r]));
      expect([a, b, c].map((x) => byId.get(x)?.units)).toEqual(
        allocateUnits('pro_rata', 10_000, 100_000_000, [
          { amountCents: 60_000_000 },
          { amountCents: 60_000_000 },
          { amountCents: 30_000_000 },
        ]),
      );
      expect(byId.get(a)).toMatchObject({ units: 4_000, amount_cents: 40_000_000, fees_cents: 400_000 });
      const statuses = await tx.query('select status from public.investments where opportunity_id = $1', [id]);
      expect(new Set(statuses.rows.map((r) => (r as { status: string }).status))).toEqual(new Set(['Active']));
      const positions = await tx.query(
        'select member_id, units::int from public.positions where opportunity_id = $1 order by units',
        [id],
      );
      expect(positions.rows).toEqual([
        { member_id: m.investor2.id, units: 4_000 },
        { member_id: m.investor.id, units: 6_000 },
      ]);
      expect(await statusOf(tx, id)).toBe('issued');
      const event = await tx.query<{ details: Record<string, unknown> }>(
        `select details from public.audit_events where action = 'offering.issued' and subject_id = $1`,
        [id],
      );
      expect(event.rows[0]?.details).toMatchObject({
        units: 10_000,
        raised_cents: 100_000_000,
        held_cents: 150_000_000,
      });
      const notes = await tx.query(
        `select user_id from public.notifications where title = 'Units issued' and user_id in ($1, $2)`,
        [m.investor.id, m.investor2.id],
      );
      expect(notes.rows).toHaveLength(2);

      // The investor's portfolio.
      await become(tx, m.investor);
      // What it raised, as /opportunities reads it: the allocations, not the larger holds.
      const progress = await tx.query('select * from public.offering_progress() where opportunity_id = $1', [id]);
      expect(progress.rows).toEqual([{ opportunity_id: id, raised_cents: 100_000_000 }]);
      const mine = await tx.query('select * from public.my_positions() where opportunity_id = $1', [id]);
      expect(mine.rows).toEqual([
        {
          opportunity_id: id,
          units: 6_000,
          cost_cents: 60_000_000,
          fees_cents: 600_000,
          value_cents: 60_000_000,
          status: 'Active',
          impact: [{ name: 'Emissions avoided', unit: 'tCO2e avoided per year', per_year: 2520 }],
        },
      ]);
      // A later unit price values the position at it; the end of the term matures it.
      await owner(tx);
      await tx.query(
        `insert into public.unit_prices (opportunity_id, as_of, price_cents, reason)
         values ($1, (now() at time zone 'UTC')::date, 12_500, 'Valuation')
         on conflict (opportunity_id, as_of) do update set price_cents = excluded.price_cents`,
        [id],
      );
      // Issued 61 months ago: the end of the term a position stores follows (positions_revalue).
      await tx.query(
        `update public.positions set first_issued_at = now() - interval '61 months' where opportunity_id = $1`,
        [id],
      );
      await tx.query('select public.positions_revalue(array[$1])', [id]);
      await become(tx, m.investor);
      const later = await tx.query('select value_cents, status from public.my_positions() where opportunity_id = $1', [
        id,
      ]);
      expect(later.rows).toEqual([{ value_cents: 75_000_000, status: 'Matured' }]);
    });
  });

  it('first come: each hold as it is; rejected and cancelled subscriptions take nothing', async () => {
    await asActor(db, m.eq, async (tx) => {
      const id = await opened(tx, { allocation_rule: 'first_come' });
      await hold(tx, m.investor, id, 40_000_000);
      const rejected = await hold(tx, m.investor2, id, 20_000_000);
      await hold(tx, m.investor2, id, 15_000_000);
      expect(
        await call(tx, m.eq, 'select status from public.review_investment($1, $2, $3)', [rejected, 'rejected', 'KYC']),
      ).toMatchObject({ ok: true, value: { rows: [{ status: 'Rejected' }] } });
      expect(
        await call(tx, m.eq, 'select public.review_investment($1, $2, null)', [rejected, 'confirmed']),
      ).toMatchObject(refusal(actionErrors.investmentNotPending));
      const pending = await hold(tx, m.investor, id, 5_000_000);
      expect(
        await call(tx, m.eq, 'select public.review_investment($1, $2, null)', [pending, 'confirmed']),
      ).toMatchObject(refusal(actionErrors.offeringClosesItsSubscriptions));
      expect(await call(tx, m.eq, 'select public.close_offering($1)', [id])).toMatchObject({ ok: true });
      await owner(tx);
      const { rows } = await tx.query(
        'select member_id, units::int, cost_cents::int from public.positions where opportunity_id = $1 order by units',
        [id],
      );
      expect(rows).toEqual([
        { member_id: m.investor2.id, units: 1_500, cost_cents: 15_000_000 },
        { member_id: m.investor.id, units: 4_500, cost_cents: 45_000_000 },
      ]);
    });
  });

  it('a property: random offerings, holds and cancellations close within the maximum, or fail leaving nothing held', async () => {
    const scenario = fc.record({
      rule: fc.constantFrom('first_come', 'pro_rata'),
      price: fc.constantFrom(100, 2_500, 10_000),
      maxUnits: fc.integer({ min: 10, max: 5_000 }),
      minShare: fc.double({ min: 0.05, max: 1, noNaN: true }),
      holds: fc.array(
        fc.record({
          investor: fc.constantFrom(0, 1),
          amount: fc.integer({ min: 100, max: 30_000_000 }),
          cancelled: fc.boolean(),
        }),
        { maxLength: 8 },
      ),
    });
    await fc.assert(
      fc.asyncProperty(scenario, async ({ rule, price, maxUnits, minShare, holds }) => {
        await asActor(db, m.eq, async (tx) => {
          const max = price * maxUnits;
          const min = Math.max(1, Math.floor(max * minShare));
          const id = await opened(tx, {
            allocation_rule: rule,
            unit_price_cents: price,
            max_target_cents: max,
            min_target_cents: min,
            min_ticket_cents: null,
            max_ticket_cents: null,
          });
          const investors = [m.investor, m.investor2];
          for (const [i, h] of holds.entries()) {
            const investment = await hold(tx, investors[h.investor] ?? m.investor, id, h.amount, 100 - i);
            if (h.cancelled)
              await tx.query(`update public.investments set status = 'Cancelled' where id = $1`, [investment]);
          }
          const held = holds.filter((h) => !h.cancelled).reduce((s, h) => s + h.amount, 0);
          await setTimes(tx, id, { deadline_at: '2026-01-02T00:00:00Z' });
          const done = await schedule(tx);
          await owner(tx);
          const positions = await tx.query<{ units: string; cost: string }>(
            'select coalesce(sum(units), 0)::text as units, coalesce(sum(cost_cents), 0)::text as cost from public.positions where opportunity_id = $1',
            [id],
          );
          const pending = await tx.query(
            `select 1 from public.investments where opportunity_id = $1 and status = 'Pending'`,
            [id],
          );
          expect(pending.rows).toEqual([]);
          if (held >= min) {
            expect(done).toEqual({ opened: 0, issued: 1, failed: 0, matured: 0 });
            const units = Number(positions.rows[0]?.units);
            expect(Number(positions.rows[0]?.cost)).toBe(units * price);
            expect(units * price).toBeLessThanOrEqual(max);
            const asked = holds.filter((h) => !h.cancelled).map((h) => Math.floor(h.amount / price));
            expect(units).toBe(
              Math.min(
                asked.reduce((a, b) => a + b, 0),
                maxUnits,
              ),
            );
          } else {
            expect(done).toEqual({ opened: 0, issued: 0, failed: 1, matured: 0 });
            expect(positions.rows[0]?.units).toBe('0');
            expect(await statusOf(tx, id)).toBe('failed');
          }
        });
      }),
      { numRuns: 12 },
    );
  });
});

// -----------------------------------------------------------------------------------------------
describe('the deadline', () => {
  it('fails an offering below its minimum: every subscription cancelled, every investor told', async () => {
    await asActor(db, m.eq, async (tx) => {
      const id = await opened(tx);
      const a = await hold(tx, m.investor, id, 10_000_000);
      const b = await hold(tx, m.investor2, id, 5_000_000);
      await setTimes(tx, id, { deadline_at: '2026-01-02T00:00:00Z' });
      expect(await schedule(tx)).toEqual({ opened: 0, issued: 0, failed: 1, matured: 0 });
      expect(await statusOf(tx, id)).toBe('failed');
      const { rows: page } = await tx.query('select status from public.opportunity_details where id = $1', [id]);
      expect(page).toEqual([{ status: 'Failed' }]);
      const { rows } = await tx.query<{ status: string; reason: string }>(
        'select status, reason from public.investments where id in ($1, $2)',
        [a, b],
      );
      expect(rows.map((r) => r.status)).toEqual(['Cancelled', 'Cancelled']);
      expect(rows[0]?.reason).toBe('The offering did not reach its minimum target of €500,000 by its deadline.');
      const notes = await tx.query(
        `select user_id from public.notifications where title = 'Offering did not reach its minimum' order by user_id`,
      );
      // The two investors, and the SPV's administrators (its demo account among them).
      const spv = await tx.query<{ member_id: string }>(
        `select member_id from public.spv_administrators where spv_id = 'spv-equity'`,
      );
      expect(notes.rows.map((r) => (r as { user_id: string }).user_id).sort()).toEqual(
        [m.investor.id, m.investor2.id, ...spv.rows.map((r) => r.member_id)].sort(),
      );
      expect(spv.rows.map((r) => r.member_id)).toContain(m.eq.id);
      expect((await events(tx, id)).at(-1)).toBe('offering.failed');
      expect(await call(tx, m.eq, 'select public.close_offering($1)', [id])).toMatchObject(
        refusal(actionErrors.offeringNotOpen),
      );
    });
  });

  it('issues an offering whose minimum is held', async () => {
    await asActor(db, m.eq, async (tx) => {
      const id = await opened(tx);
      await hold(tx, m.investor, id, 50_000_000);
      await setTimes(tx, id, { deadline_at: '2026-01-02T00:00:00Z' });
      expect(await schedule(tx)).toEqual({ opened: 0, issued: 1, failed: 0, matured: 0 });
      expect(await statusOf(tx, id)).toBe('issued');
    });
  });
});

// -----------------------------------------------------------------------------------------------
describe('offering_accepts', () => {
  it('refuses outside the tickets and, first come, above what is left, saying what is left', async () => {
    await asActor(db, m.investor, async (tx) => {
      const id = await opened(tx, { allocation_rule: 'first_come' });
      await hold(tx, m.investor2, id, 96_999_950);
      const accepts = (amount: number) => call(tx, m.investor, 'select public.offering_accepts($1, $2)', [id, amount]);
      expect(await accepts(99_999)).toMatchObject(
        refusal(offeringRefusalError({ code: 'BELOW_MIN_TICKET', limitCents: 100_000 })),
      );
      expect(await accepts(5_000_001)).toMatchObject(
        refusal(offeringRefusalError({ code: 'ABOVE_MAX_TICKET', limitCents: 5_000_000 })),
      );
      expect(await accepts(3_000_100)).toMatchObject({
        ok: false,
        code: 'P0001',
        message: 'ABOVE_REMAINING: Only €30,000.50 is left in this offering. Enter at most that.',
      });
      expect(await accepts(3_000_050)).toMatchObject({ ok: true });
      expect(await accepts(0)).toMatchObject(refusal(actionErrors.badAmount));
    });
  });

  it('lets pro rata take more than is left, refuses a draft as unknown to an investor, and enforces nothing on a sample', async () => {
    await asActor(db, m.investor, async (tx) => {
      const id = await opened(tx);
      await hold(tx, m.investor2, id, 99_000_000);
      expect(await call(tx, m.investor, 'select public.offering_accepts($1, $2)', [id, 5_000_000])).toMatchObject({
        ok: true,
      });
      const draft = await create(tx);
      expect(await call(tx, m.investor, 'select public.offering_accepts($1, $2)', [draft, 5_000_000])).toMatchObject(
        refusal(actionErrors.unknownOpportunity),
      );
      expect(await call(tx, m.eq, 'select public.offering_accepts($1, $2)', [draft, 5_000_000])).toMatchObject(
        refusal(offeringRefusalError({ code: 'NOT_OPEN', limitCents: null })),
      );
      const sample = sampleSharedRows.opportunities.find((o) => o.open);
      const closed = sampleSharedRows.opportunities.find((o) => !o.open);
      expect(await call(tx, m.investor, 'select public.offering_accepts($1, 1)', [sample?.id])).toMatchObject({
        ok: true,
      });
      expect(await call(tx, m.investor, 'select public.offering_accepts($1, 1)', [closed?.id])).toMatchObject(
        refusal(offeringRefusalError({ code: 'NOT_OPEN', limitCents: null })),
      );
    });
  });
});

// -----------------------------------------------------------------------------------------------
