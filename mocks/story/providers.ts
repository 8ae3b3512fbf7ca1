import { delay, type HttpHandler, HttpResponse, http, type JsonBodyType } from 'msw';
import { fn } from 'storybook/test';
import { providersAnswer } from '../../supabase/host/providers/index.ts';
import { callerOf } from './session';

/**
 * The embedded host's demo provider controls (`/embedded/v1/…`) for stories: the host's own list
 * of outcomes and labels, and canned answers for the member's choice, sessions and decisions. A
 * choice the story posts is answered back by the next read of it (a Storybook spy records it,
 * empty at every story's start), so no story depends on another.
 */

const PROVIDERS_PATH = '*/embedded/v1/providers';
const NEXT_PATH = '*/embedded/v1/next';
const SESSIONS_PATH = '*/embedded/v1/payments/sessions';
const KYC_DECIDE_PATH = '*/embedded/v1/kyc/decide';
const PAYMENT_DECIDE_PATH = '*/embedded/v1/payments/decide';
const WITHDRAWALS_PATH = '*/embedded/v1/payments/withdrawals';
const PAYOUT_PATH = '*/embedded/v1/payments/payout';

/** Long enough for a 'saving' or 'deciding' state to be seen, short enough for tests. */
const CONTROL_MS = 200;

const notSignedIn = () => HttpResponse.json({ error: 'not signed in' }, { status: 401 });

async function bodyOf(request: Request): Promise<Record<string, unknown>> {
  const body: unknown = await request.json().catch(() => ({}));
  return typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
}

/** A session as the host lists it, for a story's `sessions(...)`. */
export interface StoryPaymentSession {
  id: string;
  amountCents: number;
  status: string;
  outcomes: string[];
}

/** The member's choices this story posted, the latest last. */
const chosen = fn<(choice: Record<string, unknown>) => void>().mockName('embedded/v1/next');
/** The decisions this story sent (`kyc/decide`, `payments/decide`, `payments/payout`), in order. */
export const demoDecisions = fn<(path: string, body: Record<string, unknown>) => void>().mockName('embedded/v1/decide');

function latestChoice(): { kyc: unknown; payments: unknown } {
  const next: { kyc: unknown; payments: unknown } = { kyc: null, payments: null };
  for (const [choice] of chosen.mock.calls) {
    if ('kyc' in choice) next.kyc = choice.kyc;
    if ('payments' in choice) next.payments = choice.payments;
  }
  return next;
}

const decided = (path: string) =>
  http.post(path, async ({ request }) => {
    if (!(await callerOf(request))) return notSignedIn();
    const body = await bodyOf(request);
    demoDecisions(path, body);
    await delay(CONTROL_MS);
    return HttpResponse.json({
      outcome: body.outcome,
      deliveries: [{ event: 'event', status: 200, body: { received: true } }],
    });
  });

const json = (path: string, method: 'get' | 'post', value: () => JsonBodyType): HttpHandler =>
  http[method](path, async ({ request }) => {
    if (!(await callerOf(request))) return notSignedIn();
    return HttpResponse.json(value());
  });

/** One handler per answer, for a story's `msw.handlers`. */
export const demoProviderAnswers = {
  /** The outcomes never come: the panels' loading state. */
  loading: http.get(PROVIDERS_PATH, async () => {
    await delay('infinite');
    return HttpResponse.json(null);
  }),
  /** The outcomes fail at first, then come: the panels' error state and its Retry. */
  failsFirst: (() => {
    const calls = fn().mockName('embedded/v1/providers');
    return http.get(PROVIDERS_PATH, () => {
      calls();
      return calls.mock.calls.length === 1
        ? HttpResponse.json({ message: 'Internal server error' }, { status: 500 })
        : HttpResponse.json(providersAnswer({ kyc: 'approve', payments: 'settle' }));
    });
  })(),
  /** The member's payment sessions. */
  sessions: (sessions: readonly StoryPaymentSession[]) =>
    json(SESSIONS_PATH, 'get', () => sessions.map((s) => ({ currency: 'EUR', paymentIntent: `pi_${s.id}`, ...s }))),
  /** A decision the provider's webhook refuses. */
  decisionRefused: http.post(PAYMENT_DECIDE_PATH, () =>
    HttpResponse.json({
      outcome: 'x',
      deliveries: [{ event: 'event', status: 401, body: { error: 'bad signature' } }],
    }),
  ),
};

/** The defaults: the host's outcomes (KYC approves, payments settle), no choice yet, no sessions, no withdrawals. */
export const storyProviderHandlers: HttpHandler[] = [
  json(PROVIDERS_PATH, 'get', () => providersAnswer({ kyc: 'approve', payments: 'settle' })),
  json(NEXT_PATH, 'get', latestChoice),
  http.post(NEXT_PATH, async ({ request }) => {
    if (!(await callerOf(request))) return notSignedIn();
    chosen(await bodyOf(request));
    await delay(CONTROL_MS);
    return HttpResponse.json(latestChoice());
  }),
  json(SESSIONS_PATH, 'get', () => []),
  json(WITHDRAWALS_PATH, 'get', () => []),
  decided(KYC_DECIDE_PATH),
  decided(PAYMENT_DECIDE_PATH),
  decided(PAYOUT_PATH),
];
