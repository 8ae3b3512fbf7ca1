import { describe, expect, it } from 'vitest';
import type { LogLine } from '../_shared/testing/fakes';
import { handlePaymentsWebhook } from './handler';
import { checkoutCompleted, deps, idempotentStore, memberId, paymentIntent, signed } from './testing';

/** Payments: Checkout Sessions and PaymentIntents recorded through record_payment (a fake store). */

describe('the payments-webhook handler: payments', () => {
  it('records a paid checkout.session.completed signed as Stripe documents as settled, on its PaymentIntent', async () => {
    const store = idempotentStore();
    const response = await handlePaymentsWebhook(signed(checkoutCompleted()), deps({ store }));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ received: true });
    expect(store.calls).toEqual([
      {
        memberId,
        providerRef: 'pi_3QpaymentA',
        amountCents: 2500,
        currency: 'EUR',
        status: 'settled',
        eventId: 'evt_1QcheckoutA',
      },
    ]);
  });

  it('maps payment_intent.succeeded to settled and payment_intent.payment_failed to failed, on the same reference', async () => {
    const store = idempotentStore();
    await handlePaymentsWebhook(signed(paymentIntent('payment_intent.succeeded')), deps({ store }));
    await handlePaymentsWebhook(
      signed(paymentIntent('payment_intent.payment_failed', {}, 'evt_1QintentB')),
      deps({ store }),
    );
    expect(store.calls.map((c) => [c.status, c.providerRef, c.amountCents, c.eventId])).toEqual([
      ['settled', 'pi_3QpaymentA', 2500, 'evt_1QintentA'],
      ['failed', 'pi_3QpaymentA', 2500, 'evt_1QintentB'],
    ]);
  });

  it('records a delayed method’s completed session as pending, and its async outcome', async () => {
    const store = idempotentStore();
    await handlePaymentsWebhook(signed(checkoutCompleted({ payment_status: 'unpaid' })), deps({ store }));
    const succeeded = {
      ...checkoutCompleted({ payment_status: 'paid' }, 'evt_async_ok'),
      type: 'checkout.session.async_payment_succeeded',
    };
    await handlePaymentsWebhook(signed(succeeded), deps({ store }));
    expect(store.calls.map((c) => c.status)).toEqual(['pending', 'settled']);
  });

  it('answers a replayed event 200 and records it once (idempotent per event id)', async () => {
    const store = idempotentStore();
    const first = await handlePaymentsWebhook(signed(checkoutCompleted()), deps({ store }));
    const again = await handlePaymentsWebhook(signed(checkoutCompleted()), deps({ store }));
    expect([first.status, again.status]).toEqual([200, 200]);
    expect(store.calls.map((c) => c.eventId)).toEqual(['evt_1QcheckoutA', 'evt_1QcheckoutA']);
    expect(store.applied.size).toBe(1);
  });

  it('acknowledges events that are not a member’s payment without recording them', async () => {
    const lines: LogLine[] = [];
    const store = idempotentStore();
    const other = { id: 'evt_other', type: 'customer.created', data: { object: { id: 'cus_1' } } };
    expect(await (await handlePaymentsWebhook(signed(other), deps({ store }, lines))).json()).toEqual({
      received: true,
      ignored: true,
    });
    const subscription = checkoutCompleted({ mode: 'subscription' });
    expect((await handlePaymentsWebhook(signed(subscription), deps({ store }, lines))).status).toBe(200);
    const free = checkoutCompleted({ amount_total: 0 });
    expect(await (await handlePaymentsWebhook(signed(free), deps({ store }, lines))).json()).toEqual({
      received: true,
      ignored: true,
    });
    expect(store.calls).toEqual([]);
    expect(lines).toContainEqual(expect.objectContaining({ level: 'error', message: 'payment event ignored' }));
  });

  it('sends a payment that names no Vault member to record_payment without one, for the review list', async () => {
    const store = idempotentStore();
    for (const metadata of [{}, { member_id: 'not-a-member' }]) {
      const event = checkoutCompleted({ metadata }, `evt_anonymous_${Object.keys(metadata).length}`);
      expect((await handlePaymentsWebhook(signed(event), deps({ store }))).status).toBe(200);
    }
    expect(store.calls.map((c) => [c.memberId, c.providerRef, c.amountCents, c.currency, c.status])).toEqual([
      [null, 'pi_3QpaymentA', 2500, 'EUR', 'settled'],
      [null, 'pi_3QpaymentA', 2500, 'EUR', 'settled'],
    ]);
  });
});
