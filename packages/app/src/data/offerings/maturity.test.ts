import { actionErrors, demoEmail, maturityPaymentCents, unitPriceOn } from '@vault/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_DEMO_PASSWORD } from '../../../../../supabase/host/localAccounts.ts';
import { configureBackend } from '../../backend/client';
import {
  idOf,
  type LocalBackend,
  realtimeTransport,
  startLocalBackend,
  TEST_CONFIG,
  testStore,
} from '../../test-support/localBackend';
import { recordOfferingIncome } from '../offeringIncome/offeringIncome';
import { matureOffering, readMaturityFacts } from './maturity';

// The SPV reads an offering's maturity facts and matures it against the local host
// (13_lifecycle.sql): the tables' reads go through the app's shared client, on the signed-in
// member's session.
let local: LocalBackend;
beforeAll(async () => {
  local = await startLocalBackend();
});
afterAll(() => local.close());

// A closed sample offering of the equity SPV.
const offering = 'desalination-india';
const today = () => new Date().toISOString().slice(0, 10);

async function signedIn(email: string, password = 'pw') {
  const { store, area } = testStore();
  configureBackend({ config: TEST_CONFIG, storage: area.adapter, realtimeTransport });
  if (!(await store.signIn(email, password))) throw new Error(`${email} could not sign in`);
  return store;
}

describe("an offering's maturity in the console", () => {
  it('reads the units outstanding and the prices, pays them once the account can, and answers the same again', async () => {
    const investor = await signedIn('holder@example.eu');
    const holder = await idOf(local, 'holder@example.eu');
    await local.rows('select public.offering_issue_units($1, $2, 1000, 100000, 1000)', [holder, offering]);
    // Its units were issued long ago: the term has ended.
    await local.rows(`update public.unit_movements set at = now() - interval '10 years' where opportunity_id = $1`, [
      offering,
    ]);
    const own = await local.row<{ unit_price_cents: number }>(
      'select unit_price_cents from public.opportunities where id = $1',
      [offering],
    );

    expect(await matureOffering(investor, offering)).toMatchObject({
      ok: false,
      error: actionErrors.offeringSpvDenied.message,
    });

    const spv = await signedIn(demoEmail('eq_spv_admin'), LOCAL_DEMO_PASSWORD);
    const before = await readMaturityFacts(spv, offering);
    if (!before.ok) throw new Error(before.error);
    expect(before.facts.maturity).toBeNull();
    const units = before.facts.unitsOutstanding ?? 0;
    expect(units).toBeGreaterThanOrEqual(1000);
    const price = unitPriceOn(before.facts.prices, today(), own?.unit_price_cents ?? null);
    if (!price) throw new Error('the offering has a price');
    const toPay = maturityPaymentCents(units, price.priceCents);
    expect(toPay).toBeGreaterThan(0);

    // The sample's units were given, not paid for: its account holds less than the payment until the income arrives.
    const available = await local.row<{ cents: string }>('select public.offering_available_cents($1) as cents', [
      offering,
    ]);
    const short = toPay - Number(available?.cents ?? 0);
    expect(short).toBeGreaterThan(0);
    expect(await matureOffering(spv, offering)).toMatchObject({
      ok: false,
      error: actionErrors.offeringAccountShort.message,
    });
    const income = await recordOfferingIncome(spv, {
      opportunityId: offering,
      amountCents: short,
      receivedOn: today(),
      reference: 'SALE-OF-PLANT',
    });
    expect(income.ok).toBe(true);

    const matured = await matureOffering(spv, offering);
    if (!matured.ok) throw new Error(matured.error);
    expect(matured.maturity).toMatchObject({
      opportunity_id: offering,
      final_price_cents: price.priceCents,
      units,
      paid_cents: toPay,
    });
    expect(matured.maturity.holders).toBeGreaterThanOrEqual(1);
    expect(await matureOffering(spv, offering)).toEqual(matured);

    const after = await readMaturityFacts(spv, offering);
    if (!after.ok) throw new Error(after.error);
    expect(after.facts.maturity).toEqual(matured.maturity);
  });
});
