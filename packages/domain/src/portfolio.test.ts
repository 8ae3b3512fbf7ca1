import { describe, expect, it } from 'vitest';
import type { InvestmentRow } from './entities';
import {
  centsCsv,
  formatPermille,
  incomeReceivedCents,
  type PositionRow,
  portfolioCsvLines,
  portfolioOf,
  termEndings,
  timeLeftToCancel,
  withdrawalAmountError,
} from './portfolio';

const position = (id: string, cost: number, value: number): PositionRow => ({
  opportunity_id: id,
  units: cost / 100,
  cost_cents: cost,
  fees_cents: cost / 100,
  value_cents: value,
  status: 'Active',
  impact: [],
});
const opportunities = [
  { id: 'a', name: 'A', category: 'Renewable energy' as const, term_months: 12 },
  { id: 'b', name: 'B', category: 'Clean water' as const, term_months: 36 },
  { id: 'c', name: 'C', category: 'Education' as const, term_months: 12 },
];
const now = new Date('2026-03-02T10:00:00Z');
const investment = (id: string, status: InvestmentRow['status'], submitted: string): InvestmentRow => ({
  id,
  opportunity_id: 'b',
  opportunity_name: 'B',
  amount_cents: 10_000,
  management_fee_cents: 100,
  card_fee_cents: 0,
  total_cents: 10_100,
  method: 'bank',
  status,
  submitted_at: submitted,
  decided_at: status === 'Active' ? submitted : null,
  reason: null,
});

describe('portfolioOf', () => {
  const positions = [position('a', 100_000, 100_001), position('b', 100_000, 100_001), position('c', 100_000, 100_001)];
  const pending = [
    investment('p1', 'Pending', '2026-03-01T10:00:00Z'),
    investment('p2', 'Awaiting payment', '2026-02-20T10:00:00Z'),
    investment('done', 'Active', '2025-01-01T00:00:00Z'),
  ];
  const p = portfolioOf(
    positions,
    opportunities,
    pending,
    { available_cents: 42, held_cents: 0, total_cents: 42 },
    now,
  );

  it('adds the totals from the cents, and keeps the pending subscriptions apart', () => {
    expect(p.totals).toEqual({
      valueCents: 300_003,
      costCents: 300_000,
      feesCents: 3_000,
      pendingCents: 20_000,
      cashAvailableCents: 42,
    });
    expect(p.pending.map((r) => [r.investmentId, r.cancelUntil])).toEqual([
      ['p1', '2026-03-05T10:00:00.000Z'],
      ['p2', null],
    ]);
  });

  it('shares of the allocation sum to exactly 100% (largest remainder)', () => {
    expect(p.allocation.map((s) => s.permille).reduce((a, b) => a + b, 0)).toBe(1000);
    expect(p.allocation.map((s) => formatPermille(s.permille))).toEqual(['33.4%', '33.3%', '33.3%']);
  });

  it('the CSV carries the same cents as plain euros', () => {
    const lines = portfolioCsvLines(p);
    expect(lines[0]).toMatchObject({ kind: 'Position', cost: '1000.00', fees: '10.00', value: '1000.01' });
    expect(lines.filter((l) => l.kind === 'Pending').map((l) => l.cost)).toEqual(['100.00', '100.00']);
    expect(centsCsv(-305)).toBe('-3.05');
  });
});

describe('the rest of the investor screens’ rules', () => {
  it('the time left to cancel', () => {
    expect(timeLeftToCancel('2026-03-05T10:00:00Z', now)).toBe('3 days left to cancel');
    expect(timeLeftToCancel('2026-03-02T15:30:00Z', now)).toBe('5 hours left to cancel');
    expect(timeLeftToCancel('2026-03-02T10:20:00Z', now)).toBe('Less than an hour left to cancel');
    expect(timeLeftToCancel('2026-03-01T10:00:00Z', now)).toBe('The time to cancel is over');
  });

  it('a withdrawal amount: required, in euros, within the available cash', () => {
    expect(withdrawalAmountError('', 5000)).toBe('Enter the amount to withdraw.');
    expect(withdrawalAmountError('abc', 5000)).toBe('Enter an amount in euros, like 250 or 250.50.');
    expect(withdrawalAmountError('50.01', 5000)).toBe('You can withdraw at most €50.');
    expect(withdrawalAmountError('50', 5000)).toBeNull();
  });

  it('income is the distributions credited, nothing else', () => {
    expect(
      incomeReceivedCents([
        { description: 'Distribution, A', amount_cents: 1_500 },
        { description: 'Deposit', amount_cents: 90_000 },
      ]),
    ).toBe(1_500);
  });

  it('a term ending from the first issue and the term, only while ahead', () => {
    const rows = termEndings(
      [
        { opportunity_id: 'b', status: 'Active' },
        { opportunity_id: 'a', status: 'Active' },
      ],
      opportunities,
      [
        { opportunity_id: 'b', status: 'Active', decided_at: '2025-01-15T00:00:00Z' },
        { opportunity_id: 'a', status: 'Active', decided_at: '2025-01-15T00:00:00Z' },
      ],
      now,
    );
    expect(rows).toEqual([
      {
        id: 'term-b',
        title: 'Placement Term Ending',
        detail: 'B matures; choose to reinvest or withdraw.',
        due: '2028-01-15',
      },
    ]);
  });
});
