import { describe, expect, it } from 'vitest';
import type { InvestmentRow } from '../entities';
import { type PositionRow, portfolioOf } from '../portfolio';
import { placementsCsvLines } from './csv';
import { type PositionDayRow, portfolioHistory } from './history';

const position = (id: string, units: number): PositionRow => ({
  opportunity_id: id,
  units,
  cost_cents: units * 100,
  fees_cents: units,
  value_cents: units * 100,
  status: 'Active',
  impact: [],
});
const opportunities = [
  { id: 'a', name: 'A', category: 'Renewable energy' as const },
  { id: 'b', name: 'B', category: 'Clean water' as const },
  { id: 'c', name: 'C', category: 'Education' as const },
];
const pending: InvestmentRow = {
  id: 'p1',
  opportunity_id: 'c',
  opportunity_name: 'C',
  amount_cents: 10_000,
  management_fee_cents: 100,
  card_fee_cents: 0,
  total_cents: 10_100,
  method: 'bank',
  status: 'Pending',
  submitted_at: '2026-03-01T10:00:00Z',
  decided_at: null,
  reason: null,
};
const day = (opportunity_id: string, date: string, flow: number, income: number): PositionDayRow => ({
  opportunity_id,
  day: date,
  flow_cents: flow,
  income_cents: income,
  value_cents: 100_000,
});

describe("/placements' CSV", () => {
  const portfolio = portfolioOf(
    [position('a', 1_000), position('b', 500)],
    opportunities,
    [pending],
    null,
    new Date('2026-03-02T10:00:00Z'),
  );

  it("carries each position's income received, the history's figure, in the CSV's money format", () => {
    const history = portfolioHistory([
      day('a', '2025-01-01', 100_000, 0),
      day('a', '2025-07-01', -4_250, 4_250),
      day('a', '2026-01-01', -1_005, 1_005),
      day('b', '2025-03-01', 50_000, 0),
    ]);
    const lines = placementsCsvLines(portfolio, history.positions);
    expect(lines.map((l) => [l.kind, l.name, l.income])).toEqual([
      ['Position', 'A', '52.55'],
      ['Position', 'B', '0.00'],
      ['Pending', 'C', ''],
    ]);
    expect(lines[0]).toMatchObject({ cost: '1000.00', value: '1000.00' });
  });

  it('a position the history does not know received nothing', () => {
    const lines = placementsCsvLines(portfolio, new Map([['b', { incomeCents: 99 }]]));
    expect(lines.map((l) => l.income)).toEqual(['0.00', '0.99', '']);
  });
});
