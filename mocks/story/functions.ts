import { kycSessionFunction, onrampSessionFunction, type ProfileRow, stableHash, walletFunction } from '@vault/domain';
import { delay, type HttpHandler, HttpResponse, http } from 'msw';
import { fn } from 'storybook/test';
import { tableAnswers } from './rest';
import { callerOf } from './session';

/**
 * The edge functions for stories, as canned answers with the bodies, statuses and texts of the
 * domain's contract (`walletFunction`, `kycSessionFunction`, `onrampSessionFunction`): what a
 * transport alone can play, the provider's success and each of its failures.
 */

/** Long enough for a 'creating' or 'submitting' state to be seen, short enough for tests. */
const FUNCTION_MS = 300;

const WALLET_PATH = `*/functions/v1/${walletFunction.name}`;
const KYC_SESSION_PATH = `*/functions/v1/${kycSessionFunction.name}`;
const ONRAMP_SESSION_PATH = `*/functions/v1/${onrampSessionFunction.name}`;

type WalletError = keyof typeof walletFunction.errors;

function walletFailure(request: Request, key: WalletError): Response {
  const correlation = request.headers.get(walletFunction.correlationHeader);
  return HttpResponse.json(
    { success: false, error: walletFunction.errors[key] },
    {
      status: walletFunction.status[key],
      headers: correlation ? { [walletFunction.correlationHeader]: correlation } : {},
    },
  );
}

/** The wallet function answering `answer` to a signed-in caller (401 to anyone else, as the function does). */
const wallet = (answer: (request: Request, memberId: string) => Response): HttpHandler =>
  http.post(WALLET_PATH, async ({ request }) => {
    const caller = await callerOf(request);
    if (!caller) return walletFailure(request, 'notSignedIn');
    await delay(FUNCTION_MS);
    return answer(request, caller.sub);
  });

/** The wallet function, one handler per answer (`msw: { handlers: [walletAnswers.failure] }`). */
export const walletAnswers = {
  success: wallet((request, memberId) => {
    const correlation = request.headers.get(walletFunction.correlationHeader);
    const walletId = `cm-wallet-${stableHash(memberId).toString(36)}-${Date.now().toString(36)}`;
    return HttpResponse.json(
      { success: true, walletId },
      { headers: correlation ? { [walletFunction.correlationHeader]: correlation } : {} },
    );
  }),
  failure: wallet(() => HttpResponse.json({ success: false, error: 'Wallet provider is temporarily unavailable' })),
  serverError: wallet(() => HttpResponse.json({ error: 'Internal server error' }, { status: 500 })),
  networkError: wallet(() => HttpResponse.error()),
  invalidJson: wallet(
    () => new HttpResponse('{"success": true, "walletId": ', { headers: { 'Content-Type': 'application/json' } }),
  ),
  noWalletId: wallet(() => HttpResponse.json({ success: true })),
};

function sessionFailure<F extends typeof kycSessionFunction | typeof onrampSessionFunction>(
  fn: F,
  key: keyof F['errors'] & keyof F['status'],
): Response {
  const errors: Record<PropertyKey, string> = fn.errors;
  const status: Record<PropertyKey, number> = fn.status;
  return HttpResponse.json({ success: false, error: errors[key] }, { status: status[key] });
}

/**
 * A function whose success changes the member's row (the server writes it): its handler, and the
 * profile read that answers the change once this story has called it (a Storybook spy counts the
 * calls, empty at every story's start). Spread both into a story's handlers.
 */
function changingProfile(
  path: string,
  answer: (request: Request) => Promise<Response>,
  changes: Partial<ProfileRow>,
): HttpHandler[] {
  const succeeded = fn().mockName(path);
  return [
    http.post(path, async ({ request }) => {
      const response = await answer(request);
      if (response.ok) succeeded();
      return response;
    }),
    tableAnswers.profileOnceCalled(succeeded, changes),
  ];
}

/** kyc-session with the demo provider, answering the KYC status it leaves (approved at once, or pending). */
const kycSession = (kycStatus: 'approved' | 'pending'): HttpHandler[] =>
  changingProfile(
    KYC_SESSION_PATH,
    async (request) => {
      const caller = await callerOf(request);
      if (!caller) return sessionFailure(kycSessionFunction, 'notSignedIn');
      await delay(FUNCTION_MS);
      return HttpResponse.json({
        success: true,
        provider: 'demo',
        accessToken: `demo-kyc-${caller.sub.replaceAll('-', '').slice(0, 12)}`,
        expiresInSeconds: 600,
        levelName: 'demo',
        kycStatus,
        error: null,
      });
    },
    { kyc_status: kycStatus },
  );

/**
 * kyc-session in one state, each a list of handlers to spread (`approve`, the default, and
 * `pending`: under review, with the profile read after them; `unavailable`).
 */
export const kycSessionAnswers = {
  approve: kycSession('approved'),
  pending: kycSession('pending'),
  unavailable: [http.post(KYC_SESSION_PATH, () => sessionFailure(kycSessionFunction, 'unavailable'))],
};

/** onramp-session in one state, each a list of handlers to spread (`settle`, the default: paid at once; `unavailable`). */
export const onrampSessionAnswers = {
  settle: changingProfile(
    ONRAMP_SESSION_PATH,
    async (request) => {
      const caller = await callerOf(request);
      if (!caller) return sessionFailure(onrampSessionFunction, 'notSignedIn');
      await delay(FUNCTION_MS);
      return HttpResponse.json({
        success: true,
        provider: 'demo',
        status: 'settled',
        url: null,
        sessionId: null,
        error: null,
      });
    },
    { first_onramp_ok: true },
  ),
  unavailable: [http.post(ONRAMP_SESSION_PATH, () => sessionFailure(onrampSessionFunction, 'unavailable'))],
};

/** The functions' defaults: the wallet made, KYC approved, the payment settled. */
export const storyFunctionHandlers: HttpHandler[] = [
  walletAnswers.success,
  ...kycSessionAnswers.approve,
  ...onrampSessionAnswers.settle,
];
