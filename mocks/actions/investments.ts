import {
  actionErrors,
  type BackendError,
  cancelInvestmentArgsError,
  type InvestmentDecision,
  type InvestmentRow,
  investmentNotification,
  investmentQuote,
  mayCancelInvestment,
  type PaymentMethod,
  readinessRefusal,
  reviewInvestmentArgsError,
  sampleMemberRows,
  sampleSharedRows,
  submitInvestmentArgsError,
} from '@vault/domain';
import { mockDb, type ServerRow, uuidForEmail } from '../state';
import { appendAudit } from './audit';
import { eligibilityRefusalFor } from './eligibility';
import { notifyMember } from './kyc';
import type { ActionAnswer, MockActions } from './types';

/**
 * submit_investment, review_investment and cancel_investment of
 * supabase/schemas/08_investments.sql, in the SQL's order of checks. Every rule comes from
 * @vault/domain: the arguments (`submitInvestmentArgsError`, `reviewInvestmentArgsError`), the
 * readiness gate (`readinessRefusal`), the fees (`investmentQuote`), the cancellation window
 * (`mayCancelInvestment`), the notification texts and the errors. Investments submitted here are
 * server rows (`investments`, kept with the mock's state, so a reload keeps them); a member's
 * list is their copy of the sample rows plus those (`investmentRowsOf`).
 */

const INVESTMENTS_TABLE = 'investments';

const fail = (error: BackendError): ActionAnswer => ({ ok: false, error });

/**
 * A member's copy of the sample investments: each with its own stable uuid, and marked sample, as
 * the database gives it (they do not make the member an investor: docs/eligibility.md).
 */
function sampleCopiesOf(memberId: string): ServerRow[] {
  return sampleMemberRows.investments.map((row) => ({
    ...row,
    id: uuidForEmail(`${memberId}/${row.id}`),
    user_id: memberId,
    idempotency_key: uuidForEmail(`${memberId}/${row.id}/key`),
    sample: true,
  }));
}

/** Every investment of a member: the sample copies, then those they submitted. */
export function investmentRowsOf(memberId: string): ServerRow[] {
  return [...sampleCopiesOf(memberId), ...mockDb.serverRows(INVESTMENTS_TABLE).filter((r) => r.user_id === memberId)];
}

/** A submitted investment, found by id among everyone's (review) or the owner's (cancel). */
function storedInvestment(id: unknown, owner?: string): ServerRow | undefined {
  return mockDb.serverRows(INVESTMENTS_TABLE).find((r) => r.id === id && (owner === undefined || r.user_id === owner));
}

function sampleInvestment(id: unknown, owner?: string): ServerRow | undefined {
  const members = owner === undefined ? mockDb.accounts().map((a) => a.id) : [owner];
  for (const memberId of members) {
    const found = sampleCopiesOf(memberId).find((r) => r.id === id);
    if (found) return found;
  }
  return undefined;
}

export const investmentActions: MockActions = {
  submit_investment: (caller, args) => {
    // Section 1: the caller. anon and the service role hold no EXECUTE grant.
    if (caller.kind !== 'member') return fail(actionErrors.functionDenied('submit_investment'));
    if (caller.reader.role !== 'investor') return fail(actionErrors.investNotInvestor);
    // Section 2: the arguments.
    const argsError = submitInvestmentArgsError(args);
    if (argsError) return fail(argsError);
    const amountCents = args.amount_cents as number;
    const method = args.method as PaymentMethod;
    // Section 3: a retry answers the first row.
    const retried = mockDb
      .serverRows(INVESTMENTS_TABLE)
      .find((r) => r.user_id === caller.id && r.idempotency_key === args.idempotency_key);
    if (retried) return { ok: true, value: retried as Record<string, string> };
    // Section 4: the opportunity.
    const opportunity = sampleSharedRows.opportunities.find((o) => o.id === args.opportunity_id);
    if (!opportunity) return fail(actionErrors.unknownOpportunity);
    if (!opportunity.open) return fail(actionErrors.opportunityClosed);
    // Section 5: the readiness gate.
    const profile = mockDb.profile(caller.id);
    if (!profile) return fail(actionErrors.notSignedIn);
    const notReady = readinessRefusal(caller.id, caller.reader.role, profile);
    if (notReady) return fail(notReady);
    // Section 6: eligibility (who may invest in what): the first refusal, as the SQL raises it.
    const notEligible = eligibilityRefusalFor(caller.id, opportunity.id, amountCents);
    if (notEligible) return fail(notEligible);
    // Section 7: the fees, the row and its audit event.
    const quote = investmentQuote(amountCents, method);
    const row: InvestmentRow & { user_id: string; idempotency_key: string; sample: false } = {
      id: crypto.randomUUID(),
      user_id: caller.id,
      opportunity_id: opportunity.id,
      opportunity_name: opportunity.name,
      amount_cents: amountCents,
      management_fee_cents: quote.managementFeeCents,
      card_fee_cents: quote.cardFeeCents,
      total_cents: quote.totalCents,
      method,
      status: 'Pending',
      submitted_at: new Date().toISOString(),
      decided_at: null,
      reason: null,
      idempotency_key: String(args.idempotency_key),
      sample: false,
    };
    mockDb.insertServerRow(INVESTMENTS_TABLE, row);
    appendAudit(caller, {
      action: 'investment.submitted',
      memberId: caller.id,
      subjectType: 'investment',
      subjectId: row.id,
      details: {
        opportunity_id: row.opportunity_id,
        amount_cents: row.amount_cents,
        total_cents: row.total_cents,
        method: row.method,
      },
    });
    return { ok: true, value: { ...row } };
  },

  review_investment: (caller, args) => {
    if (caller.kind !== 'member') return fail(actionErrors.functionDenied('review_investment'));
    if (!(caller.reader.role === 'eq_spv_admin' || caller.reader.isAdmin)) {
      return fail(actionErrors.investmentReviewDenied);
    }
    const argsError = reviewInvestmentArgsError(args);
    if (argsError) return fail(argsError);
    const decision = args.decision as InvestmentDecision;
    const current = storedInvestment(args.investment_id) ?? sampleInvestment(args.investment_id);
    if (!current) return fail(actionErrors.noSuchInvestment);
    if (current.status !== 'Pending') return fail(actionErrors.investmentNotPending);
    const reason = decision === 'rejected' && typeof args.reason === 'string' ? args.reason.trim() : null;
    const [updated] = mockDb.updateServerRows(INVESTMENTS_TABLE, (r) => r.id === current.id, {
      status: decision === 'confirmed' ? 'Active' : 'Rejected',
      decided_at: new Date().toISOString(),
      reason,
    });
    if (!updated) return fail(actionErrors.noSuchInvestment);
    const memberId = String(updated.user_id);
    const event = appendAudit(caller, {
      action: decision === 'confirmed' ? 'investment.confirmed' : 'investment.rejected',
      memberId,
      subjectType: 'investment',
      subjectId: String(updated.id),
      details: {
        status: String(updated.status),
        opportunity_id: String(updated.opportunity_id),
        ...(reason === null ? {} : { reason }),
      },
    });
    notifyMember(memberId, event, investmentNotification(decision, String(updated.opportunity_name), reason));
    return { ok: true, value: updated as Record<string, string> };
  },

  cancel_investment: (caller, args) => {
    if (caller.kind !== 'member') return fail(actionErrors.functionDenied('cancel_investment'));
    const argsError = cancelInvestmentArgsError(args);
    if (argsError) return fail(argsError);
    const current = storedInvestment(args.investment_id, caller.id) ?? sampleInvestment(args.investment_id, caller.id);
    // Another member's investment answers the same: its existence is not the caller's to learn.
    if (!current) return fail(actionErrors.noSuchInvestment);
    if (current.status === 'Cancelled') return { ok: true, value: current as Record<string, string> };
    if (current.status !== 'Pending') return fail(actionErrors.investmentNotCancellable);
    if (!mayCancelInvestment({ status: 'Pending', submitted_at: String(current.submitted_at) }, new Date())) {
      return fail(actionErrors.cancellationWindowOver);
    }
    const [updated] = mockDb.updateServerRows(INVESTMENTS_TABLE, (r) => r.id === current.id, {
      status: 'Cancelled',
      decided_at: new Date().toISOString(),
    });
    if (!updated) return fail(actionErrors.noSuchInvestment);
    appendAudit(caller, {
      action: 'investment.cancelled',
      memberId: caller.id,
      subjectType: 'investment',
      subjectId: String(updated.id),
      details: { opportunity_id: String(updated.opportunity_id), amount_cents: Number(updated.amount_cents) },
    });
    return { ok: true, value: updated as Record<string, string> };
  },
};
