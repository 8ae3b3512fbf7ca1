import type { ActorId, Expectation, Scenario, SetupCall } from '../backend/conformance';
import { MIN_FIRST_ONRAMP_CENTS } from '../backend/rpc';
import { sampleSharedRows } from '../backend/sample';
import { classificationErrors } from './classification';
import { UK_COUNTRY } from './countries';
import { eligibilityRefusalError } from './decision';
import { appropriatenessErrors, currentQuestionnaire } from './questionnaire';

/**
 * The eligibility actions' conformance scenarios, played by both runners with the others
 * (packages/domain/src/backend/conformance.ts): who may call each, how each refuses, and the
 * questionnaire's rules for an EU and a UK investor. The refusal codes of investment_eligibility
 * are proven equal over the decision's whole input space by supabase/tests/eligibility.test.ts.
 */
export type EligibilityActionName =
  | 'save_investor_profile'
  | 'current_questionnaire'
  | 'submit_appropriateness'
  | 'acknowledge_appropriateness_warning'
  | 'request_to_invest'
  | 'investment_eligibility';

const answersScoring = (best: boolean): { [key: string]: string } =>
  Object.fromEntries(
    currentQuestionnaire.questions.map((q) => [
      q.id,
      [...q.options].sort((a, b) => (best ? b.points - a.points : a.points - b.points))[0]?.id ?? '',
    ]),
  );

const version = currentQuestionnaire.version;
/** The sample opportunity a UK resident may not invest in (sample/opportunities.ts). */
const eeaOnlyOpportunityId =
  sampleSharedRows.opportunities.find((o) => o.eligible_countries && !o.eligible_countries.includes(UK_COUNTRY))?.id ??
  '';
const opportunityId = 'solar-park-groningen';
const refused = (error: { code: string; message: string }): Expectation => ({
  error: error.code,
  message: error.message,
});
const bad = (key: keyof typeof classificationErrors): Expectation => ({
  error: '22023',
  message: classificationErrors[key],
});

export function eligibilityScenarios(): Scenario[] {
  const me: ActorId = 'investorA';
  const declare = (country: string, category: string, answers: { [key: string]: boolean } = {}): SetupCall => ({
    actor: me,
    fn: 'save_investor_profile',
    values: { country, category, answers },
  });
  const eu = declare('DE', 'retail');
  const uk = declare('GB', 'uk_restricted', { statement_signed: true });
  const failTest: SetupCall = {
    actor: me,
    fn: 'submit_appropriateness',
    values: { version, answers: answersScoring(false) },
  };
  const call = (
    what: string,
    target: EligibilityActionName,
    values: Scenario['values'],
    expect: Expectation,
    before?: readonly SetupCall[],
  ): Scenario => ({
    name: `${me} calls ${target}: ${what}`,
    actor: me,
    op: 'rpc',
    target,
    values,
    expect,
    ...(before ? { before } : {}),
  });

  const out: Scenario[] = [];
  const anonValues: Record<EligibilityActionName, Scenario['values']> = {
    save_investor_profile: { country: 'DE', category: 'retail', answers: {} },
    current_questionnaire: {},
    submit_appropriateness: { version, answers: answersScoring(true) },
    acknowledge_appropriateness_warning: {},
    request_to_invest: { opportunity_id: opportunityId },
    investment_eligibility: { opportunity_id: opportunityId, amount_cents: 100 },
  };
  for (const [fn, values] of Object.entries(anonValues) as [EligibilityActionName, Scenario['values']][]) {
    out.push({
      name: `anon calls ${fn}`,
      actor: 'anon',
      op: 'rpc',
      target: fn,
      values,
      expect: { denied: '42501', message: `permission denied for function ${fn}` },
    });
  }
  out.push(
    call(
      'an EU retail investor',
      'save_investor_profile',
      { country: 'DE', category: 'retail', answers: {} },
      { ok: true },
    ),
    call(
      'an elective professional with two criteria',
      'save_investor_profile',
      { country: 'FR', category: 'professional', answers: { portfolio_over_500k: true, one_year_in_finance: true } },
      { ok: true },
    ),
    call(
      'a UK restricted investor with the signed statement',
      'save_investor_profile',
      { country: 'GB', category: 'uk_restricted', answers: { statement_signed: true } },
      { ok: true },
    ),
    call(
      'an unknown country',
      'save_investor_profile',
      { country: 'UK', category: 'retail', answers: {} },
      bad('BAD_COUNTRY'),
    ),
    call(
      'an unknown category',
      'save_investor_profile',
      { country: 'DE', category: 'angel', answers: {} },
      bad('BAD_CATEGORY'),
    ),
    call(
      'a UK resident as retail',
      'save_investor_profile',
      { country: 'GB', category: 'retail', answers: {} },
      bad('CATEGORY_NOT_FOR_COUNTRY'),
    ),
    call(
      'a professional with one criterion',
      'save_investor_profile',
      { country: 'DE', category: 'professional', answers: { ten_trades_a_quarter: true } },
      bad('CRITERIA_NOT_MET'),
    ),
    call(
      'a UK category without the statement',
      'save_investor_profile',
      { country: 'GB', category: 'uk_high_net_worth', answers: {} },
      bad('STATEMENT_NOT_SIGNED'),
    ),
    call('the current questionnaire', 'current_questionnaire', {}, { ok: true }),
    call(
      'before classifying',
      'submit_appropriateness',
      { version, answers: answersScoring(true) },
      refused(appropriatenessErrors.notClassified),
    ),
    call(
      'another version',
      'submit_appropriateness',
      { version: 'appropriateness-0', answers: answersScoring(true) },
      refused(appropriatenessErrors.UNKNOWN_VERSION),
      [eu],
    ),
    call(
      'an unknown option',
      'submit_appropriateness',
      { version, answers: { ...answersScoring(true), selling: 'perhaps' } },
      refused(appropriatenessErrors.BAD_ANSWERS),
      [eu],
    ),
    call('an EU retail failing', 'submit_appropriateness', { version, answers: answersScoring(false) }, { ok: true }, [
      eu,
    ]),
    call(
      'an EU retail retaking at once',
      'submit_appropriateness',
      { version, answers: answersScoring(true) },
      { ok: true },
      [eu, failTest],
    ),
    call(
      'a UK investor retaking within 24 hours',
      'submit_appropriateness',
      { version, answers: answersScoring(true) },
      refused(appropriatenessErrors.retakeTooSoon),
      [uk, failTest],
    ),
    call(
      'a professional',
      'submit_appropriateness',
      { version, answers: answersScoring(true) },
      refused(appropriatenessErrors.notAsked),
      [declare('DE', 'corporate')],
    ),
    call('an EU retail after failing', 'acknowledge_appropriateness_warning', {}, { ok: true }, [eu, failTest]),
    call(
      'with nothing to acknowledge',
      'acknowledge_appropriateness_warning',
      {},
      refused(appropriatenessErrors.nothingToAcknowledge),
      [eu],
    ),
    call(
      'a UK investor after failing',
      'acknowledge_appropriateness_warning',
      {},
      refused(appropriatenessErrors.ukMustPass),
      [uk, failTest],
    ),
    call(
      'an unknown opportunity',
      'request_to_invest',
      { opportunity_id: 'no-such-opportunity' },
      {
        error: '22023',
        message: 'unknown opportunity',
      },
    ),
    call('a UK investor', 'request_to_invest', { opportunity_id: opportunityId }, { ok: true }, [uk]),
    call(
      'a UK first-time investor in the cooling-off: the code and when it ends',
      'investment_eligibility',
      { opportunity_id: opportunityId, amount_cents: 100 },
      { ok: true, answers: { code: 'COOLING_OFF_ACTIVE', at: { hoursAfterCall: 24 } } },
      [uk, { actor: me, fn: 'request_to_invest', values: { opportunity_id: opportunityId } }],
    ),
    call(
      'a UK first-time investor before the cooling-off starts: the code, no time',
      'investment_eligibility',
      { opportunity_id: opportunityId, amount_cents: 100 },
      { ok: true, answers: { code: 'COOLING_OFF_ACTIVE', at: null } },
      [uk],
    ),
    call(
      'before classifying',
      'investment_eligibility',
      { opportunity_id: opportunityId, amount_cents: 100 },
      { ok: true },
    ),
    call(
      'no amount',
      'investment_eligibility',
      { opportunity_id: opportunityId, amount_cents: 0 },
      { error: '22023', message: 'amount_cents must be a positive whole number of cents' },
    ),
    call(
      'an unknown opportunity',
      'investment_eligibility',
      { opportunity_id: 'no-such-opportunity', amount_cents: 100 },
      { error: '22023', message: 'unknown opportunity' },
    ),
  );
  out.push(...firstTimeScenarios(me, uk));
  return out;
}

/**
 * The UK first-time investor (docs/eligibility.md): the sample investments every demo account
 * owns do not count, so a UK investor who owns only those meets the cooling-off; one who has
 * submitted an investment does not. And the sample offered only in the EEA refuses a UK
 * investor before anything else. All past the readiness gate through the demo functions.
 */
function firstTimeScenarios(me: ActorId, uk: SetupCall): Scenario[] {
  const ready: SetupCall[] = [
    { actor: me, fn: 'demo_create_wallet', values: {} },
    { actor: me, fn: 'demo_approve_kyc', values: {} },
    { actor: me, fn: 'demo_complete_first_onramp', values: { amount_cents: MIN_FIRST_ONRAMP_CENTS } },
  ];
  const submit = (key: string) => ({
    opportunity_id: opportunityId,
    amount_cents: 500_000,
    method: 'bank',
    idempotency_key: `00000000-0000-4000-8000-0000000f17${key}`,
  });
  const passTest: SetupCall = {
    actor: me,
    fn: 'submit_appropriateness',
    values: { version, answers: answersScoring(true) },
  };
  return [
    {
      name: `${me} calls submit_investment: a UK investor who owns only the sample investments is first-time`,
      actor: me,
      op: 'rpc',
      target: 'submit_investment',
      values: submit('01'),
      before: [...ready, uk, passTest],
      expect: refused(eligibilityRefusalError('COOLING_OFF_ACTIVE', null)),
    },
    {
      name: `${me} calls submit_investment: a UK investor who has invested is not first-time`,
      actor: me,
      op: 'rpc',
      target: 'submit_investment',
      values: submit('02'),
      before: [
        ...ready,
        { actor: me, fn: 'save_investor_profile', values: { country: 'NL', category: 'corporate', answers: {} } },
        { actor: me, fn: 'submit_investment', values: submit('03') },
        uk,
        passTest,
      ],
      expect: { ok: true },
    },
    {
      name: `${me} calls submit_investment: a UK investor in the sample offered only in the EEA`,
      actor: me,
      op: 'rpc',
      target: 'submit_investment',
      values: { ...submit('04'), opportunity_id: eeaOnlyOpportunityId },
      before: [...ready, uk, passTest],
      expect: refused(eligibilityRefusalError('COUNTRY_NOT_ELIGIBLE', null)),
    },
  ];
}
