import { delay, type HttpHandler, HttpResponse, http } from 'msw';
import { userEvent, type within } from 'storybook/test';
import { openConsoleRow, SLOW } from '../../test-support';

/** What the stories of an issued offering's life share (Lifecycle.stories.tsx, Income.stories.tsx). */

/** An issued offering of the SPV, as `list_offerings` answers it. */
export const issued = {
  id: 'porto-heat-1a2b3c',
  name: 'Porto Heat Network',
  offering_status: 'issued',
  spv_id: 'spv-equity',
  spv_name: 'Vault Equity SPV',
  category: 'Renewable energy',
  region: 'EU',
  country: 'Portugal',
  description: 'A district heat network fed by a biomass plant and rooftop solar.',
  unit_price_cents: 10_000,
  min_target_cents: 50_000_000,
  max_target_cents: 100_000_000,
  min_ticket_cents: 100_000,
  max_ticket_cents: 5_000_000,
  opens_at: '2025-01-01T09:00:00+00:00',
  deadline_at: '2025-03-01T17:00:00+00:00',
  term_months: 60,
  projected_yield_bps: 650,
  distribution_frequency: 'annual',
  lockup_months: 12,
  early_redemption_fee_bps: 200,
  eligible_countries: null,
  eligible_categories: null,
  allocation_rule: 'pro_rata',
  impact_metrics: [],
  documents: [],
  held_cents: 0,
  subscriptions: 2,
  created_at: '2024-11-01T09:00:00+00:00',
  submitted_at: '2024-11-20T10:00:00+00:00',
  submitted_by_me: false,
  approved_at: '2024-11-21T10:00:00+00:00',
  reason: null,
};

export const openIssued = (canvasElement: HTMLElement) =>
  openConsoleRow(canvasElement, { heading: 'Offerings', table: 'Offerings', row: 'Open Porto Heat Network' });

/** A form of the panel, by its heading. */
export const form = async (canvas: ReturnType<typeof within>, name: string) =>
  canvas.findByRole('form', { name }, SLOW);

/** Puts the text in a field at once (a paste), after emptying it. */
export async function fill(field: HTMLElement, text: string) {
  await userEvent.clear(field);
  await userEvent.click(field);
  await userEvent.paste(text);
}

/** Types a day into a date field, after emptying it. */
export async function fillDate(field: HTMLElement, day: string) {
  await userEvent.clear(field);
  await userEvent.type(field, day);
}

/** The tables the console reads before maturing an offering, outside the contract's sample data. */
type MaturityTable = 'offering_records' | 'unit_prices' | 'offering_maturities';

/** A server-written table's rows (or, from a function, the rows at the time of each read), as PostgREST answers. */
export const serverTable = (table: MaturityTable, rows: readonly object[] | (() => readonly object[] | Response)) =>
  http.get(`*/rest/v1/${table}`, () => {
    const answer = typeof rows === 'function' ? rows() : rows;
    return answer instanceof Response ? answer : HttpResponse.json(answer);
  });

/** A server-written table's read that never answers: the loading state. */
export const serverTableLoading = (table: MaturityTable) =>
  http.get(`*/rest/v1/${table}`, async () => {
    await delay('infinite');
    return HttpResponse.json([]);
  });

/** The issued offering's record: closed on its deadline with 1,000 units, none redeemed. */
export const issuedRecord = (decidedAt: string) => ({
  opportunity_id: issued.id,
  created_at: issued.created_at,
  decided_at: decidedAt,
  issued_units: 1_000,
});

/** Its price history: the issue price, then a valuation. */
export const issuedPrices = [
  { opportunity_id: issued.id, as_of: '2025-03-01', price_cents: 10_000, reason: 'Issue price' },
  { opportunity_id: issued.id, as_of: '2026-01-15', price_cents: 10_400, reason: 'Annual valuation' },
];

/** Its maturity, as `mature_offering` answers it and `offering_maturities` keeps it: 1,000 units at €104. */
export const issuedMaturity = {
  opportunity_id: issued.id,
  matured_at: '2026-03-02T10:00:00+00:00',
  final_price_cents: 10_400,
  holders: 2,
  units: 1_000,
  paid_cents: 10_400_000,
};

/** The reads of an offering whose five-year term runs to 1 March 2030, not matured. */
export const maturityReads: HttpHandler[] = [
  serverTable('offering_records', [issuedRecord('2025-03-01T17:00:00+00:00')]),
  serverTable('unit_prices', issuedPrices),
  serverTable('offering_maturities', []),
];
