import { HttpResponse, http } from 'msw';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createSessionBackend } from '../../backend/sessionBackend';
import {
  idOf,
  type LocalBackend,
  recordsOf,
  startLocalBackend,
  testClient,
  testStore,
} from '../../test-support/localBackend';
import { loadMemberRead } from '../_query/memberRead';
import { submitKyc } from '../kycCases/submitKyc';
import { balanceRead } from '../ledger/balance';
import { requestWithdrawal } from '../ledger/requestWithdrawal';
import { startOnramp } from '../onramp/startOnramp';
import {
  chooseNext,
  decideKyc,
  decidePayment,
  decidePayout,
  providersRead,
  sessionsRead,
  withdrawalsRead,
} from './demoProviders';

// The demo providers' controls against the local host: the member's choice of their next outcome
// steers their own next case or payment, and deciding one now reaches the real webhooks.
let local: LocalBackend;
let members = 0;
beforeAll(async () => {
  local = await startLocalBackend();
});
afterEach(() => local.server.resetHandlers());
afterAll(() => local.close());

async function signedIn() {
  const { store } = testStore();
  const email = `demo.providers${++members}@example.eu`;
  await store.signIn(email, 'pw');
  return { store, id: await idOf(local, email) };
}

describe('the demo providers', () => {
  it('reads the outcomes with the host’s labels', async () => {
    const { store } = await signedIn();
    const read = await loadMemberRead(store, providersRead);
    if (!read.ok) throw new Error(read.error);
    expect(read.rows[0]?.kyc.outcomes.map((o) => o.label)).toEqual([
      'Approve',
      'Leave for compliance review',
      'Reject',
      'Ask to resubmit',
    ]);
  });

  it('KYC: the member chooses Reject, submits, and is rejected', async () => {
    const { store } = await signedIn();
    expect(await chooseNext(store, 'kyc', 'reject')).toEqual({ ok: true });
    expect(await submitKyc(store)).toMatchObject({ ok: true });
    expect(store.getState().session.user?.kycStatus).toBe('rejected');
  });

  it('KYC: left for review, then decided now; the profile follows', async () => {
    const { store } = await signedIn();
    await chooseNext(store, 'kyc', 'review');
    await submitKyc(store);
    expect(store.getState().session.user?.kycStatus).toBe('pending');
    expect(await decideKyc(store, 'approve')).toEqual({ ok: true, recorded: true });
    expect(store.getState().session.user?.kycStatus).toBe('approved');
  });

  it('a bank transfer: awaited, arrives (the first on-ramp done), then charged back (the first on-ramp undone)', async () => {
    const { store, id } = await signedIn();
    await chooseNext(store, 'payments', 'await_bank_transfer');
    expect(await startOnramp(store, 2500, 'attempt-demo-0001')).toMatchObject({ ok: true, status: 'pending' });
    const sessions = await loadMemberRead(store, sessionsRead);
    if (!sessions.ok) throw new Error(sessions.error);
    const [session] = sessions.rows;
    expect(session).toMatchObject({ amountCents: 2500, status: 'pending' });
    expect(await decidePayment(store, session?.id ?? '', 'bank_transfer_arrives')).toEqual({
      ok: true,
      recorded: true,
    });
    expect(store.getState().session.user?.firstOnrampOk).toBe(true);
    expect((await recordsOf(local, id)).payments).toEqual([{ amount_cents: 2500, currency: 'EUR', status: 'settled' }]);
    expect(await decidePayment(store, session?.id ?? '', 'chargeback')).toEqual({ ok: true, recorded: true });
    expect((await recordsOf(local, id)).payments).toEqual([
      { amount_cents: 2500, currency: 'EUR', status: 'charged_back' },
    ]);
    // The profile is read again: its only deposit reversed, the first on-ramp no longer counts.
    expect(store.getState().session.user?.firstOnrampOk).toBe(false);
  });

  it('a withdrawal: listed awaiting its payout, which arrives; the balance loses it from held and total', async () => {
    const { store } = await signedIn();
    expect(await startOnramp(store, 6_000, 'attempt-demo-payout')).toMatchObject({ ok: true });
    const requested = await requestWithdrawal(store, 2_550, crypto.randomUUID());
    if (!requested.ok) throw new Error(requested.error);
    const listed = await loadMemberRead(store, withdrawalsRead);
    if (!listed.ok) throw new Error(listed.error);
    expect(listed.rows).toEqual([
      {
        id: requested.withdrawalId,
        amountCents: 2_550,
        currency: 'EUR',
        status: 'requested',
        outcomes: ['payout_arrives', 'payout_fails'],
      },
    ]);
    expect(await decidePayout(store, requested.withdrawalId, 'payout_arrives')).toEqual({ ok: true, recorded: true });
    const balance = await loadMemberRead(store, balanceRead);
    if (!balance.ok) throw new Error(balance.error);
    expect(balance.rows[0]).toEqual({ available_cents: 3_450, held_cents: 0, total_cents: 3_450 });
    const after = await loadMemberRead(store, withdrawalsRead);
    expect(after.ok && after.rows.map((w) => [w.status, w.outcomes])).toEqual([['paid', []]]);
  });

  it('a payout for another member’s withdrawal is refused by the host', async () => {
    const { store } = await signedIn();
    expect(await decidePayout(store, crypto.randomUUID(), 'payout_fails')).toMatchObject({
      ok: false,
      error: 'no such withdrawal',
      code: '404',
    });
  });

  it('an event the webhook acknowledges but does not record is told apart from a recorded one', async () => {
    const { store } = await signedIn();
    local.server.use(
      http.post('*/embedded/v1/payments/decide', () =>
        HttpResponse.json({
          outcome: 'refund',
          deliveries: [{ event: 'charge.refunded', status: 200, body: { received: true, ignored: true } }],
        }),
      ),
    );
    expect(await decidePayment(store, 'cs_test_any', 'refund')).toEqual({ ok: true, recorded: false });
  });

  it('an unknown outcome: the host’s refusal', async () => {
    const { store } = await signedIn();
    expect(await chooseNext(store, 'kyc', 'lose')).toMatchObject({
      ok: false,
      error: 'unknown KYC outcome',
      code: '400',
    });
  });

  it('a backend that is not the embedded one refuses without a request', async () => {
    const backend = createSessionBackend(testClient());
    expect(await backend.embedded('GET', 'providers')).toEqual({
      ok: false,
      error: 'The demo providers are not part of this backend',
    });
  });
});
