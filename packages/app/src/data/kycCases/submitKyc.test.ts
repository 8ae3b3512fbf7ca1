import { kycNotification } from '@vault/domain';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { kycSessionHandlers, mockDb, uuidForEmail } from '../../../../../mocks';
import { mockActions, verifyAuditChain } from '../../../../../mocks/actions';
import { server } from '../../../../../mocks/node';
import { testStore } from '../../test-support/mockBackend';
import { submitKyc } from './submitKyc';

// Submitting KYC against the embedded backend (msw/node): the kyc-session function, start_kyc and
// the demo provider's verdict through apply_kyc_result, all recorded as the SQL records them.
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => mockDb.reset());
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const email = 'kyc.member@example.eu';

function recordsOf(memberId: string) {
  return {
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

async function signedIn() {
  const { store } = testStore();
  await store.signIn(email, 'pw');
  return { store, id: uuidForEmail(email) };
}

describe('submitKyc', () => {
  it('submits, and the demo provider approves at once: the status, the events and the notifications', async () => {
    const { store, id } = await signedIn();
    expect(store.getState().session.user?.kycStatus).toBe('not_started');
    expect(await submitKyc(store)).toEqual({ ok: true });
    expect(store.getState().session.user?.kycStatus).toBe('approved');
    expect(mockDb.profile(id)?.kyc_status).toBe('approved');
    expect(recordsOf(id)).toEqual({
      actions: ['kyc.submitted', 'kyc.approved'],
      notes: [kycNotification('pending'), kycNotification('approved')],
    });
    expect(verifyAuditChain()).toBeNull();
  });

  it('stays pending while the provider has not decided; a second submission changes nothing', async () => {
    server.use(kycSessionHandlers.pending);
    const { store, id } = await signedIn();
    expect(await submitKyc(store)).toEqual({ ok: true });
    expect(store.getState().session.user?.kycStatus).toBe('pending');
    expect(await submitKyc(store)).toEqual({ ok: true });
    expect(recordsOf(id).actions).toEqual(['kyc.submitted']);
  });

  it('after a rejection: the member reads the reason, and starts again', async () => {
    server.use(kycSessionHandlers.pending);
    const { store, id } = await signedIn();
    await submitKyc(store);
    const verdict = mockActions.apply_kyc_result?.(
      { kind: 'service' },
      { member_id: id, result: 'rejected', reason: 'Blurred photo', event_id: 'evt-test-1' },
    );
    expect(verdict).toMatchObject({ ok: true });
    // A replayed event records nothing new.
    mockActions.apply_kyc_result?.(
      { kind: 'service' },
      { member_id: id, result: 'rejected', reason: 'Blurred photo', event_id: 'evt-test-1' },
    );
    const loaded = await store.backend();
    if (!loaded.ok) throw new Error(loaded.error);
    expect(await loaded.backend.readKycCase(id)).toMatchObject({ ok: true, row: { reason: 'Blurred photo' } });
    expect(await submitKyc(store)).toEqual({ ok: true });
    expect(store.getState().session.user?.kycStatus).toBe('pending');
    expect(recordsOf(id)).toEqual({
      actions: ['kyc.submitted', 'kyc.rejected', 'kyc.submitted'],
      notes: [kycNotification('pending'), kycNotification('rejected', 'Blurred photo'), kycNotification('pending')],
    });
    expect(await loaded.backend.readKycCase(id)).toMatchObject({ ok: true, row: { reason: null } });
  });

  it('the browser cannot call apply_kyc_result: refused before anything changes', async () => {
    const { store, id } = await signedIn();
    const loaded = await store.backend();
    if (!loaded.ok) throw new Error(loaded.error);
    const answer = await loaded.backend.callAction('apply_kyc_result', {
      member_id: id,
      result: 'approved',
      reason: null,
      event_id: 'evt-forged',
    });
    expect(answer).toMatchObject({
      ok: false,
      code: '42501',
      error: 'permission denied for function apply_kyc_result',
    });
    expect(mockDb.profile(id)?.kyc_status).toBe('not_started');
  });

  it('the provider unavailable: its message, and the status unchanged', async () => {
    server.use(kycSessionHandlers.unavailable);
    const { store, id } = await signedIn();
    expect(await submitKyc(store)).toEqual({ ok: false, error: 'The verification provider is unavailable' });
    expect(store.getState().session.user?.kycStatus).toBe('not_started');
    expect(recordsOf(id).actions).toEqual([]);
  });
});
