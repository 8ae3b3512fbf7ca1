import { kycNotification, kycSessionFunction } from '@vault/domain';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  idOf,
  type LocalBackend,
  recordsOf,
  startLocalBackend,
  testStore,
  transport,
} from '../../test-support/localBackend';
import { submitKyc } from './submitKyc';

// Submitting KYC against the local host: the kyc-session function and start_kyc, then the
// embedded KYC provider's verdict as a signed webhook to kyc-webhook and apply_kyc_result.
let local: LocalBackend;
let members = 0;
beforeAll(async () => {
  local = await startLocalBackend();
});
afterEach(() => {
  local.server.resetHandlers();
  local.host.providers.kyc.auto = 'approve';
});
afterAll(() => local.close());

async function signedIn() {
  const { store } = testStore();
  const email = `kyc.member${++members}@example.eu`;
  await store.signIn(email, 'pw');
  return { store, id: await idOf(local, email) };
}

async function kycStatusOf(id: string): Promise<string | undefined> {
  return (await local.row<{ s: string }>('select kyc_status as s from public.profiles where id = $1', [id]))?.s;
}

describe('submitKyc', () => {
  it('submits, and the provider approves: the status, the events and the notifications', async () => {
    const { store, id } = await signedIn();
    expect(store.getState().session.user?.kycStatus).toBe('not_started');
    expect(await submitKyc(store)).toEqual({ ok: true });
    expect(store.getState().session.user?.kycStatus).toBe('approved');
    expect(await kycStatusOf(id)).toBe('approved');
    expect(await recordsOf(local, id)).toEqual({
      actions: ['kyc.submitted', 'kyc.approved'],
      notes: [kycNotification('pending'), kycNotification('approved')],
      payments: [],
    });
  });

  it('stays pending while the provider has not decided; a second submission changes nothing', async () => {
    local.host.providers.kyc.auto = null;
    const { store, id } = await signedIn();
    expect(await submitKyc(store)).toEqual({ ok: true });
    expect(store.getState().session.user?.kycStatus).toBe('pending');
    expect(await submitKyc(store)).toEqual({ ok: true });
    expect((await recordsOf(local, id)).actions).toEqual(['kyc.submitted']);
  });

  it('after a final rejection: the member reads the reason and cannot start again (compliance reopens)', async () => {
    local.host.providers.kyc.auto = null;
    const { store, id } = await signedIn();
    await submitKyc(store);
    const [verdict] = await local.host.providers.kyc.decide(id, 'reject');
    expect(verdict).toMatchObject({ status: 200, body: { received: true } });
    const loaded = await store.backend();
    if (!loaded.ok) throw new Error(loaded.error);
    const reason = 'The identity document could not be verified.';
    expect(await loaded.backend.readKycCase(id)).toMatchObject({ ok: true, row: { reason } });
    expect(await submitKyc(store)).toMatchObject({ ok: false, error: kycSessionFunction.errors.notStartable });
    expect(await loaded.backend.readProfile(id)).toMatchObject({ ok: true, profile: { kycStatus: 'rejected' } });
    expect(await recordsOf(local, id)).toMatchObject({
      actions: ['kyc.submitted', 'kyc.rejected'],
      notes: [kycNotification('pending'), kycNotification('rejected', reason)],
    });
    expect(await loaded.backend.readKycCase(id)).toMatchObject({ ok: true, row: { reason } });
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
      occurred_at: new Date().toISOString(),
    });
    expect(answer).toMatchObject({
      ok: false,
      code: '42501',
      error: 'permission denied for function apply_kyc_result',
    });
    expect(await kycStatusOf(id)).toBe('not_started');
  });

  it('the provider unavailable: its message, and the status unchanged', async () => {
    local.server.use(transport.unavailable('kyc-session', 'The verification provider is unavailable'));
    const { store, id } = await signedIn();
    expect(await submitKyc(store)).toEqual({ ok: false, error: 'The verification provider is unavailable' });
    expect(store.getState().session.user?.kycStatus).toBe('not_started');
    expect((await recordsOf(local, id)).actions).toEqual([]);
  });
});
