import type { BackendError } from '../backend/errors';
import { OFFERING_MAX_CENTS } from '../offerings/terms';

/**
 * The refusals of the functions of an offering's life after issue
 * (supabase/schemas/13_lifecycle.sql, docs/lifecycle.md), part of `actionErrors`.
 */
export const lifecycleErrors = {
  unknownOffering: { code: '22023', message: 'unknown offering' },
  priceInFuture: { code: '22023', message: 'as_of must be a date, not in the future' },
  priceOutOfRange: {
    code: '22023',
    message: `price_cents must be a whole number of cents from 0 to ${OFFERING_MAX_CENTS}`,
  },
  priceBeforeIssue: { code: 'P0001', message: 'as_of is before the offering issued its units' },
  offeringNotIssued: { code: 'P0001', message: 'the offering has issued no units' },
  offeringMatured: { code: 'P0001', message: 'the offering has matured' },
  badDistributionKind: { code: '22023', message: 'kind must be income or capital' },
  badDistributionAmount: { code: '22023', message: 'amount_cents must be a positive whole number of cents' },
  recordDateInFuture: { code: '22023', message: 'record_date must be a date, not in the future' },
  noHolders: { code: 'P0001', message: 'nobody held units of the offering at the end of the record date' },
  distributionDeclaredOtherwise: {
    code: 'P0001',
    message: 'a distribution of this kind is already declared for this record date with another amount',
  },
  distributionPayDenied: { code: '42501', message: 'only mfo_admin or an administrator may pay a distribution' },
  distributionFourEyes: { code: '42501', message: 'nobody pays a distribution they declared' },
  unknownDistribution: { code: '22023', message: 'unknown distribution' },
  offeringAccountShort: { code: 'P0001', message: "the offering's account holds less than the payment" },
  redemptionDenied: { code: '42501', message: 'only an investor may redeem units' },
  badUnits: { code: '22023', message: 'units must be a positive whole number' },
  redemptionKeyReused: { code: '22023', message: 'idempotency_key was used for another redemption' },
  notEnoughUnits: { code: 'P0001', message: 'you do not hold that many units that are not already asked to redeem' },
  unknownRedemption: { code: '22023', message: 'unknown redemption' },
  badRedemptionDecision: { code: '22023', message: 'decision must be approved or rejected' },
  redemptionDecided: { code: 'P0001', message: 'this redemption is already decided otherwise' },
  offeringNotDue: { code: 'P0001', message: "the offering's term has not ended" },
  offeringCannotMature: { code: 'P0001', message: 'only an issued or closed offering can mature' },
  loanWithoutOffering: { code: 'P0001', message: 'the loan is not linked to an offering to repay into' },
  incomeAmountOutOfRange: {
    code: '22023',
    message: 'amount_cents must be a whole number of cents from 1 to 9007199254740991',
  },
  incomeInFuture: { code: '22023', message: 'received_on must be a date, not in the future' },
  incomeReferenceRequired: {
    code: '22023',
    message: "reference is required: the payer's reference, at most 100 characters",
  },
  incomeBeforeIssue: { code: 'P0001', message: 'received_on is before the offering issued its units' },
  incomeReferenceReused: {
    code: 'P0001',
    message: 'this reference is already recorded for other income of this offering',
  },
} as const satisfies Record<string, BackendError>;

/** A redemption refused for the lock-up: 'REDEMPTION_LOCKED: … until <date>.' (P0001). */
export function redemptionLockedError(lockupEndsOn: string): BackendError {
  return {
    code: 'P0001',
    message: `REDEMPTION_LOCKED: these units are locked up until ${lockupEndsOn}; you may ask to redeem them from that day.`,
  };
}

/** The functions of an offering's life after issue, as actions.ts declares every server action. */
export const lifecycleServerActions = [
  {
    name: 'set_unit_price',
    args: ['opportunity_id', 'price_cents', 'as_of', 'reason'],
    executableBy: ['authenticated'],
    accepts: "the SPV's administrators",
    records: ['offering.price_set'],
  },
  {
    name: 'record_offering_income',
    args: ['opportunity_id', 'amount_cents', 'received_on', 'reference'],
    executableBy: ['authenticated'],
    accepts: "the SPV's administrators",
    records: ['offering.income_recorded', 'ledger.transferred'],
  },
  {
    name: 'list_offering_income',
    args: ['offering_id'],
    executableBy: ['authenticated'],
    accepts: "the SPV's administrators",
    records: [],
  },
  {
    name: 'declare_distribution',
    args: ['opportunity_id', 'record_date', 'amount_cents', 'kind'],
    executableBy: ['authenticated'],
    accepts: "the SPV's administrators",
    records: ['distribution.declared'],
  },
  {
    name: 'pay_distribution',
    args: ['distribution_id'],
    executableBy: ['authenticated'],
    accepts: 'mfo_admin or the admin flag',
    records: ['distribution.paid', 'ledger.transferred'],
  },
  {
    name: 'redemption_quote',
    args: ['opportunity_id', 'units'],
    executableBy: ['authenticated'],
    accepts: 'the investor',
    records: [],
  },
  {
    name: 'request_redemption',
    args: ['opportunity_id', 'units', 'idempotency_key'],
    executableBy: ['authenticated'],
    accepts: 'the investor',
    records: ['redemption.requested'],
  },
  {
    name: 'review_redemption',
    args: ['redemption_id', 'decision', 'reason'],
    executableBy: ['authenticated'],
    accepts: "the SPV's administrators",
    records: ['redemption.approved', 'redemption.rejected', 'ledger.transferred'],
  },
  {
    name: 'mature_offering',
    args: ['opportunity_id'],
    executableBy: ['authenticated'],
    accepts: "the SPV's administrators",
    records: ['offering.matured', 'ledger.transferred'],
  },
  {
    name: 'list_redemptions',
    args: [],
    executableBy: ['authenticated'],
    accepts: "the SPV's administrators",
    records: [],
  },
  { name: 'my_redemptions', args: [], executableBy: ['authenticated'], accepts: 'the member', records: [] },
  {
    name: 'list_distributions',
    args: ['offering_id'],
    executableBy: ['authenticated'],
    accepts: "the SPV's administrators",
    records: [],
  },
  { name: 'my_distributions', args: [], executableBy: ['authenticated'], accepts: 'the member', records: [] },
  { name: 'my_position_history', args: [], executableBy: ['authenticated'], accepts: 'the member', records: [] },
] as const;
