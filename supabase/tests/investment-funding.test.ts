import type { PGlite, Transaction } from '@electric-sql/pglite';
import { investmentFunding, investmentQuote, type PaymentMethod } from '@vault/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { become, type Callers, createCallers } from './actors';
import { asActor, seededDb } from './db';
import { balanceOf, makeReadyToInvest, openOpportunity, recordPayment } from './ledgerSupport';

/**
 * The investment flow shows what `submit_investment` will do from `investmentFunding` (held now,
 * collected by the method): the SQL must do exactly that. All or nothing: the whole total is held
 * when the available cash covers it, nothing otherwise, and a payment of what is missing (not a
 * cent less) then holds the whole total.
 */

let db: PGlite;
let callers: Callers;

beforeAll(async () => {
  db = await seededDb();
  callers = await createCallers(db);
});

afterAll(async () => {
  await db?.close();
});

async function statusOf(tx: Transaction, id: string): Promise<string | undefined> {
  await tx.exec('reset role');
  const { rows } = await tx.query<{ status: string }>('select status from public.investments where id = $1', [id]);
  return rows[0]?.status;
}

const cases: { cash: string; method: PaymentMethod; amountCents: number; available: (totalCents: number) => number }[] =
  [
    { cash: 'exactly the total', method: 'bank', amountCents: 500_000, available: (total) => total },
    { cash: 'more than the total', method: 'bank', amountCents: 500_000, available: (total) => total + 123 },
    { cash: 'a cent short', method: 'bank', amountCents: 500_000, available: (total) => total - 1 },
    { cash: '€1,000', method: 'bank', amountCents: 500_000, available: () => 100_000 },
    { cash: 'none', method: 'card', amountCents: 1_000_000, available: () => 0 },
    { cash: 'the card fee short', method: 'card', amountCents: 1_000_000, available: (total) => total - 15_000 },
  ];

describe('investmentFunding matches submit_investment', () => {
  it.each(cases)('$method, $amountCents cents, cash $cash', async ({ method, amountCents, available }) => {
    await asActor(db, 'service_role', async (tx) => {
      const me = callers.investorA;
      const total = investmentQuote(amountCents, method).totalCents;
      const cash = available(total);
      await makeReadyToInvest(tx, me);
      if (cash > 0) await recordPayment(tx, me, `pi_cash_${crypto.randomUUID()}`, cash, 'settled');
      expect((await balanceOf(tx, me)).available).toBe(cash);

      const funding = investmentFunding(cash, total);
      await become(tx, me);
      const { rows } = await tx.query<{ id: string; status: string }>(
        'select id, status from public.submit_investment($1, $2, $3, $4)',
        [openOpportunity.id, amountCents, method, crypto.randomUUID()],
      );
      const row = rows[0];
      if (!row) throw new Error('submit answered no row');
      expect(row.status).toBe(funding.status);
      expect(await balanceOf(tx, me)).toEqual({
        available: cash - funding.heldNowCents,
        held: funding.heldNowCents,
        total: cash,
      });
      if (funding.collectedCents === 0) return;

      // A cent short of what the method collects holds nothing; the last cent holds the total.
      if (funding.collectedCents > 1) {
        await recordPayment(tx, me, `pi_short_${crypto.randomUUID()}`, funding.collectedCents - 1, 'settled');
        expect(await statusOf(tx, row.id)).toBe('Awaiting payment');
      }
      await recordPayment(tx, me, `pi_last_${crypto.randomUUID()}`, 1, 'settled');
      expect(await statusOf(tx, row.id)).toBe('Pending');
      expect(await balanceOf(tx, me)).toEqual({ available: 0, held: total, total });
    });
  });
});
