import {
  kycSessionFunction,
  MAXIMUM_ONRAMP_CENTS,
  MIN_FIRST_ONRAMP_CENTS,
  onrampSessionFunction,
  stableHash,
  walletFunction,
} from '@vault/domain';
import { type HttpHandler, HttpResponse, http } from 'msw';
import { mockActions } from './actions';
import { identify } from './identity';
import { currentKycScenario, currentWalletScenario, type WalletScenario } from './scenario';
import { latency } from './settings';
import { mockDb } from './state';

/**
 * The wallet function `create-crossmint-wallet` (`/functions/v1`), as supabase/functions answers
 * (docs/backend.md): the user comes from the verified token, never from the body; a body `userId`
 * that differs is refused; an existing wallet is returned again; `x-correlation-id` is echoed.
 * The failure variants stand in for the wallet provider failing, for stories and tests.
 */

const WALLET_PATH = `*/functions/v1/${walletFunction.name}`;

function walletIdFor(userId: string): string {
  return `cm-wallet-${stableHash(userId).toString(36)}-${Date.now().toString(36)}`;
}

function answer(body: Record<string, unknown>, status: number, correlation: string | null): Response {
  const headers: Record<string, string> = {};
  if (correlation) headers[walletFunction.correlationHeader] = correlation;
  return HttpResponse.json(body, { status, headers });
}

async function walletAnswer(scenario: WalletScenario, request: Request): Promise<Response> {
  const correlation = request.headers.get(walletFunction.correlationHeader);
  const fail = (key: keyof typeof walletFunction.errors) =>
    answer({ success: false, error: walletFunction.errors[key] }, walletFunction.status[key], correlation);
  const caller = await identify(request);
  if (caller.kind !== 'member') return fail('notSignedIn');
  let body: unknown;
  try {
    body = await request.json();
  } catch {
    return fail('badRequest');
  }
  const claimed = typeof body === 'object' && body !== null ? (body as { userId?: unknown }).userId : undefined;
  if (claimed !== undefined && claimed !== caller.id) return fail('userMismatch');
  // Long enough for the 'creating' state to be seen, short enough for tests.
  await latency(300);
  switch (scenario) {
    case 'failure':
      return HttpResponse.json({ success: false, error: 'Wallet provider is temporarily unavailable' });
    case 'serverError':
      return HttpResponse.json({ error: 'Internal server error' }, { status: 500 });
    case 'networkError':
      return HttpResponse.error();
    case 'invalidJson':
      return new HttpResponse('{"success": true, "walletId": ', { headers: { 'Content-Type': 'application/json' } });
    case 'noWalletId':
      return HttpResponse.json({ success: true });
    case 'success': {
      const key = request.headers.get(walletFunction.idempotencyHeader);
      const repeated = key ? mockDb.walletForRequest(caller.id, key) : undefined;
      const existing = mockDb.profile(caller.id)?.crossmint_wallet_id;
      const walletId = repeated ?? existing ?? walletIdFor(caller.id);
      // The real function writes the wallet id with the service role; so does the mock.
      if (!existing) mockDb.writeProfile(caller.id, { crossmint_wallet_id: walletId });
      if (key) mockDb.rememberWalletRequest(caller.id, key, walletId);
      return answer({ success: true, walletId }, 200, correlation);
    }
  }
}

const walletHandler = (fixed?: WalletScenario): HttpHandler =>
  http.post(WALLET_PATH, ({ request }) => walletAnswer(fixed ?? currentWalletScenario(), request));

/*
 * kyc-session and onramp-session, as supabase/functions/kyc-session and onramp-session answer:
 * the same body shapes, and the statuses and texts of @vault/domain's `kycSessionFunction` and
 * `onrampSessionFunction` (those functions' tests prove their own copies equal), with the demo
 * providers the embedded backend always uses. Each calls the server actions of mocks/actions as
 * the real function calls the SQL: start_kyc as the member; the demo providers' verdicts
 * (apply_kyc_result, record_payment) as the service role, with their own event ids, so a member
 * finishes onboarding without the demo buttons.
 */

const KYC_SESSION_PATH = `*/functions/v1/${kycSessionFunction.name}`;
const ONRAMP_SESSION_PATH = `*/functions/v1/${onrampSessionFunction.name}`;

type SessionFunction = typeof kycSessionFunction | typeof onrampSessionFunction;

/** An error answer of a session function, its text and status from the domain's contract. */
function sessionFail<F extends SessionFunction>(fn: F, key: keyof F['errors'] & keyof F['status']): Response {
  const errors: Record<PropertyKey, string> = fn.errors;
  const status: Record<PropertyKey, number> = fn.status;
  return HttpResponse.json({ success: false, error: errors[key] }, { status: status[key] });
}
const kycFail = (key: keyof typeof kycSessionFunction.errors) => sessionFail(kycSessionFunction, key);
const onrampFail = (key: keyof typeof onrampSessionFunction.errors) => sessionFail(onrampSessionFunction, key);

/**
 * What the demo KYC provider decides once the member has submitted: 'approve' at once (the
 * embedded backend's journey), or 'none' (the verification stays pending: "Under review").
 */
type KycDemoVerdict = 'approve' | 'none';

async function kycSessionAnswer(request: Request, verdict: KycDemoVerdict): Promise<Response> {
  const caller = await identify(request);
  if (caller.kind !== 'member') return kycFail('notSignedIn');
  await latency(300);
  const member = { kind: 'member', id: caller.id, reader: caller.reader } as const;
  const started = mockActions.start_kyc?.(member, {});
  if (!started) return kycFail('internal');
  if (!started.ok)
    return kycFail(started.error.code === 'P0001' || started.error.code === '42501' ? 'notStartable' : 'internal');
  let kycStatus = mockDb.profile(caller.id)?.kyc_status ?? 'pending';
  if (verdict === 'approve' && kycStatus === 'pending') {
    const decided = mockActions.apply_kyc_result?.(
      { kind: 'service' },
      { member_id: caller.id, result: 'approved', reason: null, event_id: `demo-kyc-${crypto.randomUUID()}` },
    );
    if (decided?.ok) kycStatus = mockDb.profile(caller.id)?.kyc_status ?? kycStatus;
  }
  return HttpResponse.json({
    success: true,
    provider: 'demo',
    accessToken: `demo-kyc-${caller.id.replaceAll('-', '').slice(0, 12)}`,
    expiresInSeconds: 600,
    levelName: 'demo',
    kycStatus,
    error: null,
  });
}

/** The demo payment provider: paid at once, recorded through record_payment as the service role. */
async function onrampSessionAnswer(request: Request): Promise<Response> {
  const caller = await identify(request);
  if (caller.kind !== 'member') return onrampFail('notSignedIn');
  let body: unknown;
  try {
    body = await request.json();
  } catch {
    return onrampFail('badRequest');
  }
  const amountCents =
    typeof body === 'object' && body !== null ? (body as { amountCents?: unknown }).amountCents : undefined;
  if (typeof amountCents !== 'number' || !Number.isSafeInteger(amountCents) || amountCents < MIN_FIRST_ONRAMP_CENTS) {
    return onrampFail('belowMinimum');
  }
  if (amountCents > MAXIMUM_ONRAMP_CENTS) return onrampFail('aboveMaximum');
  await latency(300);
  // A retried attempt (the same Idempotency-Key) names the same payment, so it is recorded once.
  const key = request.headers.get('idempotency-key');
  const attempt = key && /^[A-Za-z0-9._:-]{8,100}$/.test(key) ? key : crypto.randomUUID();
  const providerRef = `demo-payment-${caller.id}-${attempt}`;
  const recorded = mockActions.record_payment?.(
    { kind: 'service' },
    {
      member_id: caller.id,
      provider_ref: providerRef,
      amount_cents: amountCents,
      currency: 'EUR',
      status: 'settled',
      event_id: `demo:${providerRef}`,
    },
  );
  if (!recorded?.ok) return onrampFail('unavailable');
  return HttpResponse.json({
    success: true,
    provider: 'demo',
    status: 'settled',
    url: null,
    sessionId: null,
    error: null,
  });
}

/** onramp-session in one state, for stories and tests. */
const onrampSessionHandlers = {
  settle: http.post(ONRAMP_SESSION_PATH, ({ request }) => onrampSessionAnswer(request)),
  unavailable: http.post(ONRAMP_SESSION_PATH, () => onrampFail('unavailable')),
};

function preflight(path: string, allowHeaders: readonly string[]): HttpHandler {
  return http.options(
    path,
    () =>
      new HttpResponse(null, {
        status: 204,
        headers: {
          'Access-Control-Allow-Origin': '*',
          'Access-Control-Allow-Headers': allowHeaders.join(', '),
          'Access-Control-Allow-Methods': 'POST, OPTIONS',
        },
      }),
  );
}

export const functionHandlers: HttpHandler[] = [
  preflight(WALLET_PATH, walletFunction.corsAllowHeaders),
  walletHandler(),
  preflight(KYC_SESSION_PATH, ['authorization', 'x-client-info', 'apikey', 'content-type', 'x-correlation-id']),
  // The demo provider approves at once unless the scenario switch leaves the case for /kyc.
  http.post(KYC_SESSION_PATH, ({ request }) =>
    kycSessionAnswer(request, currentKycScenario() === 'review' ? 'none' : 'approve'),
  ),
  preflight(ONRAMP_SESSION_PATH, [
    'authorization',
    'x-client-info',
    'apikey',
    'content-type',
    'x-correlation-id',
    'idempotency-key',
  ]),
  onrampSessionHandlers.settle,
];
