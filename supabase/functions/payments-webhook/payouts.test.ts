import { describe, expect, it } from 'vitest';
import { PostgrestError } from '../_shared/postgrest';
import type { LogLine } from '../_shared/testing/fakes';
import { handlePaymentsWebhook, type PaymentsWebhookStore } from './handler';
import { deps, idempotentStore, noCalls, payoutEvent, signed, withdrawalId } from './testing';

/** Payouts: a withdrawal's payout events sent to record_payout (a fake store). */

describe('the payments-webhook handler: payouts', () => {
  it('sends payout.paid to record_payout as paid, for the withdrawal its metadata names', async () => {
    const store = idempotentStore();
    const response = await handlePaymentsWebhook(signed(payoutEvent('payout.paid')), deps({ store }));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ received: true });
    expect(store.payouts).toEqual([{ withdrawalId, status: 'paid', eventId: 'evt_1QpayoutA' }]);
    expect(store.calls).toEqual([]);
    expect(store.reversals).toEqual([]);
  });

  it('sends payout.failed and payout.canceled to record_payout as failed', async () => {
    const store = idempotentStore();
    await handlePaymentsWebhook(signed(payoutEvent('payout.failed', {}, 'evt_1QpayoutF')), deps({ store }));
    await handlePaymentsWebhook(signed(payoutEvent('payout.canceled', {}, 'evt_1QpayoutC')), deps({ store }));
    expect(store.payouts.map((p) => [p.status, p.eventId])).toEqual([
      ['failed', 'evt_1QpayoutF'],
      ['failed', 'evt_1QpayoutC'],
    ]);
  });

  it('names the withdrawal in lower case, as the database writes a uuid', async () => {
    const store = idempotentStore();
    const event = payoutEvent('payout.paid', { metadata: { withdrawal_id: withdrawalId.toUpperCase() } });
    expect((await handlePaymentsWebhook(signed(event), deps({ store }))).status).toBe(200);
    expect(store.payouts[0]?.withdrawalId).toBe(withdrawalId);
  });

  it('answers a replayed payout 200 each time and applies it once (idempotent per event id)', async () => {
    const store = idempotentStore();
    for (const event of [payoutEvent('payout.paid'), payoutEvent('payout.paid')]) {
      expect((await handlePaymentsWebhook(signed(event), deps({ store }))).status).toBe(200);
    }
    expect(store.payouts.map((p) => p.eventId)).toEqual(['evt_1QpayoutA', 'evt_1QpayoutA']);
    expect([...store.applied.keys()]).toEqual(['evt_1QpayoutA']);
  });

  it.each([
    ['no event id', { ...payoutEvent('payout.paid'), id: undefined }, 'no event id', 'error'],
    ['an event id Stripe never sends', payoutEvent('payout.paid', {}, 'po_1QpayoutA'), 'no event id', 'error'],
    [
      'a withdrawal_id that is not a uuid',
      payoutEvent('payout.failed', { metadata: { withdrawal_id: 'w-42' } }),
      'withdrawal_id is not a uuid',
      'error',
    ],
    ['no data.object', { ...payoutEvent('payout.paid'), data: {} }, 'no data.object', 'error'],
    // Stripe's payouts of the platform's own balance carry no withdrawal: logged, not an error.
    ['no withdrawal_id', payoutEvent('payout.paid', { metadata: {} }), 'no withdrawal_id', 'info'],
  ])(
    'ignores a payout with %s: logged, acknowledged 200 as ignored, no SQL called',
    async (_name, event, reason, level) => {
      const lines: LogLine[] = [];
      const response = await handlePaymentsWebhook(signed(event), deps({ store: noCalls }, lines));
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ received: true, ignored: true });
      expect(lines).toContainEqual(
        expect.objectContaining({
          level,
          message: 'payout event ignored',
          fields: expect.objectContaining({ reason }),
        }),
      );
    },
  );

  it('leaves other payout events (payout.created) unrecorded, acknowledged as ignored', async () => {
    const response = await handlePaymentsWebhook(
      signed({ ...payoutEvent('payout.paid'), type: 'payout.created' }),
      deps({ store: noCalls }),
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ received: true, ignored: true });
  });

  it('refuses a forged payout with 401 and calls nothing', async () => {
    const response = await handlePaymentsWebhook(
      signed(payoutEvent('payout.paid'), { key: 'whsec_not_ours' }),
      deps({ store: noCalls }),
    );
    expect(response.status).toBe(401);
  });

  it('answers 422 when the SQL refuses the payout (a withdrawal it does not know), logged', async () => {
    const lines: LogLine[] = [];
    const unknown: PaymentsWebhookStore = {
      ...noCalls,
      recordPayout: async () => {
        throw new PostgrestError(400, '22023', 'unknown withdrawal');
      },
    };
    const refused = await handlePaymentsWebhook(signed(payoutEvent('payout.paid')), deps({ store: unknown }, lines));
    expect(refused.status).toBe(422);
    expect(lines).toContainEqual(
      expect.objectContaining({
        level: 'error',
        message: 'refused: unprocessable',
        fields: expect.objectContaining({ reason: 'unknown withdrawal' }),
      }),
    );
  });
});
