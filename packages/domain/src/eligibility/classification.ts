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

/**
 * Sophisticated investors (the crowdfunding regulation's term: professionals, companies, and a
 * UK certified or self-certified sophisticated investor): their subscriptions may be confirmed at
 * once. Everyone else has the 4-day reflection period first (docs/decisions.md).
 */
export function skipsReflectionPeriod(category: InvestorCategory): boolean {
  return skipsAppropriateness(category) || category === 'uk_sophisticated';
}

/** The MiFID II criteria an elective professional declares; at least two must be true. */
export const professionalCriteria = ['portfolio_over_500k', 'ten_trades_a_quarter', 'one_year_in_finance'] as const;
export const MIN_PROFESSIONAL_CRITERIA = 2;

/** How long a UK investor statement stands before Vault asks again. */
const UK_STATEMENT_VALID_MONTHS = 12;

/** The categories a resident of `country` may take: the FCA ones in the UK, the MiFID ones elsewhere. */
export function categoriesForCountry(country: string): readonly InvestorCategory[] {
  return investorCategories.filter((category) => (country === UK_COUNTRY) === isUkCategory(category));
}

/** The screen's texts for each category. */
export const categoryLabels: Record<InvestorCategory, { label: string; description: string }> = {
  retail: { label: 'Retail investor', description: 'You invest your own money and keep every investor protection.' },
  professional: {
    label: 'Professional investor',
    description:
      'You meet at least two of the criteria below. You lose some of the protections given to retail investors.',
  },
  corporate: { label: 'Company', description: 'You invest on behalf of a company or other organisation.' },
  uk_restricted: {
    label: 'Restricted investor',
    description: 'You will invest less than 10% of your net assets in high-risk investments in the next 12 months.',
  },
  uk_high_net_worth: {
    label: 'High-net-worth investor',
    description: 'You earn at least £100,000 a year or hold net assets of at least £250,000.',
  },
  uk_sophisticated: {
    label: 'Certified sophisticated investor',
    description: 'A firm authorised by the FCA has certified that you understand the risks.',
  },
};

export const professionalCriteriaLabels: Record<(typeof professionalCriteria)[number], string> = {
  portfolio_over_500k: 'My portfolio of cash and financial instruments is over €500,000.',
  ten_trades_a_quarter: 'I have made at least 10 significant trades a quarter over the last four quarters.',
  one_year_in_finance: 'I have worked in finance for at least a year in a role that needs knowledge of investing.',
};

/** What an elective professional gives up (MiFID II), shown before they choose it. */
export const professionalProtectionsWarning =
  'As a professional investor you lose protections given to retail investors: Vault will not check whether an investment is appropriate for you, and you may get less information about risks and costs.';

/** The UK investor statement's checkbox (COBS 4.12A): the member signs the description of their category. */
export const ukStatementLabel =
  'I sign this statement: it describes me, and I understand I could lose all the money I invest.';

export type ClassificationError =
  | 'BAD_COUNTRY'
  | 'BAD_CATEGORY'
  | 'BAD_ANSWERS'
  | 'ANSWERS_NOT_ALLOWED'
  | 'CATEGORY_NOT_FOR_COUNTRY'
  | 'CRITERIA_NOT_MET'
  | 'STATEMENT_NOT_SIGNED';

/** The refusals of save_investor_profile: all 22023 (an argument that is not valid). */
export const classificationErrors: Record<ClassificationError, string> = {
  BAD_COUNTRY: 'country must be an ISO 3166-1 alpha-2 code such as DE or GB',
  BAD_CATEGORY:
    'category must be retail, professional, corporate, uk_restricted, uk_high_net_worth or uk_sophisticated',
  BAD_ANSWERS: 'answers must be a JSON object',
  ANSWERS_NOT_ALLOWED:
    'answers may hold only portfolio_over_500k, ten_trades_a_quarter, one_year_in_finance and statement_signed, each true or false',
  CATEGORY_NOT_FOR_COUNTRY: 'UK residents take a UK category, and only UK residents do',
  CRITERIA_NOT_MET: 'a professional investor declares at least two of the three criteria',
  STATEMENT_NOT_SIGNED: 'this category needs its signed statement (statement_signed: true)',
};

/** The keys a declaration's answers may hold, each a boolean. */
const declarationAnswerKeys: readonly string[] = [...professionalCriteria, 'statement_signed'];
/** The largest answers object the server keeps (its JSON text; only unknown keys can reach it). */
const DECLARATION_ANSWERS_MAX_BYTES = 1024;

/** Whether a declaration's answers are within the schema: only the known keys, each a boolean, at most 1 KB. */
function declarationAnswersAllowed(answers: Record<string, unknown>): boolean {
  if (JSON.stringify(answers).length > DECLARATION_ANSWERS_MAX_BYTES) return false;
  return Object.entries(answers).every(
    ([key, value]) => declarationAnswerKeys.includes(key) && typeof value === 'boolean',
  );
}

/** Checks a declaration as the server does: null when valid, else the first error. */
export function classificationError(country: unknown, category: unknown, answers: unknown): ClassificationError | null {
  if (typeof country !== 'string' || !isIsoCountry(country)) return 'BAD_COUNTRY';
  if (typeof category !== 'string' || !(investorCategories as readonly string[]).includes(category))
    return 'BAD_CATEGORY';
  if (typeof answers !== 'object' || answers === null || Array.isArray(answers)) return 'BAD_ANSWERS';
  if (!declarationAnswersAllowed(answers as Record<string, unknown>)) return 'ANSWERS_NOT_ALLOWED';
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
