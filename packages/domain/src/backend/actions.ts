import * as v from 'valibot';
import { eligibilityServerActions } from '../eligibility/actions';
import { lifecycleServerActions } from '../lifecycle/actions';
import { offeringServerActions } from '../offerings/actions';
import { statementServerActions } from '../statements/actions';
import { parseTable } from '../table';
import { auditActions } from './audit';
import { consoleServerActions } from './consoles';

/**
 * The server actions (PostgREST `POST /rest/v1/rpc/<name>`) of the audit trail, KYC, payments,
 * signatures, fees and investments: name, arguments in order (the keys of the JSON body), who may execute it,
 * and the audit actions it records. supabase/tests/actions.test.ts checks each against the
 * database: the signature, and EXECUTE for exactly these callers. docs/backend.md "Server actions".
 */
const callers = ['authenticated', 'service_role'] as const;

const ServerActionSchema = v.object({
  name: v.pipe(v.string(), v.regex(/^[a-z_]+$/)),
  args: v.array(v.pipe(v.string(), v.regex(/^[a-z][a-z0-9_]*$/))),
  /** The Postgres roles holding EXECUTE; the function may narrow further (a Vault role, the admin flag). */
  executableBy: v.array(v.picklist(callers)),
  /** Who, within those roles, the function accepts. */
  accepts: v.picklist([
    'the member',
    'the investor',
    'compliance or the admin flag',
    'compliance',
    'eq_spv_admin or the admin flag',
    "the SPV's administrators",
    'offering reviewers',
    'mfo_admin or the admin flag',
    'the service role',
    'staff readers',
    'ledger readers',
    'ledger readers or the service role',
    'the member or ledger readers',
    "ledger readers or the SPV's administrators",
    'the roles consoleFunctions names',
    'per report kind',
    'anyone',
  ]),
  records: v.array(v.picklist(auditActions)),
});
export type ServerAction = v.InferOutput<typeof ServerActionSchema>;

export const serverActions: readonly ServerAction[] = parseTable('server action', ServerActionSchema, [
  { name: 'start_kyc', args: [], executableBy: ['authenticated'], accepts: 'the member', records: ['kyc.submitted'] },
  {
    name: 'apply_kyc_result',
    args: ['member_id', 'result', 'reason', 'event_id', 'occurred_at', 'verified_country'],
    executableBy: ['service_role'],
    accepts: 'the service role',
    records: ['kyc.approved', 'kyc.rejected', 'kyc.resubmission_requested', 'kyc.result_ignored'],
  },
  {
    name: 'reopen_kyc',
    args: ['member_id', 'reason'],
    executableBy: ['authenticated'],
    accepts: 'compliance or the admin flag',
    records: ['kyc.reopened'],
  },
  {
    name: 'list_professional_reviews',
    args: [],
    executableBy: ['authenticated'],
    accepts: 'compliance or the admin flag',
    records: ['member.personal_data_viewed'],
  },
  {
    name: 'review_professional_status',
    args: ['member_id', 'decision', 'reason'],
    executableBy: ['authenticated'],
    accepts: 'compliance or the admin flag',
    records: ['investor.professional_reviewed'],
  },
  {
    name: 'pseudonymise_member',
    args: ['member_id', 'reason'],
    executableBy: ['authenticated'],
    accepts: 'compliance',
    records: ['member.pseudonymised'],
  },
  {
    name: 'audit_checkpoint',
    args: [],
    executableBy: ['service_role'],
    accepts: 'the service role',
    records: [],
  },
  {
    name: 'audit_checkpoints_export',
    args: [],
    executableBy: ['authenticated', 'service_role'],
    accepts: 'staff readers',
    records: [],
  },
  {
    name: 'review_kyc',
    args: ['member_id', 'decision', 'reason'],
    executableBy: ['authenticated'],
    accepts: 'compliance or the admin flag',
    records: ['kyc.approved', 'kyc.rejected', 'kyc.resubmission_requested'],
  },
  {
    name: 'record_payment',
    args: ['member_id', 'provider_ref', 'amount_cents', 'currency', 'status', 'event_id'],
    executableBy: ['service_role'],
    accepts: 'the service role',
    records: ['payment.settled', 'payment.failed', 'onramp.completed', 'ledger.transferred', 'investment.funded'],
  },
  {
    name: 'record_payment_reversal',
    args: ['provider_ref', 'kind', 'event_id'],
    executableBy: ['service_role'],
    accepts: 'the service role',
    records: ['payment.refunded', 'payment.charged_back', 'onramp.revoked', 'ledger.transferred'],
  },
  {
    name: 'sign_agreement',
    args: ['version', 'document_sha256'],
    executableBy: ['authenticated'],
    accepts: 'the member',
    records: ['agreement.signed'],
  },
  {
    name: 'sign_document',
    args: ['document_id'],
    executableBy: ['authenticated'],
    accepts: 'the member',
    records: ['document.signed'],
  },
  {
    name: 'investment_quote',
    args: ['amount_cents', 'method'],
    executableBy: ['authenticated', 'service_role'],
    accepts: 'anyone',
    records: [],
  },
  {
    name: 'submit_investment',
    args: ['opportunity_id', 'amount_cents', 'method', 'idempotency_key'],
    executableBy: ['authenticated'],
    accepts: 'the investor',
    records: ['investment.submitted', 'ledger.transferred'],
  },
  {
    name: 'review_investment',
    args: ['investment_id', 'decision', 'reason'],
    executableBy: ['authenticated'],
    accepts: 'eq_spv_admin or the admin flag',
    records: ['investment.confirmed', 'investment.rejected', 'ledger.transferred'],
  },
  {
    name: 'cancel_investment',
    args: ['investment_id'],
    executableBy: ['authenticated'],
    accepts: 'the investor',
    records: ['investment.cancelled', 'ledger.transferred'],
  },
  {
    name: 'investment_payment_reference',
    args: ['investment_id'],
    executableBy: ['authenticated', 'service_role'],
    accepts: 'anyone',
    records: [],
  },
  {
    name: 'request_withdrawal',
    args: ['amount_cents', 'idempotency_key'],
    executableBy: ['authenticated'],
    accepts: 'the member',
    records: ['withdrawal.requested', 'ledger.transferred'],
  },
  {
    name: 'record_payout',
    args: ['withdrawal_id', 'status', 'event_id'],
    executableBy: ['service_role'],
    accepts: 'the service role',
    records: ['withdrawal.paid', 'withdrawal.failed', 'ledger.transferred'],
  },
  {
    name: 'ledger_run_expiries',
    args: ['as_of'],
    executableBy: ['service_role'],
    accepts: 'the service role',
    records: ['investment.expired', 'withdrawal.overdue', 'ledger.transferred'],
  },
  { name: 'my_balance', args: [], executableBy: ['authenticated'], accepts: 'the member', records: [] },
  {
    name: 'link_bank_account',
    args: ['holder_name', 'iban', 'bic'],
    executableBy: ['authenticated'],
    accepts: 'the member',
    records: ['bank.account_linked'],
  },
  {
    name: 'unlink_bank_account',
    args: [],
    executableBy: ['authenticated'],
    accepts: 'the member',
    records: ['bank.account_unlinked'],
  },
  { name: 'my_bank_account', args: [], executableBy: ['authenticated'], accepts: 'the member', records: [] },
  {
    name: 'payment_collection_account',
    args: [],
    executableBy: ['authenticated'],
    accepts: 'the member',
    records: [],
  },
  {
    name: 'my_ledger_lines',
    args: ['after', 'page_size'],
    executableBy: ['authenticated'],
    accepts: 'the member',
    records: [],
  },
  {
    name: 'ledger_trial_balance',
    args: [],
    executableBy: ['authenticated', 'service_role'],
    accepts: 'ledger readers or the service role',
    records: [],
  },
  {
    name: 'ledger_verify',
    args: [],
    executableBy: ['authenticated', 'service_role'],
    accepts: 'ledger readers or the service role',
    records: [],
  },
  {
    name: 'ledger_escrows',
    args: [],
    executableBy: ['authenticated'],
    accepts: "ledger readers or the SPV's administrators",
    records: [],
  },
  {
    name: 'list_ledger_refusals',
    args: ['after', 'page_size'],
    executableBy: ['authenticated'],
    accepts: 'ledger readers',
    records: [],
  },
  {
    name: 'audit_verify',
    args: [],
    executableBy: ['authenticated', 'service_role'],
    accepts: 'staff readers',
    records: [],
  },
  ...consoleServerActions,
  ...eligibilityServerActions,
  ...offeringServerActions,
  ...statementServerActions,
  ...lifecycleServerActions,
]);
