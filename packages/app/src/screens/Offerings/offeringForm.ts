import {
  type OfferingFieldError,
  offeringConsistencyError,
  offeringDetailsError,
  offeringFieldKeys,
} from '@vault/domain';
import type { OfferingRow } from '../../data/offerings/offerings';

/**
 * The offering form as typed: every field a string (amounts in euros, yields and fees in percent,
 * times in UTC), lists as rows. `detailsOf` turns it into the `details` object of
 * create_offering / update_offering; the rules are the domain's (`offeringDetailsError`,
 * `offeringConsistencyError`), checked field by field so each error shows beside its field.
 */
export interface OfferingFormValues {
  spv_id: string;
  name: string;
  category: string;
  region: string;
  country: string;
  description: string;
  unit_price: string;
  min_target: string;
  max_target: string;
  min_ticket: string;
  max_ticket: string;
  opens_at: string;
  deadline_at: string;
  term_months: string;
  projected_yield: string;
  distribution_frequency: string;
  lockup_months: string;
  early_redemption_fee: string;
  eligible_countries: string;
  eligible_categories: string[];
  allocation_rule: string;
  impact_metrics: { name: string; unit: string; per_year: string }[];
  documents: { kind: string; name: string; sha256: string }[];
}

type DetailKey = (typeof offeringFieldKeys)[number];

/** Which form field holds each detail: the error of a detail shows beside it. */
const formFieldOf: Readonly<Record<DetailKey, keyof OfferingFormValues>> = {
  spv_id: 'spv_id',
  name: 'name',
  category: 'category',
  region: 'region',
  country: 'country',
  description: 'description',
  unit_price_cents: 'unit_price',
  min_target_cents: 'min_target',
  max_target_cents: 'max_target',
  min_ticket_cents: 'min_ticket',
  max_ticket_cents: 'max_ticket',
  opens_at: 'opens_at',
  deadline_at: 'deadline_at',
  term_months: 'term_months',
  projected_yield_bps: 'projected_yield',
  distribution_frequency: 'distribution_frequency',
  lockup_months: 'lockup_months',
  early_redemption_fee_bps: 'early_redemption_fee',
  eligible_countries: 'eligible_countries',
  eligible_categories: 'eligible_categories',
  allocation_rule: 'allocation_rule',
  impact_metrics: 'impact_metrics',
  documents: 'documents',
};

/** The label each field shows; an error names the field by it. */
export const fieldLabels: Readonly<Record<keyof OfferingFormValues, string>> = {
  spv_id: 'SPV',
  name: 'Name',
  category: 'Category',
  region: 'Region',
  country: 'Country',
  description: 'Description',
  unit_price: 'Unit price (€)',
  min_target: 'Minimum target (€)',
  max_target: 'Maximum (€)',
  min_ticket: 'Minimum ticket (€)',
  max_ticket: 'Maximum ticket (€)',
  opens_at: 'Opens at (UTC)',
  deadline_at: 'Deadline (UTC)',
  term_months: 'Term (months)',
  projected_yield: 'Projected yield (%)',
  distribution_frequency: 'Distribution frequency',
  lockup_months: 'Lock-up (months)',
  early_redemption_fee: 'Early redemption fee (%)',
  eligible_countries: 'Eligible countries',
  eligible_categories: 'Eligible investor categories',
  allocation_rule: 'Allocation rule',
  impact_metrics: 'Impact metrics',
  documents: 'Documents',
};

export const emptyOfferingForm = (spvId = ''): OfferingFormValues => ({
  spv_id: spvId,
  name: '',
  category: '',
  region: '',
  country: '',
  description: '',
  unit_price: '',
  min_target: '',
  max_target: '',
  min_ticket: '',
  max_ticket: '',
  opens_at: '',
  deadline_at: '',
  term_months: '',
  projected_yield: '',
  distribution_frequency: '',
  lockup_months: '',
  early_redemption_fee: '',
  eligible_countries: '',
  eligible_categories: [],
  allocation_rule: '',
  impact_metrics: [],
  documents: [],
});

const centsText = (cents: number | null) => (cents === null ? '' : (cents / 100).toFixed(2).replace(/\.00$/, ''));
const percentText = (bps: number | null) => (bps === null ? '' : String(bps / 100));
const countText = (n: number | null) => (n === null ? '' : String(n));
/** A stored time as the datetime-local field shows it, in UTC: '2026-03-01T17:00'. */
const timeText = (at: string | null) => (at === null ? '' : new Date(at).toISOString().slice(0, 16));

/** A draft's stored terms as the form shows them, to edit. */
export function formOfOffering(o: OfferingRow): OfferingFormValues {
  return {
    spv_id: o.spv_id,
    name: o.name,
    category: o.category,
    region: o.region,
    country: o.country,
    description: o.description,
    unit_price: centsText(o.unit_price_cents),
    min_target: centsText(o.min_target_cents),
    max_target: centsText(o.max_target_cents),
    min_ticket: centsText(o.min_ticket_cents),
    max_ticket: centsText(o.max_ticket_cents),
    opens_at: timeText(o.opens_at),
    deadline_at: timeText(o.deadline_at),
    term_months: countText(o.term_months),
    projected_yield: percentText(o.projected_yield_bps),
    distribution_frequency: o.distribution_frequency ?? '',
    lockup_months: countText(o.lockup_months),
    early_redemption_fee: percentText(o.early_redemption_fee_bps),
    eligible_countries: (o.eligible_countries ?? []).join(', '),
    eligible_categories: o.eligible_categories ?? [],
    allocation_rule: o.allocation_rule ?? '',
    impact_metrics: o.impact_metrics.map((m) => ({ name: m.name, unit: m.unit, per_year: String(m.per_year) })),
    documents: o.documents.map((d) => ({ ...d })),
  };
}

type Parsed = { ok: true; value: unknown } | { ok: false; message: string };

const blank = (text: string) => text.trim() === '';

/** '5,000.50' → 500050 cents; '' → null. */
function euros(text: string): Parsed {
  if (blank(text)) return { ok: true, value: null };
  const plainText = text.replace(/[\s,€]/g, '');
  if (!/^\d+(\.\d{1,2})?$/.test(plainText)) return { ok: false, message: 'an amount in euros, such as 5000 or 99.50' };
  return { ok: true, value: Math.round(Number(plainText) * 100) };
}

/** '6.5' (percent) → 650 basis points; '' → null. */
function percent(text: string): Parsed {
  if (blank(text)) return { ok: true, value: null };
  const plainText = text.replace(/[\s%]/g, '');
  if (!/^\d+(\.\d{1,2})?$/.test(plainText)) return { ok: false, message: 'a percentage, such as 6.5' };
  return { ok: true, value: Math.round(Number(plainText) * 100) };
}

function whole(text: string): Parsed {
  if (blank(text)) return { ok: true, value: null };
  if (!/^\d+$/.test(text.trim())) return { ok: false, message: 'a whole number' };
  return { ok: true, value: Number(text.trim()) };
}

/** A datetime-local value, read as UTC. */
function utcTime(text: string): Parsed {
  if (blank(text)) return { ok: true, value: null };
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(text)) return { ok: false, message: 'a date and time' };
  return { ok: true, value: `${text}:00Z` };
}

const textOrNull = (text: string): Parsed => ({ ok: true, value: blank(text) ? null : text.trim() });

function countries(text: string): Parsed {
  const codes = text
    .split(/[\s,;]+/)
    .map((c) => c.trim().toUpperCase())
    .filter((c) => c !== '');
  return { ok: true, value: codes.length === 0 ? null : codes };
}

function metrics(rows: OfferingFormValues['impact_metrics']): Parsed {
  const out = [];
  for (const row of rows) {
    const perYear = Number(row.per_year.replace(/[\s,]/g, ''));
    if (blank(row.per_year) || !Number.isFinite(perYear)) {
      return { ok: false, message: 'each metric needs a yearly figure, a number' };
    }
    out.push({ name: row.name.trim(), unit: row.unit.trim(), per_year: perYear });
  }
  return { ok: true, value: out };
}

const documents = (rows: OfferingFormValues['documents']): Parsed => ({
  ok: true,
  value: rows.map((d) => ({ kind: d.kind, name: d.name.trim(), sha256: d.sha256.trim().toLowerCase() })),
});

const parsers: Readonly<Record<DetailKey, (form: OfferingFormValues) => Parsed>> = {
  spv_id: (f) => textOrNull(f.spv_id),
  name: (f) => textOrNull(f.name),
  category: (f) => textOrNull(f.category),
  region: (f) => textOrNull(f.region),
  country: (f) => textOrNull(f.country),
  description: (f) => textOrNull(f.description),
  unit_price_cents: (f) => euros(f.unit_price),
  min_target_cents: (f) => euros(f.min_target),
  max_target_cents: (f) => euros(f.max_target),
  min_ticket_cents: (f) => euros(f.min_ticket),
  max_ticket_cents: (f) => euros(f.max_ticket),
  opens_at: (f) => utcTime(f.opens_at),
  deadline_at: (f) => utcTime(f.deadline_at),
  term_months: (f) => whole(f.term_months),
  projected_yield_bps: (f) => percent(f.projected_yield),
  distribution_frequency: (f) => textOrNull(f.distribution_frequency),
  lockup_months: (f) => whole(f.lockup_months),
  early_redemption_fee_bps: (f) => percent(f.early_redemption_fee),
  eligible_countries: (f) => countries(f.eligible_countries),
  eligible_categories: (f) => ({ ok: true, value: f.eligible_categories.length === 0 ? null : f.eligible_categories }),
  allocation_rule: (f) => textOrNull(f.allocation_rule),
  impact_metrics: (f) => metrics(f.impact_metrics),
  documents: (f) => documents(f.documents),
};

/** What a draft holds from its creation on (docs/offerings.md "The terms"). */
const draftNeeds = ['spv_id', 'name', 'category', 'region', 'country', 'description'] as const;

export type OfferingFormErrors = Partial<Record<keyof OfferingFormValues, string>>;

/** A domain message about a detail, worded with the form's labels: 'Maximum (€) must be at least Minimum target (€)'. */
function fieldMessage(key: DetailKey | 'details', message: string): string {
  if (key === 'details') return message;
  const label = fieldLabels[formFieldOf[key]];
  const rest = message.startsWith(`${key}: `)
    ? `: ${message.slice(key.length + 2)}`
    : message.startsWith(key)
      ? message.slice(key.length)
      : null;
  if (rest === null) return message;
  // Another detail the rule names (a compound name: plain words like 'name' stay words) reads as its label.
  const worded = offeringFieldKeys
    .filter((other) => other.includes('_'))
    .reduce((text, other) => text.replaceAll(other, fieldLabels[formFieldOf[other]]), rest);
  return `${label}${worded}`;
}

/** The form field a server refusal is about (its message starts with the detail's name), if any. */
export function fieldOfServerMessage(message: string): keyof OfferingFormValues | null {
  const key = [...offeringFieldKeys]
    .sort((a, b) => b.length - a.length)
    .find((k) => message.startsWith(`${k} `) || message.startsWith(`${k}:`));
  return key ? formFieldOf[key] : null;
}

/**
 * The details the form says, and every field's error: what it cannot read, then each detail's own
 * rule, then the rule of the terms together (the first that fails). A draft may leave any term
 * blank; `forCreate` leaves blank terms out, an update sends them as null (cleared).
 */
export function detailsOf(
  form: OfferingFormValues,
  forCreate: boolean,
  now: Date,
): { details: Record<string, unknown>; errors: OfferingFormErrors } {
  const details: Record<string, unknown> = {};
  const errors: OfferingFormErrors = {};
  for (const key of offeringFieldKeys) {
    const parsed = parsers[key](form);
    const field = formFieldOf[key];
    if (parsed.ok && parsed.value === null && (draftNeeds as readonly string[]).includes(key)) {
      errors[field] = `${fieldLabels[field]} is required`;
      continue;
    }
    if (!parsed.ok) {
      errors[field] = `${fieldLabels[field]} must be ${parsed.message}`;
      continue;
    }
    if (parsed.value === null && forCreate) continue;
    details[key] = parsed.value;
    const own: OfferingFieldError | null = offeringDetailsError({ [key]: parsed.value });
    if (own) errors[field] = fieldMessage(key, own.message);
  }
  if (Object.keys(errors).length === 0) {
    const together = offeringConsistencyError(details, false, now);
    if (together && together.field !== 'details') {
      errors[formFieldOf[together.field]] = fieldMessage(together.field, together.message);
    }
  }
  return { details, errors };
}
