import { actionErrors, redemptionFeeCents } from '@vault/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idOf, type LocalBackend, startLocalBackend, testStore } from '../../test-support/localBackend';
import { loadMemberRead } from '../_query/memberRead';
import { myRedemptionsRead, redemptionQuote, requestRedemption } from './redemptions';

// The investor's side of a redemption against the local host (the SQL of 13_lifecycle.sql):
// the quote, the lock-up, the request with one key per attempt, and the member's list.
let local: LocalBackend;
beforeAll(async () => {
  local = await startLocalBackend();
});
afterAll(() => local.close());

const offering = 'solar-park-groningen';

describe('redeeming units', () => {
  it('quotes, refuses while locked up, then takes one request per key', async () => {
    const { store } = testStore();
    await store.signIn('redeemer@example.eu', 'pw');
    const id = await idOf(local, 'redeemer@example.eu');
    // 1,000 units issued to the member now (the sample offering's €1 price, a 24-month lock-up).
    await local.rows('select public.offering_issue_units($1, $2, 1000, 100000, 1000)', [id, offering]);

    const locked = await redemptionQuote(store, offering, 200);
    if (!locked.ok) throw new Error(locked.error);
    expect(locked.quote.redeemable).toBe(false);
    expect(locked.quote.lockup_ends_on).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const refused = await requestRedemption(store, {
      opportunityId: offering,
      units: 200,
      idempotencyKey: crypto.randomUUID(),
    });
    expect(refused).toMatchObject({ ok: false, code: 'P0001' });
    expect(refused.ok ? '' : refused.error).toContain(`locked up until ${locked.quote.lockup_ends_on}`);

    // Issued three years ago: the lock-up is over.
    await local.rows(`update public.unit_movements set at = now() - interval '3 years' where member_id = $1`, [id]);
    const quote = await redemptionQuote(store, offering, 200);
    if (!quote.ok) throw new Error(quote.error);
    const price = 200 * quote.quote.unit_price_cents;
    expect(quote.quote).toMatchObject({
      redeemable: true,
      lockup_ends_on: null,
      price_cents: price,
      fee_cents: redemptionFeeCents(price, 200),
      net_cents: price - redemptionFeeCents(price, 200),
    });

    const key = crypto.randomUUID();
    const first = await requestRedemption(store, { opportunityId: offering, units: 200, idempotencyKey: key });
    if (!first.ok) throw new Error(first.error);
    // A retry of the attempt (the same key and units) answers the same redemption.
    expect(await requestRedemption(store, { opportunityId: offering, units: 200, idempotencyKey: key })).toEqual({
      ok: true,
      id: first.id,
    });
    expect(await requestRedemption(store, { opportunityId: offering, units: 300, idempotencyKey: key })).toMatchObject({
      ok: false,
      error: actionErrors.redemptionKeyReused.message,
    });

    const mine = await loadMemberRead(store, myRedemptionsRead);
    if (!mine.ok) throw new Error(mine.error);
    expect(mine.rows).toEqual([
      expect.objectContaining({
        id: first.id,
        opportunity_id: offering,
        units: 200,
        status: 'requested',
        net_cents: null,
      }),
    ]);
  });
});
