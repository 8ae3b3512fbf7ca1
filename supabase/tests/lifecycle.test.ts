import type { PGlite, Transaction } from '@electric-sql/pglite';
import { actionErrors, distributionShares, withholdingBps, withholdingCents } from '@vault/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { become } from './actors';
import { asActor, seededDb, tryQuery } from './db';
import {
  accountOf,
  call,
  cashOf,
  fund,
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
 * Unit prices and distributions on the server (supabase/schemas/13_lifecycle.sql,
 * docs/lifecycle.md): every function × every caller; one price a day, never in the future, the
 * history kept and positions valued at the latest; a distribution declared pro rata with its
 * withholding, paid once by someone other than its declarer from the offering's account, each
 * holder told once; the ledger's invariants after each.
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

/** An offering with investor (600 units, NL), investor2 (400 units, GB), issued 30 days ago, €5,000 in its account. */
async function standard(tx: Transaction, fundCents = 500_000): Promise<string> {
  return issuedOffering(
    tx,
    m.eq,
    [
      { member: m.investor, units: 600, daysAgo: 30 },
      { member: m.investor2, units: 400, daysAgo: 20 },
    ],
    fundCents,
  );
}

const today = () => new Date().toISOString().slice(0, 10);
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);

async function declare(tx: Transaction, id: string, amount: number, kind = 'income', by = m.eq) {
  await become(tx, by);
  const { rows } = await tx.query<{ d: { id: string; lines: Record<string, unknown>[] } }>(
    'select public.declare_distribution($1, $2, $3, $4) as d',
    [id, today(), amount, kind],
  );
  const d = rows[0]?.d;
  if (!d) throw new Error('no distribution');
  return d;
}

// -----------------------------------------------------------------------------------------------
describe('every function × every caller', () => {
  const spvActs: Name[] = ['eq', 'adminFlag'];
  const noExecute = (n: Name) => n === 'anon' || n === 'service_role';

  it.each(names)('set_unit_price as %s', async (name) => {
    await asActor(db, m.eq, async (tx) => {
      const id = await standard(tx);
      const result = await call(tx, whoOf(m, name), 'select public.set_unit_price($1, $2, $3, $4)', [
        id,
        11_000,
        today(),
        'Quarterly valuation',
      ]);
      if (spvActs.includes(name)) expect(result).toMatchObject({ ok: true });
      else if (noExecute(name)) expect(result).toMatchObject(refusal(actionErrors.functionDenied('set_unit_price')));
      else expect(result).toMatchObject(refusal(actionErrors.offeringSpvDenied));
    });
  });

  it.each(names)('declare_distribution as %s', async (name) => {
    await asActor(db, m.eq, async (tx) => {
      const id = await standard(tx);
      const result = await call(tx, whoOf(m, name), 'select public.declare_distribution($1, $2, $3, $4)', [
        id,
        today(),
        10_000,
        'income',
      ]);
      if (spvActs.includes(name)) expect(result).toMatchObject({ ok: true });
      else if (noExecute(name))
        expect(result).toMatchObject(refusal(actionErrors.functionDenied('declare_distribution')));
      else expect(result).toMatchObject(refusal(actionErrors.offeringSpvDenied));
    });
  });

  it.each(names)('pay_distribution as %s', async (name) => {
    await asActor(db, m.eq, async (tx) => {
      const id = await standard(tx);
      const d = await declare(tx, id, 10_000);
      const result = await call(tx, whoOf(m, name), 'select public.pay_distribution($1)', [d.id]);
      if (name === 'mfo_admin' || name === 'adminFlag') expect(result).toMatchObject({ ok: true });
      else if (noExecute(name)) expect(result).toMatchObject(refusal(actionErrors.functionDenied('pay_distribution')));
      else expect(result).toMatchObject(refusal(actionErrors.distributionPayDenied));
    });
  });

  it.each(names)('list_distributions, my_distributions as %s', async (name) => {
    await asActor(db, m.eq, async (tx) => {
      const id = await standard(tx);
      await declare(tx, id, 10_000);
      const listed = await call(tx, whoOf(m, name), 'select * from public.list_distributions($1)', [id]);
      const mine = await call(tx, whoOf(m, name), 'select * from public.my_distributions()');
      if (noExecute(name)) {
        expect(listed).toMatchObject(refusal(actionErrors.functionDenied('list_distributions')));
        expect(mine).toMatchObject(refusal(actionErrors.functionDenied('my_distributions')));
        return;
      }
      const sees = ['eq', 'mfo_admin', 'compliance', 'adminFlag'].includes(name);
      if (sees)
        expect(listed).toMatchObject({ ok: true, value: { rows: [{ opportunity_id: id, status: 'declared' }] } });
      else if (name === 'cl' || name === 'prod' || name === 'eqOther')
        expect(listed).toMatchObject({ ok: true, value: { rows: [] } });
      else expect(listed).toMatchObject(refusal(actionErrors.offeringSpvDenied));
      const lines = name === 'investor' ? 1 : name === 'investor2' ? 1 : 0;
      expect(mine).toMatchObject({ ok: true });
      if (mine.ok) expect(mine.value.rows).toHaveLength(lines);
    });
  });
});

// -----------------------------------------------------------------------------------------------
describe('unit prices', () => {
  it('keep one price a day, the later replacing it, never in the future, and value positions at the latest', async () => {
    await asActor(db, m.eq, async (tx) => {
      const id = await standard(tx);
      const set = (price: number, on: string, reason = 'Valuation') =>
        call(tx, m.eq, 'select price_cents::int, as_of::text from public.set_unit_price($1, $2, $3, $4)', [
          id,
          price,
          on,
          reason,
        ]);
      expect(await set(10_500, daysAgo(10))).toMatchObject({ ok: true });
      expect(await set(12_000, today())).toMatchObject({ ok: true });
      expect(await set(12_500, today(), 'Corrected valuation')).toMatchObject({
        ok: true,
        value: { rows: [{ price_cents: 12_500, as_of: today() }] },
      });
      // A retry records nothing more.
      expect(await set(12_500, today(), 'Corrected valuation')).toMatchObject({ ok: true });
      const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
      expect(await set(13_000, tomorrow)).toMatchObject(refusal(actionErrors.priceInFuture));
      expect(await set(13_000, daysAgo(400))).toMatchObject(refusal(actionErrors.priceBeforeIssue));
      expect(await set(-1, today())).toMatchObject(refusal(actionErrors.priceOutOfRange));
      expect(await set(13_000, today(), ' ')).toMatchObject(refusal(actionErrors.offeringReasonRequired));

      await owner(tx);
      const history = await tx.query<{ as_of: string; price_cents: number; reason: string }>(
        `select as_of::text, price_cents::int, reason from public.unit_prices where opportunity_id = $1 order by as_of`,
        [id],
      );
      expect(history.rows).toEqual([
        { as_of: daysAgo(30), price_cents: 10_000, reason: 'Issue price' },
        { as_of: daysAgo(10), price_cents: 10_500, reason: 'Valuation' },
        { as_of: today(), price_cents: 12_500, reason: 'Corrected valuation' },
      ]);
      const events = await tx.query<{ details: Record<string, unknown> }>(
        `select details from public.audit_events where action = 'offering.price_set' and subject_id = $1 order by id`,
        [id],
      );
      expect(events.rows.map((e) => e.details.price_cents)).toEqual([10_500, 12_000, 12_500]);
      expect(events.rows[2]?.details).toMatchObject({ replaced_cents: 12_000 });
      const told = await tx.query(
        `select 1 from public.notifications where user_id = $1 and title = 'New unit price' and body like '%€125 a unit%'`,
        [m.investor.id],
      );
      expect(told.rows).toHaveLength(1);

      await become(tx, m.investor);
      const mine = await tx.query(
        'select units::int, value_cents::int, status from public.my_positions() where opportunity_id = $1',
        [id],
      );
      expect(mine.rows).toEqual([{ units: 600, value_cents: 600 * 12_500, status: 'Active' }]);
    });
  });

  it('are refused for an offering that has issued nothing, and on another SPV’s offering', async () => {
    await asActor(db, m.eq, async (tx) => {
      const id = await issuedOffering(tx, m.eq, [], 0);
      expect(
        await call(tx, m.eq, 'select public.set_unit_price($1, 1, $2, $3)', [id, today(), 'Valuation']),
      ).toMatchObject(refusal(actionErrors.offeringNotIssued));
      expect(
        await call(tx, m.eqOther, 'select public.set_unit_price($1, 1, $2, $3)', [id, today(), 'Valuation']),
      ).toMatchObject(refusal(actionErrors.offeringSpvDenied));
      expect(
        await call(tx, m.eq, 'select public.set_unit_price($1, 1, $2, $3)', ['no-such', today(), 'Valuation']),
      ).toMatchObject(refusal(actionErrors.noSuchOffering));
    });
  });
});

// -----------------------------------------------------------------------------------------------
describe('distributions', () => {
  it('are declared pro rata to the holders at the record date, withheld by residence, and answer their lines', async () => {
    await asActor(db, m.eq, async (tx) => {
      const id = await standard(tx);
      const d = await declare(tx, id, 100_001);
      const gross = distributionShares(100_001, [
        { units: 600, order: 0 },
        { units: 400, order: 1 },
      ]);
      const nl = withholdingBps('NL', 'income');
      expect(nl).toBeGreaterThan(0);
      expect(d.lines).toEqual([
        {
          member_id: m.investor.id,
          units: 600,
          gross_cents: gross[0],
          withholding_cents: withholdingCents(gross[0] ?? 0, nl),
          net_cents: (gross[0] ?? 0) - withholdingCents(gross[0] ?? 0, nl),
        },
        { member_id: m.investor2.id, units: 400, gross_cents: gross[1], withholding_cents: 0, net_cents: gross[1] },
      ]);
      expect(d).toMatchObject({ amount_cents: 100_001, kind: 'income', status: 'declared', holders: 2 });
      // A holder after the record date is not one: a record date before investor2's units.
      await become(tx, m.eq);
      const early = await tx.query<{ d: { lines: { member_id: string }[] } }>(
        'select public.declare_distribution($1, $2, 5000, $3) as d',
        [id, daysAgo(25), 'capital'],
      );
      expect(early.rows[0]?.d.lines.map((l) => l.member_id)).toEqual([m.investor.id]);
      // A retry answers the same declaration; another amount is refused.
      expect((await declare(tx, id, 100_001)).id).toBe(d.id);
      expect(
        await call(tx, m.eq, 'select public.declare_distribution($1, $2, 5, $3)', [id, today(), 'income']),
      ).toMatchObject(refusal(actionErrors.distributionDeclaredOtherwise));
      const bad = (args: unknown[]) => call(tx, m.eq, 'select public.declare_distribution($1, $2, $3, $4)', args);
      expect(await bad([id, today(), 100, 'bonus'])).toMatchObject(refusal(actionErrors.badDistributionKind));
      expect(await bad([id, today(), 0, 'income'])).toMatchObject(refusal(actionErrors.badDistributionAmount));
      expect(await bad([id, '2999-01-01', 100, 'income'])).toMatchObject(refusal(actionErrors.recordDateInFuture));
      expect(await bad([id, daysAgo(60), 100, 'income'])).toMatchObject(refusal(actionErrors.noHolders));
      await owner(tx);
      const events = await tx.query(`select 1 from public.audit_events where action = 'distribution.declared'`);
      expect(events.rows.length).toBeGreaterThanOrEqual(2);
    });
  });

  it('are paid once, by someone other than the declarer, from the offering’s account, each holder told once', async () => {
    await asActor(db, m.eq, async (tx) => {
      const id = await standard(tx);
      const before = { a: await cashOf(tx, m.investor), b: await cashOf(tx, m.investor2) };
      const taxBefore = await accountOf(tx, 'tax_withheld');
      const d = await declare(tx, id, 100_001);
      const pay = (by: typeof m.mfo_admin) => call(tx, by, 'select public.pay_distribution($1) as p', [d.id]);
      const first = await pay(m.mfo_admin);
      expect(first).toMatchObject({ ok: true, value: { rows: [{ p: { status: 'paid', paid_now: true } }] } });
      const again = await pay(m.mfo_admin);
      expect(again).toMatchObject({ ok: true, value: { rows: [{ p: { status: 'paid', paid_now: false } }] } });
      const lines = d.lines as { member_id: string; net_cents: number; withholding_cents: number }[];
      const net = (member: string) => lines.find((l) => l.member_id === member)?.net_cents ?? 0;
      expect(await cashOf(tx, m.investor)).toBe(before.a + net(m.investor.id));
      expect(await cashOf(tx, m.investor2)).toBe(before.b + net(m.investor2.id));
      const withheld = lines.reduce((s, l) => s + l.withholding_cents, 0);
      expect(await accountOf(tx, 'tax_withheld')).toBe(taxBefore + withheld);
      expect(await accountOf(tx, 'offering_escrow', id)).toBe(500_000 - 100_001);
      await owner(tx);
      const transfers = await tx.query<{ kind: string; n: number; total: number; links: number }>(
        `select kind, count(*)::int as n, sum(amount_cents)::int as total, count(distinct linked_id)::int as links
         from public.ledger_transfers where subject_type = 'distribution' and subject_id = $1 group by kind order by kind`,
        [d.id],
      );
      expect(transfers.rows).toEqual([
        { kind: 'distribution', n: 2, total: 100_001 - withheld, links: 1 },
        { kind: 'withholding', n: 1, total: withheld, links: 1 },
      ]);
      const notes = await tx.query<{ user_id: string; body: string }>(
        `select user_id, body from public.notifications
         where title = 'Distribution paid' and body like '%Porto Heat Network%' and user_id in ($1, $2) order by body`,
        [m.investor.id, m.investor2.id],
      );
      expect(notes.rows).toHaveLength(2);
      for (const n of notes.rows)
        expect(n.body).toMatch(/Your share of its impact for the period: Emissions avoided: [\d.]+ tCO2e avoided\./);
      const paid = await tx.query(
        `select details from public.audit_events where action = 'distribution.paid' and subject_id = $1`,
        [d.id],
      );
      expect(paid.rows).toHaveLength(1);
      expect(await ledgerVerify(tx, m.mfo_admin)).toBeNull();
    });
  });

  it('four eyes: the declarer may not pay, even with the admin flag', async () => {
    await asActor(db, m.eq, async (tx) => {
      const id = await standard(tx);
      const d = await declare(tx, id, 10_000, 'income', m.adminFlag);
      expect(await call(tx, m.adminFlag, 'select public.pay_distribution($1)', [d.id])).toMatchObject(
        refusal(actionErrors.distributionFourEyes),
      );
      expect(await call(tx, m.mfo_admin, 'select public.pay_distribution($1)', [d.id])).toMatchObject({ ok: true });
      expect(
        await call(tx, m.mfo_admin, 'select public.pay_distribution($1)', ['00000000-0000-4000-8000-000000000000']),
      ).toMatchObject(refusal(actionErrors.unknownDistribution));
    });
  });

  it('refuse a payment the offering’s account does not hold, moving nothing', async () => {
    await asActor(db, m.eq, async (tx) => {
      const id = await standard(tx, 50_000);
      const d = await declare(tx, id, 50_001);
      const cash = await cashOf(tx, m.investor);
      expect(await call(tx, m.mfo_admin, 'select public.pay_distribution($1)', [d.id])).toMatchObject(
        refusal(actionErrors.offeringAccountShort),
      );
      expect(await cashOf(tx, m.investor)).toBe(cash);
      await fund(tx, id, 1);
      expect(await call(tx, m.mfo_admin, 'select public.pay_distribution($1)', [d.id])).toMatchObject({ ok: true });
      expect(await accountOf(tx, 'offering_escrow', id)).toBe(0);
      expect(await ledgerVerify(tx, m.mfo_admin)).toBeNull();
    });
  });
});

// -----------------------------------------------------------------------------------------------
describe('ledger_transfer_batch', () => {
  it('applies posted transfers in order, answers a retry with the same rows, refuses other arguments and overdrafts', async () => {
    await asActor(db, m.eq, async (tx) => {
      const id = await standard(tx, 1_000);
      await owner(tx);
      const accounts = await tx.query<{ escrow: string; a: string; b: string }>(
        `select public.ledger_account('offering_escrow', 'EUR', null, $1) as escrow,
                public.ledger_account('member_cash', 'EUR', $2) as a, public.ledger_account('member_cash', 'EUR', $3) as b`,
        [id, m.investor.id, m.investor2.id],
      );
      const { escrow, a, b } = accounts.rows[0] ?? { escrow: '', a: '', b: '' };
      const leg = (key: string, debit: string, credit: string, cents: number, flags = 'posted') => ({
        id: key,
        flags,
        debit_account_id: Number(debit),
        credit_account_id: Number(credit),
        amount_cents: cents,
        kind: 'distribution',
        subject_type: 'test',
        subject_id: id,
        member_id: null,
        description: 'Batch test',
      });
      const keys = [crypto.randomUUID(), crypto.randomUUID()];
      const legs = [leg(keys[0] ?? '', escrow, a, 300), leg(keys[1] ?? '', escrow, b, 200)];
      const batch = (value: unknown) =>
        tryQuery<{ id: string; debit_balance_after: string; linked_id: string }>(
          tx,
          'select id, debit_balance_after::text, linked_id from public.ledger_transfer_batch($1::jsonb)',
          [JSON.stringify(value)],
        );
      const first = await batch(legs);
      expect(first).toMatchObject({
        ok: true,
        value: {
          rows: [
            { id: keys[0], debit_balance_after: '700', linked_id: keys[0] },
            { id: keys[1], debit_balance_after: '500', linked_id: keys[0] },
          ],
        },
      });
      expect(await batch(legs)).toEqual(first);
      expect(await accountOf(tx, 'offering_escrow', id)).toBe(500);
      expect(await batch([leg(keys[0] ?? '', escrow, a, 301)])).toMatchObject({
        ok: false,
        code: 'P0001',
        message: 'a transfer with this id exists with other arguments',
      });
      expect(await batch([leg(crypto.randomUUID(), a, b, 10_000)])).toMatchObject({
        ok: false,
        code: 'VL001',
        message: 'insufficient available funds',
      });
      expect(await batch([leg(crypto.randomUUID(), escrow, a, 1, 'pending')])).toMatchObject({
        ok: false,
        code: '22023',
      });
      expect(await batch([leg(crypto.randomUUID(), escrow, escrow, 1)])).toMatchObject({
        ok: false,
        message: 'a transfer needs two different accounts',
      });
      expect(await ledgerVerify(tx, m.mfo_admin)).toBeNull();
    });
  });
});
