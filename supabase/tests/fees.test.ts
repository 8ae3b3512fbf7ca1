import type { PGlite } from '@electric-sql/pglite';
import {
  actionErrors,
  investmentQuote,
  investmentQuoteCases,
  type PaymentMethod,
  wholeEuroBankCases,
} from '@vault/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Callers, callerNames, createCallers, whoIs } from './actors';
import { asActor, seededDb, tryQuery } from './db';

/**
 * The server's fees (08_investments.sql) equal investmentQuote in @vault/domain
 * for every case of the domain's own fee tests (packages/domain/src/backend/fees.ts), and more.
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

interface SqlQuote {
  management_fee_cents: number;
  card_fee_cents: number;
  total_cents: number;
}

async function sqlQuote(amountCents: number, method: PaymentMethod): Promise<SqlQuote | undefined> {
  const { rows } = await db.query<SqlQuote>(
    `select management_fee_cents::float8 as management_fee_cents, card_fee_cents::float8 as card_fee_cents,
            total_cents::float8 as total_cents
     from public.investment_quote($1, $2)`,
    [amountCents, method],
  );
  return rows[0];
}

function domainQuote(amountCents: number, method: PaymentMethod): SqlQuote {
  const q = investmentQuote(amountCents, method);
  return { management_fee_cents: q.managementFeeCents, card_fee_cents: q.cardFeeCents, total_cents: q.totalCents };
}

describe('investment_quote', () => {
  it.each(investmentQuoteCases)('equals investmentQuote and the domain’s case for $name', async (c) => {
    const bank = await sqlQuote(c.amountCents, 'bank');
    const card = await sqlQuote(c.amountCents, 'card');
    expect(bank).toEqual(domainQuote(c.amountCents, 'bank'));
    expect(card).toEqual(domainQuote(c.amountCents, 'card'));
    expect(bank).toEqual({
      management_fee_cents: c.bank.managementFeeCents,
      card_fee_cents: 0,
      total_cents: c.bank.totalCents,
    });
    expect(card).toEqual({
      management_fee_cents: c.card.managementFeeCents,
      card_fee_cents: c.card.cardFeeCents,
      total_cents: c.card.totalCents,
    });
  });

  it('equals investmentQuote for the whole-euro cases, every rounding edge and zero', async () => {
    const amounts = [0, ...wholeEuroBankCases.map((e) => e * 100)];
    for (let cents = 1; cents <= 400; cents += 1) amounts.push(cents);
    amounts.push(33, 34, 49, 50, 51, 99, 100, 101, 9_999, 123_456_789);
    for (const amount of amounts) {
      for (const method of ['bank', 'card'] as const) {
        expect(await sqlQuote(amount, method), `${amount} ${method}`).toEqual(domainQuote(amount, method));
      }
    }
  });

  it('refuses a negative or missing amount, one beyond the largest safe integer, and an unknown method', async () => {
    const cases: [unknown[], { code: string; message: string }][] = [
      [[-1, 'bank'], actionErrors.quoteBadAmount],
      [[null, 'card'], actionErrors.quoteBadAmount],
      [['9007199254740992', 'bank'], actionErrors.quoteBadAmount],
      [[100, 'crypto'], actionErrors.quoteBadMethod],
      [[100, null], actionErrors.quoteBadMethod],
    ];
    await asActor(db, 'service_role', async (tx) => {
      for (const [params, error] of cases) {
        expect(
          await tryQuery(tx, 'select * from public.investment_quote($1, $2)', params),
          JSON.stringify(params),
        ).toMatchObject({ ok: false, ...error });
      }
    });
  });

  it.each(callerNames)('as %s', async (name) => {
    const result = await asActor(db, whoIs(callers, name), (tx) =>
      tryQuery(tx, `select total_cents::int as t from public.investment_quote(500000, 'card')`),
    );
    if (name === 'anon')
      expect(result).toMatchObject({ ok: false, ...actionErrors.functionDenied('investment_quote') });
    else expect(result).toMatchObject({ ok: true, value: { rows: [{ t: 512_500 }] } });
  });
});
