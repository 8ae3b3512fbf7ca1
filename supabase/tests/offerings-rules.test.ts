import type { PGlite } from '@electric-sql/pglite';
import {
  allocateUnits,
  allocationRules,
  formatEuros,
  nextOfferingStatus,
  OfferingDetailsSchema,
  type OfferingLimits,
  offeringActions,
  offeringConsistencyCases,
  offeringConsistencyError,
  offeringDetailsCases,
  offeringDetailsError,
  offeringFieldKeys,
  offeringRefusal,
  offeringRefusalError,
  offeringStatuses,
  validOfferingDetails,
} from '@vault/domain';
import fc from 'fast-check';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seededDb } from './db';

/**
 * The offering's rules, once in @vault/domain (packages/domain/src/offerings/) and once in SQL
 * (supabase/schemas/12_offerings.sql): both give the same first fault of every case of details and of
 * terms, the same state table, the same allocation for any offering and holds (fast-check), the
 * same refusal of a subscription, and write euros alike.
 */

let db: PGlite;

beforeAll(async () => {
  db = await seededDb();
});

afterAll(async () => {
  await db?.close();
});

async function one<T>(sql: string, params: unknown[]): Promise<T> {
  const { rows } = await db.query<{ out: T }>(sql, params);
  return (rows[0] as { out: T }).out;
}

describe('the details of an offering', () => {
  it.each(offeringDetailsCases.map((details, index) => ({ index, details })))(
    'case $index: the SQL and the domain name the same first fault',
    async ({ details }) => {
      const sql = await one<string | null>('select public.offering_details_error($1::jsonb) as out', [
        JSON.stringify(details),
      ]);
      expect(sql).toBe(offeringDetailsError(details)?.message ?? null);
    },
  );

  it('has faults to find: most cases are refused, with the field named first', () => {
    const faults = offeringDetailsCases.map(offeringDetailsError).filter((f) => f !== null);
    expect(faults.length).toBeGreaterThan(offeringDetailsCases.length / 2);
    for (const fault of faults) if (fault.field !== 'details') expect(fault.message.startsWith(fault.field)).toBe(true);
    expect(offeringDetailsError(validOfferingDetails)).toBeNull();
  });

  it.each([...offeringFieldKeys])('%s: a value of the wrong type is refused alike, naming the field', async (key) => {
    const details = { [key]: { wrong: true } };
    const sql = await one<string | null>('select public.offering_details_error($1::jsonb) as out', [
      JSON.stringify(details),
    ]);
    expect(sql).toBe(offeringDetailsError(details)?.message ?? null);
    expect(sql?.startsWith(key)).toBe(true);
  });

  it('are described by the valibot schema the rules come from', () => {
    expect(v.safeParse(OfferingDetailsSchema, validOfferingDetails).success).toBe(true);
    expect(v.safeParse(OfferingDetailsSchema, { unit_price_cents: 0 }).success).toBe(false);
    expect(v.safeParse(OfferingDetailsSchema, { other: 1 }).success).toBe(false);
  });

  it.each(
    offeringConsistencyCases.flatMap((terms, index) => [
      { index, terms, complete: true },
      { index, terms, complete: false },
    ]),
  )('terms $index (complete: $complete): the same first inconsistency', async ({ terms, complete }) => {
    const now = new Date();
    const sql = await one<string | null>('select public.offering_consistency_error($1::jsonb, $2, $3) as out', [
      JSON.stringify(terms),
      complete,
      now.toISOString(),
    ]);
    expect(sql).toBe(offeringConsistencyError(terms, complete, now)?.message ?? null);
  });
});

describe('the state table', () => {
  const cases = offeringActions.flatMap((action) => offeringStatuses.map((status) => ({ action, status })));
  it.each(cases)('$action from $status', async ({ action, status }) => {
    const sql = await one<string | null>('select public.offering_next_status($1, $2) as out', [action, status]);
    expect(sql).toBe(nextOfferingStatus(action, status));
  });

  it('never leaves an end state', () => {
    for (const status of ['issued', 'failed', 'withdrawn', 'closed'] as const)
      for (const action of offeringActions) expect(nextOfferingStatus(action, status)).toBeNull();
  });
});

async function sqlAllocation(rule: string, price: number, max: number, amounts: number[]): Promise<number[]> {
  const { rows } = await db.query<{ units: string }>(
    'select units::text from public.offering_allocation($1, $2, $3, $4::bigint[]) order by ord',
    [rule, price, max, amounts],
  );
  return rows.map((r) => Number(r.units));
}

describe('the allocation at closing', () => {
  const offering = fc.record({
    rule: fc.constantFrom(...allocationRules),
    price: fc.integer({ min: 1, max: 100_000 }),
    maxUnits: fc.integer({ min: 1, max: 100_000 }),
    amounts: fc.array(fc.integer({ min: 1, max: 50_000_000 }), { maxLength: 40 }),
  });

  it('is the same in SQL and in the domain, never above the maximum, and loses no unit beyond one per hold', async () => {
    await fc.assert(
      fc.asyncProperty(offering, async ({ rule, price, maxUnits, amounts }) => {
        const max = price * maxUnits;
        const holds = amounts.map((amountCents) => ({ amountCents }));
        const domain = allocateUnits(rule, price, max, holds);
        expect(await sqlAllocation(rule, price, max, amounts)).toEqual(domain);
        const asked = amounts.map((a) => Math.floor(a / price));
        const totalAsked = asked.reduce((a, b) => a + b, 0);
        const given = domain.reduce((a, b) => a + b, 0);
        // Every unit the maximum allows is given when enough are asked, never more.
        expect(given).toBe(Math.min(totalAsked, maxUnits));
        expect(given * price).toBeLessThanOrEqual(max);
        domain.forEach((units, i) => {
          const wanted = asked[i] ?? 0;
          expect(units).toBeGreaterThanOrEqual(0);
          expect(units).toBeLessThanOrEqual(wanted);
          if (rule === 'pro_rata' && totalAsked > maxUnits) {
            // Scaled to the maximum: within one unit of the exact share.
            expect(Math.abs(units - (wanted * maxUnits) / totalAsked)).toBeLessThan(1);
          }
        });
      }),
      { numRuns: 150 },
    );
  });

  it('gives the remaining units to the largest remainders, the earlier hold first on a tie', () => {
    // 3 units among three equal holds of 2 units: one each, then nothing left.
    expect(
      allocateUnits('pro_rata', 100, 300, [{ amountCents: 200 }, { amountCents: 200 }, { amountCents: 200 }]),
    ).toEqual([1, 1, 1]);
    // 2 units among three equal holds: the remainders tie, so the first two get them.
    expect(
      allocateUnits('pro_rata', 100, 200, [{ amountCents: 200 }, { amountCents: 200 }, { amountCents: 200 }]),
    ).toEqual([1, 1, 0]);
    // First come: in order, until the units are gone.
    expect(
      allocateUnits('first_come', 100, 500, [{ amountCents: 300 }, { amountCents: 300 }, { amountCents: 300 }]),
    ).toEqual([3, 2, 0]);
  });
});

describe('what an offering accepts', () => {
  const now = new Date('2026-06-01T12:00:00Z');
  const open: OfferingLimits = {
    status: 'open',
    deadlineAt: '2026-07-01T00:00:00Z',
    opensAt: '2026-05-01T00:00:00Z',
    allocationRule: 'first_come',
    maxTargetCents: 1_000_000,
    minTicketCents: 10_000,
    maxTicketCents: 500_000,
    heldCents: 700_000,
  };
  const cases: [string, OfferingLimits, number][] = [
    ['within every limit', open, 100_000],
    ['below the minimum ticket', open, 9_999],
    ['above the maximum ticket', open, 500_001],
    ['above what is left', open, 300_050],
    ['exactly what is left', open, 300_000],
    ['pro rata takes more than is left', { ...open, allocationRule: 'pro_rata' }, 400_000],
    ['not yet open', { ...open, opensAt: '2026-06-02T00:00:00Z' }, 100_000],
    ['past its deadline', { ...open, deadlineAt: '2026-06-01T12:00:00Z' }, 100_000],
    ['in review', { ...open, status: 'in_review' }, 100_000],
    ['a sample opportunity: its minimum is not enforced', { ...open, deadlineAt: null, heldCents: 2_000_000 }, 1],
    ['a closed sample', { ...open, status: 'closed', deadlineAt: null }, 1],
  ];
  it.each(cases)('%s', async (_, o, amount) => {
    const { rows } = await db.query<{ code: string | null; limit_cents: string | null }>(
      `select code, limit_cents::text from public.offering_refusal($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
      [
        o.status,
        o.deadlineAt,
        o.opensAt,
        o.allocationRule,
        o.maxTargetCents,
        o.minTicketCents,
        o.maxTicketCents,
        o.heldCents,
        amount,
        now.toISOString(),
      ],
    );
    const domain = offeringRefusal(o, amount, now);
    const row = rows[0];
    expect({ code: row?.code ?? null, limit: row?.limit_cents === null ? null : Number(row?.limit_cents) }).toEqual({
      code: domain?.code ?? null,
      limit: domain?.limitCents ?? null,
    });
    if (domain) {
      const message = await one<string>('select public.offering_refusal_message($1, $2) as out', [
        domain.code,
        domain.limitCents,
      ]);
      expect(message).toBe(offeringRefusalError(domain).message);
    }
  });

  it('writes euros as the domain does', async () => {
    for (const cents of [0, 1, 99, 100, 500_000, 300_050, 123_456_789, 10_000_000_000]) {
      expect(await one<string>('select public.format_euros($1) as out', [cents])).toBe(formatEuros(cents));
    }
  });
});
