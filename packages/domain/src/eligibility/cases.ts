import { investorCategories } from './classification';
import type { EligibilityInput, OpportunityEligibility, QuestionnaireState } from './decision';

/**
 * The eligibility decision's input space, small enough to play whole: every category in and out
 * of the UK (and no classification), three declaration ages around the 12-month expiry, four
 * opportunities (open to all; one country; professionals and companies only; a minimum) with an
 * amount on each side of the minimum, every questionnaire result, four cooling-off states, and
 * first-time or not. The domain test checks each case against docs/eligibility.md's rules, and
 * supabase/tests/eligibility.test.ts checks SQL's twin gives the same answer for each.
 */
const ELIGIBILITY_CASE_NOW = new Date('2026-06-15T12:00:00.000Z');

const HOUR = 60 * 60 * 1000;
const hoursBefore = (hours: number) => new Date(ELIGIBILITY_CASE_NOW.getTime() - hours * HOUR);

const eligibilityCaseDeclarations = [
  { name: 'fresh', declaredAt: hoursBefore(24) },
  { name: 'a second short of 12 months', declaredAt: new Date('2025-06-15T12:00:01.000Z') },
  { name: 'exactly 12 months', declaredAt: new Date('2025-06-15T12:00:00.000Z') },
] as const;

const eligibilityCaseOpportunities: readonly { name: string; opportunity: OpportunityEligibility }[] = [
  { name: 'open to all', opportunity: { eligibleCountries: null, eligibleCategories: null, minTicketCents: null } },
  { name: 'Germany only', opportunity: { eligibleCountries: ['DE'], eligibleCategories: null, minTicketCents: null } },
  {
    name: 'professionals and companies',
    opportunity: { eligibleCountries: null, eligibleCategories: ['professional', 'corporate'], minTicketCents: null },
  },
  {
    name: 'minimum €5,000',
    opportunity: { eligibleCountries: null, eligibleCategories: null, minTicketCents: 500_000 },
  },
];

const eligibilityCaseAmounts = [499_999, 500_000] as const;

const eligibilityCaseQuestionnaires: readonly QuestionnaireState[] = [
  { result: 'not_taken' },
  { result: 'passed' },
  { result: 'failed', at: hoursBefore(1) },
  { result: 'failed', at: hoursBefore(25) },
  { result: 'acknowledged' },
];

const eligibilityCaseCoolingOffs: readonly (Date | null)[] = [null, hoursBefore(1), hoursBefore(24), hoursBefore(25)];

export function eligibilityCases(): EligibilityInput[] {
  const classifications: EligibilityInput['classification'][] = [null];
  for (const category of investorCategories)
    for (const country of ['DE', 'GB'])
      for (const declaration of eligibilityCaseDeclarations)
        classifications.push({ country, category, declaredAt: declaration.declaredAt });
  const cases: EligibilityInput[] = [];
  for (const classification of classifications)
    for (const { opportunity } of eligibilityCaseOpportunities)
      for (const amountCents of eligibilityCaseAmounts)
        for (const questionnaire of eligibilityCaseQuestionnaires)
          for (const coolingOffStartedAt of eligibilityCaseCoolingOffs)
            for (const firstTimeInvestor of [true, false])
              cases.push({
                classification,
                now: ELIGIBILITY_CASE_NOW,
                opportunity,
                amountCents,
                questionnaire,
                coolingOffStartedAt,
                firstTimeInvestor,
              });
  return cases;
}
