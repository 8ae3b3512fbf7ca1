import { describe, expect, it } from 'vitest';
import { type PositionDayRow, portfolioHistory, returnReasonTexts } from './history';
import { moneyWeightedReturn, timeWeightedReturn } from './returns';

const row = (opportunity_id: string, day: string, flow: number, value: number, income = 0): PositionDayRow => ({
  opportunity_id,
  day,
  flow_cents: flow,
  income_cents: income,
  value_cents: value,
});

describe('portfolioHistory', () => {
  it('one position: its returns are the worked example of docs/returns.md', () => {
    const history = portfolioHistory([
      row('a', '2025-01-01', 1_000_000, 1_000_000),
      row('a', '2025-07-01', 0, 1_100_000),
      row('a', '2025-07-02', 500_000, 1_600_000),
      row('a', '2026-01-01', 0, 1_520_000),
    ]);
    const a = history.positions.get('a');
    expect(a?.moneyWeighted.rate).toBeCloseTo(0.016004, 6);
    expect(a?.timeWeighted.rate).toBe(0.045);
    expect(history.portfolio).toEqual(a);
    expect(history.valueOverTime).toEqual([
      { date: '2025-01-01', valueCents: 1_000_000 },
      { date: '2025-07-01', valueCents: 1_100_000 },
      { date: '2025-07-02', valueCents: 1_600_000 },
      { date: '2026-01-01', valueCents: 1_520_000 },
    ]);
  });

  it('two positions: each value holds until its next row, and the portfolio takes every flow together', () => {
    const rows = [
      row('a', '2025-01-01', 1_000_000, 1_000_000),
      row('a', '2026-01-01', 0, 1_100_000),
      row('b', '2025-07-02', 500_000, 500_000),
      row('b', '2025-10-01', -20_000, 500_000, 20_000),
      row('b', '2026-01-01', 0, 480_000),
    ];
    const history = portfolioHistory(rows);
    // a has no row on 2025-07-02 or 2025-10-01: its value of 2025-01-01 holds.
    expect(history.valueOverTime).toEqual([
      { date: '2025-01-01', valueCents: 1_000_000 },
      { date: '2025-07-02', valueCents: 1_500_000 },
      { date: '2025-10-01', valueCents: 1_500_000 },
      { date: '2026-01-01', valueCents: 1_580_000 },
    ]);
    expect(history.positions.get('b')?.incomeCents).toBe(20_000);
    expect(history.portfolio.incomeCents).toBe(20_000);
    const flows = [
      { date: '2025-01-01', amountCents: 1_000_000 },
      { date: '2025-07-02', amountCents: 500_000 },
      { date: '2025-10-01', amountCents: -20_000 },
    ];
    expect(history.portfolio.moneyWeighted).toEqual(
      moneyWeightedReturn(flows, { date: '2026-01-01', valueCents: 1_580_000 }),
    );
    expect(history.portfolio.timeWeighted).toEqual(
      timeWeightedReturn(
        flows,
        history.valueOverTime.map((p) => ({ date: p.date, valueCents: p.valueCents })),
      ),
    );
    // The rows' order does not matter.
    expect(portfolioHistory([...rows].reverse())).toEqual(history);
  });

  it('a position nothing was paid into counts in the value, not in the portfolio’s returns', () => {
    const history = portfolioHistory([
      row('bought', '2025-01-01', 1_000_000, 1_000_000),
      row('bought', '2026-01-01', 0, 1_100_000),
      row('given', '2025-06-01', 0, 300_000),
      row('given', '2026-01-01', 0, 300_000),
    ]);
    expect(history.valueOverTime.at(-1)).toEqual({ date: '2026-01-01', valueCents: 1_400_000 });
    expect(history.portfolio.moneyWeighted.rate).toBeCloseTo(0.1, 9);
    expect(history.portfolio.timeWeighted.rate).toBeCloseTo(0.1, 12);
    expect(history.positions.get('given')?.moneyWeighted).toEqual({ rate: null, reason: 'no_cash_flows' });
  });

  it('a matured position: paid out, worth nothing after, its return from what it paid', () => {
    const history = portfolioHistory([
      row('a', '2025-01-01', 1_000_000, 1_000_000),
      row('a', '2026-01-01', -1_050_000, 0),
    ]);
    expect(history.positions.get('a')?.moneyWeighted.rate).toBeCloseTo(0.05, 9);
    expect(history.positions.get('a')?.timeWeighted.rate).toBeCloseTo(0.05, 12);
    expect(history.valueOverTime.at(-1)?.valueCents).toBe(0);
  });

  it('nothing held: no positions, no points, no return', () => {
    const history = portfolioHistory([]);
    expect(history.positions.size).toBe(0);
    expect(history.valueOverTime).toEqual([]);
    expect(history.portfolio.moneyWeighted).toEqual({ rate: null, reason: 'no_cash_flows' });
    expect(history.portfolio.timeWeighted).toEqual({ rate: null, reason: 'no_cash_flows' });
    expect(history.portfolio.incomeCents).toBe(0);
  });
});

describe('returnReasonTexts', () => {
  it('says why for every reason a return can have no figure', () => {
    const reasons = [
      'invalid_input',
      'no_cash_flows',
      'one_cash_flow',
      'same_day',
      'no_sign_change',
      'no_convergence',
      'missing_valuation',
      'nothing_invested',
    ] as const;
    for (const reason of reasons) expect(returnReasonTexts[reason].length).toBeGreaterThan(10);
    expect(Object.keys(returnReasonTexts).sort()).toEqual([...reasons].sort());
  });
});
