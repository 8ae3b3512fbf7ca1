import {
  type BackendError,
  currentQuestionnaire,
  DEMO_WALLET_PREFIX,
  demoFunctionNames,
  httpStatusFor,
  investmentPaymentReference,
  KYC_APPROVED,
  listMembers,
  type ProfileRow,
  sampleCollectionAccount,
  sampleData,
  sampleMemberRows,
  serverActions,
} from '@vault/domain';
import { delay, type HttpHandler, HttpResponse, http, type JsonBodyType } from 'msw';
import { fn } from 'storybook/test';
import { demoProfileWrites, sampleRowsOf } from './rest';
import { callerOf } from './session';

/**
 * PostgREST's `POST /rest/v1/rpc/<fn>` for stories: each function a story calls answers what the
 * story says (`rpcAnswer`, `rpcRefusal`, `rpcLoading`, `recordedRpc`), or a canned default from the
 * domain's sample data. No answer depends on an earlier call of another story: a recorded call
 * list is a Storybook spy, which Storybook empties before every story.
 */

/** Every function the contract declares: the server actions, the demo functions and the member list. */
const rpcNames: ReadonlySet<string> = new Set([
  ...serverActions.map((action) => action.name),
  ...demoFunctionNames,
  listMembers.name,
]);

function rpcPath(name: string): string {
  if (!rpcNames.has(name)) throw new Error(`rpc/${name} is not a function of the contract (@vault/domain)`);
  return `*/rest/v1/rpc/${name}`;
}

/** A Postgres error as PostgREST answers it: its JSON shape, and its status for a signed-in caller. */
function pgError(error: BackendError, status = httpStatusFor(error.code, true)): Response {
  return HttpResponse.json({ ...error, details: null, hint: null }, { status });
}

async function bodyOf(request: Request): Promise<Record<string, unknown>> {
  const body: unknown = await request.json().catch(() => ({}));
  return typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
}

/** `rpc/<name>` answers `value`. */
export const rpcAnswer = (name: string, value: JsonBodyType): HttpHandler =>
  http.post(rpcPath(name), () => HttpResponse.json(value));

/** `rpc/<name>` is refused with the contract's error (its status from the SQLSTATE, unless given). */
export const rpcRefusal = (name: string, error: BackendError, status?: number): HttpHandler =>
  http.post(rpcPath(name), () => pgError(error, status));

/** `rpc/<name>` never answers: the caller's loading state. */
export const rpcLoading = (name: string): HttpHandler =>
  http.post(rpcPath(name), async () => {
    await delay('infinite');
    return HttpResponse.json(null);
  });

/** `rpc/<name>` answers this story's calls in turn: the n-th call (from 1) gets `answer(body, n)`. */
type Answer = (
  body: Record<string, unknown>,
  call: number,
) => JsonBodyType | Response | Promise<JsonBodyType | Response>;

/**
 * `rpc/<name>` recording each call's JSON body in `calls` (a Storybook spy: empty at every story's
 * start) and answering `answer(body, n)`; `refusing(error)` is the same function refused.
 */
export function recordedRpc(name: string, answer: Answer) {
  const calls = fn<(body: Record<string, unknown>) => void>().mockName(`rpc/${name}`);
  const handler = http.post(rpcPath(name), async ({ request }) => {
    const body = await bodyOf(request);
    calls(body);
    const value = await answer(body, calls.mock.calls.length);
    return value instanceof Response ? value : HttpResponse.json(value);
  });
  return {
    handler,
    /** The spy itself, for `toHaveBeenCalledWith`. */
    spy: calls,
    /** The bodies of this story's calls so far, oldest first. */
    get calls(): Record<string, unknown>[] {
      return calls.mock.calls.map(([body]) => body);
    },
    refusing: (error: BackendError, status?: number) => rpcRefusal(name, error, status),
  };
}

/** An own-row call answers quickly, as a small query would. */
const ROW_CALL_MS = 50;

/** The demo functions: the caller's profile row with the step done, or a demo wallet id. */
const demoAnswers: HttpHandler[] = [
  ['demo_approve_kyc', { kyc_status: KYC_APPROVED }],
  ['demo_complete_first_onramp', { first_onramp_ok: true }],
  ['demo_reset_first_onramp', { first_onramp_ok: false }],
].map(([name, changes]) =>
  http.post(rpcPath(String(name)), async ({ request }) => {
    await delay(ROW_CALL_MS);
    const caller = await callerOf(request);
    if (!caller) return pgError({ code: '42501', message: `permission denied for function ${name}` }, 401);
    demoProfileWrites(changes as Partial<ProfileRow>);
    return HttpResponse.json({ ...caller.profile, ...(changes as object) });
  }),
);

/** The canned answers of the reads a screen makes when its story says nothing else. */
const defaults: Readonly<Record<string, (body: Record<string, unknown>) => JsonBodyType>> = {
  demo_create_wallet: () => `${DEMO_WALLET_PREFIX}story`,
  list_members: () => sampleData.users,
  list_alerts: () => sampleRowsOf('compliance_alerts', null) as JsonBodyType,
  // No payment event refused; no money moved yet, so no currency and no escrow; every invariant holds.
  list_ledger_refusals: () => [],
  ledger_trial_balance: () => [],
  ledger_escrows: () => [],
  ledger_verify: () => null,
  list_kyc_queue: () => [],
  list_professional_reviews: () => [],
  list_subscriptions: () => [],
  list_offerings: () => [],
  offering_spvs: () => [],
  offering_subscriptions: () => [],
  // No queue: a story that shows a dashboard's counts says them.
  staff_queues: () => ({}),
  list_audit_events: () => [],
  // No statement has fallen due yet.
  my_statements: () => [],
  audit_names: () => [],
  // A member who has not classified yet: the first refusal of every opportunity.
  investment_eligibility: () => ({ code: 'NOT_CLASSIFIED', at: null }),
  current_questionnaire: () => JSON.parse(JSON.stringify(currentQuestionnaire)) as JsonBodyType,
  // The positions of the sample investments every story member's investments read shows (Active
  // and Matured, at the €1 issue price), so the dashboard and /placements agree; no cash.
  my_positions: () =>
    sampleMemberRows.investments
      .filter((i) => i.status === 'Active' || i.status === 'Matured')
      .map((i) => ({
        opportunity_id: i.opportunity_id,
        units: i.amount_cents / 100,
        cost_cents: i.amount_cents,
        fees_cents: i.total_cents - i.amount_cents,
        value_cents: i.amount_cents,
        status: i.status,
        impact: [],
      })),
  // Given, not paid for through the ledger: no day of their history to show.
  my_position_history: () => [],
  my_balance: () => [{ available_cents: 0, held_cents: 0, total_cents: 0 }],
  // The reference the SQL makes from the id (supabase/tests/ledger-access.test.ts holds them equal).
  investment_payment_reference: (body) => investmentPaymentReference(String(body.investment_id ?? '')),
  // The seed's test account (supabase/seed.sql): where a bank transfer goes.
  payment_collection_account: () => [{ ...sampleCollectionAccount }],
  // No bank account linked; a story that links one answers the read from its own calls.
  my_bank_account: () => [],
  my_ledger_lines: () => [],
  // After the issue: no income recorded, nothing declared, nothing asked to redeem.
  list_offering_income: () => [],
  list_distributions: () => [],
  my_distributions: () => [],
  list_redemptions: () => [],
  my_redemptions: () => [],
};

const defaultRpc = http.post('*/rest/v1/rpc/:fn', async ({ request, params }) => {
  const name = String(params.fn);
  const answer = Object.hasOwn(defaults, name) ? defaults[name] : undefined;
  if (!answer) {
    return HttpResponse.json(
      {
        code: 'PGRST202',
        message: `Could not find the function public.${name} without parameters in the schema cache`,
        details: null,
        hint: null,
      },
      { status: 404 },
    );
  }
  await delay(ROW_CALL_MS);
  return HttpResponse.json(answer(await bodyOf(request)));
});

export const storyRpcHandlers: HttpHandler[] = [...demoAnswers, defaultRpc];
