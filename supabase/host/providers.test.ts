import type { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seededDb } from '../tests/db';
import type { Host } from './index.ts';
import { call, signIn, testHost } from './testing.ts';

/**
 * A member's own choice of the embedded providers' next outcome (`/embedded/v1/next`): it steers
 * only their own next KYC case or payment session, once, in place of the host's `auto`.
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

async function kycStatus(id: string): Promise<string | undefined> {
  const { rows } = await db.query<{ kyc_status: string }>('select kyc_status from public.profiles where id = $1', [id]);
  return rows[0]?.kyc_status;
}

async function paymentStatuses(id: string): Promise<string[]> {
  const { rows } = await db.query<{ status: string }>(
    'select status from public.payments where member_id = $1 order by created_at, id',
    [id],
  );
  return rows.map((row) => row.status);
}

const onramp = (token: string, key: string) =>
  call(host, '/functions/v1/onramp-session', {
    token,
    body: { amountCents: 2500 },
    headers: { 'Idempotency-Key': key },
  });

describe('the member’s next KYC outcome', () => {
  it('is the member’s own: set, read back, used once for their next case; another member keeps the default', async () => {
    const member = await signIn(host, 'next.kyc@host.test');
    const other = await signIn(host, 'next.kyc.other@host.test');
    expect(await call(host, '/embedded/v1/next', { token: member.token })).toMatchObject({
      status: 200,
      body: { kyc: null, payments: null },
    });
    expect(await call(host, '/embedded/v1/next', { token: member.token, body: { kyc: 'reject' } })).toMatchObject({
      status: 200,
      body: { kyc: 'reject', payments: null },
    });
    expect((await call(host, '/embedded/v1/next', { token: other.token })).body).toEqual({ kyc: null, payments: null });

    // The other member's case gets the host's automatic approval.
    expect((await call(host, '/functions/v1/kyc-session', { token: other.token, body: {} })).status).toBe(200);
    expect(await kycStatus(other.id)).toBe('approved');

    expect((await call(host, '/functions/v1/kyc-session', { token: member.token, body: {} })).status).toBe(200);
    expect(await kycStatus(member.id)).toBe('rejected');
    // Taken with the case: the next one would get the default again.
    expect((await call(host, '/embedded/v1/next', { token: member.token })).body).toEqual({
      kyc: null,
      payments: null,
    });
  });

  it('leaving the case for compliance keeps it pending; the member then decides it with kyc/decide', async () => {
    const member = await signIn(host, 'next.kyc.review@host.test');
    await call(host, '/embedded/v1/next', { token: member.token, body: { kyc: 'review' } });
    expect((await call(host, '/functions/v1/kyc-session', { token: member.token, body: {} })).status).toBe(200);
    expect(await kycStatus(member.id)).toBe('pending');
    const decided = await call(host, '/embedded/v1/kyc/decide', {
      token: member.token,
      body: { outcome: 'resubmit' },
    });
    expect(decided.status).toBe(200);
    expect(await kycStatus(member.id)).toBe('resubmission_requested');
  });

  it('null clears the choice', async () => {
    const member = await signIn(host, 'next.kyc.clear@host.test');
    await call(host, '/embedded/v1/next', { token: member.token, body: { kyc: 'reject' } });
    expect((await call(host, '/embedded/v1/next', { token: member.token, body: { kyc: null } })).body).toEqual({
      kyc: null,
      payments: null,
    });
    expect((await call(host, '/functions/v1/kyc-session', { token: member.token, body: {} })).status).toBe(200);
    expect(await kycStatus(member.id)).toBe('approved');
  });
});

describe('the member’s next payment outcome', () => {
  it('fails only the member’s next session; their later one and another member’s settle', async () => {
    const member = await signIn(host, 'next.pay@host.test');
    const other = await signIn(host, 'next.pay.other@host.test');
    await call(host, '/embedded/v1/next', { token: member.token, body: { payments: 'fail' } });
    expect((await onramp(other.token, 'attempt-other-1')).status).toBe(200);
    expect(await paymentStatuses(other.id)).toEqual(['settled']);

    expect((await onramp(member.token, 'attempt-mine-1')).status).toBe(200);
    expect(await paymentStatuses(member.id)).toEqual(['failed']);
    // The same attempt retried reopens its session and takes no new choice.
    await call(host, '/embedded/v1/next', { token: member.token, body: { payments: 'await_bank_transfer' } });
    expect((await onramp(member.token, 'attempt-mine-1')).status).toBe(200);
    expect((await call(host, '/embedded/v1/next', { token: member.token })).body).toMatchObject({
      payments: 'await_bank_transfer',
    });
    // The next new session takes it.
    expect((await onramp(member.token, 'attempt-mine-2')).status).toBe(200);
    expect((await call(host, '/embedded/v1/next', { token: member.token })).body).toMatchObject({ payments: null });

    const sessions = await call(host, '/embedded/v1/payments/sessions', { token: member.token });
    expect(sessions.status).toBe(200);
    const listed = sessions.body as { status: string; outcomes: string[] }[];
    // Newest first: the bank transfer awaited, then the card payment that failed (then settled by the retry's default).
    expect(listed.map((s) => [s.status, s.outcomes])).toEqual([
      ['pending', ['bank_transfer_arrives', 'bank_transfer_fails']],
      ['settled', ['refund', 'chargeback']],
    ]);
  });

  it('lists what may follow as the payment moves: a transfer awaited, then arrived', async () => {
    const member = await signIn(host, 'next.pay.transfer@host.test');
    await call(host, '/embedded/v1/next', { token: member.token, body: { payments: 'await_bank_transfer' } });
    expect((await onramp(member.token, 'attempt-transfer-1')).status).toBe(200);
    const [session] = (await call(host, '/embedded/v1/payments/sessions', { token: member.token })).body as {
      id: string;
      status: string;
    }[];
    expect(session?.status).toBe('pending');
    const arrived = await call(host, '/embedded/v1/payments/decide', {
      token: member.token,
      body: { sessionId: session?.id, outcome: 'bank_transfer_arrives' },
    });
    expect(arrived.status).toBe(200);
    expect(await paymentStatuses(member.id)).toEqual(['settled']);
    expect((await call(host, '/embedded/v1/payments/sessions', { token: member.token })).body).toMatchObject([
      { id: session?.id, status: 'settled', outcomes: ['refund', 'chargeback'] },
    ]);
  });
});

describe('refusals', () => {
  it('an unknown outcome, or one a new payment cannot get, is 400 and changes nothing', async () => {
    const member = await signIn(host, 'next.refused@host.test');
    await call(host, '/embedded/v1/next', { token: member.token, body: { kyc: 'review' } });
    expect(await call(host, '/embedded/v1/next', { token: member.token, body: { kyc: 'lose' } })).toMatchObject({
      status: 400,
      body: { error: 'unknown KYC outcome' },
    });
    expect(
      await call(host, '/embedded/v1/next', { token: member.token, body: { payments: 'teleport' } }),
    ).toMatchObject({ status: 400, body: { error: 'unknown payment outcome' } });
    expect(await call(host, '/embedded/v1/next', { token: member.token, body: { payments: 'refund' } })).toMatchObject({
      status: 400,
      body: { error: 'not an outcome of a new payment' },
    });
    expect((await call(host, '/embedded/v1/next', { token: member.token })).body).toEqual({
      kyc: 'review',
      payments: null,
    });
  });

  it('anon is 401 and the service role 403: the choice is a member’s own', async () => {
    expect(await call(host, '/embedded/v1/next')).toMatchObject({ status: 401 });
    expect(await call(host, '/embedded/v1/next', { body: { kyc: 'reject' } })).toMatchObject({ status: 401 });
    const { serviceRoleKey } = await host.keys();
    expect(await call(host, '/embedded/v1/next', { token: serviceRoleKey, body: { kyc: 'reject' } })).toMatchObject({
      status: 403,
    });
  });

  it('the providers list carries each outcome’s label, whether KYC decides, and when a payment outcome applies', async () => {
    const answer = await call(host, '/embedded/v1/providers');
    expect(answer.status).toBe(200);
    const body = answer.body as {
      kyc: { outcomes: { id: string; verdict: boolean }[] };
      payments: { outcomes: { id: string; label: string; appliesTo: string[] }[] };
    };
    expect(body.kyc.outcomes.filter((o) => !o.verdict).map((o) => o.id)).toEqual(['review']);
    expect(body.payments.outcomes.find((o) => o.id === 'chargeback')).toMatchObject({
      label: 'Charged back',
      appliesTo: ['settled'],
    });
  });
});
