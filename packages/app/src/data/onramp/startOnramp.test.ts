import { messages, paymentNotifications } from '@vault/domain';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { mockDb, onrampSessionHandlers, uuidForEmail } from '../../../../../mocks';
import { server } from '../../../../../mocks/node';
import { testStore } from '../../test-support/mockBackend';
import { startOnramp } from './startOnramp';

// The first on-ramp against the embedded backend (msw/node): onramp-session, its demo provider and
// record_payment as the service role, recorded as the SQL records it.
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => mockDb.reset());
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const email = 'onramp.member@example.eu';

async function signedIn() {
  const { store } = testStore();
  await store.signIn(email, 'pw');
  return { store, id: uuidForEmail(email) };
}

function recordsOf(memberId: string) {
  return {
    payments: mockDb
      .serverRows('payments')
      .filter((p) => p.member_id === memberId)
      .map((p) => ({ amount_cents: p.amount_cents, currency: p.currency, status: p.status })),
    actions: mockDb
      .serverRows('audit_events')
      .filter((e) => e.member_id === memberId)
      .map((e) => e.action),
    notes: mockDb
      .serverRows('notifications')
      .filter((n) => n.user_id === memberId)
      .map((n) => ({ title: n.title, body: n.body })),
  };
}

describe('startOnramp', () => {
  it('refuses under €20 with the form’s text, and records nothing', async () => {
    const { store, id } = await signedIn();
    expect(await startOnramp(store, 1999, 'attempt-0001')).toEqual({
      ok: false,
      error: messages.minimumOnramp,
      code: '400',
    });
    expect(recordsOf(id)).toEqual({ payments: [], actions: [], notes: [] });
  });

  it('€20: settled at once, the first on-ramp done, its events and notification', async () => {
    const { store, id } = await signedIn();
    expect(store.getState().session.user?.firstOnrampOk).toBe(false);
    expect(await startOnramp(store, 2000, 'attempt-0002')).toEqual({ ok: true, status: 'settled' });
    expect(store.getState().session.user?.firstOnrampOk).toBe(true);
    expect(recordsOf(id)).toEqual({
      payments: [{ amount_cents: 2000, currency: 'EUR', status: 'settled' }],
      actions: ['payment.settled', 'onramp.completed'],
      notes: [paymentNotifications.onrampCompleted],
    });
  });

  it('the same attempt retried (same Idempotency-Key) makes one payment; a new attempt another', async () => {
    const { store, id } = await signedIn();
    await startOnramp(store, 5000, 'attempt-0003');
    await startOnramp(store, 5000, 'attempt-0003');
    expect(recordsOf(id).payments).toHaveLength(1);
    await startOnramp(store, 5000, 'attempt-0004');
    expect(recordsOf(id)).toMatchObject({
      payments: [{ status: 'settled' }, { status: 'settled' }],
      // The first on-ramp happened once.
      actions: ['payment.settled', 'onramp.completed', 'payment.settled'],
    });
  });

  it('the provider unavailable: its message, nothing funded', async () => {
    server.use(onrampSessionHandlers.unavailable);
    const { store, id } = await signedIn();
    expect(await startOnramp(store, 2000, 'attempt-0005')).toMatchObject({
      ok: false,
      error: 'The payment provider is unavailable',
    });
    expect(store.getState().session.user?.firstOnrampOk).toBe(false);
    expect(recordsOf(id).payments).toEqual([]);
  });
});
