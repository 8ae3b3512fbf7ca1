import type { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seededDb } from '../tests/db';
import type { Host } from './index.ts';
import { LOCAL_PROVIDER_SECRETS } from './index.ts';
import { hmacHex } from './jwt.ts';
import { BASE, call, signIn, staff, testHost } from './testing.ts';

/**
 * The edge functions run unchanged inside the host, and the embedded providers' results reach
 * the database only through signed webhooks to the real kyc-webhook and payments-webhook.
 */

let db: PGlite;
let host: Host;

beforeAll(async () => {
  db = await seededDb();
  host = testHost(db);
});

afterAll(async () => {
  await db.close();
});

async function profile(
  id: string,
): Promise<{ kyc_status: string; first_onramp_ok: boolean; crossmint_wallet_id: string | null }> {
  const { rows } = await db.query<{ kyc_status: string; first_onramp_ok: boolean; crossmint_wallet_id: string | null }>(
    'select kyc_status, first_onramp_ok, crossmint_wallet_id from public.profiles where id = $1',
    [id],
  );
  const row = rows[0];
  if (!row) throw new Error('no profile');
  return row;
}

/** An investment's id, as the investment flow's query names it (the host does not read it). */
const investmentId = '7e570000-0000-4000-8000-0000000000f1';

async function payments(id: string): Promise<{ status: string; amount_cents: string }[]> {
  return (
    await db.query<{ status: string; amount_cents: string }>(
      'select status, amount_cents::text from public.payments where member_id = $1 order by created_at',
      [id],
    )
  ).rows;
}

/** The member's own `my_balance()`, through PostgREST with their token. */
async function balance(token: string): Promise<unknown> {
  const answer = await call(host, '/rest/v1/rpc/my_balance', { token, body: {} });
  expect(answer.status).toBe(200);
  return (answer.body as unknown[])[0];
}

describe('KYC', () => {
  it('kyc-session opens the case and the embedded Sumsub approves it through a signed webhook', async () => {
    const member = await signIn(host, 'kyc.approve@host.test');
    const answer = await call(host, '/functions/v1/kyc-session', { token: member.token, body: {} });
    expect(answer).toMatchObject({ status: 200, body: { success: true, provider: 'embedded', kycStatus: 'pending' } });
    expect((await profile(member.id)).kyc_status).toBe('approved');
    const events = await db.query<{ action: string }>(
      `select action from public.audit_events where subject_id = $1 order by id`,
      [member.id],
    );
    expect(events.rows.map((r) => r.action)).toEqual(expect.arrayContaining(['kyc.submitted', 'kyc.approved']));
  });

  it('with no automatic outcome the case waits; the member’s control rejects it', async () => {
    host.providers.kyc.auto = null;
    try {
      const member = await signIn(host, 'kyc.manual@host.test');
      expect((await call(host, '/functions/v1/kyc-session', { token: member.token, body: {} })).status).toBe(200);
      expect((await profile(member.id)).kyc_status).toBe('pending');
      const review = await call(host, '/embedded/v1/kyc/decide', { token: member.token, body: { outcome: 'review' } });
      expect(review).toMatchObject({ status: 200, body: { deliveries: [] } });
      expect((await profile(member.id)).kyc_status).toBe('pending');
      const reject = await call(host, '/embedded/v1/kyc/decide', { token: member.token, body: { outcome: 'reject' } });
      expect(reject).toMatchObject({
        status: 200,
        body: { deliveries: [{ event: 'applicantReviewed', status: 200 }] },
      });
      expect((await profile(member.id)).kyc_status).toBe('rejected');
    } finally {
      host.providers.kyc.auto = 'approve';
    }
  });

  it('a webhook signed with another secret is refused and changes nothing', async () => {
    const member = await signIn(host, 'kyc.forged@host.test');
    // A provider's verdict applies only to a case under review: the member submits first.
    const started = await call(host, '/rest/v1/rpc/start_kyc', { token: member.token, body: {} });
    expect(started.status).toBe(200);
    const body = JSON.stringify({
      type: 'applicantReviewed',
      applicantId: 'forged',
      externalUserId: member.id,
      reviewResult: { reviewAnswer: 'GREEN' },
      createdAtMs: Date.now(),
    });
    const response = await host.fetch(
      new Request(`${BASE}/functions/v1/kyc-webhook`, {
        method: 'POST',
        headers: { 'x-payload-digest': await hmacHex('SHA-256', 'not-the-secret', body) },
        body,
      }),
    );
    expect(response.status).toBe(401);
    expect((await profile(member.id)).kyc_status).toBe('pending');
    // The same body with the host's secret is applied.
    const signed = await host.fetch(
      new Request(`${BASE}/functions/v1/kyc-webhook`, {
        method: 'POST',
        headers: { 'x-payload-digest': await hmacHex('SHA-256', LOCAL_PROVIDER_SECRETS.sumsubWebhook, body) },
        body,
      }),
    );
    expect(signed.status).toBe(200);
    expect((await profile(member.id)).kyc_status).toBe('approved');
  });
});

describe('payments', () => {
  it('onramp-session opens a checkout and the embedded Stripe settles it through a signed webhook', async () => {
    const member = await signIn(host, 'pay.settle@host.test');
    const answer = await call(host, '/functions/v1/onramp-session', {
      token: member.token,
      body: { amountCents: 2500 },
      headers: { 'Idempotency-Key': 'attempt-0001', Origin: 'http://app.test' },
    });
    expect(answer).toMatchObject({ status: 200, body: { success: true, provider: 'embedded', status: 'pending' } });
    expect((answer.body as { url: string }).url).toMatch(
      /^http:\/\/app\.test\/wallet\?onramp=success&session_id=cs_test_/,
    );
    expect(await payments(member.id)).toEqual([{ status: 'settled', amount_cents: '2500' }]);
    expect((await profile(member.id)).first_onramp_ok).toBe(true);
  });

  it('onramp-session returns the member to the investment they pay for, on the calling page’s origin', async () => {
    const member = await signIn(host, 'pay.return@host.test');
    const returnPath = `/investments/schools-ghana?step=4&amount=10000&method=card&investment=${investmentId}`;
    const answer = await call(host, '/functions/v1/onramp-session', {
      token: member.token,
      body: { amountCents: 2500, returnPath },
      headers: { 'Idempotency-Key': 'attempt-return-1', Origin: 'http://app.test' },
    });
    expect(answer.status).toBe(200);
    const url = new URL((answer.body as { url: string }).url);
    expect(`${url.origin}${url.pathname}`).toBe('http://app.test/investments/schools-ghana');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      step: '4',
      amount: '10000',
      method: 'card',
      investment: investmentId,
      onramp: 'success',
      session_id: (answer.body as { sessionId: string }).sessionId,
    });
    expect(await payments(member.id)).toEqual([{ status: 'settled', amount_cents: '2500' }]);
  });

  it.each(['https://evil.example/wallet', '//evil.example/wallet', '/dashboard'])(
    'onramp-session refuses %s as the page to return to, and nothing is paid',
    async (returnPath) => {
      const member = await signIn(host, `pay.foreign.${returnPath.length}@host.test`);
      expect(
        await call(host, '/functions/v1/onramp-session', {
          token: member.token,
          body: { amountCents: 2500, returnPath },
          headers: { Origin: 'http://app.test' },
        }),
      ).toMatchObject({
        status: 400,
        body: { success: false, error: 'The page to return to after the payment is not a page of the app' },
      });
      expect(await payments(member.id)).toEqual([]);
    },
  );

  it('with a checkout page and no automatic outcome, the checkout is told the page to return to', async () => {
    const seen: { id: string; returnUrl: string }[] = [];
    const paying = testHost(db, {
      checkoutUrl: (session) => {
        seen.push(session);
        return `http://pay.test/checkout/${session.id}`;
      },
    });
    paying.providers.payments.auto = null;
    const member = await signIn(paying, 'pay.checkout@host.test');
    const returnPath = `/investments/schools-ghana?step=4&method=card&investment=${investmentId}`;
    const answer = await call(paying, '/functions/v1/onramp-session', {
      token: member.token,
      body: { amountCents: 2500, returnPath },
      headers: { Origin: 'http://app.test' },
    });
    const sessionId = (answer.body as { sessionId: string }).sessionId;
    expect(answer).toMatchObject({ status: 200, body: { url: `http://pay.test/checkout/${sessionId}` } });
    expect(seen).toEqual([{ id: sessionId, returnUrl: `http://app.test${returnPath}` }]);
    // Without a path, the wallet, as before.
    await call(paying, '/functions/v1/onramp-session', {
      token: member.token,
      body: { amountCents: 2500 },
      headers: { Origin: 'http://app.test' },
    });
    expect(seen[1]?.returnUrl).toBe('http://app.test/wallet');
    expect(await payments(member.id)).toEqual([]);
  });

  it('a bank transfer: pending at checkout, settled when it arrives, then refunded through the webhook', async () => {
    host.providers.payments.auto = null;
    try {
      const member = await signIn(host, 'pay.bank@host.test');
      const answer = await call(host, '/functions/v1/onramp-session', {
        token: member.token,
        body: { amountCents: 5000 },
      });
      expect(answer.status).toBe(200);
      expect(await payments(member.id)).toEqual([]);
      const sessions = await call(host, '/embedded/v1/payments/sessions', { token: member.token });
      const sessionId = (sessions.body as { id: string }[])[0]?.id;
      expect(sessionId).toBe((answer.body as { sessionId: string }).sessionId);
      const decide = (outcome: string) =>
        call(host, '/embedded/v1/payments/decide', { token: member.token, body: { sessionId, outcome } });
      expect((await decide('await_bank_transfer')).status).toBe(200);
      expect(await payments(member.id)).toEqual([{ status: 'pending', amount_cents: '5000' }]);
      expect((await decide('bank_transfer_arrives')).status).toBe(200);
      expect(await payments(member.id)).toEqual([{ status: 'settled', amount_cents: '5000' }]);
      // The refund event is delivered, verified and recorded.
      expect(await decide('refund')).toMatchObject({
        status: 200,
        body: { deliveries: [{ event: 'charge.refunded', status: 200, body: { received: true } }] },
      });
      expect(await payments(member.id)).toEqual([{ status: 'refunded', amount_cents: '5000' }]);
      // Another member cannot drive this session.
      const other = await signIn(host, 'pay.other@host.test');
      expect(
        await call(host, '/embedded/v1/payments/decide', { token: other.token, body: { sessionId, outcome: 'fail' } }),
      ).toMatchObject({ status: 404 });
    } finally {
      host.providers.payments.auto = 'settle';
    }
  });

  it.each([
    ['chargeback', 'charge.dispute.created', 'charged_back'],
    ['refund', 'charge.refunded', 'refunded'],
  ])(
    'a settled deposit, then %s through payments/decide: the balance drops by it, the ledger verifies',
    async (outcome, event, status) => {
      const member = await signIn(host, `pay.reversal.${outcome}@host.test`);
      // The host's default settles the deposit at once.
      const opened = await call(host, '/functions/v1/onramp-session', {
        token: member.token,
        body: { amountCents: 4000 },
      });
      expect(opened.status).toBe(200);
      const sessionId = (opened.body as { sessionId: string }).sessionId;
      expect(await balance(member.token)).toEqual({ available_cents: 4000, held_cents: 0, total_cents: 4000 });
      expect((await profile(member.id)).first_onramp_ok).toBe(true);

      const decided = await call(host, '/embedded/v1/payments/decide', {
        token: member.token,
        body: { sessionId, outcome },
      });
      expect(decided).toMatchObject({
        status: 200,
        body: { deliveries: [{ event, status: 200, body: { received: true } }] },
      });
      expect(
        (decided.body as { deliveries: { body: Record<string, unknown> }[] }).deliveries[0]?.body,
      ).not.toHaveProperty('ignored');
      expect(await balance(member.token)).toEqual({ available_cents: 0, held_cents: 0, total_cents: 0 });
      expect(await payments(member.id)).toEqual([{ status, amount_cents: '4000' }]);
      // Its only qualifying deposit reversed, the first on-ramp no longer counts.
      expect((await profile(member.id)).first_onramp_ok).toBe(false);
      const reader = await signIn(host, staff.mfo_admin.email, staff.mfo_admin.password);
      expect(await call(host, '/rest/v1/rpc/ledger_verify', { token: reader.token, body: {} })).toMatchObject({
        status: 200,
        body: null,
      });
      // The session now offers nothing more: a reversed payment is final.
      expect((await call(host, '/embedded/v1/payments/sessions', { token: member.token })).body).toMatchObject([
        { id: sessionId, status, outcomes: [] },
      ]);
    },
  );

  it('a failed card payment is recorded failed', async () => {
    host.providers.payments.auto = 'fail';
    try {
      const member = await signIn(host, 'pay.fail@host.test');
      expect(
        (await call(host, '/functions/v1/onramp-session', { token: member.token, body: { amountCents: 3000 } })).status,
      ).toBe(200);
      expect(await payments(member.id)).toEqual([{ status: 'failed', amount_cents: '3000' }]);
      expect((await profile(member.id)).first_onramp_ok).toBe(false);
    } finally {
      host.providers.payments.auto = 'settle';
    }
  });

  it('below the minimum the function refuses with the form’s text', async () => {
    const member = await signIn(host, 'pay.small@host.test');
    expect(
      await call(host, '/functions/v1/onramp-session', { token: member.token, body: { amountCents: 100 } }),
    ).toMatchObject({
      status: 400,
      body: { success: false, error: 'Minimum first on-ramp is €20' },
    });
  });
});

describe('wallet', () => {
  it('create-crossmint-wallet stores one wallet per member, and a signed-out token is 401', async () => {
    const member = await signIn(host, 'wallet@host.test');
    const first = await call(host, '/functions/v1/create-crossmint-wallet', { token: member.token, body: {} });
    expect(first).toMatchObject({ status: 200, body: { success: true } });
    const walletId = (first.body as { walletId: string }).walletId;
    expect(walletId).toMatch(/^0x[0-9a-f]{40}$/);
    expect((await profile(member.id)).crossmint_wallet_id).toBe(walletId);
    expect(
      (await call(host, '/functions/v1/create-crossmint-wallet', { token: member.token, body: {} })).body,
    ).toMatchObject({
      walletId,
    });
    expect((await call(host, '/auth/v1/logout', { method: 'POST', token: member.token })).status).toBe(204);
    expect((await call(host, '/functions/v1/create-crossmint-wallet', { token: member.token, body: {} })).status).toBe(
      401,
    );
  });
});
