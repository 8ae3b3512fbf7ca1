import { useCallback } from 'react';
import * as v from 'valibot';
import type { CallResult } from '../../backend/callResult';
import { useSessionStore } from '../../session/context';
import type { SessionStore } from '../../session/store';
import { callForMember, writeForMember } from '../_mutation/writeForMember';
import { type MemberRead, refreshMemberRead, useMemberRead } from '../_query/memberRead';
import { balanceRead } from '../ledger/balance';

/**
 * The embedded providers' demo controls (docs/backend.md "The embedded providers"): what the
 * demo KYC and payment providers offer, the member's choice of their next outcome, their payment
 * sessions and withdrawals, and deciding a case, a session or a withdrawal's payout now. Only the embedded backend answers these paths;
 * the app calls them in a mock build's demo mode only.
 */

const OutcomeSchema = v.object({ id: v.string(), label: v.string() });

const ProvidersSchema = v.object({
  kyc: v.object({
    auto: v.nullable(v.string()),
    outcomes: v.array(v.object({ ...OutcomeSchema.entries, verdict: v.boolean() })),
  }),
  payments: v.object({
    auto: v.nullable(v.string()),
    outcomes: v.array(v.object({ ...OutcomeSchema.entries, appliesTo: v.array(v.string()) })),
  }),
  payouts: v.object({
    outcomes: v.array(v.object({ ...OutcomeSchema.entries, appliesTo: v.array(v.string()) })),
  }),
});
type DemoProviders = v.InferOutput<typeof ProvidersSchema>;

const NextSchema = v.object({ kyc: v.nullable(v.string()), payments: v.nullable(v.string()) });
type NextOutcomes = v.InferOutput<typeof NextSchema>;

const SessionSchema = v.object({
  id: v.string(),
  amountCents: v.number(),
  currency: v.string(),
  status: v.string(),
  outcomes: v.array(v.string()),
});
export type DemoPaymentSession = v.InferOutput<typeof SessionSchema>;

/** A withdrawal as the demo provider lists it: `requested` until its payout arrives (`paid`) or fails. */
const WithdrawalSchema = v.object({
  id: v.string(),
  amountCents: v.number(),
  currency: v.string(),
  status: v.string(),
  outcomes: v.array(v.string()),
});
export type DemoWithdrawal = v.InferOutput<typeof WithdrawalSchema>;

function embedded(store: SessionStore, method: 'GET' | 'POST', path: string, body?: Record<string, unknown>) {
  return callForMember(store, (backend) => backend.embedded(method, path, body));
}

/** A read answering one object, as the one row the member-read cache keeps. */
const oneRow = (answer: CallResult<{ value: unknown }>): CallResult<{ value: unknown }> =>
  answer.ok ? { ok: true, value: [answer.value] } : answer;

export const providersRead: MemberRead<DemoProviders> = {
  fn: 'embedded/v1/providers',
  schema: ProvidersSchema,
  call: async (store) => oneRow(await embedded(store, 'GET', 'providers')),
};

const nextRead: MemberRead<NextOutcomes> = {
  fn: 'embedded/v1/next',
  schema: NextSchema,
  call: async (store) => oneRow(await embedded(store, 'GET', 'next')),
};

export const sessionsRead: MemberRead<DemoPaymentSession> = {
  fn: 'embedded/v1/payments/sessions',
  schema: SessionSchema,
  call: (store) => embedded(store, 'GET', 'payments/sessions'),
};

export const withdrawalsRead: MemberRead<DemoWithdrawal> = {
  fn: 'embedded/v1/payments/withdrawals',
  schema: WithdrawalSchema,
  call: (store) => embedded(store, 'GET', 'payments/withdrawals'),
};

/** The outcomes each demo provider offers, with the host's own labels. */
export const useDemoProviders = () => useMemberRead(providersRead);
/** The member's choice of their next outcomes (null: the provider's default). */
export const useNextOutcomes = () => useMemberRead(nextRead);
/** The member's payment sessions at the demo provider, newest first, each with what may happen to it now. */
export const useDemoPaymentSessions = () => useMemberRead(sessionsRead);

/** The member's withdrawals at the demo provider, newest first, each with what its payout may do now. */
export const useDemoWithdrawals = () => useMemberRead(withdrawalsRead);

/** Reads the member's choice again: their next case or session took it. */
export const refreshNextOutcomes = () => refreshMemberRead(nextRead);
/** Reads the member's withdrawals again: one was requested. */
export const refreshDemoWithdrawals = () => refreshMemberRead(withdrawalsRead);

/** What the provider's events came to at the server: each one recorded, or delivered and ignored. */
export type DecisionResult = CallResult<{ recorded: boolean }>;

const deliveryRefused = (status: number) => `The provider’s event was refused (HTTP ${status})`;

/** The webhook answers the host collected: a refusal fails the decision; ignored events are told apart. */
function decisionOf(value: unknown): DecisionResult {
  const deliveries =
    typeof value === 'object' && value !== null ? (value as { deliveries?: unknown }).deliveries : undefined;
  if (!Array.isArray(deliveries))
    return { ok: false, error: 'The demo provider sent an answer that could not be read' };
  let recorded = true;
  for (const delivery of deliveries as unknown[]) {
    const { status, body } = (typeof delivery === 'object' && delivery !== null ? delivery : {}) as {
      status?: unknown;
      body?: unknown;
    };
    if (typeof status !== 'number' || status >= 400) return { ok: false, error: deliveryRefused(Number(status)) };
    if (typeof body === 'object' && body !== null && (body as { ignored?: unknown }).ignored === true) recorded = false;
  }
  return { ok: true, recorded };
}

/** Sets (or, with null, clears) what the member's next KYC case or payment session gets. */
export async function chooseNext(
  store: SessionStore,
  provider: keyof NextOutcomes,
  outcome: string | null,
): Promise<CallResult> {
  const answer = await embedded(store, 'POST', 'next', { [provider]: outcome });
  if (!answer.ok) return answer;
  refreshMemberRead(nextRead);
  return { ok: true };
}

/** The demo KYC provider decides the member's pending case now; the profile is read again for its status. */
export async function decideKyc(store: SessionStore, outcome: string): Promise<DecisionResult> {
  const answer = await embedded(store, 'POST', 'kyc/decide', { outcome });
  if (!answer.ok) return answer;
  const decision = decisionOf(answer.value);
  if (!decision.ok) return decision;
  const read = await writeForMember(store, (backend, member) => backend.readProfile(member.id));
  return read.ok ? decision : read;
}

/**
 * The demo payment provider moves one of the member's sessions; what the wallet shows is read
 * again: the profile (the first on-ramp), the balance and the sessions.
 */
export async function decidePayment(store: SessionStore, sessionId: string, outcome: string): Promise<DecisionResult> {
  const answer = await embedded(store, 'POST', 'payments/decide', { sessionId, outcome });
  if (!answer.ok) return answer;
  const decision = decisionOf(answer.value);
  refreshMemberRead(sessionsRead);
  refreshMemberRead(balanceRead);
  if (!decision.ok) return decision;
  const read = await writeForMember(store, (backend, member) => backend.readProfile(member.id));
  return read.ok ? decision : read;
}

/**
 * The demo payment provider pays one of the member's withdrawals out, or fails to; the balance and
 * the withdrawals are read again (the screen reads its ledger lines).
 */
export async function decidePayout(
  store: SessionStore,
  withdrawalId: string,
  outcome: string,
): Promise<DecisionResult> {
  const answer = await embedded(store, 'POST', 'payments/payout', { withdrawalId, outcome });
  if (!answer.ok) return answer;
  refreshMemberRead(withdrawalsRead);
  refreshMemberRead(balanceRead);
  return decisionOf(answer.value);
}

export function useChooseNextOutcome(): (provider: keyof NextOutcomes, outcome: string | null) => Promise<CallResult> {
  const store = useSessionStore();
  return useCallback((provider, outcome) => chooseNext(store, provider, outcome), [store]);
}

export function useDecideKyc(): (outcome: string) => Promise<DecisionResult> {
  const store = useSessionStore();
  return useCallback((outcome) => decideKyc(store, outcome), [store]);
}

export function useDecidePayment(): (sessionId: string, outcome: string) => Promise<DecisionResult> {
  const store = useSessionStore();
  return useCallback((sessionId, outcome) => decidePayment(store, sessionId, outcome), [store]);
}

export function useDecidePayout(): (withdrawalId: string, outcome: string) => Promise<DecisionResult> {
  const store = useSessionStore();
  return useCallback((withdrawalId, outcome) => decidePayout(store, withdrawalId, outcome), [store]);
}
