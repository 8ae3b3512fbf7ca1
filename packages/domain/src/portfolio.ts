import * as v from 'valibot';
import type { InvestmentRow } from './entities';
import { CANCELLATION_WINDOW_DAYS, mayCancelInvestment } from './investments';
import { formatEuros, parseEuroAmount } from './money';
import type { Opportunity } from './opportunities';

/**
 * What an investor owns and has in cash, as the server answers it (`my_positions()`,
 * `my_balance()`, `my_ledger_lines()`: docs/offerings.md, docs/ledger.md), and how the portfolio,
 * the dashboard and the wallet show it. Every figure is integer cents from the server; the screens
 * and the CSV export format the same cents, so they agree to the cent.
 */

const Cents = v.pipe(v.number(), v.safeInteger());

/** One row of `my_positions()`: an offering the member holds units of. */
export const PositionRowSchema = v.object({
  opportunity_id: v.string(),
  units: Cents,
  cost_cents: Cents,
  fees_cents: Cents,
  value_cents: Cents,
  /** Matured once the term has run from the first issue. */
  status: v.picklist(['Active', 'Matured']),
  impact: v.array(v.object({ name: v.string(), unit: v.string(), per_year: v.number() })),
});
export type PositionRow = v.InferOutput<typeof PositionRowSchema>;

/** The one row of `my_balance()`: the member's EUR cash. */
export const BalanceRowSchema = v.object({ available_cents: Cents, held_cents: Cents, total_cents: Cents });
export type BalanceRow = v.InferOutput<typeof BalanceRowSchema>;

/** One row of `my_ledger_lines(after, page_size)`: a change of the member's available cash. */
export const LedgerLineRowSchema = v.object({
  seq: v.number(),
  occurred_at: v.string(),
  description: v.string(),
  amount_cents: Cents,
  balance_cents: Cents,
});
export type LedgerLineRow = v.InferOutput<typeof LedgerLineRowSchema>;

/** `my_ledger_lines`' largest page. */
export const LEDGER_LINES_PAGE_SIZE = 50;

const DAY_MS = 24 * 60 * 60 * 1000;

/** A held position as a row of the portfolio. */
export interface PortfolioPosition {
  opportunityId: string;
  name: string;
  category: string;
  units: number;
  costCents: number;
  feesCents: number;
  valueCents: number;
  /** value − cost, the gain (or loss) at the latest unit price. */
  gainCents: number;
  status: PositionRow['status'];
  impact: PositionRow['impact'];
}

/** A subscription not yet issued (Pending: funds held; Awaiting payment: nothing held yet). */
export interface PortfolioPending {
  investmentId: string;
  opportunityId: string;
  name: string;
  status: InvestmentRow['status'];
  amountCents: number;
  totalCents: number;
  submittedAt: string;
  /** When the investor may cancel until; null once the window is over. */
  cancelUntil: string | null;
}

interface PortfolioTotals {
  valueCents: number;
  costCents: number;
  feesCents: number;
  /** The amount of the subscriptions still pending (held or awaiting payment). */
  pendingCents: number;
  /** Cash available from the ledger; null while unknown. */
  cashAvailableCents: number | null;
}

interface AllocationSlice {
  label: string;
  valueCents: number;
  /** Share of the total value in whole tenths of a percent (sums to 1000 by largest remainder). */
  permille: number;
}

export interface Portfolio {
  positions: PortfolioPosition[];
  pending: PortfolioPending[];
  totals: PortfolioTotals;
  allocation: AllocationSlice[];
}

/** The status of an investment that is a pending row of the portfolio. */
const pendingStatuses: ReadonlySet<string> = new Set(['Pending', 'Awaiting payment']);

/**
 * The portfolio from the server's rows: positions named by their opportunity, pending
 * subscriptions with the time left to cancel, the totals, and the value by category.
 */
export function portfolioOf(
  positions: readonly PositionRow[],
  opportunities: readonly Pick<Opportunity, 'id' | 'name' | 'category'>[],
  investments: readonly InvestmentRow[],
  balance: BalanceRow | null,
  now: Date,
): Portfolio {
  const byId = new Map(opportunities.map((o) => [o.id, o]));
  const held: PortfolioPosition[] = positions.map((p) => {
    const o = byId.get(p.opportunity_id);
    return {
      opportunityId: p.opportunity_id,
      name: o?.name ?? p.opportunity_id,
      category: o?.category ?? 'Other',
      units: p.units,
      costCents: p.cost_cents,
      feesCents: p.fees_cents,
      valueCents: p.value_cents,
      gainCents: p.value_cents - p.cost_cents,
      status: p.status,
      impact: p.impact,
    };
  });
  const pending: PortfolioPending[] = investments
    .filter((i) => pendingStatuses.has(i.status))
    .sort((a, b) => Date.parse(b.submitted_at) - Date.parse(a.submitted_at))
    .map((i) => ({
      investmentId: i.id,
      opportunityId: i.opportunity_id,
      name: i.opportunity_name || byId.get(i.opportunity_id)?.name || i.opportunity_id,
      status: i.status,
      amountCents: i.amount_cents,
      totalCents: i.total_cents,
      submittedAt: i.submitted_at,
      cancelUntil: mayCancelInvestment(i, now)
        ? new Date(Date.parse(i.submitted_at) + CANCELLATION_WINDOW_DAYS * DAY_MS).toISOString()
        : null,
    }));
  const sum = (f: (p: PortfolioPosition) => number) => held.reduce((total, p) => total + f(p), 0);
  return {
    positions: held,
    pending,
    totals: {
      valueCents: sum((p) => p.valueCents),
      costCents: sum((p) => p.costCents),
      feesCents: sum((p) => p.feesCents),
      pendingCents: pending.reduce((total, p) => total + p.amountCents, 0),
      cashAvailableCents: balance?.available_cents ?? null,
    },
    allocation: allocationByCategory(held),
  };
}

/**
 * The value by category, largest first, each share in tenths of a percent; the shares sum to
 * exactly 100% (largest remainder), so the chart's table never reads 99.9% in all.
 */
function allocationByCategory(positions: readonly Pick<PortfolioPosition, 'category' | 'valueCents'>[]) {
  const totals = new Map<string, number>();
  for (const p of positions) totals.set(p.category, (totals.get(p.category) ?? 0) + p.valueCents);
  const whole = [...totals.values()].reduce((a, b) => a + b, 0);
  const slices = [...totals.entries()]
    .filter(([, value]) => value > 0)
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .map(([label, valueCents]) => {
      const exact = whole > 0 ? (valueCents * 1000) / whole : 0;
      return { label, valueCents, permille: Math.floor(exact), rest: exact - Math.floor(exact) };
    });
  let left = whole > 0 ? 1000 - slices.reduce((a, s) => a + s.permille, 0) : 0;
  for (const slice of [...slices].sort((a, b) => b.rest - a.rest)) {
    if (left <= 0) break;
    slice.permille += 1;
    left -= 1;
  }
  return slices.map(({ label, valueCents, permille }): AllocationSlice => ({ label, valueCents, permille }));
}

/** A share in tenths of a percent as people read it: 1000 is '100%', 425 is '42.5%'. */
export function formatPermille(permille: number): string {
  return `${permille % 10 === 0 ? permille / 10 : (permille / 10).toFixed(1)}%`;
}

/** Cents as a CSV cell: plain euros with two decimals ('1234.50'; '-3.05'), no symbol or grouping. */
export function centsCsv(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** One line of the portfolio's CSV export; the screen shows the same cents, formatted. */
export interface PortfolioCsvLine {
  kind: 'Position' | 'Pending';
  name: string;
  category: string;
  units: string;
  cost: string;
  fees: string;
  value: string;
  status: string;
}

/** The portfolio as the lines of its CSV export: every position, then every pending subscription. */
export function portfolioCsvLines(portfolio: Portfolio): PortfolioCsvLine[] {
  return [
    ...portfolio.positions.map(
      (p): PortfolioCsvLine => ({
        kind: 'Position',
        name: p.name,
        category: p.category,
        units: String(p.units),
        cost: centsCsv(p.costCents),
        fees: centsCsv(p.feesCents),
        value: centsCsv(p.valueCents),
        status: p.status,
      }),
    ),
    ...portfolio.pending.map(
      (p): PortfolioCsvLine => ({
        kind: 'Pending',
        name: p.name,
        category: '',
        units: '',
        cost: centsCsv(p.amountCents),
        fees: centsCsv(p.totalCents - p.amountCents),
        value: '',
        status: p.status,
      }),
    ),
  ];
}

/** An attributed impact figure: '12.5 tCO2e avoided per year'. */
export function impactText(metric: { name: string; unit: string; per_year: number }): string {
  const figure = Number(metric.per_year.toFixed(2)).toLocaleString('en-IE');
  return `${metric.name}: ${figure} ${metric.unit} per year`;
}

/** A gain or loss with its sign: '+€120', '−€30.50', '€0'. */
export function formatGain(cents: number): string {
  if (cents === 0) return formatEuros(0);
  return cents > 0 ? `+${formatEuros(cents)}` : `−${formatEuros(-cents)}`;
}

/**
 * A withdrawal amount as typed, checked before it is sent (`request_withdrawal` checks it again):
 * null when fine, else what to do.
 */
export function withdrawalAmountError(input: string, availableCents: number): string | null {
  if (input.trim() === '') return 'Enter the amount to withdraw.';
  const cents = parseEuroAmount(input);
  if (cents === null || cents === 0) return 'Enter an amount in euros, like 250 or 250.50.';
  if (availableCents <= 0) return 'You have no cash available to withdraw.';
  if (cents > availableCents) return `You can withdraw at most ${formatEuros(availableCents)}.`;
  return null;
}

/** The server's refusal of a withdrawal as the member reads it. */
export function withdrawalErrorText(message: string): string {
  if (/exceeds your available cash/.test(message)) return 'The amount is more than your available cash.';
  const sentence = message.charAt(0).toUpperCase() + message.slice(1);
  return /[.!?]$/.test(sentence) ? sentence : `${sentence}.`;
}

/** What the ledger's lines say of distributions paid to the member: their description starts so. */
const DISTRIBUTION_LINE_PREFIX = 'Distribution';

/** Income received: the distributions credited to the member's cash among these lines. */
export function incomeReceivedCents(lines: readonly Pick<LedgerLineRow, 'description' | 'amount_cents'>[]): number {
  return lines
    .filter((line) => line.amount_cents > 0 && line.description.startsWith(DISTRIBUTION_LINE_PREFIX))
    .reduce((total, line) => total + line.amount_cents, 0);
}

/** The time left until `until`, as the pending rows say it: '3 days 4 hours left to cancel'. */
export function timeLeftToCancel(until: string, now: Date): string {
  const ms = Date.parse(until) - now.getTime();
  if (!(ms > 0)) return 'The time to cancel is over';
  const hours = Math.floor(ms / (60 * 60 * 1000));
  const days = Math.floor(hours / 24);
  const rest = hours % 24;
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  if (days > 0) return `${plural(days, 'day')}${rest > 0 ? ` ${plural(rest, 'hour')}` : ''} left to cancel`;
  if (hours > 0) return `${plural(hours, 'hour')} left to cancel`;
  return 'Less than an hour left to cancel';
}

/** The title of the upcoming action a position's term end is (docs/product.md: Upcoming actions). */
export const TERM_ENDING_TITLE = 'Placement Term Ending';

/**
 * Each Active position's term end, as an upcoming action: its first issue (the earliest decision
 * of an Active or Matured investment in it) plus the offering's term; soonest first, those still ahead.
 */
export function termEndings(
  positions: readonly Pick<PositionRow, 'opportunity_id' | 'status'>[],
  opportunities: readonly Pick<Opportunity, 'id' | 'name' | 'term_months'>[],
  investments: readonly Pick<InvestmentRow, 'opportunity_id' | 'status' | 'decided_at'>[],
  now: Date,
): { id: string; title: string; detail: string; due: string }[] {
  const byId = new Map(opportunities.map((o) => [o.id, o]));
  const endings: { id: string; title: string; detail: string; due: string }[] = [];
  for (const position of positions) {
    if (position.status !== 'Active') continue;
    const o = byId.get(position.opportunity_id);
    const issued = investments
      .filter((i) => i.opportunity_id === position.opportunity_id && (i.status === 'Active' || i.status === 'Matured'))
      .map((i) => (i.decided_at ? Date.parse(i.decided_at) : Number.NaN))
      .filter((t) => Number.isFinite(t))
      .sort((a, b) => a - b)[0];
    if (!o?.term_months || issued === undefined) continue;
    const end = new Date(issued);
    end.setUTCMonth(end.getUTCMonth() + o.term_months);
    if (end.getTime() <= now.getTime()) continue;
    endings.push({
      id: `term-${position.opportunity_id}`,
      title: TERM_ENDING_TITLE,
      detail: `${o.name} matures; choose to reinvest or withdraw.`,
      due: end.toISOString().slice(0, 10),
    });
  }
  return endings.sort((a, b) => a.due.localeCompare(b.due));
}

/** A row of the dashboard's Recent investments: a position or a pending subscription, newest first. */
export interface RecentPlacement {
  key: string;
  opportunityId: string;
  /** A position opens on /placements; a pending subscription is listed there. */
  kind: 'position' | 'pending';
  name: string;
  amountCents: number;
  /** The latest submission in it, as stored. */
  dateTime: string;
  status: InvestmentRow['status'];
}

export function recentPlacements(portfolio: Portfolio, investments: readonly InvestmentRow[]): RecentPlacement[] {
  const latest = new Map<string, string>();
  for (const i of investments) {
    const known = latest.get(i.opportunity_id);
    if (!known || Date.parse(i.submitted_at) > Date.parse(known)) latest.set(i.opportunity_id, i.submitted_at);
  }
  const rows: RecentPlacement[] = [
    ...portfolio.pending.map(
      (p): RecentPlacement => ({
        key: p.investmentId,
        opportunityId: p.opportunityId,
        kind: 'pending',
        name: p.name,
        amountCents: p.amountCents,
        dateTime: p.submittedAt,
        status: p.status,
      }),
    ),
    ...portfolio.positions.map(
      (p): RecentPlacement => ({
        key: `position-${p.opportunityId}`,
        opportunityId: p.opportunityId,
        kind: 'position',
        name: p.name,
        amountCents: p.costCents,
        dateTime: latest.get(p.opportunityId) ?? '',
        status: p.status,
      }),
    ),
  ];
  return rows.sort((a, b) => (Date.parse(b.dateTime) || 0) - (Date.parse(a.dateTime) || 0));
}
