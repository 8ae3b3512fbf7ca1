import { actionErrors, demoEmail } from '@vault/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_DEMO_PASSWORD } from '../../../../../supabase/host/localAccounts.ts';
import { idOf, type LocalBackend, startLocalBackend, testStore } from '../../test-support/localBackend';
import { readOfferingIncome, recordOfferingIncome } from './offeringIncome';

// The SPV records an offering's income against the local host (13_lifecycle.sql) and reads it
// back with what the offering's account may pay.
let local: LocalBackend;
beforeAll(async () => {
  local = await startLocalBackend();
});
afterAll(() => local.close());

// A closed sample offering of the equity SPV: its units exist.
const offering = 'desalination-india';
const today = () => new Date().toISOString().slice(0, 10);

async function signedIn(email: string, password = 'pw') {
  const { store } = testStore();
  if (!(await store.signIn(email, password))) throw new Error(`${email} could not sign in`);
  return store;
}

describe("an offering's income in the console", () => {
  it('is recorded once per reference, listed with the account it fills, and refused to investors', async () => {
    const investor = await signedIn('earner@example.eu');
    const holder = await idOf(local, 'earner@example.eu');
    await local.rows('select public.offering_issue_units($1, $2, 1000, 100000, 1000)', [holder, offering]);
    await local.rows(`update public.unit_movements set at = now() - interval '1 year' where member_id = $1`, [holder]);
    const spv = await signedIn(demoEmail('eq_spv_admin'), LOCAL_DEMO_PASSWORD);

    const before = await readOfferingIncome(spv, offering);
    if (!before.ok) throw new Error(before.error);
    expect(before.rows).toEqual([]);

    const input = { opportunityId: offering, amountCents: 250_000, receivedOn: today(), reference: 'ENERGY-2026-Q4' };
    const recorded = await recordOfferingIncome(spv, input);
    expect(recorded).toMatchObject({
      ok: true,
      income: { opportunity_id: offering, amount_cents: 250_000, received_on: today(), reference: 'ENERGY-2026-Q4' },
    });
    if (!recorded.ok) return;
    expect(await recordOfferingIncome(spv, input)).toEqual(recorded);
    expect(await recordOfferingIncome(spv, { ...input, amountCents: 250_001 })).toMatchObject({
      ok: false,
      error: actionErrors.incomeReferenceReused.message,
    });
    expect(await recordOfferingIncome(spv, { ...input, receivedOn: '2999-01-01', reference: 'later' })).toMatchObject({
      ok: false,
      error: actionErrors.incomeInFuture.message,
    });

    const listed = await readOfferingIncome(spv, offering);
    if (!listed.ok) throw new Error(listed.error);
    expect(listed.rows).toHaveLength(1);
    expect(listed.rows[0]).toMatchObject({ id: recorded.income.id, amount_cents: 250_000 });
    expect(listed.rows[0]?.available_cents).toBeGreaterThanOrEqual(250_000);

    expect(await recordOfferingIncome(investor, { ...input, reference: 'mine' })).toMatchObject({
      ok: false,
      error: actionErrors.offeringSpvDenied.message,
    });
    expect(await readOfferingIncome(investor, offering)).toMatchObject({
      ok: false,
      error: actionErrors.offeringSpvDenied.message,
    });
  });
});
