import { describe, expect, it } from 'vitest';
import { PostgrestError } from '../_shared/postgrest';
import { hangUntilAborted, type LogLine } from '../_shared/testing/fakes';
import { handlePaymentsWebhook, type PaymentsWebhookStore } from './handler';
import { checkoutCompleted, deps, idempotentStore, noCalls, nowSeconds, signed, stripeSignature } from './testing';

/** Stripe's signature and its timestamp, and the answers when the database hangs, refuses or fails. */

describe('the payments-webhook handler: signatures and errors', () => {
  it('accepts any one of several v1 signatures (a secret being rolled)', async () => {
    const raw = JSON.stringify(checkoutCompleted());
    const header = `t=${nowSeconds},v1=${stripeSignature(raw, nowSeconds, 'whsec_old')},v1=${stripeSignature(raw, nowSeconds)}`;
    const response = await handlePaymentsWebhook(signed(checkoutCompleted(), { header }), deps());
    expect(response.status).toBe(200);
  });

  it.each([
    ['another secret', { key: 'whsec_not_ours' }],
    ['a body changed after signing', { tamper: true }],
    ['no v1 signature', { header: `t=${nowSeconds},v0=abc` }],
    ['no timestamp', { header: 'v1=abc' }],
    ['a garbage header', { header: 'nonsense' }],
    ['an empty header', { header: '' }],
  ])('refuses %s with 401 and records nothing', async (_name, options) => {
    const store = idempotentStore();
    const response = await handlePaymentsWebhook(signed(checkoutCompleted(), options), deps({ store }));
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ received: false, error: 'Invalid signature' });
    expect(store.calls).toEqual([]);
  });

  it('refuses a correctly signed event whose timestamp is more than 300 s away, and records nothing', async () => {
    const store = idempotentStore();
    for (const t of [nowSeconds - 301, nowSeconds + 301]) {
      const response = await handlePaymentsWebhook(signed(checkoutCompleted(), { t }), deps({ store }));
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ received: false, error: 'The event is too old' });
    }
    expect(store.calls).toEqual([]);
    expect(
      (await handlePaymentsWebhook(signed(checkoutCompleted(), { t: nowSeconds - 299 }), deps({ store }))).status,
    ).toBe(200);
  });

  it('answers 504 when the database hangs, 422 when the SQL refuses, 500 when it fails', async () => {
    const lines: LogLine[] = [];
    const hung: PaymentsWebhookStore = { ...noCalls, recordPayment: (_record, signal) => hangUntilAborted(signal) };
    const started = Date.now();
    expect((await handlePaymentsWebhook(signed(checkoutCompleted()), deps({ store: hung }, lines))).status).toBe(504);
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(lines).toContainEqual(expect.objectContaining({ level: 'error', message: 'refused: serverTimeout' }));
    const refusing: PaymentsWebhookStore = {
      ...noCalls,
      recordPayment: async () => {
        throw new PostgrestError(400, '23503', 'insert or update violates foreign key constraint');
      },
    };
    expect((await handlePaymentsWebhook(signed(checkoutCompleted()), deps({ store: refusing }))).status).toBe(422);
    const broken: PaymentsWebhookStore = {
      ...noCalls,
      recordPayment: async () => {
        throw new PostgrestError(503, null, null);
      },
    };
    expect((await handlePaymentsWebhook(signed(checkoutCompleted()), deps({ store: broken }))).status).toBe(500);
  });
});
