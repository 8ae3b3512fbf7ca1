import { describe, expect, it } from 'vitest';
import { sampleMemberRows } from '../backend/sample';
import {
  addMonthsUtc,
  classificationError,
  currentQuestionnaire,
  decideEligibility,
  type EligibilityInput,
  type EligibilityRefusal,
  eligibilityCases,
  eligibilityRefusalMessage,
  eligibilityRefusals,
  isFirstTimeInvestor,
  isIsoCountry,
  isoCountryCodes,
  scoreAppropriateness,
} from './index';

const HOUR = 3_600_000;
const UK = ['uk_restricted', 'uk_high_net_worth', 'uk_sophisticated'];

/**
 * The rules of docs/eligibility.md, written as one predicate per refusal, independently of decideEligibility's
 * code path: a case's expected answer is the first refusal whose predicate holds.
 */
const rules: Record<EligibilityRefusal, (c: EligibilityInput) => boolean> = {
  NOT_CLASSIFIED: (c) => c.classification === null,
  DECLARATION_EXPIRED: (c) =>
    c.classification !== null &&
    UK.includes(c.classification.category) &&
    c.now.getTime() - c.classification.declaredAt.getTime() >= 365 * 24 * HOUR, // the cases' 12 months hold no 29 February
  COUNTRY_NOT_ELIGIBLE: (c) =>
    c.opportunity.eligibleCountries !== null &&
    !c.opportunity.eligibleCountries.includes(c.classification?.country ?? ''),
  CATEGORY_NOT_ELIGIBLE: (c) =>
    c.opportunity.eligibleCategories !== null &&
    !c.opportunity.eligibleCategories.includes(c.classification?.category ?? ''),
  BELOW_MINIMUM: (c) => c.opportunity.minTicketCents !== null && c.amountCents < c.opportunity.minTicketCents,
  COOLING_OFF_ACTIVE: (c) =>
    c.classification?.country === 'GB' &&
    c.firstTimeInvestor &&
    (c.coolingOffStartedAt === null || c.now.getTime() - c.coolingOffStartedAt.getTime() < 24 * HOUR),
  APPROPRIATENESS_REQUIRED: (c) => {
    const category = c.classification?.category ?? 'retail';
    if (category === 'professional' || category === 'corporate') return false;
    const result = c.questionnaire.result;
    if (result === 'passed') return false;
    if (result === 'acknowledged') return UK.includes(category);
    return true;
  },
};

function expected(c: EligibilityInput): EligibilityRefusal | null {
  return eligibilityRefusals.find((code) => rules[code](c)) ?? null;
}

describe('decideEligibility over the whole case space', () => {
  const cases = eligibilityCases();

  it('plays every combination of category × country × questionnaire × cooling-off × declaration age × minimum', () => {
    // 6 categories × 2 countries × 3 ages + none, × 4 opportunities × 2 amounts × 5 results × 4 cooling-offs × 2
    expect(cases).toHaveLength(37 * 8 * 5 * 4 * 2);
  });

  it('answers the first refusal that applies, in the order docs/eligibility.md gives', () => {
    const wrong = cases.filter((c) => {
      const decision = decideEligibility(c);
      return (decision.ok ? null : decision.code) !== expected(c);
    });
    expect(wrong.slice(0, 3)).toEqual([]);
  });

  it('reaches every refusal and ok', () => {
    const seen = new Set(
      cases.map((c) => {
        const d = decideEligibility(c);
        return d.ok ? 'ok' : d.code;
      }),
    );
    expect([...seen].sort()).toEqual([...eligibilityRefusals, 'ok'].sort());
  });

  it('never asks the questionnaire of professionals and companies, nor cools off anyone outside the UK', () => {
    for (const c of cases) {
      const d = decideEligibility(c);
      if (d.ok) continue;
      if (d.code === 'APPROPRIATENESS_REQUIRED')
        expect(['professional', 'corporate']).not.toContain(c.classification?.category);
      if (d.code === 'COOLING_OFF_ACTIVE') {
        expect(c.classification?.country).toBe('GB');
        expect(c.firstTimeInvestor).toBe(true);
      }
    }
  });

  it('gives the cooling-off end, and the retake time of a UK test failed less than 24 hours ago', () => {
    for (const c of cases) {
      const d = decideEligibility(c);
      if (d.ok) continue;
      if (d.code === 'COOLING_OFF_ACTIVE')
        expect(d.at?.getTime() ?? null).toBe(
          c.coolingOffStartedAt ? c.coolingOffStartedAt.getTime() + 24 * HOUR : null,
        );
      else if (d.code === 'APPROPRIATENESS_REQUIRED') {
        const q = c.questionnaire;
        const lockedUntil =
          q.result === 'failed' &&
          UK.includes(c.classification?.category ?? '') &&
          c.now.getTime() - q.at.getTime() < 24 * HOUR
            ? q.at.getTime() + 24 * HOUR
            : null;
        expect(d.at?.getTime() ?? null).toBe(lockedUntil);
      } else expect(d.at).toBeNull();
    }
  });

  it('lets an EU retail investor go ahead after acknowledging the warning, never a UK one', () => {
    const base: EligibilityInput = {
      classification: { country: 'FR', category: 'retail', declaredAt: new Date('2026-01-01T00:00:00Z') },
      now: new Date('2026-06-01T00:00:00Z'),
      opportunity: { eligibleCountries: null, eligibleCategories: null, minTicketCents: null },
      amountCents: 100,
      questionnaire: { result: 'acknowledged' },
      coolingOffStartedAt: null,
      firstTimeInvestor: true,
    };
    expect(decideEligibility(base)).toEqual({ ok: true });
    const uk = { ...base, classification: { country: 'GB', category: 'uk_restricted' as const, declaredAt: base.now } };
    expect(decideEligibility({ ...uk, firstTimeInvestor: false })).toEqual({
      ok: false,
      code: 'APPROPRIATENESS_REQUIRED',
      at: null,
    });
  });
});

describe('isFirstTimeInvestor', () => {
  const samples = sampleMemberRows.investments.map((row) => ({ status: row.status, sample: true }));

  it('is true for a member who owns only the sample copies, whatever their status', () => {
    expect(samples.some((row) => row.status === 'Active')).toBe(true);
    expect(isFirstTimeInvestor(samples)).toBe(true);
    expect(isFirstTimeInvestor([])).toBe(true);
  });

  it('is false once the member has submitted an investment that was not rejected or cancelled', () => {
    for (const status of ['Pending', 'Active', 'Matured'])
      expect(isFirstTimeInvestor([...samples, { status }]), status).toBe(false);
    expect(isFirstTimeInvestor([...samples, { status: 'Active', sample: false }])).toBe(false);
    for (const status of ['Rejected', 'Cancelled'])
      expect(isFirstTimeInvestor([...samples, { status }]), status).toBe(true);
  });
});

describe('messages', () => {
  it('gives every refusal a short text saying what to do next, with its time where it has one', () => {
    for (const code of eligibilityRefusals) {
      const text = eligibilityRefusalMessage(code);
      expect(text.length).toBeGreaterThan(20);
      expect(text.length).toBeLessThan(140);
    }
    expect(eligibilityRefusalMessage('COOLING_OFF_ACTIVE', new Date('2026-11-25T09:30:05.123Z'))).toBe(
      'Your 24-hour cooling-off period ends at 2026-11-25 09:30:05 UTC. Come back then to continue.',
    );
  });
});

describe('classification', () => {
  it('knows the 249 ISO 3166-1 alpha-2 codes, each once', () => {
    expect(isoCountryCodes).toHaveLength(249);
    expect(new Set(isoCountryCodes).size).toBe(249);
    expect(isIsoCountry('GB')).toBe(true);
    expect(isIsoCountry('UK')).toBe(false);
    expect(isIsoCountry('de')).toBe(false);
  });

  it('validates the category against the answers and the country', () => {
    expect(classificationError('DE', 'retail', {})).toBeNull();
    expect(classificationError('XX', 'retail', {})).toBe('BAD_COUNTRY');
    expect(classificationError('DE', 'angel', {})).toBe('BAD_CATEGORY');
    expect(classificationError('DE', 'retail', [])).toBe('BAD_ANSWERS');
    expect(classificationError('GB', 'retail', {})).toBe('CATEGORY_NOT_FOR_COUNTRY');
    expect(classificationError('DE', 'uk_restricted', { statement_signed: true })).toBe('CATEGORY_NOT_FOR_COUNTRY');
    expect(classificationError('DE', 'professional', { portfolio_over_500k: true })).toBe('CRITERIA_NOT_MET');
    // Answers are booleans of the known keys only (bounded input).
    expect(classificationError('DE', 'professional', { portfolio_over_500k: true, ten_trades_a_quarter: 'yes' })).toBe(
      'ANSWERS_NOT_ALLOWED',
    );
    expect(classificationError('DE', 'retail', { nickname: true })).toBe('ANSWERS_NOT_ALLOWED');
    expect(
      classificationError('DE', 'professional', { portfolio_over_500k: true, one_year_in_finance: true }),
    ).toBeNull();
    expect(classificationError('GB', 'uk_sophisticated', {})).toBe('STATEMENT_NOT_SIGNED');
    expect(classificationError('GB', 'uk_high_net_worth', { statement_signed: true })).toBeNull();
  });

  it('adds 12 months as PostgreSQL does, clamping to the month end', () => {
    expect(addMonthsUtc(new Date('2024-02-29T10:00:00Z'), 12).toISOString()).toBe('2025-02-28T10:00:00.000Z');
    expect(addMonthsUtc(new Date('2025-01-31T23:59:59Z'), 1).toISOString()).toBe('2025-02-28T23:59:59.000Z');
    expect(addMonthsUtc(new Date('2025-06-15T12:00:00Z'), 12).toISOString()).toBe('2026-06-15T12:00:00.000Z');
  });
});

describe('the appropriateness questionnaire', () => {
  const all = (pick: (options: readonly { id: string; points: number }[]) => string) =>
    Object.fromEntries(currentQuestionnaire.questions.map((q) => [q.id, pick(q.options)]));
  const best = all((o) => [...o].sort((a, b) => b.points - a.points)[0]?.id ?? '');
  const worst = all((o) => [...o].sort((a, b) => a.points - b.points)[0]?.id ?? '');

  it('covers knowledge, experience and capacity for loss', () => {
    expect(new Set(currentQuestionnaire.questions.map((q) => q.topic))).toEqual(
      new Set(['knowledge', 'experience', 'loss_capacity']),
    );
  });

  it('scores the options chosen against the pass mark', () => {
    const v = currentQuestionnaire.version;
    expect(scoreAppropriateness(v, best)).toEqual({ ok: true, score: 5, passed: true });
    expect(scoreAppropriateness(v, worst)).toEqual({ ok: true, score: 0, passed: false });
    expect(scoreAppropriateness(v, { ...best, losing_everything: 'must_change' })).toEqual({
      ok: true,
      score: 4,
      passed: true,
    });
    expect(scoreAppropriateness(v, { ...best, losing_everything: 'must_change', selling: 'any_time' })).toEqual({
      ok: true,
      score: 3,
      passed: false,
    });
  });

  it('refuses another version, a missing, unknown or extra answer', () => {
    const v = currentQuestionnaire.version;
    expect(scoreAppropriateness('v0', best)).toEqual({ ok: false, error: 'UNKNOWN_VERSION' });
    const { selling: _dropped, ...missing } = best;
    expect(scoreAppropriateness(v, missing)).toEqual({ ok: false, error: 'BAD_ANSWERS' });
    expect(scoreAppropriateness(v, { ...best, selling: 'maybe' })).toEqual({ ok: false, error: 'BAD_ANSWERS' });
    expect(scoreAppropriateness(v, { ...best, extra: 'yes' })).toEqual({ ok: false, error: 'BAD_ANSWERS' });
    expect(scoreAppropriateness(v, null)).toEqual({ ok: false, error: 'BAD_ANSWERS' });
  });
});
