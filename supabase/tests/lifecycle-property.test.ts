import type { PGlite } from '@electric-sql/pglite';
import { distributionShares, withholdingBps, withholdingCents } from '@vault/domain';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { become } from './actors';
import { type Account, asActor, createUser, seededDb } from './db';
import { accountOf, issuedOffering, ledgerVerify, type Members, makeMembers, residence } from './lifecycleSupport';

/**
 * A property of distributions (docs/lifecycle.md "Rounding"): for random holdings (units, time of
 * holding, tax residence) and a random amount, the declared lines are the domain's
 * `distributionShares` (largest remainder, the earlier holding first on a tie), each within one
 * cent of its exact pro rata share, withheld by `withholdingBps`; Σ net + Σ withholding = the
 * amount, the offering's account pays exactly that, and the ledger's invariants hold after it.
 * The seed is printed; `LIFECYCLE_SEED=<seed>` replays a run, `LIFECYCLE_RUNS` sets how many.
 */

const SEED = process.env.LIFECYCLE_SEED === undefined ? Date.now() % 2_147_483_647 : Number(process.env.LIFECYCLE_SEED);
const RUNS = Number(process.env.LIFECYCLE_RUNS ?? 30);
const COUNTRIES = ['NL', 'GB', 'DE', 'BE', 'US', null] as const;

let db: PGlite;
let m: Members;
let pool: { account: Account; country: string | null }[];

beforeAll(async () => {
  db = await seededDb();
  m = await makeMembers(db);
  pool = [];
  for (let i = 0; i < 12; i += 1) {
    const account = await createUser(db, { role: 'investor' });
    const country = COUNTRIES[i % COUNTRIES.length] ?? null;
    if (country) await residence(db, account, country);
    pool.push({ account, country });
  }
});

afterAll(async () => {
  await db?.close();
});

interface Line {
  member_id: string;
  units: number;
  gross_cents: number;
  withholding_cents: number;
  net_cents: number;
}

describe('a distribution over random holdings', () => {
  it('pays the amount to the cent, each share within a cent of pro rata, the ledger balanced', async () => {
    console.log(`lifecycle property: seed ${SEED} (LIFECYCLE_SEED=${SEED} replays it)`);
    const scenario = fc.record({
      holdings: fc.uniqueArray(
        fc.record({
          who: fc.integer({ min: 0, max: 11 }),
          units: fc.integer({ min: 1, max: 5_000_000 }),
          daysAgo: fc.integer({ min: 1, max: 4 }),
        }),
        { minLength: 1, maxLength: 12, selector: (h) => h.who },
      ),
      amount: fc.oneof(fc.integer({ min: 1, max: 1_000 }), fc.integer({ min: 1, max: 2_000_000_000 })),
      kind: fc.constantFrom('income', 'capital'),
    });
    await fc.assert(
      fc.asyncProperty(scenario, async ({ holdings, amount, kind }) => {
        await asActor(db, m.eq, async (tx) => {
          const holders = holdings.map((h) => {
            const p = pool[h.who];
            if (!p) throw new Error('no such pool member');
            return { ...h, member: p.account, country: p.country };
          });
          const id = await issuedOffering(tx, m.eq, holders, amount);
          await become(tx, m.eq);
          const today = new Date().toISOString().slice(0, 10);
          const { rows } = await tx.query<{ d: { id: string; lines: Line[] } }>(
            'select public.declare_distribution($1, $2, $3, $4) as d',
            [id, today, amount, kind],
          );
          const d = rows[0]?.d;
          if (!d) throw new Error('no distribution');

          // The domain's shares, the earlier holding (then the smaller member id) first on a tie.
          const ordered = [...holders].sort((a, b) =>
            a.daysAgo !== b.daysAgo ? b.daysAgo - a.daysAgo : a.member.id < b.member.id ? -1 : 1,
          );
          const shares = distributionShares(
            amount,
            ordered.map((h, order) => ({ units: h.units, order })),
          );
          const total = holders.reduce((s, h) => s + h.units, 0);
          for (const [index, h] of ordered.entries()) {
            const line = d.lines.find((l) => l.member_id === h.member.id);
            const gross = shares[index] ?? -1;
            expect(line?.gross_cents).toBe(gross);
            expect(Math.abs(gross - (amount * h.units) / total)).toBeLessThan(1);
            const withheld = withholdingCents(gross, withholdingBps(h.country, kind as 'income' | 'capital'));
            expect(line?.withholding_cents).toBe(withheld);
            expect(line?.net_cents).toBe(gross - withheld);
          }
          expect(d.lines).toHaveLength(holders.length);
          const paidOut = d.lines.reduce((s, l) => s + l.net_cents + l.withholding_cents, 0);
          expect(paidOut).toBe(amount);

          await become(tx, m.mfo_admin);
          await tx.query('select public.pay_distribution($1)', [d.id]);
          expect(await accountOf(tx, 'offering_escrow', id)).toBe(0);
          expect(await ledgerVerify(tx, m.mfo_admin)).toBeNull();
          await become(tx, m.mfo_admin);
          const trial = await tx.query<{ balanced: boolean }>(
            `select bool_and(debits_posted = credits_posted and debits_pending = credits_pending) as balanced
             from public.ledger_trial_balance()`,
          );
          expect(trial.rows).toEqual([{ balanced: true }]);
        });
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });
});
