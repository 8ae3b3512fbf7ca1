import { describe, expect, it } from 'vitest';
import { PostgrestError } from '../_shared/postgrest';
import { hangUntilAborted, type LogLine } from '../_shared/testing/fakes';
import { handlePaymentsWebhook, type PaymentsWebhookStore } from './handler';
import { chargeRefunded, deps, disputeCreated, idempotentStore, noCalls, signed } from './testing';

/** Reversals: refunds and disputes sent to record_payment_reversal (a fake store). */

describe('the payments-webhook handler: refunds and charge-backs', () => {
  it('sends a whole refund to record_payment_reversal as a refund of the charge’s PaymentIntent', async () => {
    const store = idempotentStore();
    const response = await handlePaymentsWebhook(signed(chargeRefunded()), deps({ store }));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ received: true });
    expect(store.reversals).toEqual([{ providerRef: 'pi_3QpaymentA', kind: 'refund', eventId: 'evt_1QrefundA' }]);
    expect(store.calls).toEqual([]);
  });

  it('takes a refund as whole when amount_refunded equals the amount, even without `refunded`', async () => {
    const store = idempotentStore();
    const event = chargeRefunded({ refunded: false, amount_refunded: 2500 }, 'evt_1QrefundB');
    expect((await handlePaymentsWebhook(signed(event), deps({ store }))).status).toBe(200);
    expect(store.reversals.map((r) => [r.kind, r.eventId])).toEqual([['refund', 'evt_1QrefundB']]);
  });

  it('logs a partial refund and acknowledges it as ignored: the SQL reverses whole payments only', async () => {
    const lines: LogLine[] = [];
    const store = idempotentStore();
    const partial = chargeRefunded({ refunded: false, amount_refunded: 1000 });
    const response = await handlePaymentsWebhook(signed(partial), deps({ store }, lines));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ received: true, ignored: true });
    expect(store.reversals).toEqual([]);
    expect(lines).toContainEqual(
      expect.objectContaining({
        level: 'error',
        message: 'payment reversal ignored',
        fields: expect.objectContaining({
          reason: 'a partial refund',
          paymentIntent: 'pi_3QpaymentA',
          amountRefunded: 1000,
        }),
      }),
    );
  });

  it('sends a dispute to record_payment_reversal as a charge-back of the dispute’s PaymentIntent', async () => {
    const store = idempotentStore();
    const response = await handlePaymentsWebhook(signed(disputeCreated()), deps({ store }));
    expect(response.status).toBe(200);
    expect(store.reversals).toEqual([{ providerRef: 'pi_3QpaymentA', kind: 'chargeback', eventId: 'evt_1QdisputeA' }]);
  });

  it('answers a replayed refund or dispute 200 each time and applies it once (idempotent per event id)', async () => {
    const store = idempotentStore();
    for (const event of [chargeRefunded(), chargeRefunded(), disputeCreated(), disputeCreated()]) {
      expect((await handlePaymentsWebhook(signed(event), deps({ store }))).status).toBe(200);
    }
    expect(store.reversals.map((r) => r.eventId)).toEqual([
      'evt_1QrefundA',
      'evt_1QrefundA',
      'evt_1QdisputeA',
      'evt_1QdisputeA',
    ]);
    expect([...store.applied.keys()]).toEqual(['evt_1QrefundA', 'evt_1QdisputeA']);
  });

  it.each([
    ['a refund with no payment_intent', chargeRefunded({ payment_intent: null })],
    ['a dispute with no payment_intent', disputeCreated({ payment_intent: null })],
    ['a dispute with an empty payment_intent', disputeCreated({ payment_intent: '' })],
  ])('refuses %s: logged, acknowledged as ignored, no SQL called', async (_name, event) => {
    const lines: LogLine[] = [];
    const response = await handlePaymentsWebhook(signed(event), deps({ store: noCalls }, lines));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ received: true, ignored: true });
    expect(lines).toContainEqual(
      expect.objectContaining({
        level: 'error',
        message: 'payment reversal ignored',
        fields: expect.objectContaining({ reason: 'no payment_intent' }),
      }),
    );
  });

  it('refuses a forged refund with 401 and calls nothing', async () => {
    const response = await handlePaymentsWebhook(
      signed(chargeRefunded(), { key: 'whsec_not_ours' }),
      deps({ store: noCalls }),
    );
    expect(response.status).toBe(401);
  });

  it('answers 422 when the SQL refuses the reversal (a payment it never recorded), 504 when it hangs', async () => {
    const lines: LogLine[] = [];
    const unknown: PaymentsWebhookStore = {
      ...noCalls,
      recordReversal: async () => {
        throw new PostgrestError(400, '22023', 'unknown payment');
      },
    };
    const refused = await handlePaymentsWebhook(signed(disputeCreated()), deps({ store: unknown }, lines));
    expect(refused.status).toBe(422);
    expect(lines).toContainEqual(
      expect.objectContaining({
        level: 'error',
        message: 'refused: unprocessable',
        fields: expect.objectContaining({ reason: 'unknown payment' }),
      }),
    );
    const hung: PaymentsWebhookStore = { ...noCalls, recordReversal: (_record, signal) => hangUntilAborted(signal) };
    expect((await handlePaymentsWebhook(signed(chargeRefunded()), deps({ store: hung }))).status).toBe(504);
  });
});
