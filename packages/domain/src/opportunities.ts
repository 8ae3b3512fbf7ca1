import * as v from 'valibot';

export const opportunityCategories = [
  'Renewable energy',
  'Social impact, Housing',
  'Clean water',
  'Education',
] as const;
type OpportunityCategory = (typeof opportunityCategories)[number];

export const opportunityRegions = ['EU', 'Netherlands', 'Africa', 'Asia'] as const;
type OpportunityRegion = (typeof opportunityRegions)[number];

const OptionalCents = v.optional(v.nullable(v.pipe(v.number(), v.safeInteger(), v.minValue(0))));
const OptionalCount = v.optional(v.nullable(v.pipe(v.number(), v.integer(), v.minValue(0))));

/** A sample opportunity (docs/product.md §3). apy and minInvestment are display strings, as sampled. */
export const OpportunitySchema = v.object({
  id: v.pipe(v.string(), v.nonEmpty()),
  name: v.pipe(v.string(), v.nonEmpty()),
  category: v.picklist(opportunityCategories),
  region: v.picklist(opportunityRegions),
  apy: v.pipe(v.string(), v.regex(/^\d+(\.\d+)?%$/, 'must be a percent like 7.5%')),
  minInvestment: v.pipe(v.string(), v.regex(/^€[\d,]+$/, 'must be euros like €5,000')),
  term: v.pipe(v.string(), v.regex(/^\d+ (Months?|Years?)$/i, 'must be like 12 Months or 5 Years')),
  ratings: v.number(),
  riskScore: v.number(),
  country: v.string(),
  audited: v.boolean(),
  open: v.boolean(),
  description: v.string(),
  /** Who may invest (packages/domain/src/eligibility/decision.ts): null or absent means every country. */
  eligible_countries: v.optional(v.nullable(v.array(v.pipe(v.string(), v.regex(/^[A-Z]{2}$/))))),
  /** null or absent: every investor category. */
  eligible_categories: v.optional(v.nullable(v.array(v.string()))),
  /** The smallest amount accepted, in cents; null or absent: none (minInvestment stays display text). */
  min_ticket_cents: v.optional(v.nullable(v.pipe(v.number(), v.integer(), v.minValue(1)))),
  // The offering's typed terms (docs/offerings.md; their rules: offerings/terms.ts). A sample
  // opportunity has no deadline and no targets: it stays open until an operator closes it.
  spv_id: v.optional(v.string()),
  status: v.optional(v.string()),
  unit_price_cents: OptionalCents,
  min_target_cents: OptionalCents,
  max_target_cents: OptionalCents,
  max_ticket_cents: OptionalCents,
  opens_at: v.optional(v.nullable(v.string())),
  deadline_at: v.optional(v.nullable(v.string())),
  term_months: OptionalCount,
  projected_yield_bps: OptionalCount,
  distribution_frequency: v.optional(v.nullable(v.string())),
  lockup_months: OptionalCount,
  early_redemption_fee_bps: OptionalCount,
  allocation_rule: v.optional(v.nullable(v.string())),
  impact_metrics: v.optional(v.array(v.object({ name: v.string(), unit: v.string(), per_year: v.number() }))),
  documents: v.optional(v.array(v.object({ kind: v.string(), name: v.string(), sha256: v.string() }))),
});
export type Opportunity = v.InferOutput<typeof OpportunitySchema>;

export const opportunitySorts = [
  { id: 'relevance', label: 'Relevance' },
  { id: 'apy-desc', label: 'APY high to low' },
  { id: 'min-asc', label: 'Min Investment low to high' },
  { id: 'term-asc', label: 'Term short to long' },
] as const;
export type OpportunitySort = (typeof opportunitySorts)[number]['id'];

export interface OpportunityQuery {
  /** 'All' or a category. */
  category: OpportunityCategory | 'All';
  region: OpportunityRegion | 'All';
  sort: OpportunitySort;
}

export const defaultOpportunityQuery: OpportunityQuery = { category: 'All', region: 'All', sort: 'relevance' };

export function filterOpportunities(
  list: readonly Opportunity[],
  query: Pick<OpportunityQuery, 'category' | 'region'>,
): Opportunity[] {
  return list.filter(
    (o) =>
      (query.category === 'All' || o.category === query.category) &&
      (query.region === 'All' || o.region === query.region),
  );
}

function apyPercent(o: Opportunity): number {
  return Number.parseFloat(o.apy);
}

function minInvestmentEuros(o: Opportunity): number {
  return Number(o.minInvestment.replace(/[^\d]/g, ''));
}

/** The term in months: '12 Months' is 12, '5 Years' is 60. */
function termMonths(o: Opportunity): number {
  const amount = Number.parseInt(o.term, 10);
  return /year/i.test(o.term) ? amount * 12 : amount;
}

const comparators: Record<Exclude<OpportunitySort, 'relevance'>, (a: Opportunity, b: Opportunity) => number> = {
  'apy-desc': (a, b) => apyPercent(b) - apyPercent(a),
  'min-asc': (a, b) => minInvestmentEuros(a) - minInvestmentEuros(b),
  'term-asc': (a, b) => termMonths(a) - termMonths(b),
};

/** A stable sort; relevance keeps the order as given. */
export function sortOpportunities(list: readonly Opportunity[], sort: OpportunitySort): Opportunity[] {
  if (sort === 'relevance') return [...list];
  return [...list].sort(comparators[sort]);
}

/** Where an opportunity is, as cards and the detail show it: 'Germany, EU', or 'Netherlands' alone. */
export function opportunityLocation(o: Pick<Opportunity, 'country' | 'region'>): string {
  return o.country && o.country !== o.region ? `${o.country}, ${o.region}` : o.region;
}

export interface OpportunitySummary {
  count: number;
  /** Average APY in percent, to 1 decimal. */
  averageApy: number;
  /** Share audited, in whole percent. */
  auditedPercent: number;
}

export function opportunitySummary(list: readonly Opportunity[]): OpportunitySummary {
  if (list.length === 0) return { count: 0, averageApy: 0, auditedPercent: 0 };
  const apySum = list.reduce((sum, o) => sum + apyPercent(o), 0);
  return {
    count: list.length,
    averageApy: Math.round((apySum / list.length) * 10) / 10,
    auditedPercent: Math.round((list.filter((o) => o.audited).length / list.length) * 100),
  };
}

/**
 * Filters and sort from the URL query (docs/decisions.md (11)). Anything unknown falls back
 * to its default, so an odd or hand-edited URL still shows a list.
 */
export function opportunityQueryFromParams(get: (key: string) => string | null): OpportunityQuery {
  const pick = <T extends string>(value: string | null, allowed: readonly T[], fallback: T): T =>
    allowed.find((a) => a === value) ?? fallback;
  return {
    category: pick(get('category'), ['All', ...opportunityCategories], 'All'),
    region: pick(get('region'), ['All', ...opportunityRegions], 'All'),
    sort: pick(
      get('sort'),
      opportunitySorts.map((s) => s.id),
      'relevance',
    ),
  };
}

/** The query entries that differ from the defaults, for a short shareable URL. */
export function opportunityQueryToParams(query: OpportunityQuery): Record<string, string> {
  const params: Record<string, string> = {};
  if (query.category !== 'All') params.category = query.category;
  if (query.region !== 'All') params.region = query.region;
  if (query.sort !== 'relevance') params.sort = query.sort;
  return params;
}
