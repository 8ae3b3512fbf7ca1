import { lifecycleErrors } from '../lifecycle/actions';
import { offeringErrors } from '../offerings/actions';
import { statementErrors } from '../statements/actions';
import { consoleErrors } from './consoles';
import type { BackendError } from './errors';

/**
 * The refusals of the server actions (KYC, payments, signatures, fees, investments), as the SQL raises them
 * and PostgREST answers them. One convention:
 * - 42501 (HTTP 401/403): the caller may not do this;
 * - 22023 invalid_parameter_value (HTTP 400): an argument is missing or not valid;
 * - P0001 (HTTP 400): a valid request that the current state refuses.
 * supabase/tests/*.test.ts assert every one of them against the SQL.
 */
export const actionErrors = {
  notSignedIn: { code: '42501', message: 'not signed in' },
  serviceRoleOnly: (
    fn: 'apply_kyc_result' | 'record_payment' | 'record_payment_reversal' | 'record_payout',
  ): BackendError => ({
    code: '42501',
    message: `only the service role may call ${fn}`,
  }),
  /** A function the Postgres role holds no EXECUTE grant on: refused before its body runs. */
  functionDenied: (fn: string): BackendError => ({ code: '42501', message: `permission denied for function ${fn}` }),
  auditReadOnly: { code: '42501', message: 'audit_events is append-only' },
  auditVerifyDenied: {
    code: '42501',
    message: 'only compliance, mfo_admin or an administrator may verify the audit trail',
  },

  kycReviewDenied: { code: '42501', message: 'only compliance or an administrator may review KYC' },
  kycSelfReview: { code: '42501', message: 'nobody reviews their own KYC' },
  kycAlreadyApproved: { code: 'P0001', message: 'KYC is already approved' },
  kycNotPending: { code: 'P0001', message: 'only a pending KYC can be reviewed' },
  kycBadResult: { code: '22023', message: 'result must be approved, rejected or resubmission_requested' },
  kycBadDecision: { code: '22023', message: 'decision must be approved, rejected or resubmission_requested' },
  kycReasonRequired: { code: '22023', message: 'a reason is required unless approving' },
  reasonTooLong: { code: '22023', message: 'reason must be at most 500 characters' },
  unknownMember: { code: '22023', message: 'unknown member' },
  eventIdRequired: { code: '22023', message: 'event_id is required' },
  occurredAtRequired: { code: '22023', message: "occurred_at must be the provider's event time, not in the future" },
  kycRejectedFinal: { code: 'P0001', message: 'a rejected verification is reopened only by compliance' },
  kycReopenReasonRequired: { code: '22023', message: 'a reason is required to reopen a verification' },
  kycNotRejected: { code: 'P0001', message: 'only a rejected verification can be reopened' },

  professionalReviewDenied: {
    code: '42501',
    message: 'only compliance or an administrator may review a professional status',
  },
  professionalReviewsReadDenied: {
    code: '42501',
    message: 'only compliance or an administrator may read the professional status requests',
  },
  professionalSelfReview: { code: '42501', message: 'nobody reviews their own professional status' },
  professionalBadDecision: { code: '22023', message: 'decision must be approved or rejected' },
  professionalReasonRequired: { code: '22023', message: 'a reason is required when rejecting' },
  professionalNotPending: { code: 'P0001', message: 'there is no professional status waiting for review' },
  countryNotVerified: { code: 'P0001', message: 'your country must be the one your identity verification confirmed' },
  badDeclarationAnswers: {
    code: '22023',
    message:
      'answers may hold only portfolio_over_500k, ten_trades_a_quarter, one_year_in_finance and statement_signed, each true or false',
  },

  checkpointDenied: {
    code: '42501',
    message: 'only the service role or a scheduled job may take an audit checkpoint',
  },
  checkpointsReadOnly: { code: '42501', message: 'audit_checkpoints is written only by audit_checkpoint()' },
  pseudonymiseDenied: { code: '42501', message: 'only compliance may pseudonymise a member' },
  pseudonymiseSelf: { code: '42501', message: 'nobody pseudonymises themselves' },
  pseudonymiseReasonRequired: { code: '22023', message: 'a reason is required (at most 500 characters)' },
  pseudonymiseAccountOpen: { code: 'P0001', message: 'only a deleted account is pseudonymised' },

  providerRefRequired: { code: '22023', message: 'provider_ref is required' },
  badAmount: { code: '22023', message: 'amount_cents must be a positive whole number of cents' },
  badCurrency: { code: '22023', message: 'currency must be an ISO 4217 code such as EUR' },
  badPaymentStatus: { code: '22023', message: 'status must be pending, settled or failed' },
  paymentMismatch: { code: '22023', message: 'the payment does not match the one recorded for provider_ref' },

  agreementArgs: {
    code: '22023',
    message: 'version and document_sha256 (64 lower-case hex digits) are required',
  },
  notCurrentAgreement: { code: 'P0001', message: 'this is not the current agreement' },
  documentIdRequired: { code: '22023', message: 'document_id is required' },
  noSuchDocument: { code: 'P0001', message: 'no such document' },
  documentNotPending: { code: 'P0001', message: 'this document is not awaiting a signature' },

  quoteBadAmount: { code: '22023', message: 'amount_cents must be a whole, non-negative number of cents' },
  quoteBadMethod: { code: '22023', message: 'method must be bank or card' },

  investNotInvestor: { code: '42501', message: 'only an investor may submit an investment' },
  idempotencyKeyRequired: { code: '22023', message: 'idempotency_key is required' },
  unknownOpportunity: { code: '22023', message: 'unknown opportunity' },
  opportunityClosed: { code: 'P0001', message: 'this opportunity is not open for investment' },
  investWalletMissing: { code: 'P0001', message: 'create your wallet before investing' },
  investKycNotApproved: { code: 'P0001', message: 'your KYC must be approved before investing' },
  investOnrampMissing: { code: 'P0001', message: 'make your first on-ramp before investing' },
  investmentReviewDenied: {
    code: '42501',
    message: "only an SPV's administrators or an administrator may review investments",
  },
  investmentIdRequired: { code: '22023', message: 'investment_id is required' },
  investmentBadDecision: { code: '22023', message: 'decision must be confirmed or rejected' },
  investmentReasonRequired: { code: '22023', message: 'a reason is required when rejecting' },
  noSuchInvestment: { code: 'P0001', message: 'no such investment' },
  investmentNotPending: { code: 'P0001', message: 'only a pending investment can be reviewed' },
  investmentNotCancellable: { code: 'P0001', message: 'only a pending investment can be cancelled' },
  investmentKeyReused: { code: '22023', message: 'idempotency_key was used for another investment' },
  investmentSelfReview: { code: '42501', message: 'nobody reviews their own investment' },
  // The re-checks of a confirmation (08_investments.sql review_investment).
  investmentReflectionPeriod: { code: 'P0001', message: "the investor's 4-day reflection period has not ended" },
  investmentKycNoLongerApproved: { code: 'P0001', message: "the investor's KYC is no longer approved" },
  investmentOpportunityNoLongerOpen: { code: 'P0001', message: 'the opportunity no longer accepts investments' },
  // What to do next, for the investor who finds the window closed (08_investments.sql).
  cancellationWindowOver: {
    code: 'P0001',
    message:
      'The 4 days to cancel are over. Your investment now goes to review; contact support if you need to withdraw it.',
  },

  // The ledger (supabase/schemas/11_ledger.sql, docs/ledger.md).
  investmentTotalTooLarge: { code: '22023', message: "an investment's total may not exceed €100,000,000" },
  ledgerReadDenied: { code: '42501', message: 'only mfo_admin, compliance or an administrator may read the ledger' },
  escrowReadDenied: {
    code: '42501',
    message: "only mfo_admin, compliance, an SPV's administrators or an administrator may read the escrow accounts",
  },
  ledgerAppendOnly: { code: '42501', message: 'ledger_transfers is append-only' },
  transferIdReused: { code: 'P0001', message: 'a transfer with this id exists with other arguments' },
  pendingAlreadyResolved: { code: 'P0001', message: 'the pending transfer is already posted, voided or expired' },
  insufficientFunds: { code: 'VL001', message: 'insufficient available funds' },
  withdrawalKeyReused: { code: '22023', message: 'idempotency_key was used for another withdrawal' },
  withdrawalExceedsAvailable: { code: 'P0001', message: 'the amount exceeds your available cash' },
  badReversalKind: { code: '22023', message: 'kind must be refund or chargeback' },
  unknownPayment: { code: '22023', message: 'unknown payment' },
  badPayoutStatus: { code: '22023', message: 'status must be paid or failed' },
  unknownWithdrawal: { code: '22023', message: 'unknown withdrawal' },
  asOfRequired: { code: '22023', message: 'as_of is required' },

  // The linked bank account (11_ledger.sql link_bank_account, bankAccounts.ts validateIban).
  bankHolderNameLength: { code: '22023', message: "the account holder's name must have 1 to 140 characters" },
  ibanRequired: { code: '22023', message: 'an IBAN is required' },
  ibanBadCharacters: { code: '22023', message: 'an IBAN has only letters, digits and spaces' },
  ibanBadStart: { code: '22023', message: 'an IBAN starts with a country code and two check digits, like DE89' },
  ibanUnknownCountry: (country: string): BackendError => ({
    code: '22023',
    message: `no IBAN starts with ${country}: check the country code`,
  }),
  ibanBadLength: (country: string, length: number): BackendError => ({
    code: '22023',
    message: `an IBAN from ${country} has ${length} characters`,
  }),
  ibanBadChecksum: { code: '22023', message: "the IBAN's check digits do not match the rest: check it for a typo" },
  bicBadFormat: { code: '22023', message: 'a BIC has 8 or 11 letters and digits' },

  ...consoleErrors,
  ...offeringErrors,
  ...statementErrors,
  ...lifecycleErrors,
} as const satisfies Record<string, BackendError | ((...args: never[]) => BackendError)>;
