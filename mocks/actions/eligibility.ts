import {
  type AssessmentRecord,
  acknowledgementRefusal,
  actionErrors,
  appropriatenessErrors,
  appropriatenessSubmissionRefusal,
  type BackendError,
  type Classification,
  classificationError,
  classificationErrors,
  clientQuestionnaire,
  coolingOffEndsAt,
  currentQuestionnaire,
  decideEligibility,
  type EligibilityDecision,
  eligibilityAnswerOf,
  eligibilityRefusalError,
  type InvestorCategory,
  isFirstTimeInvestor,
  isUkCategory,
  type JsonbValue,
  questionnaireStateOf,
  sampleMemberRows,
  sampleSharedRows,
  scoreAppropriateness,
  UK_COUNTRY,
} from '@vault/domain';
import { mockDb, type ServerRow } from '../state';
import { appendAudit } from './audit';
import type { ActionAnswer, MockActions } from './types';

/**
 * Investor eligibility on the embedded backend, as supabase/schemas/09_eligibility.sql
 * carries it: every rule is the domain's (`classificationError`, `scoreAppropriateness`,
 * `appropriatenessSubmissionRefusal`, `acknowledgementRefusal`, `decideEligibility`), and the
 * checks run in the SQL's order so both backends give the same answer and error.
 */

const INVESTOR_PROFILES_TABLE = 'investor_profiles';
const ASSESSMENTS_TABLE = 'appropriateness_assessments';
const COOLING_OFF_TABLE = 'cooling_off_periods';

const fail = (error: BackendError): ActionAnswer => ({ ok: false, error });
const HOUR_MS = 3_600_000;

function profileOf(memberId: string): ServerRow | null {
  return mockDb.serverRows(INVESTOR_PROFILES_TABLE).find((row) => row.member_id === memberId) ?? null;
}

function classificationOf(memberId: string): Classification | null {
  const row = profileOf(memberId);
  if (!row) return null;
  return {
    country: String(row.country),
    category: row.category as InvestorCategory,
    declaredAt: new Date(String(row.declared_at)),
  };
}

function latestAssessment(memberId: string): { row: ServerRow; record: AssessmentRecord } | null {
  const row = mockDb
    .serverRows(ASSESSMENTS_TABLE)
    .filter((r) => r.member_id === memberId)
    .at(-1);
  if (!row) return null;
  return {
    row,
    record: {
      passed: row.passed === true,
      submittedAt: new Date(String(row.submitted_at)),
      acknowledgedAt: row.acknowledged_at ? new Date(String(row.acknowledged_at)) : null,
    },
  };
}

/**
 * The domain's first-time rule over the member's investments: their copies of the sample rows
 * (marked sample, as the database marks them) and those they submitted.
 */
function firstTimeInvestor(memberId: string): boolean {
  const made = mockDb
    .serverRows('investments')
    .filter((row) => row.user_id === memberId)
    .map((row) => ({ status: row.status, sample: row.sample }));
  const sample = sampleMemberRows.investments.map((row) => ({ status: row.status, sample: true }));
  return isFirstTimeInvestor([...sample, ...made]);
}

function coolingOffStart(memberId: string): Date | null {
  const row = mockDb.serverRows(COOLING_OFF_TABLE).find((r) => r.member_id === memberId);
  return row ? new Date(String(row.started_at)) : null;
}

function opportunityOf(id: unknown) {
  const opportunities: readonly {
    id: string;
    eligible_countries?: string[] | null;
    eligible_categories?: string[] | null;
    min_ticket_cents?: number | null;
  }[] = sampleSharedRows.opportunities;
  return typeof id === 'string' ? (opportunities.find((o) => o.id === id) ?? null) : null;
}

const unknownOpportunity: BackendError = { code: '22023', message: 'unknown opportunity' };

/**
 * The member's decision for an opportunity and an amount (`member_eligibility`); null when the
 * opportunity is unknown. submit_investment's mock calls this after its own checks.
 */
function memberEligibility(memberId: string, opportunityId: unknown, amountCents: number): EligibilityDecision | null {
  const opportunity = opportunityOf(opportunityId);
  if (!opportunity) return null;
  return decideEligibility({
    classification: classificationOf(memberId),
    now: new Date(),
    opportunity: {
      eligibleCountries: opportunity.eligible_countries ?? null,
      eligibleCategories: opportunity.eligible_categories ?? null,
      minTicketCents: opportunity.min_ticket_cents ?? null,
    },
    amountCents,
    questionnaire: questionnaireStateOf(latestAssessment(memberId)?.record ?? null),
    coolingOffStartedAt: coolingOffStart(memberId),
    firstTimeInvestor: firstTimeInvestor(memberId),
  });
}

export const eligibilityActions: MockActions = {
  save_investor_profile: (caller, args) => {
    if (caller.kind !== 'member') return fail(actionErrors.functionDenied('save_investor_profile'));
    const invalid = classificationError(args.country, args.category, args.answers);
    if (invalid) return fail({ code: '22023', message: classificationErrors[invalid] });
    // classificationError has checked it is a JSON object.
    const answers = args.answers as { readonly [key: string]: JsonbValue };
    const row: ServerRow = {
      member_id: caller.id,
      country: String(args.country),
      category: String(args.category),
      answers,
      declared_at: new Date().toISOString(),
    };
    mockDb.withServerRows(INVESTOR_PROFILES_TABLE, (rows) => {
      const index = rows.findIndex((r) => r.member_id === caller.id);
      if (index >= 0) rows[index] = row;
      else rows.push(row);
    });
    appendAudit(caller, {
      action: 'investor.classified',
      memberId: caller.id,
      subjectType: 'investor_profile',
      subjectId: caller.id,
      details: { country: String(row.country), category: String(row.category), answers },
    });
    return { ok: true, value: row as ActionAnswerValue };
  },

  current_questionnaire: (caller) => {
    if (caller.kind !== 'member') return fail(actionErrors.functionDenied('current_questionnaire'));
    return { ok: true, value: JSON.parse(JSON.stringify(clientQuestionnaire())) };
  },

  submit_appropriateness: (caller, args) => {
    if (caller.kind !== 'member') return fail(actionErrors.functionDenied('submit_appropriateness'));
    const scored = scoreAppropriateness(args.version, args.answers);
    if (!scored.ok) return fail(appropriatenessErrors[scored.error]);
    const classification = classificationOf(caller.id);
    const now = new Date();
    const refusal = appropriatenessSubmissionRefusal(
      classification?.category ?? null,
      latestAssessment(caller.id)?.record ?? null,
      now,
    );
    if (refusal) return fail(appropriatenessErrors[refusal]);
    const id = mockDb.serverRows(ASSESSMENTS_TABLE).length + 1;
    const row: ServerRow = {
      id,
      member_id: caller.id,
      version: currentQuestionnaire.version,
      answers: args.answers as ServerRow,
      score: scored.score,
      passed: scored.passed,
      submitted_at: now.toISOString(),
      acknowledged_at: null,
    };
    mockDb.insertServerRow(ASSESSMENTS_TABLE, row);
    appendAudit(caller, {
      action: 'appropriateness.submitted',
      memberId: caller.id,
      subjectType: 'appropriateness_assessment',
      subjectId: String(id),
      details: { version: currentQuestionnaire.version, score: scored.score, passed: scored.passed },
    });
    const ukRetail = classification !== null && isUkCategory(classification.category);
    return {
      ok: true,
      value: {
        version: currentQuestionnaire.version,
        score: scored.score,
        passed: scored.passed,
        submitted_at: now.toISOString(),
        retake_at: !scored.passed && ukRetail ? new Date(now.getTime() + 24 * HOUR_MS).toISOString() : null,
      },
    };
  },

  acknowledge_appropriateness_warning: (caller) => {
    if (caller.kind !== 'member') return fail(actionErrors.functionDenied('acknowledge_appropriateness_warning'));
    const latest = latestAssessment(caller.id);
    const refusal = acknowledgementRefusal(classificationOf(caller.id)?.category ?? null, latest?.record ?? null);
    if (refusal === 'unchanged') return { ok: true, value: latest?.row as ActionAnswerValue };
    if (refusal || !latest) return fail(appropriatenessErrors[refusal ?? 'nothingToAcknowledge']);
    const [updated] = mockDb.updateServerRows(ASSESSMENTS_TABLE, (row) => row.id === latest.row.id, {
      acknowledged_at: new Date().toISOString(),
    });
    appendAudit(caller, {
      action: 'appropriateness.warning_acknowledged',
      memberId: caller.id,
      subjectType: 'appropriateness_assessment',
      subjectId: String(latest.row.id),
      details: { version: String(latest.row.version), score: Number(latest.row.score) },
    });
    return { ok: true, value: (updated ?? latest.row) as ActionAnswerValue };
  },

  request_to_invest: (caller, args) => {
    if (caller.kind !== 'member') return fail(actionErrors.functionDenied('request_to_invest'));
    if (!opportunityOf(args.opportunity_id)) return fail(unknownOpportunity);
    const classification = classificationOf(caller.id);
    if (!classification || classification.country !== UK_COUNTRY || !firstTimeInvestor(caller.id)) {
      return { ok: true, value: null };
    }
    const started = coolingOffStart(caller.id);
    if (started) return { ok: true, value: coolingOffEndsAt(started)?.toISOString() ?? null };
    const now = new Date();
    mockDb.insertServerRow(COOLING_OFF_TABLE, {
      member_id: caller.id,
      started_at: now.toISOString(),
      opportunity_id: String(args.opportunity_id),
    });
    const endsAt = coolingOffEndsAt(now)?.toISOString() ?? null;
    appendAudit(caller, {
      action: 'investment.cooling_off_started',
      memberId: caller.id,
      subjectType: 'opportunity',
      subjectId: String(args.opportunity_id),
      details: { ends_at: endsAt },
    });
    return { ok: true, value: endsAt };
  },

  investment_eligibility: (caller, args) => {
    if (caller.kind !== 'member') return fail(actionErrors.functionDenied('investment_eligibility'));
    const amount = args.amount_cents;
    if (typeof amount !== 'number' || !Number.isSafeInteger(amount) || amount <= 0) return fail(actionErrors.badAmount);
    const decision = memberEligibility(caller.id, args.opportunity_id, amount);
    if (!decision) return fail(unknownOpportunity);
    // The code and its time, as supabase/schemas/09_eligibility.sql answers them.
    const answer = eligibilityAnswerOf(decision);
    return { ok: true, value: answer ? { code: answer.code, at: answer.at } : null };
  },
};

type ActionAnswerValue = Extract<ActionAnswer, { ok: true }>['value'];

/**
 * submit_investment's eligibility step (section 6 of submit_investment in supabase/schemas/08_investments.sql): the first
 * refusal as its P0001 '<CODE>: <text>' error, or null when the member may invest.
 */
export function eligibilityRefusalFor(
  memberId: string,
  opportunityId: unknown,
  amountCents: number,
): BackendError | null {
  const decision = memberEligibility(memberId, opportunityId, amountCents);
  if (!decision || decision.ok) return null;
  return eligibilityRefusalError(decision.code, decision.at);
}
