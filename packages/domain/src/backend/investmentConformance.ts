import { actionErrors } from './actionErrors';
import type { Actor, Expectation, Scenario, SetupCall } from './conformance';
import type { BackendError } from './errors';
import { investmentQuoteCases } from './fees';
import { MIN_FIRST_ONRAMP_CENTS } from './rpc';
import { sampleSharedRows } from './sample';

/**
 * The conformance scenarios of submit_investment, review_investment and cancel_investment
 * (08_investments.sql, mocks/actions/investments.ts), played by both runners with the
 * rest of packages/domain/src/backend/conformance.ts. A scenario cannot name a row its setup made,
 * so the reviews and cancellations here meet an investment that does not exist: enough to prove
 * who may call them and each argument refusal in both backends; supabase/tests/investments.test.ts
 * covers the decisions on real rows.
 */

export type InvestmentActionName = 'submit_investment' | 'review_investment' | 'cancel_investment';
/** The setup calls these scenarios make: the investment actions and the investor's classification. */
export type InvestmentSetupName = InvestmentActionName | 'save_investor_profile';

const openOpportunityId = sampleSharedRows.opportunities.find((o) => o.open)?.id ?? '';
const closedOpportunityId = sampleSharedRows.opportunities.find((o) => !o.open)?.id ?? '';
const retryKey = '00000000-0000-4000-8000-00000000c0de';
const unknownInvestment = '00000000-0000-4000-8000-0000000000aa';
const amountCents = investmentQuoteCases.find((c) => c.amountCents >= 100_000)?.amountCents ?? 500_000;

/**
 * The readiness gate met through the demo functions (demo mode is on in both fixtures), and the
 * member classified as a company in the Netherlands, whom every sample opportunity admits
 * without a questionnaire or a cooling-off (docs/eligibility.md).
 */
function readySteps(actor: Actor['id']): SetupCall[] {
  return [
    { actor, fn: 'demo_create_wallet', values: {} },
    { actor, fn: 'demo_approve_kyc', values: {} },
    { actor, fn: 'demo_complete_first_onramp', values: { amount_cents: MIN_FIRST_ONRAMP_CENTS } },
    { actor, fn: 'save_investor_profile', values: { country: 'NL', category: 'corporate', answers: {} } },
  ];
}

function refused(error: BackendError): Expectation {
  return error.code === '42501'
    ? { denied: '42501', message: error.message }
    : { error: error.code, message: error.message };
}

export function investmentScenarios(actors: readonly Actor[]): Scenario[] {
  const out: Scenario[] = [];
  const submitValues = (key: string) => ({
    opportunity_id: openOpportunityId,
    amount_cents: amountCents,
    method: 'bank',
    idempotency_key: key,
  });
  for (const a of actors) {
    const submit: Scenario = {
      name: `${a.id} calls submit_investment, ready`,
      actor: a.id,
      op: 'rpc',
      target: 'submit_investment',
      values: submitValues('00000000-0000-4000-8000-000000000001'),
      expect: !a.role
        ? refused(actionErrors.functionDenied('submit_investment'))
        : a.role === 'investor'
          ? { ok: true }
          : refused(actionErrors.investNotInvestor),
    };
    if (a.role) submit.before = readySteps(a.id);
    out.push(submit);

    // The SQL lets every SPV role review its own SPVs' subscriptions; the embedded backend still
    // knows only eq_spv_admin, so the other SPV roles' calls are left to supabase/tests/offerings.test.ts.
    if (a.role !== 'cl_spv_admin' && a.role !== 'production_spv') {
      out.push({
        name: `${a.id} calls review_investment`,
        actor: a.id,
        op: 'rpc',
        target: 'review_investment',
        values: { investment_id: unknownInvestment, decision: 'confirmed', reason: null },
        expect: !a.role
          ? refused(actionErrors.functionDenied('review_investment'))
          : a.isAdmin || a.role === 'eq_spv_admin'
            ? refused(actionErrors.noSuchInvestment)
            : refused(actionErrors.investmentReviewDenied),
      });
    }

    out.push({
      name: `${a.id} calls cancel_investment`,
      actor: a.id,
      op: 'rpc',
      target: 'cancel_investment',
      values: { investment_id: unknownInvestment },
      expect: !a.role
        ? refused(actionErrors.functionDenied('cancel_investment'))
        : refused(actionErrors.noSuchInvestment),
    });
  }

  const me = 'investorA' as const;
  const ready = readySteps(me);
  const submitCases: [string, Record<string, string | number | null>, Expectation, SetupCall[]][] = [
    ['not ready (no wallet)', submitValues(retryKey), refused(actionErrors.investWalletMissing), []],
    [
      'KYC not approved',
      submitValues(retryKey),
      refused(actionErrors.investKycNotApproved),
      [{ actor: me, fn: 'demo_create_wallet', values: {} }],
    ],
    [
      'a retry with the same key',
      submitValues(retryKey),
      { ok: true },
      [...ready, { actor: me, fn: 'submit_investment', values: submitValues(retryKey) }],
    ],
    ['a zero amount', { ...submitValues(retryKey), amount_cents: 0 }, refused(actionErrors.badAmount), ready],
    ['a negative amount', { ...submitValues(retryKey), amount_cents: -100 }, refused(actionErrors.badAmount), ready],
    ['an unknown method', { ...submitValues(retryKey), method: 'crypto' }, refused(actionErrors.quoteBadMethod), ready],
    [
      'no idempotency key',
      { ...submitValues(retryKey), idempotency_key: null },
      refused(actionErrors.idempotencyKeyRequired),
      ready,
    ],
    [
      'an unknown opportunity',
      { ...submitValues(retryKey), opportunity_id: 'no-such-opportunity' },
      refused(actionErrors.unknownOpportunity),
      ready,
    ],
    [
      'a closed opportunity',
      { ...submitValues(retryKey), opportunity_id: closedOpportunityId },
      refused(actionErrors.opportunityClosed),
      ready,
    ],
  ];
  for (const [what, values, expect, before] of submitCases) {
    const scenario: Scenario = {
      name: `${me} calls submit_investment: ${what}`,
      actor: me,
      op: 'rpc',
      target: 'submit_investment',
      values,
      expect,
    };
    if (before.length) scenario.before = before;
    out.push(scenario);
  }

  const reviewCases: [string, Record<string, string | null>, Expectation][] = [
    [
      'an unknown decision',
      { investment_id: unknownInvestment, decision: 'approved', reason: null },
      refused(actionErrors.investmentBadDecision),
    ],
    [
      'a rejection without a reason',
      { investment_id: unknownInvestment, decision: 'rejected', reason: ' ' },
      refused(actionErrors.investmentReasonRequired),
    ],
    [
      'no investment id',
      { investment_id: null, decision: 'confirmed', reason: null },
      refused(actionErrors.investmentIdRequired),
    ],
  ];
  for (const [what, values, expect] of reviewCases) {
    out.push({
      name: `eq_spv_admin calls review_investment: ${what}`,
      actor: 'eq_spv_admin',
      op: 'rpc',
      target: 'review_investment',
      values,
      expect,
    });
  }
  out.push({
    name: `${me} calls cancel_investment: no investment id`,
    actor: me,
    op: 'rpc',
    target: 'cancel_investment',
    values: { investment_id: null },
    expect: refused(actionErrors.investmentIdRequired),
  });
  return out;
}
