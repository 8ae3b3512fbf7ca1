import { stableHash, walletFunction } from '@vault/domain';
import { type HttpHandler, HttpResponse, http } from 'msw';
import { identify } from './identity';
import { currentWalletScenario, type WalletScenario } from './scenario';
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

/** The wallet function, one handler per answer, for stories and tests (`server.use(walletHandlers.failure)`). */
export const walletHandlers = {
  success: walletHandler('success'),
  failure: walletHandler('failure'),
  serverError: walletHandler('serverError'),
  networkError: walletHandler('networkError'),
  invalidJson: walletHandler('invalidJson'),
  noWalletId: walletHandler('noWalletId'),
} satisfies Record<WalletScenario, HttpHandler>;

export const functionHandlers: HttpHandler[] = [
  http.options(
    WALLET_PATH,
    () =>
      new HttpResponse(null, {
        status: 204,
        headers: {
          'Access-Control-Allow-Origin': '*',
          'Access-Control-Allow-Headers': walletFunction.corsAllowHeaders.join(', '),
          'Access-Control-Allow-Methods': 'POST, OPTIONS',
        },
      }),
  ),
  walletHandler(),
];
