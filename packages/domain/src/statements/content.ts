import * as v from 'valibot';

/**
 * A statement's content as the server issues it (public.statements.content,
 * supabase/schemas/14_statements.sql; docs/statements.md): the one source of its screen, its CSV
 * (made by the server) and its PDF (statementPdf).
 */

const statementKinds = ['quarterly_assets', 'annual_costs', 'annual_tax'] as const;
export type StatementKind = (typeof statementKinds)[number];

const cents = v.pipe(v.number(), v.safeInteger());
const day = v.pipe(v.string(), v.regex(/^\d{4}-\d{2}-\d{2}$/));
/** A percentage as the server rounds it, two decimals ('1.25'); null when nothing was invested. */
const percent = v.nullable(v.pipe(v.string(), v.regex(/^-?\d+\.\d{2}$/)));

const common = {
  member_id: v.string(),
  currency: v.string(),
  period_start: day,
  period_end: day,
};

const QuarterlyAssetsSchema = v.object({
  kind: v.literal('quarterly_assets'),
  ...common,
  positions: v.array(
    v.object({
      opportunity_id: v.string(),
      name: v.string(),
      units: cents,
      cost_cents: cents,
      unit_price_cents: cents,
      /** The day the price applies from; '' for the issue price. */
      price_as_of: v.string(),
      value_cents: cents,
    }),
  ),
  lines: v.array(
    v.object({
      seq: cents,
      occurred_at: v.string(),
      kind: v.string(),
      description: v.string(),
      in_cents: cents,
      out_cents: cents,
      balance_cents: cents,
    }),
  ),
  totals: v.object({
    positions_value_cents: cents,
    opening_cash_cents: cents,
    closing_cash_cents: cents,
    in_cents: cents,
    out_cents: cents,
    line_count: cents,
    assets_cents: cents,
  }),
});

const AnnualCostsSchema = v.object({
  kind: v.literal('annual_costs'),
  ...common,
  average_invested_cents: cents,
  fees: v.array(v.object({ kind: v.string(), amount_cents: cents, percent })),
  totals: v.object({ fees_cents: cents, percent, effect_on_return_percent: percent }),
});

const AnnualTaxSchema = v.object({
  kind: v.literal('annual_tax'),
  ...common,
  rows: v.array(
    v.object({
      opportunity_id: v.string(),
      name: v.string(),
      income_cents: cents,
      withholding_cents: cents,
      net_income_cents: cents,
      capital_returned_cents: cents,
    }),
  ),
  totals: v.object({
    income_cents: cents,
    withholding_cents: cents,
    net_income_cents: cents,
    capital_returned_cents: cents,
  }),
});

export const StatementContentSchema = v.variant('kind', [QuarterlyAssetsSchema, AnnualCostsSchema, AnnualTaxSchema]);
export type StatementContent = v.InferOutput<typeof StatementContentSchema>;

/** One row of `my_statements()`. */
export const StatementRowSchema = v.object({
  id: v.string(),
  kind: v.picklist(statementKinds),
  period_start: day,
  period_end: day,
  sha256: v.pipe(v.string(), v.regex(/^[0-9a-f]{64}$/)),
  issued_at: v.string(),
});
export type StatementRow = v.InferOutput<typeof StatementRowSchema>;

/** What `open_statement(id)` answers. */
export const OpenedStatementSchema = v.object({
  id: v.string(),
  kind: v.picklist(statementKinds),
  sha256: v.string(),
  content: StatementContentSchema,
  csv: v.string(),
});
export type OpenedStatement = v.InferOutput<typeof OpenedStatementSchema>;

/**
 * Cents as the statements write them, in the CSV and the PDF alike: euros with two decimals, no
 * grouping ('1234.50'), as the server's csv_euros.
 */
export function statementAmount(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const whole = Math.abs(cents);
  return `${sign}${Math.floor(whole / 100)}.${String(whole % 100).padStart(2, '0')}`;
}

const kindTitles: Record<StatementKind, string> = {
  quarterly_assets: 'Statement of assets',
  annual_costs: 'Costs and charges',
  annual_tax: 'Tax summary',
};

/** 'Statement of assets Q3 2026', 'Costs and charges 2026', 'Tax summary 2026'. */
export function statementTitle(kind: StatementKind, periodStart: string): string {
  const year = periodStart.slice(0, 4);
  if (kind !== 'quarterly_assets') return `${kindTitles[kind]} ${year}`;
  const quarter = Math.floor((Number(periodStart.slice(5, 7)) - 1) / 3) + 1;
  return `${kindTitles[kind]} Q${quarter} ${year}`;
}

/** A file name for a statement's download: 'statement-of-assets-q3-2026.pdf'. */
export function statementFileName(kind: StatementKind, periodStart: string, extension: 'pdf' | 'csv'): string {
  const slug = statementTitle(kind, periodStart)
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return `${slug}.${extension}`;
}

/** A fee's kind as people read it. */
export const feeLabels: Record<string, string> = {
  management_fee: 'Management fee',
  card_fee: 'Card fee',
  redemption_fee: 'Redemption fee',
};

/**
 * The totals of a statement, labelled as its CSV's "Totals" section labels them: the screen and
 * the PDF show these rows, so all three agree by construction (a test compares them).
 */
export function statementTotals(content: StatementContent): { label: string; value: string }[] {
  switch (content.kind) {
    case 'quarterly_assets':
      return [
        { label: 'Opening cash', value: statementAmount(content.totals.opening_cash_cents) },
        { label: 'Closing cash', value: statementAmount(content.totals.closing_cash_cents) },
        { label: 'Positions value', value: statementAmount(content.totals.positions_value_cents) },
        { label: 'Total assets', value: statementAmount(content.totals.assets_cents) },
      ];
    case 'annual_costs':
      return [
        { label: 'Average amount invested', value: statementAmount(content.average_invested_cents) },
        { label: 'Total costs', value: statementAmount(content.totals.fees_cents) },
        { label: 'Effect on return (percent)', value: content.totals.effect_on_return_percent ?? '' },
      ];
    case 'annual_tax':
      return [
        { label: 'Income', value: statementAmount(content.totals.income_cents) },
        { label: 'Withholding', value: statementAmount(content.totals.withholding_cents) },
        { label: 'Net income', value: statementAmount(content.totals.net_income_cents) },
        { label: 'Capital returned', value: statementAmount(content.totals.capital_returned_cents) },
      ];
  }
}
