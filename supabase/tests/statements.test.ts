import type { PGlite, Transaction } from '@electric-sql/pglite';
import { investmentQuote, pdfText, StatementContentSchema, statementPdf } from '@vault/domain';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asOwner, become, type CallerName, type Callers, callerNames, createCallers, whoIs } from './actors';
import { asActor, seededDb, tryQuery } from './db';
import { makeReadyToInvest, openOpportunity, recordPayment } from './ledgerSupport';

/**
 * Statements (supabase/schemas/14_statements.sql, docs/statements.md): each function as every
 * caller; what the three statements say, checked against the ledger; issuing twice issues
 * nothing twice; building a statement again gives the same bytes and SHA-256; opening one records
 * statement.viewed; the PDF's text carries the same totals as the CSV and the ledger.
 */

let db: PGlite;
let callers: Callers;
/** The year after now: every quarter and year of the test's activity has ended by then. */
const AS_OF = "now() + interval '1 year'";
const quarterOf = (d: Date) => {
  const start = new Date(Date.UTC(d.getUTCFullYear(), Math.floor(d.getUTCMonth() / 3) * 3, 1));
  const end = new Date(Date.UTC(d.getUTCFullYear(), Math.floor(d.getUTCMonth() / 3) * 3 + 3, 0));
  return { start: start.toISOString().slice(0, 10), end: end.toISOString().slice(0, 10) };
};
const thisQuarter = quarterOf(new Date());
const thisYear = `${new Date().getUTCFullYear()}-01-01`;

const INVESTED = 100_000;
const quote = investmentQuote(INVESTED, 'bank');
const DISTRIBUTION_NET = 4_000;
const WITHHOLDING = 1_000;

interface StatementRow {
  id: string;
  member_id: string;
  kind: string;
  period_start: string;
  period_end: string;
  content: Record<string, unknown>;
  csv: string;
  sha256: string;
}

/** Runs `body` in a transaction that is kept, as `who`. */
async function committed(body: (tx: Transaction) => Promise<void>): Promise<void> {
  await db.transaction(async (tx) => {
    await body(tx);
  });
}

beforeAll(async () => {
  db = await seededDb();
  callers = await createCallers(db);
  const a = callers.investorA;
  await committed(async (tx) => {
    await makeReadyToInvest(tx, a);
    await recordPayment(tx, a, 'pi_st_1', 200_000, 'settled');
    await become(tx, a);
    const { rows } = await tx.query<{ id: string }>('select id from public.submit_investment($1, $2, $3, $4)', [
      openOpportunity.id,
      INVESTED,
      'bank',
      crypto.randomUUID(),
    ]);
    await become(tx, callers.eq_spv_admin);
    await tx.query(`select public.review_investment($1, 'confirmed', null)`, [rows[0]?.id]);
    await become(tx, a);
    await tx.query('select public.request_withdrawal($1, $2)', [10_000, crypto.randomUUID()]);
    // A distribution and its withholding, as the lifecycle's functions post them: by kind, from
    // the offering's account.
    await tx.exec('reset role');
    await tx.query(`select set_config('request.jwt.claims', '', true)`);
    await tx.query(
      `select public.ledger_transfer(gen_random_uuid(), 'posted',
         public.ledger_account('offering_escrow', 'EUR', null, $1), public.ledger_account('member_cash', 'EUR', $2),
         $3, 'distribution', 'distribution', 'd-1', $2, 'Distribution')`,
      [openOpportunity.id, a.id, DISTRIBUTION_NET],
    );
    await tx.query(
      `select public.ledger_transfer(gen_random_uuid(), 'posted',
         public.ledger_account('offering_escrow', 'EUR', null, $1), public.ledger_account('provider_clearing', 'EUR'),
         $3, 'withholding', 'distribution', 'd-1', $2, 'Withholding')`,
      [openOpportunity.id, a.id, WITHHOLDING],
    );
    await tx.query(
      `insert into public.unit_prices (opportunity_id, as_of, price_cents, reason) values ($1, current_date, 120, 'a valuation')`,
      [openOpportunity.id],
    );
    await recordPayment(tx, callers.investorB, 'pi_st_2', 5_000, 'settled');
    await become(tx, 'service_role');
    await tx.query(`select public.issue_due_statements(${AS_OF})`);
  });
});

afterAll(async () => {
  await db?.close();
});

async function statementsOf(memberId: string): Promise<StatementRow[]> {
  return asOwner(db, async (tx) => {
    const { rows } = await tx.query<StatementRow>(
      `select id, member_id, kind, period_start::text, period_end::text, content, csv, sha256
       from public.statements where member_id = $1 order by period_start, kind`,
      [memberId],
    );
    return rows;
  });
}

async function statementOf(kind: string, periodStart: string): Promise<StatementRow> {
  const found = (await statementsOf(callers.investorA.id)).find(
    (s) => s.kind === kind && s.period_start === periodStart,
  );
  if (!found) throw new Error(`no ${kind} statement from ${periodStart}`);
  return found;
}

/** The CSV's "Totals" section as label -> value. */
function csvTotals(csv: string): Record<string, string> {
  const lines = csv.split('\r\n');
  const from = lines.indexOf('Totals');
  return Object.fromEntries(
    lines
      .slice(from + 1)
      .filter((l) => l.includes(','))
      .map((l) => {
        const [label = '', value = ''] = l.split(',');
        return [label, value];
      }),
  );
}

describe('issue_due_statements', () => {
  it.each(callerNames)('as %s', async (name) => {
    await asActor(db, whoIs(callers, name), async (tx) => {
      const result = await tryQuery<{ issued: Record<string, number> }>(
        tx,
        `select public.issue_due_statements(${AS_OF}) as issued`,
      );
      if (name === 'service_role') {
        // Everything due is issued already: a second run issues nothing.
        expect(result).toEqual({
          ok: true,
          value: { rows: [{ issued: { quarterly_assets: 0, annual_costs: 0, annual_tax: 0 } }] },
        });
      } else {
        expect(result).toMatchObject({ ok: false, code: '42501' });
      }
    });
  });

  it('issues each quarter and year from the first activity to the last ended, once, with its event and notice', async () => {
    const mine = await statementsOf(callers.investorA.id);
    const quarters = mine.filter((s) => s.kind === 'quarterly_assets').map((s) => s.period_start);
    expect(quarters[0]).toBe(thisQuarter.start);
    // Four ended quarters in the year ahead, or five when the next one has ended too.
    expect(quarters.length).toBeGreaterThanOrEqual(4);
    expect(new Set(quarters).size).toBe(quarters.length);
    expect(mine.filter((s) => s.kind === 'annual_costs').map((s) => s.period_start)).toEqual([thisYear]);
    expect(mine.filter((s) => s.kind === 'annual_tax').map((s) => s.period_start)).toEqual([thisYear]);
    await asOwner(db, async (tx) => {
      const events = await tx.query<{ n: number }>(
        `select count(*)::int as n from public.audit_events where action = 'statement.issued' and member_id = $1`,
        [callers.investorA.id],
      );
      expect(events.rows[0]?.n).toBe(mine.length);
      const notices = await tx.query<{ title: string }>(
        `select n.title from public.notifications n
         join public.audit_events e on n.id = 'evt-' || e.id
         where e.action = 'statement.issued' and n.user_id = $1`,
        [callers.investorA.id],
      );
      expect(notices.rows.length).toBe(mine.length);
      expect(notices.rows.map((r) => r.title)).toContain('Quarterly statement ready');
    });
  });

  it('issues nothing for a member with no cash and no units', async () => {
    expect(await statementsOf(callers.compliance.id)).toEqual([]);
  });
});

describe('the statements say what the ledger says', () => {
  it('quarterly: positions at the latest price, every cash line of the quarter, opening + in - out = closing', async () => {
    const s = await statementOf('quarterly_assets', thisQuarter.start);
    const content = v.parse(StatementContentSchema, s.content);
    if (content.kind !== 'quarterly_assets') throw new Error('wrong kind');
    const units = Math.floor(INVESTED / (openOpportunity.unit_price_cents ?? 100));
    expect(content.positions).toEqual([
      expect.objectContaining({
        opportunity_id: openOpportunity.id,
        units,
        unit_price_cents: 120,
        value_cents: units * 120,
      }),
    ]);
    const t = content.totals;
    expect(t.opening_cash_cents).toBe(0);
    expect(t.closing_cash_cents).toBe(t.opening_cash_cents + t.in_cents - t.out_cents);
    // The member's lines as the wallet reads them, and the available cash now.
    await asActor(db, callers.investorA, async (tx) => {
      const lines = await tx.query<{ seq: string; amount_cents: string; balance_cents: string }>(
        'select * from public.my_ledger_lines(null, 200)',
      );
      expect(content.lines.map((l) => l.seq)).toEqual(lines.rows.map((l) => Number(l.seq)).reverse());
      expect(content.lines.map((l) => l.in_cents - l.out_cents)).toEqual(
        lines.rows.map((l) => Number(l.amount_cents)).reverse(),
      );
      const balance = await tx.query<{ available_cents: string }>('select * from public.my_balance()');
      expect(t.closing_cash_cents).toBe(Number(balance.rows[0]?.available_cents));
      expect(t.closing_cash_cents).toBe(200_000 - quote.totalCents - 10_000 + DISTRIBUTION_NET);
    });
    expect(t.assets_cents).toBe(t.closing_cash_cents + t.positions_value_cents);
    expect(csvTotals(s.csv)).toEqual({
      'Opening cash': '0.00',
      'Closing cash': (t.closing_cash_cents / 100).toFixed(2),
      'Positions value': (t.positions_value_cents / 100).toFixed(2),
      'Total assets': (t.assets_cents / 100).toFixed(2),
    });
  });

  it('a later quarter opens with the cash the one before closed with, and has no lines', async () => {
    const quarters = (await statementsOf(callers.investorA.id)).filter((s) => s.kind === 'quarterly_assets');
    const [first, second] = quarters.map((s) => v.parse(StatementContentSchema, s.content));
    if (first?.kind !== 'quarterly_assets' || second?.kind !== 'quarterly_assets') throw new Error('wrong kind');
    expect(second.totals.opening_cash_cents).toBe(first.totals.closing_cash_cents);
    expect(second.totals.closing_cash_cents).toBe(first.totals.closing_cash_cents);
    expect(second.lines).toEqual([]);
  });

  it('annual costs: each fee in euros and as a percentage of the average amount invested', async () => {
    const s = await statementOf('annual_costs', thisYear);
    const content = v.parse(StatementContentSchema, s.content);
    if (content.kind !== 'annual_costs') throw new Error('wrong kind');
    expect(content.fees.map((f) => [f.kind, f.amount_cents])).toEqual([
      ['management_fee', quote.managementFeeCents],
      ['card_fee', 0],
      ['redemption_fee', 0],
    ]);
    expect(content.totals.fees_cents).toBe(quote.managementFeeCents);
    // Invested for part of the year: the average is above zero and below the amount.
    expect(content.average_invested_cents).toBeGreaterThan(0);
    expect(content.average_invested_cents).toBeLessThanOrEqual(INVESTED);
    const percent = ((quote.managementFeeCents * 100) / content.average_invested_cents).toFixed(2);
    expect(content.totals.percent).toBe(percent);
    expect(content.totals.effect_on_return_percent).toBe(percent);
  });

  it('annual tax: income, withholding and capital returned, per offering', async () => {
    const s = await statementOf('annual_tax', thisYear);
    const content = v.parse(StatementContentSchema, s.content);
    if (content.kind !== 'annual_tax') throw new Error('wrong kind');
    expect(content.rows).toEqual([
      {
        opportunity_id: openOpportunity.id,
        name: openOpportunity.name,
        income_cents: DISTRIBUTION_NET + WITHHOLDING,
        withholding_cents: WITHHOLDING,
        net_income_cents: DISTRIBUTION_NET,
        capital_returned_cents: 0,
      },
    ]);
    expect(csvTotals(s.csv)).toEqual({
      Income: '50.00',
      Withholding: '10.00',
      'Net income': '40.00',
      'Capital returned': '0.00',
    });
  });
});

describe('reissuing', () => {
  it('building each statement again gives the same content, CSV bytes and SHA-256', async () => {
    const mine = await statementsOf(callers.investorA.id);
    await asOwner(db, async (tx) => {
      for (const s of mine) {
        const { rows } = await tx.query<{ csv: string; sha256: string; same: boolean }>(
          `select public.statement_csv(c) as csv, public.statement_sha256(c) as sha256, c = $5::jsonb as same
           from public.statement_content($1, $2, $3::date, $4::date) c`,
          [s.member_id, s.kind, s.period_start, s.period_end, JSON.stringify(s.content)],
        );
        expect(rows[0]).toEqual({ csv: s.csv, sha256: s.sha256, same: true });
      }
    });
  });

  it('a second run leaves every row as it was', async () => {
    const before = await statementsOf(callers.investorA.id);
    await committed(async (tx) => {
      await become(tx, 'service_role');
      await tx.query(`select public.issue_due_statements(${AS_OF})`);
    });
    expect(await statementsOf(callers.investorA.id)).toEqual(before);
  });
});

describe('my_statements', () => {
  it.each(callerNames)('as %s', async (name) => {
    const own = name === 'anon' || name === 'service_role' ? [] : await statementsOf(callers[name].id);
    await asActor(db, whoIs(callers, name), async (tx) => {
      const result = await tryQuery<{ id: string; kind: string }>(tx, 'select * from public.my_statements()');
      if (name === 'anon' || name === 'service_role') {
        expect(result).toMatchObject({ ok: false, code: '42501' });
        return;
      }
      expect(result.ok && result.value.rows.map((r) => r.id).sort()).toEqual(own.map((s) => s.id).sort());
    });
  });

  it('lists the newest period first, with no content', async () => {
    await asActor(db, callers.investorA, async (tx) => {
      const { rows } = await tx.query<Record<string, unknown>>('select * from public.my_statements()');
      expect(Object.keys(rows[0] ?? {}).sort()).toEqual([
        'id',
        'issued_at',
        'kind',
        'period_end',
        'period_start',
        'sha256',
      ]);
      const ends = rows.map((r) => (r.period_end instanceof Date ? r.period_end.toISOString() : String(r.period_end)));
      expect(ends).toEqual([...ends].sort().reverse());
    });
  });

  it('no client reads the table itself', async () => {
    for (const who of ['anon', callers.investorA] as const) {
      await asActor(db, who, async (tx) => {
        expect(await tryQuery(tx, 'select * from public.statements')).toMatchObject({ ok: false, code: '42501' });
      });
    }
  });
});

describe('open_statement', () => {
  const allowed: Record<CallerName, 'member' | 'staff' | false> = {
    anon: false,
    investorA: 'member',
    investorB: false,
    compliance: 'staff',
    eq_spv_admin: false,
    mfo_admin: 'staff',
    adminFlag: 'staff',
    service_role: false,
  };

  it.each(callerNames)('as %s: the content, and statement.viewed recorded', async (name) => {
    const s = await statementOf('quarterly_assets', thisQuarter.start);
    await asActor(db, whoIs(callers, name), async (tx) => {
      const result = await tryQuery<{ opened: Record<string, unknown> }>(
        tx,
        'select public.open_statement($1) as opened',
        [s.id],
      );
      const by = allowed[name];
      if (!by) {
        expect(result).toMatchObject({
          ok: false,
          code: name === 'anon' || name === 'service_role' ? '42501' : 'P0001',
        });
        return;
      }
      expect(result.ok && result.value.rows[0]?.opened).toMatchObject({
        id: s.id,
        sha256: s.sha256,
        csv: s.csv,
        content: s.content,
      });
      await tx.exec('reset role');
      const { rows } = await tx.query<{ member_id: string; actor_id: string; details: Record<string, unknown> }>(
        `select member_id, actor_id, details from public.audit_events
         where action = 'statement.viewed' and subject_id = $1 order by id desc limit 1`,
        [s.id],
      );
      expect(rows[0]).toEqual({
        member_id: callers.investorA.id,
        actor_id: name === 'anon' || name === 'service_role' ? null : callers[name].id,
        details: { kind: 'quarterly_assets', period_start: s.period_start, sha256: s.sha256, by },
      });
    });
  });

  it('an unknown statement answers as another member’s', async () => {
    await asActor(db, callers.investorA, async (tx) => {
      expect(await tryQuery(tx, 'select public.open_statement(gen_random_uuid())')).toMatchObject({
        ok: false,
        code: 'P0001',
        message: 'no such statement',
      });
    });
  });
});

describe('the PDF', () => {
  it.each([
    ['quarterly_assets', thisQuarter.start],
    ['annual_costs', thisYear],
    ['annual_tax', thisYear],
  ])(
    '%s: its text carries the CSV’s totals, which are the ledger’s; the same content gives the same bytes',
    async (kind, start) => {
      const s = await statementOf(kind, start);
      const content = v.parse(StatementContentSchema, s.content);
      const pdf = statementPdf(content);
      expect(statementPdf(content)).toEqual(pdf);
      const text = pdfText(pdf);
      const totals = csvTotals(s.csv);
      expect(Object.keys(totals).length).toBeGreaterThan(2);
      for (const [label, value] of Object.entries(totals)) {
        expect(text, `${label} in the PDF`).toContain(`${label} ${value}`);
      }
      if (content.kind === 'quarterly_assets') {
        await asActor(db, callers.investorA, async (tx) => {
          const balance = await tx.query<{ available_cents: string }>('select * from public.my_balance()');
          const closing = (Number(balance.rows[0]?.available_cents) / 100).toFixed(2);
          expect(text).toContain(`Closing cash ${closing}`);
        });
        for (const line of content.lines) expect(text).toContain(line.description);
      }
    },
  );
});
