import { demoEmail } from '@vault/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_DEMO_PASSWORD } from '../../../../../supabase/host/localAccounts.ts';
import { type LocalBackend, startLocalBackend, testStore } from '../../test-support/localBackend';
import { LEDGER_REFUSALS_PAGE, readLedgerRefusals } from './ledgerRefusals';

// The operators' review list of refused payment events against the local host (11_ledger.sql):
// what the payments webhook could not apply, newest first, paged; a member is refused.
let local: LocalBackend;
beforeAll(async () => {
  local = await startLocalBackend();
});
afterAll(() => local.close());

async function signedIn(email: string, password = 'pw') {
  const { store } = testStore();
  if (!(await store.signIn(email, password))) throw new Error(`${email} could not sign in`);
  return store;
}

/** `count` settled payments naming no member, as the payments webhook sends them: each one refused. */
async function refusedEvents(count: number): Promise<void> {
  await local.db.transaction(async (tx) => {
    await tx.query(`select set_config('request.jwt.claims', '{"role":"service_role"}', true)`);
    await tx.query('set local role service_role');
    for (let i = 1; i <= count; i++) {
      await tx.query(`select public.record_payment(null, $1, $2, 'EUR', 'settled', $3)`, [
        `pi_unknown_${i}`,
        1_000 + i,
        `evt_unknown_${i}`,
      ]);
    }
  });
}

describe('refused payment events', () => {
  it('lists them to mfo_admin newest first, a page at a time, each with its reason', async () => {
    const extra = 5;
    await refusedEvents(LEDGER_REFUSALS_PAGE + extra);
    const mfo = await signedIn(demoEmail('mfo_admin'), LOCAL_DEMO_PASSWORD);

    const first = await readLedgerRefusals(mfo, null);
    if (!first.ok) throw new Error(first.error);
    expect(first.rows).toHaveLength(LEDGER_REFUSALS_PAGE);
    expect(first.rows[0]).toMatchObject({
      event_id: `evt_unknown_${LEDGER_REFUSALS_PAGE + extra}`,
      provider_ref: `pi_unknown_${LEDGER_REFUSALS_PAGE + extra}`,
      member_id: null,
      kind: 'payment',
      amount_cents: 1_000 + LEDGER_REFUSALS_PAGE + extra,
      currency: 'EUR',
      status: 'settled',
    });
    expect(first.rows[0]?.reason).toMatch(/member/i);

    const last = first.rows.at(-1) ?? null;
    const second = await readLedgerRefusals(mfo, last);
    if (!second.ok) throw new Error(second.error);
    expect(second.rows.map((r) => r.event_id)).toEqual(
      Array.from({ length: extra }, (_, i) => `evt_unknown_${extra - i}`),
    );
  });

  it('refuses a member', async () => {
    const investor = await signedIn('curious.member@example.eu');
    expect(await readLedgerRefusals(investor, null)).toMatchObject({ ok: false, code: '42501' });
  });
});
