/**
 * Returns of a position or a portfolio (docs/returns.md), as pure functions of dated cash flows
 * and valuations in cents. Every answer is a number or null with the reason: never NaN, never
 * Infinity, never a throw.
 */

/** Money into the investment (a payment: positive) or out of it (a distribution, a redemption: negative), on a day. */
export interface CashFlow {
  /** 'YYYY-MM-DD', UTC. */
  readonly date: string;
  readonly amountCents: number;
}

/** What the investment is worth at the end of a day, after that day's flows. */
export interface Valuation {
  readonly date: string;
  readonly valueCents: number;
}

type ReturnRefusal =
  | 'invalid_input'
  | 'no_cash_flows'
  | 'one_cash_flow'
  | 'same_day'
  | 'no_sign_change'
  | 'no_convergence'
  | 'missing_valuation'
  | 'nothing_invested';

export type ReturnResult =
  | { readonly rate: number; readonly reason: null }
  | { readonly rate: null; readonly reason: ReturnRefusal };

const refuse = (reason: ReturnRefusal): ReturnResult => ({ rate: null, reason });
const answer = (rate: number): ReturnResult =>
  Number.isFinite(rate) ? { rate: rate === 0 ? 0 : rate, reason: null } : refuse('no_convergence');

const DAY_MS = 86_400_000;
/** The day count of the money-weighted return: actual days over 365 (the spreadsheets' XIRR). */
const DAYS_PER_YEAR = 365;

/** Days since 1970-01-01 of a 'YYYY-MM-DD' day, or null. */
function dayNumber(date: string): number | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return null;
  const ms = Date.parse(`${date}T00:00:00Z`);
  return Number.isFinite(ms) && new Date(ms).toISOString().startsWith(date) ? Math.round(ms / DAY_MS) : null;
}

const validCents = (cents: number) => Number.isSafeInteger(cents);

/** Solver bounds: a rate below -100% has no meaning; above 10^6 (100,000,000% a year) is treated as no answer. */
const LOW = -1 + 1e-9;
const HIGH = 1e6;
const TOLERANCE = 1e-12;
const MAX_STEPS = 300;

/**
 * The money-weighted return: the annual rate r (XIRR) at which the flows and the final value
 * balance, Σ −amount_i · (1 + r)^(−t_i) + value · (1 + r)^(−t_v) = 0, t in years of 365 days from
 * the first flow. Found by bisection between −100% and 10^6 (so a root is never missed for a
 * change of sign), then the exact zero is checked first: flows that balance at 0% answer 0.
 */
export function moneyWeightedReturn(flows: readonly CashFlow[], valuation: Valuation): ReturnResult {
  const points: { day: number; cents: number }[] = [];
  for (const flow of flows) {
    const day = dayNumber(flow.date);
    if (day === null || !validCents(flow.amountCents)) return refuse('invalid_input');
    // From the investor's side: a payment in is money out of their pocket.
    if (flow.amountCents !== 0) points.push({ day, cents: -flow.amountCents });
  }
  const valueDay = dayNumber(valuation.date);
  if (valueDay === null || !validCents(valuation.valueCents) || valuation.valueCents < 0)
    return refuse('invalid_input');
  if (points.length === 0) return refuse('no_cash_flows');
  if (valuation.valueCents !== 0) points.push({ day: valueDay, cents: valuation.valueCents });
  if (points.length === 1) return refuse('one_cash_flow');
  const first = Math.min(...points.map((p) => p.day));
  if (points.every((p) => p.day === first)) return refuse('same_day');
  if (points.some((p) => p.day > valueDay)) return refuse('invalid_input');
  if (!points.some((p) => p.cents > 0) || !points.some((p) => p.cents < 0)) return refuse('no_sign_change');

  const terms = points.map((p) => ({ years: (p.day - first) / DAYS_PER_YEAR, cents: p.cents }));
  const npv = (rate: number) => terms.reduce((sum, t) => sum + t.cents * (1 + rate) ** -t.years, 0);
  // Whole cents at 0%: the sum is exact, so a balanced position answers exactly 0.
  if (terms.reduce((sum, t) => sum + t.cents, 0) === 0) return answer(0);

  let low = LOW;
  let high = HIGH;
  let fLow = npv(low);
  const fHigh = npv(high);
  // An infinite end (a long span near −100%) still has its sign; NaN has none.
  if (Number.isNaN(fLow) || Number.isNaN(fHigh) || Math.sign(fLow) === Math.sign(fHigh)) {
    return refuse('no_convergence');
  }
  for (let step = 0; step < MAX_STEPS; step++) {
    const mid = (low + high) / 2;
    const fMid = npv(mid);
    if (Number.isNaN(fMid)) return refuse('no_convergence');
    if (fMid === 0 || (high - low) / 2 < TOLERANCE * Math.max(1, Math.abs(mid))) return answer(mid);
    if (Math.sign(fMid) === Math.sign(fLow)) {
      low = mid;
      fLow = fMid;
    } else {
      high = mid;
    }
  }
  return refuse('no_convergence');
}

/**
 * The time-weighted return over the whole span (not annualised): the product of each
 * sub-period's growth, a sub-period running from one valuation to the next, so the flows' size
 * and timing do not weigh on it. Money paid in on day k joins at the start of the piece
 * (value_k / (value_(k−1) + in_k)); money paid out leaves at its end
 * ((value_k + out_k) / value_(k−1)). A valuation is needed on each day with a flow
 * (docs/returns.md).
 */
export function timeWeightedReturn(flows: readonly CashFlow[], valuations: readonly Valuation[]): ReturnResult {
  const flowByDay = new Map<number, number>();
  for (const flow of flows) {
    const day = dayNumber(flow.date);
    if (day === null || !validCents(flow.amountCents)) return refuse('invalid_input');
    flowByDay.set(day, (flowByDay.get(day) ?? 0) + flow.amountCents);
  }
  if (flowByDay.size === 0) return refuse('no_cash_flows');
  const valueByDay = new Map<number, number>();
  for (const valuation of valuations) {
    const day = dayNumber(valuation.date);
    if (day === null || !validCents(valuation.valueCents) || valuation.valueCents < 0) return refuse('invalid_input');
    valueByDay.set(day, valuation.valueCents);
  }
  for (const day of flowByDay.keys()) if (!valueByDay.has(day)) return refuse('missing_valuation');
  const days = [...valueByDay.keys()].sort((a, b) => a - b);
  const firstFlow = Math.min(...flowByDay.keys());
  // The product as one fraction of whole cents, divided once: 1.10 × 0.95 − 1 is 4.5%, not 4.4999…%.
  let numerator = 1n;
  let denominator = 1n;
  if (days.filter((d) => d >= firstFlow).length <= 1) return refuse('one_cash_flow');
  let previous = 0;
  let periods = 0;
  for (const day of days) {
    if (day < firstFlow) continue;
    const value = valueByDay.get(day) ?? 0;
    const flow = flowByDay.get(day) ?? 0;
    // Money paid in counts from the start of its day (it bought at the price before the day's
    // change, and its fees weigh on what it bought); money paid out, at the end (it earned the day).
    const start = flow > 0 ? previous + flow : previous;
    const end = flow < 0 ? value - flow : value;
    if (start === 0) {
      // Nothing held over the piece: it has no return, unless value or money came from nothing.
      if (end !== 0) return refuse('nothing_invested');
    } else {
      numerator *= BigInt(end);
      denominator *= BigInt(start);
      periods += 1;
    }
    previous = value;
  }
  if (periods === 0) return refuse('nothing_invested');
  return answer(Number(((numerator - denominator) * SCALE) / denominator) / Number(SCALE));
}

const SCALE = 10n ** 18n;

/** A rate as people read it: 0.016004 is '1.60%'; null (no answer) is '—'. */
export function formatReturn(result: ReturnResult): string {
  if (result.rate === null) return '—';
  const percent = (result.rate * 100).toFixed(2);
  return `${percent === '-0.00' ? '0.00' : percent}%`;
}
