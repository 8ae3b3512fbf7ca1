import { isIsoCountry, UK_COUNTRY } from './countries';

/**
 * Investor classification (docs/eligibility.md): the categories a member declares through
 * `public.save_investor_profile`, and what each needs in its answers. The SQL validates the same
 * way; supabase/tests/eligibility.test.ts plays `classificationCases` against it.
 */
export const investorCategories = [
  'retail',
  'professional',
  'corporate',
  'uk_restricted',
  'uk_high_net_worth',
  'uk_sophisticated',
] as const;
export type InvestorCategory = (typeof investorCategories)[number];

/** The FCA categories (COBS 4.12A): only UK residents take them, and they take nothing else. */
const ukCategories = ['uk_restricted', 'uk_high_net_worth', 'uk_sophisticated'] as const;

export function isUkCategory(category: InvestorCategory): boolean {
  return (ukCategories as readonly string[]).includes(category);
}

/** Presumed to have the knowledge and experience (MiFID II): never asked the questionnaire. */
export function skipsAppropriateness(category: InvestorCategory): boolean {
  return category === 'professional' || category === 'corporate';
}

/** The MiFID II criteria an elective professional declares; at least two must be true. */
const professionalCriteria = ['portfolio_over_500k', 'ten_trades_a_quarter', 'one_year_in_finance'] as const;
const MIN_PROFESSIONAL_CRITERIA = 2;

/** How long a UK investor statement stands before Vault asks again. */
const UK_STATEMENT_VALID_MONTHS = 12;

export type ClassificationError =
  | 'BAD_COUNTRY'
  | 'BAD_CATEGORY'
  | 'BAD_ANSWERS'
  | 'CATEGORY_NOT_FOR_COUNTRY'
  | 'CRITERIA_NOT_MET'
  | 'STATEMENT_NOT_SIGNED';

/** The refusals of save_investor_profile: all 22023 (an argument that is not valid). */
export const classificationErrors: Record<ClassificationError, string> = {
  BAD_COUNTRY: 'country must be an ISO 3166-1 alpha-2 code such as DE or GB',
  BAD_CATEGORY:
    'category must be retail, professional, corporate, uk_restricted, uk_high_net_worth or uk_sophisticated',
  BAD_ANSWERS: 'answers must be a JSON object',
  CATEGORY_NOT_FOR_COUNTRY: 'UK residents take a UK category, and only UK residents do',
  CRITERIA_NOT_MET: 'a professional investor declares at least two of the three criteria',
  STATEMENT_NOT_SIGNED: 'this category needs its signed statement (statement_signed: true)',
};

/** Checks a declaration as the server does: null when valid, else the first error. */
export function classificationError(country: unknown, category: unknown, answers: unknown): ClassificationError | null {
  if (typeof country !== 'string' || !isIsoCountry(country)) return 'BAD_COUNTRY';
  if (typeof category !== 'string' || !(investorCategories as readonly string[]).includes(category))
    return 'BAD_CATEGORY';
  if (typeof answers !== 'object' || answers === null || Array.isArray(answers)) return 'BAD_ANSWERS';
  const typed = category as InvestorCategory;
  if ((country === UK_COUNTRY) !== isUkCategory(typed)) return 'CATEGORY_NOT_FOR_COUNTRY';
  const declared = answers as Record<string, unknown>;
  if (typed === 'professional') {
    const met = professionalCriteria.filter((criterion) => declared[criterion] === true).length;
    if (met < MIN_PROFESSIONAL_CRITERIA) return 'CRITERIA_NOT_MET';
  }
  if (isUkCategory(typed) && declared.statement_signed !== true) return 'STATEMENT_NOT_SIGNED';
  return null;
}

/**
 * When a declaration stops counting: UK statements 12 months after they were signed (the same
 * calendar day, or the month's last day when it has none, in UTC); the other categories never.
 */
export function declarationExpiresAt(category: InvestorCategory, declaredAt: Date): Date | null {
  if (!isUkCategory(category)) return null;
  return addMonthsUtc(declaredAt, UK_STATEMENT_VALID_MONTHS);
}

/** Adds calendar months in UTC, clamping the day to the target month's length (as PostgreSQL does). */
export function addMonthsUtc(from: Date, months: number): Date {
  const totalMonths = from.getUTCFullYear() * 12 + from.getUTCMonth() + months;
  const year = Math.floor(totalMonths / 12);
  const month = totalMonths - year * 12;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const day = Math.min(from.getUTCDate(), lastDay);
  return new Date(
    Date.UTC(
      year,
      month,
      day,
      from.getUTCHours(),
      from.getUTCMinutes(),
      from.getUTCSeconds(),
      from.getUTCMilliseconds(),
    ),
  );
}
