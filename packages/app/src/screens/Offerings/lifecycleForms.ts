import { parseEuroAmount } from '@vault/domain';

/**
 * The forms of an issued offering's life (docs/lifecycle.md §1, §2, income) as typed, and what each
 * sends: every field a string (amounts in euros, dates as yyyy-mm-dd, UTC), each error worded
 * for the field it shows beside. The server checks the same and more; its refusal of a field
 * (its message starts with the argument's name) shows beside that field too.
 */

export type FormErrors<K extends string> = Partial<Record<K, string>>;

/** Today as the server counts dates (UTC): '2026-03-02'. */
export const utcDay = (now: Date): string => now.toISOString().slice(0, 10);

const REASON_MAX = 500;
/** The largest unit price set_unit_price takes: €100,000,000. */
const PRICE_MAX_CENTS = 10_000_000_000;

function dayError(label: string, text: string, today: string): string | null {
  if (text.trim() === '') return `${label} is required`;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text) || Number.isNaN(Date.parse(`${text}T00:00:00Z`))) {
    return `${label} must be a date`;
  }
  return text > today ? `${label} cannot be in the future` : null;
}

export interface PriceFormValues {
  price: string;
  asOf: string;
  reason: string;
}

export const priceLabels: Readonly<Record<keyof PriceFormValues, string>> = {
  price: 'Unit price (€)',
  asOf: 'As of (UTC)',
  reason: 'Reason',
};

/** The price form's `set_unit_price` arguments, or each field's error. */
export function priceInputOf(
  values: PriceFormValues,
  now: Date,
): { input: { priceCents: number; asOf: string; reason: string } | null; errors: FormErrors<keyof PriceFormValues> } {
  const errors: FormErrors<keyof PriceFormValues> = {};
  const cents = values.price.trim() === '' ? null : parseEuroAmount(values.price);
  if (values.price.trim() === '') errors.price = `${priceLabels.price} is required`;
  else if (cents === null || cents > PRICE_MAX_CENTS) {
    errors.price = `${priceLabels.price} must be an amount in euros up to €100,000,000, such as 104.50`;
  }
  const day = dayError(priceLabels.asOf, values.asOf, utcDay(now));
  if (day) errors.asOf = day;
  const reason = values.reason.trim();
  if (reason === '') errors.reason = 'A reason is required';
  else if (reason.length > REASON_MAX) errors.reason = `The reason must be at most ${REASON_MAX} characters`;
  if (Object.keys(errors).length > 0 || cents === null) return { input: null, errors };
  return { input: { priceCents: cents, asOf: values.asOf, reason }, errors };
}

/** The price form's field a refusal of set_unit_price is about, if any. */
export function priceFieldOfRefusal(message: string): keyof PriceFormValues | null {
  if (message.startsWith('price_cents')) return 'price';
  if (message.startsWith('as_of')) return 'asOf';
  if (message === 'a reason is required') return 'reason';
  return null;
}

/** A distribution's kind in words: the form's options, the declared lines and the list. */
export const kindWords: Readonly<Record<'income' | 'capital', string>> = {
  income: 'Income',
  capital: 'Return of capital',
};

export interface DistributionFormValues {
  recordDate: string;
  amount: string;
  kind: string;
}

export const distributionLabels: Readonly<Record<keyof DistributionFormValues, string>> = {
  recordDate: 'Record date (UTC)',
  amount: 'Amount (€)',
  kind: 'Kind',
};

/** The distribution form's `declare_distribution` arguments, or each field's error. */
export function distributionInputOf(
  values: DistributionFormValues,
  now: Date,
): {
  input: { recordDate: string; amountCents: number; kind: 'income' | 'capital' } | null;
  errors: FormErrors<keyof DistributionFormValues>;
} {
  const errors: FormErrors<keyof DistributionFormValues> = {};
  const day = dayError(distributionLabels.recordDate, values.recordDate, utcDay(now));
  if (day) errors.recordDate = day;
  const cents = values.amount.trim() === '' ? null : parseEuroAmount(values.amount);
  if (values.amount.trim() === '') errors.amount = `${distributionLabels.amount} is required`;
  else if (cents === null || cents === 0) {
    errors.amount = `${distributionLabels.amount} must be an amount in euros above 0, such as 25000`;
  }
  const kind = values.kind === 'income' || values.kind === 'capital' ? values.kind : null;
  if (!kind) errors.kind = 'Choose income or a return of capital';
  if (Object.keys(errors).length > 0 || cents === null || kind === null) return { input: null, errors };
  return { input: { recordDate: values.recordDate, amountCents: cents, kind }, errors };
}

/** The distribution form's field a refusal of declare_distribution is about, if any. */
export function distributionFieldOfRefusal(message: string): keyof DistributionFormValues | null {
  if (message.startsWith('record_date')) return 'recordDate';
  if (message.startsWith('amount_cents')) return 'amount';
  if (message.startsWith('kind')) return 'kind';
  return null;
}

export interface IncomeFormValues {
  amount: string;
  receivedOn: string;
  reference: string;
}

export const incomeLabels: Readonly<Record<keyof IncomeFormValues, string>> = {
  amount: 'Amount (€)',
  receivedOn: 'Received on (UTC)',
  reference: 'Reference',
};

const REFERENCE_MAX = 100;

/** The income form's `record_offering_income` arguments, or each field's error. */
export function incomeInputOf(
  values: IncomeFormValues,
  now: Date,
): {
  input: { amountCents: number; receivedOn: string; reference: string } | null;
  errors: FormErrors<keyof IncomeFormValues>;
} {
  const errors: FormErrors<keyof IncomeFormValues> = {};
  const cents = values.amount.trim() === '' ? null : parseEuroAmount(values.amount);
  if (values.amount.trim() === '') errors.amount = `${incomeLabels.amount} is required`;
  else if (cents === null || cents === 0) {
    errors.amount = `${incomeLabels.amount} must be an amount in euros above 0, such as 12500`;
  }
  const day = dayError(incomeLabels.receivedOn, values.receivedOn, utcDay(now));
  if (day) errors.receivedOn = day;
  const reference = values.reference.trim();
  if (reference === '') errors.reference = "A reference is required: the payer's, as on the statement";
  else if (reference.length > REFERENCE_MAX) {
    errors.reference = `The reference must be at most ${REFERENCE_MAX} characters`;
  }
  if (Object.keys(errors).length > 0 || cents === null) return { input: null, errors };
  return { input: { amountCents: cents, receivedOn: values.receivedOn, reference }, errors };
}

/** The income form's field a refusal of record_offering_income is about, if any. */
export function incomeFieldOfRefusal(message: string): keyof IncomeFormValues | null {
  if (message.startsWith('amount_cents')) return 'amount';
  if (message.startsWith('received_on')) return 'receivedOn';
  if (message.startsWith('reference') || message.startsWith('this reference')) return 'reference';
  return null;
}

/** The time an SPV has left to decide a redemption due at `due`: '1 day 4 hours left to decide'. */
export function timeLeftToDecide(due: string, now: Date): string {
  const ms = Date.parse(due) - now.getTime();
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  const span = (total: number) => {
    const hours = Math.floor(total / (60 * 60 * 1000));
    const days = Math.floor(hours / 24);
    const rest = hours % 24;
    if (days > 0) return `${plural(days, 'day')}${rest > 0 ? ` ${plural(rest, 'hour')}` : ''}`;
    if (hours > 0) return plural(hours, 'hour');
    return null;
  };
  if (!(ms > 0)) {
    const late = span(-ms);
    return late ? `Overdue by ${late}` : 'Overdue';
  }
  const left = span(ms);
  return left ? `${left} left to decide` : 'Less than an hour left to decide';
}
