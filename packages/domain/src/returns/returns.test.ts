import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type CashFlow, formatReturn, moneyWeightedReturn, timeWeightedReturn, type Valuation } from './returns';

/**
 * fast-check's seed for this run, printed in the tests' names (and by fast-check in a failure's
 * report with its path): put the printed number here in place of the random one to replay a run.
 */
const SEED = Math.floor(Math.random() * 2 ** 31);

/** docs/returns.md "A worked example": the same figures. */
const example = {
  flows: [
    { date: '2025-01-01', amountCents: 1_000_000 },
    { date: '2025-07-02', amountCents: 500_000 },
  ] satisfies CashFlow[],
  valuations: [
    { date: '2025-01-01', valueCents: 1_000_000 },
    { date: '2025-07-01', valueCents: 1_100_000 },
    { date: '2025-07-02', valueCents: 1_600_000 },
    { date: '2026-01-01', valueCents: 1_520_000 },
  ] satisfies Valuation[],
};

describe('the worked example of docs/returns.md', () => {
  it('money-weighted: 1.6004% a year, and the flows balance there', () => {
    const result = moneyWeightedReturn(example.flows, { date: '2026-01-01', valueCents: 1_520_000 });
    expect(result.reason).toBeNull();
    const rate = result.rate ?? Number.NaN;
    expect(rate.toFixed(6)).toBe('0.016004');
    expect(formatReturn(result)).toBe('1.60%');
    // The doc's hand check: at 1.60% the balance is −€0.05 (−4.91 cents), at 1.61% +€1.20.
    const balance = (r: number) => 1_000_000 * (1 + r) + 500_000 * (1 + r) ** (183 / 365) - 1_520_000;
    expect(balance(0.016).toFixed(2)).toBe('-4.91');
    expect(balance(0.0161).toFixed(2)).toBe('119.96');
    expect(Math.abs(balance(rate))).toBeLessThan(0.001);
  });

  it('time-weighted: 1.10 × 1.00 × 0.95 − 1 = 4.5%', () => {
    const result = timeWeightedReturn(example.flows, example.valuations);
    expect(result).toEqual({ rate: 0.045, reason: null });
    expect(formatReturn(result)).toBe('4.50%');
  });
});

describe('moneyWeightedReturn', () => {
  const at = (date: string, amountCents: number): CashFlow => ({ date, amountCents });

  it('one year, one payment: the growth itself', () => {
    expect(
      moneyWeightedReturn([at('2025-01-01', 10_000)], { date: '2026-01-01', valueCents: 10_650 }).rate,
    ).toBeCloseTo(0.065, 12);
  });

  it('a distribution and a redemption count as money out', () => {
    // €100 in; a year later €106, €6 distributed; a year later €106 again, €50 redeemed, €56 left: 6% a year.
    const result = moneyWeightedReturn([at('2025-01-01', 10_000), at('2026-01-01', -600), at('2027-01-01', -5_000)], {
      date: '2027-01-01',
      valueCents: 5_600,
    });
    expect(result.reason).toBeNull();
    expect(result.rate).toBeCloseTo(0.06, 9);
  });

  it('half lost in a year is −50%', () => {
    const result = moneyWeightedReturn([at('2025-01-01', 10_000)], { date: '2026-01-01', valueCents: 5_000 });
    expect(result.rate).toBeCloseTo(-0.5, 10);
  });

  it.each([
    ['no cash flows', [], { date: '2026-01-01', valueCents: 100 }, 'no_cash_flows'],
    ['only zero flows', [at('2025-01-01', 0)], { date: '2026-01-01', valueCents: 100 }, 'no_cash_flows'],
    ['one flow and nothing left', [at('2025-01-01', 100)], { date: '2026-01-01', valueCents: 0 }, 'one_cash_flow'],
    ['all on one day', [at('2025-01-01', 100)], { date: '2025-01-01', valueCents: 120 }, 'same_day'],
    ['only money out', [at('2025-01-01', -100)], { date: '2026-01-01', valueCents: 50 }, 'no_sign_change'],
    ['all lost, nothing back', [at('2025-01-01', 100)], { date: '2026-01-01', valueCents: 0 }, 'one_cash_flow'],
    [
      'all but a cent lost within days',
      [at('2025-01-01', 10_000), at('2025-01-02', -1)],
      { date: '2025-01-03', valueCents: 0 },
      'no_convergence',
    ],
    ['a bad date', [at('2025-02-30', 100)], { date: '2026-01-01', valueCents: 50 }, 'invalid_input'],
    ['a flow after the valuation', [at('2027-01-01', 100)], { date: '2026-01-01', valueCents: 50 }, 'invalid_input'],
    ['fractional cents', [at('2025-01-01', 0.5)], { date: '2026-01-01', valueCents: 50 }, 'invalid_input'],
    ['a negative value', [at('2025-01-01', 100)], { date: '2026-01-01', valueCents: -1 }, 'invalid_input'],
    ['an unsafe amount', [at('2025-01-01', 2 ** 60)], { date: '2026-01-01', valueCents: 1 }, 'invalid_input'],
    [
      'a growth beyond any rate',
      [at('2025-01-01', 1)],
      { date: '2025-01-02', valueCents: 9_000_000_000_000 },
      'no_convergence',
    ],
  ] as const)('%s: null with the reason', (_, flows, valuation, reason) => {
    expect(moneyWeightedReturn(flows, valuation)).toEqual({ rate: null, reason });
    expect(formatReturn({ rate: null, reason })).toBe('—');
  });

  it(`never answers NaN or Infinity, whatever the flows (fast-check seed ${SEED})`, () => {
    const day = fc
      .integer({ min: 0, max: 3650 })
      .map((n) => new Date(Date.UTC(2020, 0, 1 + n)).toISOString().slice(0, 10));
    fc.assert(
      fc.property(
        fc.array(fc.record({ date: day, amountCents: fc.integer({ min: -1e12, max: 1e12 }) }), { maxLength: 8 }),
        fc.integer({ min: 0, max: 1e12 }),
        (flows, valueCents) => {
          const result = moneyWeightedReturn(flows, { date: '2030-12-31', valueCents });
          return result.rate === null ? typeof result.reason === 'string' : Number.isFinite(result.rate);
        },
      ),
      { seed: SEED },
    );
  });
});

describe('timeWeightedReturn', () => {
  it('ignores the size and timing of flows: a payment made at the value of the day before changes nothing', () => {
    const alone = timeWeightedReturn(
      [{ date: '2025-01-01', amountCents: 10_000 }],
      [
        { date: '2025-01-01', valueCents: 10_000 },
        { date: '2025-07-01', valueCents: 11_000 },
        { date: '2026-01-01', valueCents: 12_100 },
      ],
    );
    const withMore = timeWeightedReturn(
      [
        { date: '2025-01-01', amountCents: 10_000 },
        { date: '2025-07-01', amountCents: 1_000_000 },
      ],
      [
        { date: '2025-01-01', valueCents: 10_000 },
        { date: '2025-06-30', valueCents: 11_000 },
        { date: '2025-07-01', valueCents: 1_011_000 },
        { date: '2026-01-01', valueCents: 1_112_100 },
      ],
    );
    expect(alone).toEqual({ rate: 0.21, reason: null });
    expect(withMore).toEqual({ rate: 0.21, reason: null });
  });

  it('a distribution paid out is part of the period’s growth', () => {
    // €100 in; after a year €6 paid out and the value still €100: 6%.
    const result = timeWeightedReturn(
      [
        { date: '2025-01-01', amountCents: 10_000 },
        { date: '2026-01-01', amountCents: -600 },
      ],
      [
        { date: '2025-01-01', valueCents: 10_000 },
        { date: '2026-01-01', valueCents: 10_000 },
      ],
    );
    expect(result).toEqual({ rate: 0.06, reason: null });
  });

  it.each([
    ['no flows', [], [{ date: '2025-01-01', valueCents: 1 }], 'no_cash_flows'],
    [
      'no valuation on a flow’s day',
      [{ date: '2025-01-01', amountCents: 100 }],
      [{ date: '2025-02-01', valueCents: 100 }],
      'missing_valuation',
    ],
    [
      'only the purchase',
      [{ date: '2025-01-01', amountCents: 100 }],
      [{ date: '2025-01-01', valueCents: 100 }],
      'one_cash_flow',
    ],
    [
      'value from nothing',
      [{ date: '2025-01-01', amountCents: 0 }],
      [
        { date: '2025-01-01', valueCents: 0 },
        { date: '2025-02-01', valueCents: 5 },
      ],
      'nothing_invested',
    ],
    [
      'money paid out of nothing',
      [{ date: '2025-01-01', amountCents: -100 }],
      [
        { date: '2025-01-01', valueCents: 0 },
        { date: '2025-02-01', valueCents: 0 },
      ],
      'nothing_invested',
    ],
    ['a bad date', [{ date: '01/01/2025', amountCents: 100 }], [], 'invalid_input'],
  ] as const)('%s: null with the reason', (_, flows, valuations, reason) => {
    expect(timeWeightedReturn(flows, valuations)).toEqual({ rate: null, reason });
  });
});

describe('the fees paid with a purchase', () => {
  it('weigh on the time-weighted return: each purchase joins its piece at what was paid, not at what it bought', () => {
    const flows = [
      { date: '2025-01-01', amountCents: 102_000 },
      { date: '2025-07-01', amountCents: 51_000 },
    ];
    const valuations = [
      { date: '2025-01-01', valueCents: 100_000 },
      { date: '2025-07-01', valueCents: 150_000 },
      { date: '2026-01-01', valueCents: 165_000 },
    ];
    // 100,000 / 102,000 × 150,000 / (100,000 + 51,000) × 165,000 / 150,000 − 1
    const result = timeWeightedReturn(flows, valuations);
    expect(result.reason).toBeNull();
    expect(result.rate).toBeCloseTo((100_000 / 102_000) * (150_000 / 151_000) * (165_000 / 150_000) - 1, 10);
    // Bought at its value, the first piece is nothing: the return is the later pieces' alone.
    expect(
      timeWeightedReturn(
        [{ date: '2025-01-01', amountCents: 100_000 }],
        [
          { date: '2025-01-01', valueCents: 100_000 },
          { date: '2026-01-01', valueCents: 105_000 },
        ],
      ),
    ).toEqual({ rate: 0.05, reason: null });
  });
});

describe('a later purchase’s fees', () => {
  it('weigh on the money they came with, not on what was held before', () => {
    // €10 held; €102 paid for €100 more (2% fees); nothing else moves: the loss is 2/112, not 2/10.
    const result = timeWeightedReturn(
      [
        { date: '2025-01-01', amountCents: 1_000 },
        { date: '2025-07-01', amountCents: 10_200 },
      ],
      [
        { date: '2025-01-01', valueCents: 1_000 },
        { date: '2025-07-01', valueCents: 11_000 },
        { date: '2026-01-01', valueCents: 11_000 },
      ],
    );
    expect(result.reason).toBeNull();
    expect(result.rate).toBeCloseTo(11_000 / 11_200 - 1, 12);
  });

  it('have a figure when the position was bought again after it was redeemed in full', () => {
    const result = timeWeightedReturn(
      [
        { date: '2025-01-01', amountCents: 10_000 },
        { date: '2025-02-01', amountCents: -10_000 },
        { date: '2025-03-01', amountCents: 10_200 },
      ],
      [
        { date: '2025-01-01', valueCents: 10_000 },
        { date: '2025-02-01', valueCents: 0 },
        { date: '2025-03-01', valueCents: 10_000 },
        { date: '2025-04-01', valueCents: 10_000 },
      ],
    );
    expect(result.reason).toBeNull();
    expect(result.rate).toBeCloseTo(10_000 / 10_200 - 1, 12);
  });
});

describe('a position with its purchase only, at its purchase price', () => {
  it(`returns exactly 0%, money- and time-weighted (fast-check seed ${SEED})`, () => {
    const day = fc.integer({ min: 0, max: 20_000 });
    fc.assert(
      fc.property(
        day,
        fc.integer({ min: 1, max: 20_000 }),
        fc.integer({ min: 1, max: 2 ** 53 - 1 }),
        (start, span, cents) => {
          const date = (n: number) => new Date(Date.UTC(1990, 0, 1 + n)).toISOString().slice(0, 10);
          const flows = [{ date: date(start), amountCents: cents }];
          const mwr = moneyWeightedReturn(flows, { date: date(start + span), valueCents: cents });
          const twr = timeWeightedReturn(flows, [
            { date: date(start), valueCents: cents },
            { date: date(start + span), valueCents: cents },
          ]);
          expect(mwr).toEqual({ rate: 0, reason: null });
          expect(twr).toEqual({ rate: 0, reason: null });
          expect(formatReturn(mwr)).toBe('0.00%');
        },
      ),
      { seed: SEED },
    );
  });
});
