import * as v from 'valibot';
import { parseTable } from '../table';

/**
 * The appropriateness questionnaire (MiFID II, FCA COBS 4.12A): knowledge of the products Vault
 * offers, experience, and capacity to bear loss. `public.current_questionnaire()` returns exactly
 * this (supabase/tests/eligibility.test.ts); `public.submit_appropriateness` scores with
 * `scoreAppropriateness`'s rule: the points of the options chosen, passing at `passMark`.
 * A new wording is a new version: answers are kept with the version they answered.
 */
const OptionSchema = v.object({
  id: v.pipe(v.string(), v.regex(/^[a-z][a-z0-9_]*$/)),
  text: v.pipe(v.string(), v.minLength(1)),
  points: v.pipe(v.number(), v.integer(), v.minValue(0)),
});

const QuestionSchema = v.object({
  id: v.pipe(v.string(), v.regex(/^[a-z][a-z0-9_]*$/)),
  topic: v.picklist(['knowledge', 'experience', 'loss_capacity']),
  text: v.pipe(v.string(), v.minLength(1)),
  options: v.pipe(v.array(OptionSchema), v.minLength(2)),
});
type AppropriatenessQuestion = v.InferOutput<typeof QuestionSchema>;

export interface Questionnaire {
  version: string;
  passMark: number;
  questions: readonly AppropriatenessQuestion[];
}

const questions = parseTable('appropriateness question', QuestionSchema, [
  {
    id: 'what_you_buy',
    topic: 'knowledge',
    text: 'What do you own when you invest in an opportunity on Vault?',
    options: [
      { id: 'share_of_private_asset', text: 'A share of a private asset, whose value can fall to nothing', points: 1 },
      { id: 'bank_deposit', text: 'A bank deposit covered by a guarantee scheme', points: 0 },
      { id: 'guaranteed_return', text: 'A fixed amount I am sure to get back', points: 0 },
    ],
  },
  {
    id: 'selling',
    topic: 'knowledge',
    text: 'Can you sell your investment whenever you want?',
    options: [
      { id: 'not_always', text: 'Not always: there may be no buyer until the term ends', points: 1 },
      { id: 'any_time', text: 'Yes, at any time, for at least what I paid', points: 0 },
    ],
  },
  {
    id: 'private_investments_made',
    topic: 'experience',
    text: 'How many times have you invested in unlisted assets (private companies, private loans, crowdfunding) in the last three years?',
    options: [
      { id: 'never', text: 'Never', points: 0 },
      { id: 'one_to_four', text: 'One to four times', points: 1 },
      { id: 'five_or_more', text: 'Five times or more', points: 1 },
    ],
  },
  {
    id: 'market_experience',
    topic: 'experience',
    text: 'Have you bought shares, bonds or funds yourself, or worked in finance?',
    options: [
      { id: 'yes', text: 'Yes', points: 1 },
      { id: 'no', text: 'No', points: 0 },
    ],
  },
  {
    id: 'losing_everything',
    topic: 'loss_capacity',
    text: 'If you lost all the money you invest here, how would it affect you?',
    options: [
      { id: 'no_change', text: 'My standard of living would not change', points: 1 },
      { id: 'must_change', text: 'I would have to change how I live', points: 0 },
    ],
  },
]);

export const currentQuestionnaire: Questionnaire = {
  version: 'appropriateness-2026-1',
  passMark: 4,
  questions,
};

/** The questionnaire as the member reads it (`current_questionnaire()`): no points, no pass mark. */
export interface ClientQuestionnaire {
  version: string;
  questions: readonly {
    id: string;
    topic: AppropriatenessQuestion['topic'];
    text: string;
    options: readonly { id: string; text: string }[];
  }[];
}

export function clientQuestionnaire(questionnaire: Questionnaire = currentQuestionnaire): ClientQuestionnaire {
  return {
    version: questionnaire.version,
    questions: questionnaire.questions.map((q) => ({
      id: q.id,
      topic: q.topic,
      text: q.text,
      options: q.options.map((o) => ({ id: o.id, text: o.text })),
    })),
  };
}

/** A failed test can be taken again this long after (UK retail; others retake at once). */
export const APPROPRIATENESS_RETAKE_HOURS = 24;

export type AppropriatenessScore =
  | { ok: true; score: number; passed: boolean }
  | { ok: false; error: 'UNKNOWN_VERSION' | 'BAD_ANSWERS' };

/**
 * The server's scoring: every question answered with one of its options (a JSON object of
 * question id → option id, nothing else), the points summed, passed at the pass mark.
 */
export function scoreAppropriateness(
  version: unknown,
  answers: unknown,
  questionnaire: Questionnaire = currentQuestionnaire,
): AppropriatenessScore {
  if (version !== questionnaire.version) return { ok: false, error: 'UNKNOWN_VERSION' };
  if (typeof answers !== 'object' || answers === null || Array.isArray(answers))
    return { ok: false, error: 'BAD_ANSWERS' };
  const given = answers as Record<string, unknown>;
  if (Object.keys(given).length !== questionnaire.questions.length) return { ok: false, error: 'BAD_ANSWERS' };
  let score = 0;
  for (const question of questionnaire.questions) {
    const option = question.options.find((o) => o.id === given[question.id]);
    if (!option) return { ok: false, error: 'BAD_ANSWERS' };
    score += option.points;
  }
  return { ok: true, score, passed: score >= questionnaire.passMark };
}

/** The refusals of submit_appropriateness and acknowledge_appropriateness_warning. */
export const appropriatenessErrors = {
  UNKNOWN_VERSION: { code: '22023', message: 'this is not the current questionnaire' },
  BAD_ANSWERS: { code: '22023', message: 'answers must give one of its options for every question' },
  notClassified: { code: 'P0001', message: 'tell us your country and investor category first' },
  notAsked: { code: 'P0001', message: 'professional and corporate investors are not asked the questionnaire' },
  retakeTooSoon: { code: 'P0001', message: 'a failed test can be taken again 24 hours after it' },
  nothingToAcknowledge: { code: 'P0001', message: 'there is no appropriateness warning to acknowledge' },
  ukMustPass: { code: 'P0001', message: 'UK investors must pass the test; a warning cannot be acknowledged' },
} as const;

/** The warning an EU retail investor reads before acknowledging a "not appropriate" result. */
export const appropriatenessWarning = {
  title: 'This investment may not be appropriate for you',
  body: 'Your answers show you may not have the knowledge or experience to understand the risks. You could lose all the money you invest. You may still go ahead if you confirm you understand this.',
  acknowledge: 'I understand the risks and want to continue',
} as const;

/**
 * The FCA's prescribed risk warning for high-risk investments, shown to UK investors; its link
 * opens `summary`, the short risk summary the FCA asks to go with it.
 */
export const ukRiskWarning = {
  text: "Don't invest unless you're prepared to lose all the money you invest. This is a high-risk investment and you are unlikely to be protected if something goes wrong.",
  linkLabel: 'Take 2 mins to learn more',
  summary: {
    title: 'The key risks of this investment',
    intro: 'Estimated reading time: 2 minutes. Because you could lose money, this investment is high risk.',
    risks: [
      {
        title: 'You could lose all the money you invest',
        body: 'If the business or asset behind this investment fails, you are likely to lose all your money.',
      },
      {
        title: 'You are unlikely to be protected if something goes wrong',
        body: 'The Financial Services Compensation Scheme (FSCS) does not cover this investment, and the Financial Ombudsman Service is unlikely to be able to help.',
      },
      {
        title: 'You are unlikely to get your money back quickly',
        body: 'You may have to wait years to sell, and there may be no one to buy your holding when you want to.',
      },
      {
        title: "Don't put all your eggs in one basket",
        body: 'Spread your money across different investments. A good rule is to put no more than 10% of your money into high-risk investments.',
      },
    ],
    close: 'Close',
  },
} as const;
