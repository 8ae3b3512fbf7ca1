import {
  type BalanceRow,
  type InvestmentRow,
  investmentQuote,
  type PositionDayRow,
  type PositionRow,
} from '@vault/domain';

/**
 * A funded investor's holdings as the server would answer them, for the portfolio, dashboard and
 * wallet stories: three positions (one worth more than it cost, one matured), a subscription held
 * inside its cancellation window and one awaiting payment past it, and cash with some held.
 */
const fees = (cents: number) => investmentQuote(cents, 'bank').managementFeeCents;

export const storyPositions: PositionRow[] = [
  {
    opportunity_id: 'solar-park-groningen',
    units: 10_000,
    cost_cents: 1_000_000,
    fees_cents: fees(1_000_000),
    value_cents: 1_050_050,
    status: 'Active',
    impact: [{ name: 'Solar capacity', unit: 'MW installed', per_year: 0.12 }],
  },
  {
    opportunity_id: 'clean-water-kenya',
    units: 5_000,
    cost_cents: 500_000,
    fees_cents: fees(500_000),
    value_cents: 500_000,
    status: 'Active',
    impact: [{ name: 'Safe drinking water', unit: 'people served per day', per_year: 150 }],
  },
  {
    opportunity_id: 'schools-ghana',
    units: 2_500,
    cost_cents: 250_000,
    fees_cents: fees(250_000),
    value_cents: 250_000,
    status: 'Matured',
    impact: [],
  },
];

/**
 * The same three positions day by day (`my_position_history()`), ending on the stories' fixed day
 * (2026-03-02, .storybook/visual/shots.ts) at the values above: Groningen bought, revalued, paid
 * €125 of income; Kenya and Ghana bought and held.
 */
const day = (opportunity_id: string, date: string, flow: number, value: number, income = 0): PositionDayRow => ({
  opportunity_id,
  day: date,
  flow_cents: flow,
  income_cents: income,
  value_cents: value,
});
export const storyPositionHistory: PositionDayRow[] = [
  day('solar-park-groningen', '2025-03-03', 1_000_000 + fees(1_000_000), 1_000_000),
  day('solar-park-groningen', '2025-09-01', 0, 1_030_000),
  day('solar-park-groningen', '2025-12-15', -12_500, 1_030_000, 12_500),
  day('solar-park-groningen', '2026-03-02', 0, 1_050_050),
  day('clean-water-kenya', '2025-06-02', 500_000 + fees(500_000), 500_000),
  day('clean-water-kenya', '2026-03-02', 0, 500_000),
  day('schools-ghana', '2024-03-04', 250_000 + fees(250_000), 250_000),
  day('schools-ghana', '2026-03-02', 0, 250_000),
];

export const storyBalance: BalanceRow = { available_cents: 123_456, held_cents: 202_000, total_cents: 325_456 };

const HOUR_MS = 60 * 60 * 1000;

function subscription(
  id: string,
  opportunityId: string,
  name: string,
  amountCents: number,
  status: InvestmentRow['status'],
  hoursAgo: number,
): InvestmentRow {
  const quote = investmentQuote(amountCents, 'bank');
  return {
    id,
    opportunity_id: opportunityId,
    opportunity_name: name,
    amount_cents: amountCents,
    management_fee_cents: quote.managementFeeCents,
    card_fee_cents: quote.cardFeeCents,
    total_cents: quote.totalCents,
    method: 'bank',
    status,
    submitted_at: new Date(Date.now() - hoursAgo * HOUR_MS).toISOString(),
    decided_at: null,
    reason: null,
  };
}

/** The investments table of the same investor: the two pending subscriptions, and the issued ones. */
export function storyInvestments(): InvestmentRow[] {
  return [
    subscription(
      '6d1f6c1e-0000-4000-8000-000000000001',
      'offshore-wind-baltic',
      'Baltic Offshore Wind Notes',
      200_000,
      'Pending',
      26,
    ),
    subscription(
      '6d1f6c1e-0000-4000-8000-000000000002',
      'affordable-homes-lisbon',
      'Lisbon Affordable Homes',
      300_000,
      'Awaiting payment',
      24 * 5,
    ),
    {
      ...subscription(
        '6d1f6c1e-0000-4000-8000-000000000003',
        'solar-park-groningen',
        'Groningen Solar Park II',
        1_000_000,
        'Active',
        24 * 40,
      ),
      decided_at: new Date(Date.now() - 24 * 39 * HOUR_MS).toISOString(),
    },
  ];
}
