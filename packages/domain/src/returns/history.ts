import * as v from 'valibot';
import { type CashFlow, moneyWeightedReturn, type ReturnResult, timeWeightedReturn, type Valuation } from './returns';

/**
 * The member's positions day by day, as the server answers them (`my_position_history()`,
 * docs/returns.md), and what /placements draws from them: each position's returns and income, the
 * portfolio's returns, and the portfolio's value over time.
 */

const Cents = v.pipe(v.number(), v.safeInteger());

/** One row of `my_position_history()`: an offering held and a day on which something changed (or today). */
export const PositionDayRowSchema = v.object({
  opportunity_id: v.string(),
  /** 'YYYY-MM-DD', UTC. */
  day: v.pipe(v.string(), v.isoDate()),
  /** The day's net money into the position: payments in positive, money paid out negative. */
  flow_cents: Cents,
  /** Of that, the distributions received, net of withholding (positive). */
  income_cents: Cents,
  /** The position's value at the end of the day. */
  value_cents: Cents,
});
export type PositionDayRow = v.InferOutput<typeof PositionDayRowSchema>;

/** A position's (or the portfolio's) two returns and the income it received. */
export interface Returns {
  /** The headline: the annual money-weighted return (XIRR) to the latest day. */
  moneyWeighted: ReturnResult;
  /** Beside it: the time-weighted return over the whole span, not annualised. */
  timeWeighted: ReturnResult;
  /** Distributions received, net of withholding. */
  incomeCents: number;
}

/** Why a return has no figure, as the screens say it beside the '—'. */
export const returnReasonTexts = {
  invalid_input: 'The history could not be read',
  no_cash_flows: 'Nothing paid in from your cash yet',
  one_cash_flow: 'Not enough history yet',
  same_day: 'Held for less than a day',
  no_sign_change: 'Not enough history yet',
  no_convergence: 'No rate fits this history',
  missing_valuation: 'A valuation is missing',
  nothing_invested: 'Nothing was invested for a period',
} as const satisfies Record<NonNullable<ReturnResult['reason']>, string>;

/** A day of the portfolio's value: the sum of every position's value at that day's end. */
interface PortfolioValuePoint {
  date: string;
  valueCents: number;
}

export interface PortfolioHistory {
  /** By opportunity id. */
  positions: ReadonlyMap<string, Returns>;
  /** Every position with money paid into it, together. */
  portfolio: Returns;
  /** Oldest first: every day on which any position changed, and today. */
  valueOverTime: readonly PortfolioValuePoint[];
}

function returnsOf(flows: readonly CashFlow[], valuations: readonly Valuation[], incomeCents: number): Returns {
  const last = valuations.at(-1);
  return {
    moneyWeighted: last ? moneyWeightedReturn(flows, last) : { rate: null, reason: 'no_cash_flows' },
    timeWeighted: timeWeightedReturn(flows, valuations),
    incomeCents,
  };
}

/**
 * Each position's returns from its own rows; the portfolio's from every position's flows and, on
 * each day, the sum of the positions' latest values (a position's value holds until its next row).
 * A position no money was paid into (units given, not bought) is in the value over time but not in
 * the portfolio's returns, where its value would read as a gain from nothing.
 */
export function portfolioHistory(rows: readonly PositionDayRow[]): PortfolioHistory {
  const byPosition = new Map<string, PositionDayRow[]>();
  for (const row of rows) {
    const list = byPosition.get(row.opportunity_id) ?? [];
    list.push(row);
    byPosition.set(row.opportunity_id, list);
  }
  const positions = new Map<string, Returns>();
  const bought = new Set<string>();
  for (const [id, list] of byPosition) {
    list.sort((a, b) => a.day.localeCompare(b.day));
    const flows = list.filter((r) => r.flow_cents !== 0).map((r) => ({ date: r.day, amountCents: r.flow_cents }));
    if (list.some((r) => r.flow_cents > 0)) bought.add(id);
    positions.set(
      id,
      returnsOf(
        flows,
        list.map((r) => ({ date: r.day, valueCents: r.value_cents })),
        list.reduce((sum, r) => sum + r.income_cents, 0),
      ),
    );
  }

  const days = [...new Set(rows.map((r) => r.day))].sort();
  const valueOverTime: PortfolioValuePoint[] = [];
  const boughtValues: Valuation[] = [];
  const latest = new Map<string, number>();
  const cursor = new Map<string, number>();
  for (const date of days) {
    for (const [id, list] of byPosition) {
      let i = cursor.get(id) ?? 0;
      while (i < list.length && (list[i]?.day ?? '') <= date) {
        latest.set(id, list[i]?.value_cents ?? 0);
        i += 1;
      }
      cursor.set(id, i);
    }
    let all = 0;
    let ofBought = 0;
    for (const [id, value] of latest) {
      all += value;
      if (bought.has(id)) ofBought += value;
    }
    valueOverTime.push({ date, valueCents: all });
    boughtValues.push({ date, valueCents: ofBought });
  }
  const boughtRows = rows.filter((r) => bought.has(r.opportunity_id));
  const flowByDay = new Map<string, number>();
  for (const r of boughtRows) if (r.flow_cents !== 0) flowByDay.set(r.day, (flowByDay.get(r.day) ?? 0) + r.flow_cents);
  const portfolioFlows = [...flowByDay]
    .filter(([, cents]) => cents !== 0)
    .map(([date, amountCents]) => ({ date, amountCents }));
  // The portfolio's valuations start on its first payment: before it, nothing bought was held.
  const firstBought = boughtRows.reduce<string | null>((min, r) => (min === null || r.day < min ? r.day : min), null);
  const portfolioValues = firstBought === null ? [] : boughtValues.filter((p) => p.date >= firstBought);
  return {
    positions,
    portfolio: returnsOf(
      portfolioFlows,
      portfolioValues,
      boughtRows.reduce((sum, r) => sum + r.income_cents, 0),
    ),
    valueOverTime,
  };
}
