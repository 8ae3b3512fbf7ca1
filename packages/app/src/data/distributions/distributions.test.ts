import { actionErrors, demoEmail } from '@vault/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_DEMO_PASSWORD } from '../../../../../supabase/host/localAccounts.ts';
import { idOf, type LocalBackend, startLocalBackend, testStore } from '../../test-support/localBackend';
import { loadMemberRead } from '../_query/memberRead';
import { myRedemptionsRead, readQueue, requestRedemption, reviewRedemption } from '../redemptions/redemptions';
import { setUnitPrice } from '../unitPrices/setUnitPrice';
import { declareDistribution, myDistributionsRead, payDistribution, readDistributions } from './distributions';

// The SPV's and staff's side of an offering's life against the local host (13_lifecycle.sql):
// a price, a declaration and its lines, who may pay, and a redemption decided.
let local: LocalBackend;
beforeAll(async () => {
  local = await startLocalBackend();
});
afterAll(() => local.close());

// An equity sample opportunity nobody holds yet: its account holds nothing (the demo investor's
// funded sample history put money in Groningen's, seed.sql).
const offering = 'agrivoltaics-spain';
const today = () => new Date().toISOString().slice(0, 10);

async function signedIn(email: string, password = 'pw') {
  const { store } = testStore();
  if (!(await store.signIn(email, password))) throw new Error(`${email} could not sign in`);
  return store;
}

describe("an offering's life in the console", () => {
  it('sets a price, declares a distribution with its lines, refuses the wrong payers, and decides a redemption', async () => {
    const investor = await signedIn('holder@example.eu');
    const holder = await idOf(local, 'holder@example.eu');
    await local.rows('select public.offering_issue_units($1, $2, 1000, 100000, 1000)', [holder, offering]);
    await local.rows(`update public.unit_movements set at = now() - interval '3 years' where member_id = $1`, [holder]);
    const spv = await signedIn(demoEmail('eq_spv_admin'), LOCAL_DEMO_PASSWORD);
    const mfo = await signedIn(demoEmail('mfo_admin'), LOCAL_DEMO_PASSWORD);

    const price = await setUnitPrice(spv, {
      opportunityId: offering,
      priceCents: 105,
      asOf: today(),
      reason: 'Valued',
    });
    expect(price).toMatchObject({ ok: true, price: { opportunity_id: offering, as_of: today(), price_cents: 105 } });
    expect(
      await setUnitPrice(spv, { opportunityId: offering, priceCents: 105, asOf: '2999-01-01', reason: 'Later' }),
    ).toMatchObject({ ok: false, error: actionErrors.priceInFuture.message });

    const declared = await declareDistribution(spv, {
      opportunityId: offering,
      recordDate: today(),
      amountCents: 100_001,
      kind: 'income',
    });
    if (!declared.ok) throw new Error(declared.error);
    const d = declared.distribution;
    expect(d.lines.length).toBe(d.holders);
    expect(d.lines.reduce((sum, l) => sum + l.gross_cents, 0)).toBe(100_001);
    expect(d.lines.reduce((sum, l) => sum + l.net_cents, 0)).toBe(d.net_cents);
    expect(d.withholding_cents + d.net_cents).toBe(100_001);

    const listed = await readDistributions(spv, offering);
    expect(listed).toMatchObject({ ok: true, rows: [{ id: d.id, status: 'declared', amount_cents: 100_001 }] });
    // The SPV may not pay; mfo_admin may, but the offering's account holds nothing yet.
    expect(await payDistribution(spv, d.id)).toMatchObject({
      ok: false,
      error: actionErrors.distributionPayDenied.message,
    });
    expect(await payDistribution(mfo, d.id)).toMatchObject({
      ok: false,
      error: actionErrors.offeringAccountShort.message,
    });
    const lines = await loadMemberRead(investor, myDistributionsRead);
    expect(lines).toMatchObject({ ok: true, rows: [{ distribution_id: d.id, status: 'declared', units: 1000 }] });

    const asked = await requestRedemption(investor, {
      opportunityId: offering,
      units: 100,
      idempotencyKey: crypto.randomUUID(),
    });
    if (!asked.ok) throw new Error(asked.error);
    const queue = await readQueue(spv);
    if (!queue.ok) throw new Error(queue.error);
    expect(queue.rows[0]).toMatchObject({ id: asked.id, member_id: holder, units: 100, status: 'requested' });
    expect(await reviewRedemption(spv, asked.id, 'rejected', '  Units pledged  ')).toEqual({ ok: true });
    const mine = await loadMemberRead(investor, myRedemptionsRead);
    expect(mine).toMatchObject({ ok: true, rows: [{ id: asked.id, status: 'rejected', reason: 'Units pledged' }] });
  });
});
