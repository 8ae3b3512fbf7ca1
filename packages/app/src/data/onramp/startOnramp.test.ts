import { messages, paymentNotifications } from '@vault/domain';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  idOf,
  type LocalBackend,
  recordsOf,
  startLocalBackend,
  testStore,
  transport,
} from '../../test-support/localBackend';
import { startOnramp } from './startOnramp';

// The first on-ramp against the local host: onramp-session opens a checkout at the embedded
// payment provider, whose signed event reaches payments-webhook and record_payment.
let local: LocalBackend;
let members = 0;
beforeAll(async () => {
  local = await startLocalBackend();
});
afterEach(() => local.server.resetHandlers());
afterAll(() => local.close());

async function signedIn() {
  const { store } = testStore();
  const email = `onramp.member${++members}@example.eu`;
  await store.signIn(email, 'pw');
  return { store, id: await idOf(local, email) };
}

describe('startOnramp', () => {
  it('refuses under €20 with the form’s text, and records nothing', async () => {
    const { store, id } = await signedIn();
    expect(await startOnramp(store, 1999, 'attempt-0001')).toEqual({
      ok: false,
      error: messages.minimumOnramp,
      code: '400',
    });
    expect(await recordsOf(local, id)).toEqual({ payments: [], actions: [], notes: [] });
  });

  it('€20: the provider’s page to return from, the payment settled by its webhook, the first on-ramp done', async () => {
    const { store, id } = await signedIn();
    expect(store.getState().session.user?.firstOnrampOk).toBe(false);
    expect(await startOnramp(store, 2000, 'attempt-0002')).toEqual({
      ok: true,
      status: 'pending',
      url: expect.stringMatching(/\/wallet\?onramp=success&session_id=cs_test_/),
    });
    expect(await recordsOf(local, id)).toEqual({
      payments: [{ amount_cents: 2000, currency: 'EUR', status: 'settled' }],
      // The settled payment credits the member's cash in the ledger before the step completes.
      actions: ['payment.settled', 'ledger.transferred', 'onramp.completed'],
      notes: [paymentNotifications.onrampCompleted],
    });
    const loaded = await store.backend();
    if (!loaded.ok) throw new Error(loaded.error);
    expect(await loaded.backend.readProfile(id)).toMatchObject({ ok: true, profile: { firstOnrampOk: true } });
  });

  it('the same attempt retried (same Idempotency-Key) makes one payment; a new attempt another', async () => {
    const { store, id } = await signedIn();
    await startOnramp(store, 5000, 'attempt-0003');
    await startOnramp(store, 5000, 'attempt-0003');
    expect((await recordsOf(local, id)).payments).toHaveLength(1);
    await startOnramp(store, 5000, 'attempt-0004');
    expect(await recordsOf(local, id)).toMatchObject({
      payments: [{ status: 'settled' }, { status: 'settled' }],
      // The first on-ramp happened once.
      actions: ['payment.settled', 'ledger.transferred', 'onramp.completed', 'payment.settled', 'ledger.transferred'],
    });
  });

  it('the provider unavailable: its message, nothing funded', async () => {
    local.server.use(transport.unavailable('onramp-session', 'The payment provider is unavailable'));
    const { store, id } = await signedIn();
    expect(await startOnramp(store, 2000, 'attempt-0005')).toMatchObject({
      ok: false,
      error: 'The payment provider is unavailable',
    });
    expect(store.getState().session.user?.firstOnrampOk).toBe(false);
    expect((await recordsOf(local, id)).payments).toEqual([]);
  });
});
