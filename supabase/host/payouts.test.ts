import type { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seededDb } from '../tests/db';
import type { Host } from './index.ts';
import { call, signIn, staff, testHost } from './testing.ts';

/**
 * The embedded Stripe pays a member's withdrawal out (`/embedded/v1/payments/withdrawals`,
 * `payments/payout`): the payout's event is signed and delivered to the real payments-webhook,
 * whose record_payout posts the hold (paid) or voids it (failed).
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

interface ListedWithdrawal {
  id: string;
  memberId: string;
  amountCents: number;
  currency: string;
  status: string;
  outcomes: string[];
}

/** The member's own `my_balance()`, through PostgREST with their token. */
async function balance(token: string): Promise<unknown> {
  const answer = await call(host, '/rest/v1/rpc/my_balance', { token, body: {} });
  expect(answer.status).toBe(200);
  return (answer.body as unknown[])[0];
}

/** A member with a settled deposit (the host's default settles it) who asks to withdraw `withdrawCents`. */
async function memberWithWithdrawal(email: string, depositCents: number, withdrawCents: number) {
  const member = await signIn(host, email);
  const opened = await call(host, '/functions/v1/onramp-session', {
    token: member.token,
    body: { amountCents: depositCents },
  });
  expect(opened.status).toBe(200);
  const requested = await call(host, '/rest/v1/rpc/request_withdrawal', {
    token: member.token,
    body: { amount_cents: withdrawCents, idempotency_key: crypto.randomUUID() },
  });
  expect(requested.status).toBe(200);
  const withdrawalId = (requested.body as { id: string }).id;
  return { ...member, withdrawalId };
}

async function withdrawalsOf(token: string): Promise<ListedWithdrawal[]> {
  const answer = await call(host, '/embedded/v1/payments/withdrawals', { token });
  expect(answer.status).toBe(200);
  return answer.body as ListedWithdrawal[];
}

describe('payouts of a member’s withdrawals', () => {
  it('lists the withdrawal awaiting its payout; Payout arrives takes it out of held and total, to the cent', async () => {
    const member = await memberWithWithdrawal('payout.paid@host.test', 10_000, 4_001);
    expect(await balance(member.token)).toEqual({ available_cents: 5_999, held_cents: 4_001, total_cents: 10_000 });
    expect(await withdrawalsOf(member.token)).toEqual([
      {
        id: member.withdrawalId,
        memberId: member.id,
        amountCents: 4_001,
        currency: 'EUR',
        status: 'requested',
        outcomes: ['payout_arrives', 'payout_fails'],
      },
    ]);

    const paid = await call(host, '/embedded/v1/payments/payout', {
      token: member.token,
      body: { withdrawalId: member.withdrawalId, outcome: 'payout_arrives' },
    });
    expect(paid).toMatchObject({
      status: 200,
      body: {
        outcome: 'payout_arrives',
        deliveries: [{ event: 'payout.paid', status: 200, body: { received: true } }],
      },
    });
    expect((paid.body as { deliveries: { body: Record<string, unknown> }[] }).deliveries[0]?.body).not.toHaveProperty(
      'ignored',
    );
    expect(await balance(member.token)).toEqual({ available_cents: 5_999, held_cents: 0, total_cents: 5_999 });
    // Decided: nothing more may happen to it.
    expect(await withdrawalsOf(member.token)).toMatchObject([
      { id: member.withdrawalId, status: 'paid', outcomes: [] },
    ]);
    const reader = await signIn(host, staff.mfo_admin.email, staff.mfo_admin.password);
    expect(await call(host, '/rest/v1/rpc/ledger_verify', { token: reader.token, body: {} })).toMatchObject({
      status: 200,
      body: null,
    });
  });

  it('Payout fails returns the amount to the available cash, to the cent, and tells the member', async () => {
    const member = await memberWithWithdrawal('payout.failed@host.test', 7_550, 2_525);
    const failed = await call(host, '/embedded/v1/payments/payout', {
      token: member.token,
      body: { withdrawalId: member.withdrawalId, outcome: 'payout_fails' },
    });
    expect(failed).toMatchObject({ status: 200, body: { deliveries: [{ event: 'payout.failed', status: 200 }] } });
    expect(await balance(member.token)).toEqual({ available_cents: 7_550, held_cents: 0, total_cents: 7_550 });
    expect(await withdrawalsOf(member.token)).toMatchObject([{ status: 'failed', outcomes: [] }]);
    const { rows } = await db.query<{ title: string }>(
      `select title from public.notifications where user_id = $1 and title = 'Withdrawal failed'`,
      [member.id],
    );
    expect(rows).toHaveLength(1);
  });

  it('a payout sent again for a decided withdrawal is taken by the webhook and moves nothing', async () => {
    const member = await memberWithWithdrawal('payout.twice@host.test', 5_000, 1_000);
    const payout = (outcome: string) =>
      call(host, '/embedded/v1/payments/payout', {
        token: member.token,
        body: { withdrawalId: member.withdrawalId, outcome },
      });
    expect((await payout('payout_arrives')).status).toBe(200);
    expect((await payout('payout_fails')).body).toMatchObject({ deliveries: [{ status: 200 }] });
    expect(await balance(member.token)).toEqual({ available_cents: 4_000, held_cents: 0, total_cents: 4_000 });
    expect(await withdrawalsOf(member.token)).toMatchObject([{ status: 'paid' }]);
  });

  it('lists the member’s own withdrawals only, newest first', async () => {
    const member = await memberWithWithdrawal('payout.list@host.test', 6_000, 1_000);
    const second = await call(host, '/rest/v1/rpc/request_withdrawal', {
      token: member.token,
      body: { amount_cents: 2_000, idempotency_key: crypto.randomUUID() },
    });
    expect(second.status).toBe(200);
    const other = await signIn(host, 'payout.list.other@host.test');
    expect((await withdrawalsOf(member.token)).map((w) => w.amountCents)).toEqual([2_000, 1_000]);
    expect(await withdrawalsOf(other.token)).toEqual([]);
  });
});

describe('refusals', () => {
  it('another member’s withdrawal is 404, an unknown outcome 400, anon 401; nothing moves', async () => {
    const member = await memberWithWithdrawal('payout.refused@host.test', 5_000, 1_500);
    const other = await signIn(host, 'payout.refused.other@host.test');
    const body = { withdrawalId: member.withdrawalId, outcome: 'payout_arrives' };
    expect(await call(host, '/embedded/v1/payments/payout', { token: other.token, body })).toMatchObject({
      status: 404,
      body: { error: 'no such withdrawal' },
    });
    expect(
      await call(host, '/embedded/v1/payments/payout', {
        token: member.token,
        body: { withdrawalId: member.withdrawalId, outcome: 'payout_teleports' },
      }),
    ).toMatchObject({ status: 400, body: { error: 'unknown payout outcome' } });
    expect(
      await call(host, '/embedded/v1/payments/payout', {
        token: member.token,
        body: { withdrawalId: 'not-a-uuid', outcome: 'payout_arrives' },
      }),
    ).toMatchObject({ status: 404 });
    expect(await call(host, '/embedded/v1/payments/payout', { body })).toMatchObject({ status: 401 });
    expect(await call(host, '/embedded/v1/payments/withdrawals')).toMatchObject({ status: 401 });
    expect(await balance(member.token)).toEqual({ available_cents: 3_500, held_cents: 1_500, total_cents: 5_000 });
  });

  it('the service role may pay out any member’s withdrawal, as an operator', async () => {
    const member = await memberWithWithdrawal('payout.operator@host.test', 4_000, 4_000);
    const { serviceRoleKey } = await host.keys();
    const paid = await call(host, '/embedded/v1/payments/payout', {
      token: serviceRoleKey,
      body: { withdrawalId: member.withdrawalId, outcome: 'payout_arrives' },
    });
    expect(paid.status).toBe(200);
    expect(await balance(member.token)).toEqual({ available_cents: 0, held_cents: 0, total_cents: 0 });
  });

  it('the providers list carries the payout outcomes with their labels and the withdrawal statuses they apply to', async () => {
    const answer = await call(host, '/embedded/v1/providers');
    expect(answer.status).toBe(200);
    expect((answer.body as { payouts: unknown }).payouts).toEqual({
      outcomes: [
        { id: 'payout_arrives', label: 'Payout arrives', events: ['payout.paid'], appliesTo: ['requested'] },
        { id: 'payout_fails', label: 'Payout fails', events: ['payout.failed'], appliesTo: ['requested'] },
      ],
    });
  });
});
