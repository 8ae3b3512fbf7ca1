import * as v from 'valibot';
import { investorCategories } from '../eligibility/classification';
import { isIsoCountry } from '../eligibility/countries';
import { opportunityCategories, opportunityRegions } from '../opportunities';
import type { Role } from '../roles';

/**
 * An offering's terms: the typed columns of `public.opportunities` and the keys of the `details`
 * object `create_offering` and `update_offering` take (docs/offerings.md). The SQL
 * (`public.offering_details_error`, `public.offering_consistency_error`) is their twin;
 * supabase/tests/offerings-rules.test.ts proves both give the same first error on every case of
 * `offeringDetailsCases`.
 */

/** The kinds of SPV, and the role that runs each (an SPV administrator holds that role). */
export const spvKinds = ['equity', 'lending', 'production'] as const;
export type SpvKind = (typeof spvKinds)[number];
export const spvRoleOfKind: Readonly<Record<SpvKind, Role>> = {
  equity: 'eq_spv_admin',
  lending: 'cl_spv_admin',
  production: 'production_spv',
};

export const offeringStatuses = ['draft', 'in_review', 'open', 'issued', 'failed', 'withdrawn', 'closed'] as const;
export type OfferingStatus = (typeof offeringStatuses)[number];

export const distributionFrequencies = ['monthly', 'quarterly', 'annual'] as const;
export const allocationRules = ['first_come', 'pro_rata'] as const;
export type AllocationRule = (typeof allocationRules)[number];
export const offeringDocumentKinds = ['key_information', 'subscription_terms', 'other'] as const;

/** The largest amount an offering counts in: €100,000,000, so every sum fits a JavaScript number. */
export const OFFERING_MAX_CENTS = 10_000_000_000;
const MAX_MONTHS = 600;
const MAX_BPS = 10_000;
const MAX_LIST = 20;

/** A time as the details carry it: ISO 8601 with seconds optional and an explicit offset. */
const offeringTimePattern = /^\d{4}-\d{2}-\d{2}T([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2})$/;

const text = (min: number, max: number, message: string) =>
  v.pipe(
    v.string(message),
    v.check((s) => s.trim().length >= min && s.length <= max, message),
  );
const wholeNumber = (min: number, max: number, message: string) =>
  v.pipe(v.number(message), v.integer(message), v.minValue(min, message), v.maxValue(max, message));
const cents = (field: string) =>
  wholeNumber(1, OFFERING_MAX_CENTS, `${field} must be a whole number of cents from 1 to ${OFFERING_MAX_CENTS}`);
const time = (field: string) =>
  v.pipe(
    v.string(`${field} must be a time such as 2026-01-31T09:00:00Z`),
    v.regex(offeringTimePattern, `${field} must be a time such as 2026-01-31T09:00:00Z`),
    v.check(isCalendarTime, `${field} must be a time such as 2026-01-31T09:00:00Z`),
  );

/** A real day of a real month (PostgreSQL refuses 2026-02-30 where JavaScript's Date rolls over). */
function isCalendarTime(s: string): boolean {
  const year = Number(s.slice(0, 4));
  const month = Number(s.slice(5, 7));
  const day = Number(s.slice(8, 10));
  return month >= 1 && month <= 12 && day >= 1 && day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
}

const impactMessage = 'impact_metrics must be a list of at most 20 {name, unit, per_year}, per_year 0 or more';
const ImpactMetricSchema = v.strictObject(
  {
    name: text(1, 100, impactMessage),
    unit: text(1, 100, impactMessage),
    per_year: v.pipe(v.number(impactMessage), v.minValue(0, impactMessage), v.maxValue(1e12, impactMessage)),
  },
  impactMessage,
);
export type ImpactMetric = v.InferOutput<typeof ImpactMetricSchema>;

const documentsMessage =
  'documents must be a list of at most 20 {kind, name, sha256}: kind key_information, subscription_terms or other, sha256 64 lower-case hex digits';
const OfferingDocumentSchema = v.strictObject(
  {
    kind: v.picklist(offeringDocumentKinds, documentsMessage),
    name: text(1, 200, documentsMessage),
    sha256: v.pipe(v.string(documentsMessage), v.regex(/^[0-9a-f]{64}$/, documentsMessage)),
  },
  documentsMessage,
);

const countriesMessage = 'eligible_countries must be null or a list of ISO 3166-1 alpha-2 codes';
const categoriesMessage = 'eligible_categories must be null or a list of investor categories';

/**
 * Every field of the details, in the order they are checked, with its rule and whether an
 * offering needs it before it is submitted. A draft may leave any field but spv_id and name null.
 */
const offeringFields = [
  { key: 'spv_id', required: true, schema: text(1, 100, 'spv_id must be the id of an SPV') },
  { key: 'name', required: true, schema: text(1, 200, 'name must be 1 to 200 characters') },
  {
    key: 'category',
    required: true,
    schema: v.picklist(opportunityCategories, `category must be one of: ${opportunityCategories.join('; ')}`),
  },
  {
    key: 'region',
    required: true,
    schema: v.picklist(opportunityRegions, `region must be one of: ${opportunityRegions.join('; ')}`),
  },
  { key: 'country', required: true, schema: text(1, 100, 'country must be 1 to 100 characters') },
  { key: 'description', required: true, schema: text(1, 2000, 'description must be 1 to 2000 characters') },
  { key: 'unit_price_cents', required: true, schema: cents('unit_price_cents') },
  { key: 'min_target_cents', required: true, schema: cents('min_target_cents') },
  { key: 'max_target_cents', required: true, schema: cents('max_target_cents') },
  { key: 'min_ticket_cents', required: false, schema: cents('min_ticket_cents') },
  { key: 'max_ticket_cents', required: false, schema: cents('max_ticket_cents') },
  { key: 'opens_at', required: true, schema: time('opens_at') },
  { key: 'deadline_at', required: true, schema: time('deadline_at') },
  {
    key: 'term_months',
    required: true,
    schema: wholeNumber(1, MAX_MONTHS, `term_months must be a whole number of months from 1 to ${MAX_MONTHS}`),
  },
  {
    key: 'projected_yield_bps',
    required: true,
    schema: wholeNumber(0, MAX_BPS, `projected_yield_bps must be a whole number of basis points from 0 to ${MAX_BPS}`),
  },
  {
    key: 'distribution_frequency',
    required: true,
    schema: v.picklist(distributionFrequencies, 'distribution_frequency must be monthly, quarterly or annual'),
  },
  {
    key: 'lockup_months',
    required: true,
    schema: wholeNumber(0, MAX_MONTHS, `lockup_months must be a whole number of months from 0 to ${MAX_MONTHS}`),
  },
  {
    key: 'early_redemption_fee_bps',
    required: true,
    schema: wholeNumber(
      0,
      MAX_BPS,
      `early_redemption_fee_bps must be a whole number of basis points from 0 to ${MAX_BPS}`,
    ),
  },
  {
    key: 'eligible_countries',
    required: false,
    schema: v.pipe(
      v.array(v.string(countriesMessage), countriesMessage),
      v.minLength(1, countriesMessage),
      v.maxLength(300, countriesMessage),
      v.check((list) => list.every(isIsoCountry), countriesMessage),
    ),
  },
  {
    key: 'eligible_categories',
    required: false,
    schema: v.pipe(
      v.array(v.picklist(investorCategories, categoriesMessage), categoriesMessage),
      v.minLength(1, categoriesMessage),
    ),
  },
  {
    key: 'allocation_rule',
    required: true,
    schema: v.picklist(allocationRules, 'allocation_rule must be first_come or pro_rata'),
  },
  {
    key: 'impact_metrics',
    required: true,
    schema: v.pipe(v.array(ImpactMetricSchema, impactMessage), v.maxLength(MAX_LIST, impactMessage)),
  },
  {
    key: 'documents',
    required: true,
    schema: v.pipe(v.array(OfferingDocumentSchema, documentsMessage), v.maxLength(MAX_LIST, documentsMessage)),
  },
] as const;

type OfferingField = (typeof offeringFields)[number]['key'];
export const offeringFieldKeys: readonly OfferingField[] = offeringFields.map((f) => f.key);
/** What a draft holds from its creation (`offeringCreateFields`) and its lists: never cleared to null. */
const offeringCreateFields: readonly OfferingField[] = [
  'spv_id',
  'name',
  'category',
  'region',
  'country',
  'description',
];
const neverNull: readonly OfferingField[] = [...offeringCreateFields, 'impact_metrics', 'documents'];

/** The details object as valibot data: every key optional (a draft), nothing else allowed. */
const detailsEntries: v.ObjectEntries = Object.fromEntries(
  offeringFields.map((f) => [f.key, v.optional(v.nullable(f.schema as v.GenericSchema))]),
);
export const OfferingDetailsSchema = v.strictObject(detailsEntries);

/** An offering's terms as stored (a draft may hold nulls); times as ISO strings. */
export type OfferingTerms = { [K in OfferingField]?: unknown };

/** The first fault of an offering's details or terms: the field at fault and the message, which names it. */
export interface OfferingFieldError {
  field: OfferingField | 'details';
  message: string;
}

/**
 * The first fault of a `details` object, field by field in `offeringFields` order: not an object,
 * then an unknown key (the first in code-point order), then each given field's own rule.
 */
export function offeringDetailsError(details: unknown): OfferingFieldError | null {
  if (typeof details !== 'object' || details === null || Array.isArray(details)) {
    return { field: 'details', message: 'details must be a JSON object' };
  }
  const keys = Object.keys(details).sort(codePointOrder);
  const unknown = keys.find((k) => !(offeringFieldKeys as readonly string[]).includes(k));
  if (unknown !== undefined) return { field: 'details', message: `details has an unknown field: ${unknown}` };
  const record = details as Record<string, unknown>;
  for (const field of offeringFields) {
    if (!(field.key in record)) continue;
    const value = record[field.key];
    if (value === null) {
      if (neverNull.includes(field.key)) return { field: field.key, message: `${field.key} may not be null` };
      continue;
    }
    const result = v.safeParse(field.schema, value);
    if (!result.success) return { field: field.key, message: result.issues[0].message };
  }
  return null;
}

function codePointOrder(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function num(value: unknown): number | null {
  return typeof value === 'number' ? value : null;
}

function timeOf(value: unknown): number | null {
  return typeof value === 'string' ? Date.parse(value) : null;
}

/**
 * The first fault of an offering's terms taken together (each rule only where its fields are
 * set); for a submission (`complete`), first every required field, then the same rules, then a
 * deadline still ahead of `now`.
 */
export function offeringConsistencyError(
  terms: OfferingTerms,
  complete: boolean,
  now: Date,
): OfferingFieldError | null {
  if (complete) {
    for (const field of offeringFields) {
      const value = terms[field.key];
      if (field.required && (value === null || value === undefined)) {
        return { field: field.key, message: `${field.key} is required` };
      }
    }
  }
  const price = num(terms.unit_price_cents);
  const minTarget = num(terms.min_target_cents);
  const maxTarget = num(terms.max_target_cents);
  const minTicket = num(terms.min_ticket_cents);
  const maxTicket = num(terms.max_ticket_cents);
  if (minTarget !== null && maxTarget !== null && maxTarget < minTarget) {
    return { field: 'max_target_cents', message: 'max_target_cents must be at least min_target_cents' };
  }
  if (price !== null && maxTarget !== null && maxTarget % price !== 0) {
    return {
      field: 'max_target_cents',
      message: 'max_target_cents must be a whole number of units (a multiple of unit_price_cents)',
    };
  }
  if (minTicket !== null && maxTicket !== null && maxTicket < minTicket) {
    return { field: 'max_ticket_cents', message: 'max_ticket_cents must be at least min_ticket_cents' };
  }
  if (maxTicket !== null && maxTarget !== null && maxTicket > maxTarget) {
    return { field: 'max_ticket_cents', message: 'max_ticket_cents must be at most max_target_cents' };
  }
  if (minTicket !== null && maxTarget !== null && minTicket > maxTarget) {
    return { field: 'min_ticket_cents', message: 'min_ticket_cents must be at most max_target_cents' };
  }
  const opens = timeOf(terms.opens_at);
  const deadline = timeOf(terms.deadline_at);
  if (opens !== null && deadline !== null && deadline <= opens) {
    return { field: 'deadline_at', message: 'deadline_at must be after opens_at' };
  }
  const term = num(terms.term_months);
  const lockup = num(terms.lockup_months);
  if (term !== null && lockup !== null && lockup > term) {
    return { field: 'lockup_months', message: 'lockup_months must be at most term_months' };
  }
  if (complete && deadline !== null && deadline <= now.getTime()) {
    return { field: 'deadline_at', message: 'deadline_at must be in the future' };
  }
  return null;
}

/**
 * The terms the specification gives a sample opportunity for every field its own data does not
 * state: annual distributions, early redemption after 2 years with a 2% fee, a 6.5% yield and a
 * 5-year term.
 */
export const sampleOfferingDefaults = {
  term_months: 60,
  projected_yield_bps: 650,
  distribution_frequency: 'annual',
  lockup_months: 24,
  early_redemption_fee_bps: 200,
} as const;

/** The display yield of a typed one: 720 basis points is '7.2%'. */
export function yieldDisplay(bps: number): string {
  return `${Number((bps / 100).toFixed(2))}%`;
}

/** The typed yield of a display one: '7.2%' is 720 basis points. */
export function yieldBps(display: string): number {
  return Math.round(Number.parseFloat(display) * 100);
}

/** The term in months of a display term: '12 Months' is 12, '5 Years' is 60. */
export function termMonthsOf(display: string): number {
  const amount = Number.parseInt(display, 10);
  return /year/i.test(display) ? amount * 12 : amount;
}
