import type { KycStatus } from '../backend/kyc';
import type { InvestmentDecision } from '../investments';
import { notificationText } from './texts';

/**
 * Some notifications as their area's code and tests name them, read from `notificationTexts`:
 * the words live in the table only.
 */

/** The kind each KYC status's notification is: the audit action the status is reached by. */
const kycNotificationKinds = {
  pending: 'kyc.submitted',
  approved: 'kyc.approved',
  rejected: 'kyc.rejected',
  resubmission_requested: 'kyc.resubmission_requested',
} as const satisfies Record<Exclude<KycStatus, 'not_started'>, string>;

/** The notification the member receives for each KYC transition; `reason` fills a decision's. */
export function kycNotification(
  status: Exclude<KycStatus, 'not_started'>,
  reason = '',
): { title: string; body: string } {
  return notificationText(kycNotificationKinds[status], { reason });
}

/** The notifications record_payment sends (06_kyc_and_payments.sql). */
export const paymentNotifications = {
  onrampCompleted: notificationText('onramp.completed'),
  failed: notificationText('payment.failed'),
};

/** The notification the member receives when an investment is decided (review_investment). */
export function investmentNotification(
  decision: InvestmentDecision,
  opportunityName: string,
  reason: string | null,
): { title: string; body: string } {
  return decision === 'confirmed'
    ? notificationText('investment.confirmed', { offering: opportunityName })
    : notificationText('investment.rejected', { offering: opportunityName, reason: reason ?? '' });
}

/** The notifications the ledger's functions send (11_ledger.sql). */
export const ledgerNotifications = {
  chargedBack: notificationText('payment.charged_back'),
  withdrawalFailed: notificationText('withdrawal.failed'),
  investmentExpired: (opportunityName: string) => notificationText('investment.expired', { offering: opportunityName }),
};
