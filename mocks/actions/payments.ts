import {
  actionErrors,
  completesFirstOnramp,
  type PaymentStatus,
  paymentArgsError,
  paymentNotifications,
  paymentStep,
} from '@vault/domain';
import { mockDb, type ServerRow } from '../state';
import { appendAudit } from './audit';
import { firstTimeEvent, notifyMember } from './kyc';
import type { MockActions } from './types';

/**
 * record_payment on the embedded backend, as supabase/schemas/06_kyc_and_payments.sql carries it: the argument
 * checks, what an event does to a payment and when it completes the first on-ramp are the
 * domain's (`paymentArgsError`, `paymentStep`, `completesFirstOnramp`, proven equal to the SQL in
 * supabase/tests/payment-rules.test.ts). Service role only; once per event id.
 */

const PAYMENTS_TABLE = 'payments';

export const paymentActions: MockActions = {
  record_payment: (caller, args) => {
    if (caller.kind !== 'service') return { ok: false, error: actionErrors.functionDenied('record_payment') };
    const invalid = paymentArgsError(args);
    if (invalid) return { ok: false, error: invalid };
    const memberId = typeof args.member_id === 'string' ? args.member_id : '';
    const member = mockDb.profile(memberId);
    if (!member) return { ok: false, error: actionErrors.unknownMember };
    // Checked by paymentArgsError above.
    const providerRef = String(args.provider_ref);
    const amountCents = Number(args.amount_cents);
    const currency = String(args.currency);
    const status = args.status as PaymentStatus;
    const eventId = String(args.event_id);

    const existing = mockDb.serverRows(PAYMENTS_TABLE).find((row) => row.provider_ref === providerRef) ?? null;
    if (
      existing &&
      (existing.member_id !== memberId || existing.amount_cents !== amountCents || existing.currency !== currency)
    ) {
      return { ok: false, error: actionErrors.paymentMismatch };
    }
    if (!firstTimeEvent('payments', eventId)) return { ok: true, value: existing };

    const now = new Date().toISOString();
    let payment: ServerRow;
    switch (paymentStep(existing ? (existing.status as PaymentStatus) : null, status)) {
      case 'unchanged':
        return { ok: true, value: existing };
      case 'insert':
        payment = mockDb.insertServerRow(PAYMENTS_TABLE, {
          id: crypto.randomUUID(),
          member_id: memberId,
          provider_ref: providerRef,
          amount_cents: amountCents,
          currency,
          status,
          created_at: now,
          settled_at: status === 'settled' ? now : null,
        });
        break;
      case 'update': {
        const [updated] = mockDb.updateServerRows(PAYMENTS_TABLE, (row) => row.provider_ref === providerRef, {
          status,
          settled_at: status === 'settled' ? now : null,
        });
        if (!updated) return { ok: true, value: existing };
        payment = updated;
        break;
      }
    }

    const subject = { memberId, subjectType: 'payment', subjectId: String(payment.id) };
    const details = { provider_ref: providerRef, amount_cents: amountCents, currency, event_id: eventId };
    if (status === 'settled') {
      appendAudit(caller, { action: 'payment.settled', ...subject, details });
      if (completesFirstOnramp({ alreadyOnramped: member.first_onramp_ok, status, currency, amountCents })) {
        mockDb.writeProfile(memberId, { first_onramp_ok: true });
        const event = appendAudit(caller, { action: 'onramp.completed', ...subject, details });
        notifyMember(memberId, event, paymentNotifications.onrampCompleted);
      }
    } else if (status === 'failed') {
      const event = appendAudit(caller, { action: 'payment.failed', ...subject, details });
      notifyMember(memberId, event, paymentNotifications.failed);
    }
    return { ok: true, value: payment };
  },
};
