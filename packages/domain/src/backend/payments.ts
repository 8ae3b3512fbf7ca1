import { actionErrors } from './actionErrors';
import type { BackendError } from './errors';
import { MIN_FIRST_ONRAMP_CENTS } from './rpc';

/**
 * Payments: the rules `public.record_payment` applies. The SQL implements them
 * (06_kyc_and_payments.sql); here they are data and pure functions, and
 * supabase/tests/payment-rules.test.ts runs every case of these functions against the SQL.
 */
export const paymentStatuses = ['pending', 'settled', 'failed'] as const;
export type PaymentStatus = (typeof paymentStatuses)[number];

/** The currency a first on-ramp must be paid in. */
const FIRST_ONRAMP_CURRENCY = 'EUR';

/** The longest provider_ref or event_id the tables accept. */
const PROVIDER_ID_MAX_LENGTH = 200;

export interface PaymentArgs {
  member_id?: unknown;
  provider_ref?: unknown;
  amount_cents?: unknown;
  currency?: unknown;
  status?: unknown;
  event_id?: unknown;
}

function isProviderId(value: unknown): value is string {
  return typeof value === 'string' && value.length >= 1 && value.length <= PROVIDER_ID_MAX_LENGTH;
}

/** The first argument record_payment refuses, in the order the SQL checks them, or null. */
export function paymentArgsError(args: PaymentArgs): BackendError | null {
  if (!isProviderId(args.event_id)) return actionErrors.eventIdRequired;
  if (!isProviderId(args.provider_ref)) return actionErrors.providerRefRequired;
  const cents = args.amount_cents;
  if (typeof cents !== 'number' || !Number.isInteger(cents) || cents <= 0) return actionErrors.badAmount;
  if (typeof args.currency !== 'string' || !/^[A-Z]{3}$/.test(args.currency)) return actionErrors.badCurrency;
  if (!paymentStatuses.includes(args.status as PaymentStatus)) return actionErrors.badPaymentStatus;
  return null;
}

/**
 * What an event does to the payment it names: 'insert' a new one, 'update' a pending one to
 * settled or failed, or a failed one to settled (a declined attempt, then a successful one on the
 * same provider payment), or 'unchanged' (settled already, failed again, or pending again: the
 * event is taken, nothing moves).
 */
export function paymentStep(current: PaymentStatus | null, incoming: PaymentStatus): 'insert' | 'update' | 'unchanged' {
  if (current === null) return 'insert';
  if (current === 'pending' && incoming !== 'pending') return 'update';
  if (current === 'failed' && incoming === 'settled') return 'update';
  return 'unchanged';
}

/**
 * Whether a payment that has just become `status` completes the member's first on-ramp
 * (sets profiles.first_onramp_ok, records onramp.completed, notifies the member).
 */
export function completesFirstOnramp(payment: {
  alreadyOnramped: boolean;
  status: PaymentStatus;
  currency: string;
  amountCents: number;
}): boolean {
  return (
    !payment.alreadyOnramped &&
    payment.status === 'settled' &&
    payment.currency === FIRST_ONRAMP_CURRENCY &&
    payment.amountCents >= MIN_FIRST_ONRAMP_CENTS
  );
}
