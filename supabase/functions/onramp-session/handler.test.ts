import type { PGlite } from '@electric-sql/pglite';
import {
  hrefFor,
  isOnrampReturnPath,
  MAXIMUM_ONRAMP_CENTS,
  MIN_FIRST_ONRAMP_EUR,
  messages,
  onrampSessionFunction,
  parseEuroAmount,
  validateFirstOnramp,
} from '@vault/domain';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Account, createUser, seededDb, setDemoMode } from '../../tests/db';
import { allowedOrigin, hangUntilAborted, type LogLine, sessionDeps, tokenFor } from '../_shared/testing/fakes';
import {
  handleOnrampSession,
  maximumOnrampCents,
  minimumOnrampCents,
  type OnrampSessionDeps,
  type OnrampStore,
  onrampSessionContract,
  onrampSessionRateLimit,
  type PaymentProvider,
  type PaymentRecord,
  type PaymentRequest,
  returnPathOf,
  returnUrlWith,
  stripeProvider,
} from './handler';

/**
 * The onramp-session handler under Node: members' tokens and Auth's stand-in, the rate limit on
 * PGlite, a fake provider and store; and Stripe's Checkout client against a fake fetch.
 */

let db: PGlite;
let alice: Account;
let logs: LogLine[];

function fakeProvider(
  impl: PaymentProvider['createSession'] = async () => ({
    kind: 'redirect',
    url: 'https://checkout.stripe.com/c/pay/cs_test_1',
    sessionId: 'cs_test_1',
  }),
): PaymentProvider & { requests: PaymentRequest[] } {
  const provider = {
    name: 'fake',
    requests: [] as PaymentRequest[],
    createSession: (input: PaymentRequest, signal: AbortSignal) => {
      provider.requests.push(input);
      return impl(input, signal);
    },
  };
  return provider;
}

function fakeStore(): OnrampStore & { records: PaymentRecord[] } {
  const store = {
    records: [] as PaymentRecord[],
    async recordPayment(record: PaymentRecord) {
      store.records.push(record);
    },
    demoMode: async () =>
      (await db.query<{ d: boolean }>('select demo_mode as d from public.app_settings')).rows[0]?.d === true,
  };
  return store;
}

/** The fakes, with some replaced; the result keeps the fakes' types for the assertions. */
function deps<O extends Partial<Omit<OnrampSessionDeps, 'auth' | 'rateLimiter'>> = Record<never, never>>(
  overrides?: O,
) {
  const base = {
    ...sessionDeps(db, logs),
    payments: fakeProvider(),
    demo: fakeProvider(async () => ({ kind: 'settled', providerRef: 'demo-payment-1' })),
    store: fakeStore(),
  } satisfies OnrampSessionDeps;
  return Object.assign(base, overrides);
}

function post(body: unknown, headers: Record<string, string> = {}): Request {
  return new Request('http://localhost/functions/v1/onramp-session', {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: allowedOrigin, ...headers },
    body: JSON.stringify(body),
  });
}

const signedIn = () => ({ authorization: `Bearer ${tokenFor(alice)}` });

beforeAll(async () => {
  db = await seededDb();
});

afterAll(async () => {
  await db?.close();
});

beforeEach(async () => {
  logs = [];
  alice = await createUser(db);
});

describe('the onramp-session handler', () => {
  it('answers exactly the contract the app and the embedded backend read', () => {
    expect(onrampSessionContract).toEqual(onrampSessionFunction);
    expect(maximumOnrampCents).toBe(MAXIMUM_ONRAMP_CENTS);
  });

  it('refuses with the on-ramp form’s own text and minimum', () => {
    expect(onrampSessionContract.errors.belowMinimum).toBe(messages.minimumOnramp);
    expect(minimumOnrampCents).toBe(MIN_FIRST_ONRAMP_EUR * 100);
  });

  it('opens a provider session for the member in EUR cents and answers where to pay', async () => {
    const d = deps();
    const response = await handleOnrampSession(post({ amountCents: 2500 }, signedIn()), d);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      success: true,
      provider: 'fake',
      status: 'pending',
      url: 'https://checkout.stripe.com/c/pay/cs_test_1',
      sessionId: 'cs_test_1',
      error: null,
    });
    expect(d.payments.requests).toEqual([
      expect.objectContaining({
        memberId: alice.id,
        email: alice.email,
        amountCents: 2500,
        currency: 'EUR',
        returnPath: '/wallet',
      }),
    ]);
    expect(d.store.records).toEqual([]);
  });

  it('passes the investment flow the member pays from to the provider as the page to return to', async () => {
    const d = deps();
    const returnPath = flowPath('schools-ghana');
    const response = await handleOnrampSession(post({ amountCents: 2500, returnPath }, signedIn()), d);
    expect(response.status).toBe(200);
    expect(d.payments.requests).toEqual([expect.objectContaining({ amountCents: 2500, returnPath })]);
    expect((await handleOnrampSession(post({ amountCents: 2500, returnPath: '/wallet' }, signedIn()), d)).status).toBe(
      200,
    );
    expect(d.payments.requests[1]?.returnPath).toBe('/wallet');
  });

  it.each([
    ['an absolute URL', 'https://evil.example/wallet'],
    ['a scheme-relative URL', '//evil.example/wallet'],
    ['a backslash', '/\\evil.example/wallet'],
    ['a dot segment', '/investments/../../evil'],
    ['an escaped dot segment', '/investments/%2e%2e'],
    ['a page that starts no payment', '/dashboard'],
    ['the admins’ /investments', '/investments'],
    ['a path under an investment', '/investments/schools-ghana/evil'],
    ['a fragment', '/wallet#x'],
    ['a URL in the query', '/wallet?next=https://evil.example'],
    ['a relative path', 'wallet'],
    ['an empty path', ''],
    ['a number', 42],
    ['null', null],
    ['a path too long', `/investments/schools-ghana?pad=${'a'.repeat(1000)}`],
  ])('refuses %s as the page to return to, before the provider', async (_what, returnPath) => {
    const d = deps();
    const response = await handleOnrampSession(post({ amountCents: 2500, returnPath }, signedIn()), d);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      success: false,
      error: 'The page to return to after the payment is not a page of the app',
    });
    expect(d.payments.requests).toEqual([]);
  });

  it.each(['19.99', '', '0', 'abc', '20', '20.00', '€5,000', '999999.99'])(
    'agrees with the form’s check for %j',
    async (typed) => {
      const d = deps();
      const cents = parseEuroAmount(typed);
      const response = await handleOnrampSession(post({ amountCents: cents }, signedIn()), d);
      if (validateFirstOnramp(typed) === null) {
        expect(response.status).toBe(200);
      } else {
        expect(response.status).toBe(400);
        expect(await response.json()).toEqual({ success: false, error: 'Minimum first on-ramp is €20' });
        expect(d.payments.requests).toEqual([]);
      }
    },
  );

  it('refuses a fractional, a string and an absurd amount without calling the provider', async () => {
    const d = deps();
    for (const amountCents of [2000.5, '2500', 100_000_000]) {
      expect((await handleOnrampSession(post({ amountCents }, signedIn()), d)).status).toBe(400);
    }
    expect(d.payments.requests).toEqual([]);
  });

  it('answers 401 without a token, before the provider', async () => {
    const d = deps();
    const response = await handleOnrampSession(post({ amountCents: 2500 }), d);
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ success: false, error: 'Not signed in' });
    expect(d.payments.requests).toEqual([]);
  });

  it('answers 504 when the provider does not answer in time, recording nothing', async () => {
    const payments = fakeProvider((_input, signal) => hangUntilAborted(signal));
    const d = deps({ payments, timeouts: { serverMs: 500, providerMs: 50 } });
    const response = await handleOnrampSession(post({ amountCents: 2500 }, signedIn()), d);
    expect(response.status).toBe(504);
    expect(await response.json()).toEqual({ success: false, error: 'The payment provider did not answer in time' });
    expect(d.store.records).toEqual([]);
  });

  it('passes a retried request’s Idempotency-Key to the provider, scoped to the member', async () => {
    const d = deps();
    await handleOnrampSession(post({ amountCents: 2500 }, { ...signedIn(), 'idempotency-key': 'click-0001' }), d);
    await handleOnrampSession(post({ amountCents: 2500 }, { ...signedIn(), 'idempotency-key': 'click-0001' }), d);
    const keys = d.payments.requests.map((r) => r.idempotencyKey);
    expect(keys).toEqual([`vault-onramp-${alice.id}-click-0001`, `vault-onramp-${alice.id}-click-0001`]);
  });

  it('settles at once with the demo provider, only without Stripe and with demo mode on', async () => {
    const on = { ...deps(), payments: null };
    const response = await handleOnrampSession(post({ amountCents: 2000 }, signedIn()), on);
    expect(await response.json()).toEqual({
      success: true,
      provider: 'fake',
      status: 'settled',
      url: null,
      sessionId: null,
      error: null,
    });
    expect(on.store.records).toEqual([
      {
        memberId: alice.id,
        providerRef: 'demo-payment-1',
        amountCents: 2000,
        currency: 'EUR',
        status: 'settled',
        eventId: 'fake:demo-payment-1',
      },
    ]);
    await setDemoMode(db, false);
    try {
      const off = { ...deps(), payments: null };
      expect((await handleOnrampSession(post({ amountCents: 2000 }, signedIn()), off)).status).toBe(502);
      expect(off.demo.requests).toEqual([]);
      expect(off.store.records).toEqual([]);
    } finally {
      await setDemoMode(db, true);
    }
  });

  it('answers 429 with Retry-After past the per-member limit', async () => {
    const d = deps();
    for (let i = 0; i < onrampSessionRateLimit.maxCalls; i++) {
      expect((await handleOnrampSession(post({ amountCents: 2500 }, signedIn()), d)).status).toBe(200);
    }
    const limited = await handleOnrampSession(post({ amountCents: 2500 }, signedIn()), d);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(d.payments.requests).toHaveLength(onrampSessionRateLimit.maxCalls);
  });
});

/** The investment flow's step 4 for an investment of `opportunityId`, as the app's URL has it. */
function flowPath(opportunityId: string): string {
  return hrefFor(
    'investmentFlow',
    { id: opportunityId },
    {
      step: '4',
      amount: '10,000.50',
      method: 'card',
      key: '7e570000-0000-4000-8000-0000000000a1',
      investment: '7e570000-0000-4000-8000-0000000000f1',
    },
  );
}

describe('the page to return to', () => {
  it('is the domain’s rule, which the app checks before it asks', () => {
    for (const path of ['/wallet', flowPath('schools-ghana'), flowPath('solar farm/ÉIRE'), '//evil.example', '']) {
      expect(returnPathOf(path) !== null, path).toBe(isOnrampReturnPath(path));
    }
    expect(returnPathOf(undefined)).toBe('/wallet');
    expect(returnPathOf(flowPath('solar farm/ÉIRE'))).toBe(flowPath('solar farm/ÉIRE'));
  });

  it('gets the outcome after a ? or a &, once', () => {
    const origin = 'https://vault.example';
    expect(returnUrlWith(`${origin}/wallet`, 'onramp=cancelled')).toBe(`${origin}/wallet?onramp=cancelled`);
    expect(returnUrlWith(`${origin}/investments/a?step=4&investment=b`, 'onramp=success&session_id=cs_1')).toBe(
      `${origin}/investments/a?step=4&investment=b&onramp=success&session_id=cs_1`,
    );
    expect(returnUrlWith(`${origin}/investments/a?`, 'onramp=cancelled')).toBe(
      `${origin}/investments/a?onramp=cancelled`,
    );
    // An earlier return's outcome is not kept beside the new one.
    expect(
      returnUrlWith(`${origin}/investments/a?step=4&onramp=success&session_id=cs_0`, 'onramp=success&session_id=cs_1'),
    ).toBe(`${origin}/investments/a?step=4&onramp=success&session_id=cs_1`);
  });
});

describe('the Stripe Checkout client', () => {
  it('creates a one-line EUR Checkout Session naming the member on the session and its PaymentIntent', async () => {
    const seen: { url: string; init: RequestInit }[] = [];
    const provider = stripeProvider({
      secretKey: 'sk_test_123',
      appOrigin: 'https://vault.example',
      fetch: async (url, init) => {
        seen.push({ url: String(url), init: init ?? {} });
        return Response.json({ id: 'cs_test_9', url: 'https://checkout.stripe.com/c/pay/cs_test_9' });
      },
    });
    const signal = new AbortController().signal;
    const session = await provider.createSession(
      {
        memberId: 'm-1',
        email: 'm@example.test',
        amountCents: 2500,
        currency: 'EUR',
        idempotencyKey: 'k-1',
        returnPath: '/wallet',
      },
      signal,
    );
    expect(session).toEqual({
      kind: 'redirect',
      url: 'https://checkout.stripe.com/c/pay/cs_test_9',
      sessionId: 'cs_test_9',
    });
    const call = seen[0];
    expect(call?.url).toBe('https://api.stripe.com/v1/checkout/sessions');
    expect(call?.init.signal).toBe(signal);
    expect(call?.init.headers).toMatchObject({ Authorization: 'Bearer sk_test_123', 'Idempotency-Key': 'k-1' });
    const form = Object.fromEntries(new URLSearchParams(String(call?.init.body)));
    expect(form).toMatchObject({
      mode: 'payment',
      'line_items[0][quantity]': '1',
      'line_items[0][price_data][currency]': 'eur',
      'line_items[0][price_data][unit_amount]': '2500',
      'metadata[member_id]': 'm-1',
      'payment_intent_data[metadata][member_id]': 'm-1',
      client_reference_id: 'm-1',
      customer_email: 'm@example.test',
      success_url: 'https://vault.example/wallet?onramp=success&session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'https://vault.example/wallet?onramp=cancelled',
    });
  });

  it('returns the member to the investment they pay for, its query kept', async () => {
    const bodies: string[] = [];
    const provider = stripeProvider({
      secretKey: 'sk_test_123',
      appOrigin: 'https://vault.example',
      fetch: async (_url, init) => {
        bodies.push(String(init?.body));
        return Response.json({ id: 'cs_test_9', url: 'https://checkout.stripe.com/c/pay/cs_test_9' });
      },
    });
    const returnPath = flowPath('schools-ghana');
    await provider.createSession(
      { memberId: 'm-1', amountCents: 2500, currency: 'EUR', idempotencyKey: 'k-1', returnPath },
      new AbortController().signal,
    );
    const form = Object.fromEntries(new URLSearchParams(bodies[0]));
    expect(form.success_url).toBe(`https://vault.example${returnPath}&onramp=success&session_id={CHECKOUT_SESSION_ID}`);
    expect(form.cancel_url).toBe(`https://vault.example${returnPath}&onramp=cancelled`);
    expect(new URL(form.success_url ?? '').searchParams.get('investment')).toBe('7e570000-0000-4000-8000-0000000000f1');
  });

  it('fails on an error status or an answer without a session', async () => {
    const signal = new AbortController().signal;
    const input = {
      memberId: 'm',
      amountCents: 2500,
      currency: 'EUR' as const,
      idempotencyKey: 'k',
      returnPath: '/wallet',
    };
    const base = { secretKey: 'sk', appOrigin: 'https://vault.example' };
    await expect(
      stripeProvider({ ...base, fetch: async () => new Response('{}', { status: 402 }) }).createSession(input, signal),
    ).rejects.toThrow('stripe answered 402');
    await expect(
      stripeProvider({ ...base, fetch: async () => Response.json({ id: 'cs' }) }).createSession(input, signal),
    ).rejects.toThrow('no session');
  });
});
