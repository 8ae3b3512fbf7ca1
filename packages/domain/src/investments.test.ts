import { describe, expect, it } from 'vitest';
import { actionErrors } from './backend/actionErrors';
import { sampleMemberRows } from './backend/sample';
import {
  CANCELLATION_WINDOW_DAYS,
  cancelInvestmentArgsError,
  investmentErrorText,
  investmentView,
  mayCancelInvestment,
  readinessRefusal,
  reviewInvestmentArgsError,
  submitInvestmentArgsError,
} from './investments';

const key = '00000000-0000-4000-8000-000000000001';
const ready = { crossmint_wallet_id: 'w-1', kyc_status: 'approved', first_onramp_ok: true };

describe('submit_investment arguments', () => {
  it('accepts a positive amount, a known method and a uuid key', () => {
    expect(
      submitInvestmentArgsError({ opportunity_id: 'x', amount_cents: 1, method: 'card', idempotency_key: key }),
    ).toBeNull();
  });

  it('refuses in the SQL’s order: the key, the amount, the method', () => {
    expect(submitInvestmentArgsError({ amount_cents: 0, method: 'x' })).toBe(actionErrors.idempotencyKeyRequired);
    expect(submitInvestmentArgsError({ idempotency_key: key, amount_cents: 0, method: 'x' })).toBe(
      actionErrors.badAmount,
    );
    expect(submitInvestmentArgsError({ idempotency_key: key, amount_cents: 1.5, method: 'bank' })).toBe(
      actionErrors.badAmount,
    );
    expect(submitInvestmentArgsError({ idempotency_key: key, amount_cents: 100, method: 'crypto' })).toBe(
      actionErrors.quoteBadMethod,
    );
  });
});

describe('the readiness gate', () => {
  it('names the first unmet step, in the gate’s order', () => {
    expect(readinessRefusal('m', 'investor', ready)).toBeNull();
    expect(readinessRefusal('m', 'investor', { ...ready, crossmint_wallet_id: null, kyc_status: 'pending' })).toBe(
      actionErrors.investWalletMissing,
    );
    expect(readinessRefusal('m', 'investor', { ...ready, kyc_status: 'pending', first_onramp_ok: false })).toBe(
      actionErrors.investKycNotApproved,
    );
    expect(readinessRefusal('m', 'investor', { ...ready, first_onramp_ok: false })).toBe(
      actionErrors.investOnrampMissing,
    );
  });
});

describe('review and cancel arguments', () => {
  it('requires a reason to reject, and a uuid', () => {
    expect(reviewInvestmentArgsError({ investment_id: key, decision: 'confirmed' })).toBeNull();
    expect(reviewInvestmentArgsError({ investment_id: key, decision: 'rejected', reason: ' ' })).toBe(
      actionErrors.investmentReasonRequired,
    );
    expect(reviewInvestmentArgsError({ investment_id: key, decision: 'approved' })).toBe(
      actionErrors.investmentBadDecision,
    );
    expect(reviewInvestmentArgsError({ investment_id: 'inv-1', decision: 'confirmed' })).toBe(
      actionErrors.investmentIdRequired,
    );
    expect(cancelInvestmentArgsError({ investment_id: key })).toBeNull();
    expect(cancelInvestmentArgsError({})).toBe(actionErrors.investmentIdRequired);
  });
});

describe('the cancellation window', () => {
  const submittedAt = '2025-03-01T12:00:00Z';
  const at = (ms: number) => new Date(Date.parse(submittedAt) + ms);
  const days = CANCELLATION_WINDOW_DAYS * 24 * 60 * 60 * 1000;

  it(`is open for ${CANCELLATION_WINDOW_DAYS} days after submitting, Pending only`, () => {
    expect(mayCancelInvestment({ status: 'Pending', submitted_at: submittedAt }, at(days - 1))).toBe(true);
    expect(mayCancelInvestment({ status: 'Pending', submitted_at: submittedAt }, at(days))).toBe(false);
    expect(mayCancelInvestment({ status: 'Active', submitted_at: submittedAt }, at(0))).toBe(false);
    expect(mayCancelInvestment({ status: 'Awaiting payment', submitted_at: submittedAt }, at(days - 1))).toBe(true);
    expect(mayCancelInvestment({ status: 'Awaiting payment', submitted_at: submittedAt }, at(days))).toBe(false);
  });
});

describe('how an investment reads', () => {
  it('formats the stored cents and timestamp once', () => {
    const [first] = sampleMemberRows.investments;
    if (!first) throw new Error('no sample investment');
    expect(investmentView(first)).toMatchObject({
      name: 'Groningen Solar Park II',
      amount: '€10,000',
      total: '€10,100',
      date: '14 Feb 2025',
      method: 'Bank transfer',
      status: 'Active',
    });
  });

  it('turns a refusal into a sentence, without an eligibility code', () => {
    expect(investmentErrorText('make your first on-ramp before investing')).toBe(
      'Make your first on-ramp before investing.',
    );
    expect(investmentErrorText('NOT_CLASSIFIED: Tell us where you live.')).toBe('Tell us where you live.');
  });
});
