import type { PGlite, Transaction } from '@electric-sql/pglite';
import {
  AWAITING_PAYMENT_DAYS,
  actionErrors,
  complianceAlertText,
  investmentPaymentReference,
  investmentQuote,
  LEDGER_MAX_INVESTMENT_TOTAL_CENTS,
  ledgerNotifications,
  WITHDRAWAL_OVERDUE_DAYS,
} from '@vault/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { become, type Callers, createCallers } from './actors';
import { type Account, asActor, seededDb, tryQuery } from './db';
import { balanceOf, makeReadyToInvest, openOpportunity, recordPayment, refusal, verify } from './ledgerSupport';

/**
 * A member's cash on the ledger: deposits, holds for investments and their confirm / reject / cancel,
 * awaiting payment and its expiry, refunds and chargebacks, withdrawals, and the member's lines, paged.
 */

let db: PGlite;
let callers: Callers;

beforeAll(async () => {
  db = await seededDb();
  callers = await createCallers(db);
});

afterAll(async () => {
  await db?.close();
});

const submit = 'select * from public.submit_investment($1, $2, $3, $4)';

interface Investment {
  id: string;
  status: string;
  total_cents: string;
}

async function invest(tx: Transaction, member: Account, amountCents: number, method: 'bank' | 'card' = 'bank') {
  await become(tx, member);
  const { rows } = await tx.query<Investment>(submit, [openOpportunity.id, amountCents, method, crypto.randomUUID()]);
  const row = rows[0];
  if (!row) throw new Error('submit answered no row');
  return row;
}

async function statusOf(tx: Transaction, id: string): Promise<string | undefined> {
  await tx.exec('reset role');
  const { rows } = await tx.query<{ status: string }>('select status from public.investments where id = $1', [id]);
  return rows[0]?.status;
}

async function actionsOf(tx: Transaction, member: Account): Promise<string[]> {
  await tx.exec('reset role');
  const { rows } = await tx.query<{ action: string }>(
    `select action from public.audit_events where member_id = $1 and action <> 'ledger.transferred' order by id`,
    [member.id],
  );
  return rows.map((r) => r.action);
}

describe('deposits, holds and decisions', () => {
  it('credits a settled payment to the member’s cash, and a pending or failed one not at all', async () => {
    await asActor(db, 'service_role', async (tx) => {
      const me = callers.investorA;
      await recordPayment(tx, me, 'pi_d1', 200_000, 'settled');
      await recordPayment(tx, me, 'pi_d2', 50_000, 'pending');
      await recordPayment(tx, me, 'pi_d3', 70_000, 'failed');
      expect(await balanceOf(tx, me)).toEqual({ available: 200_000, held: 0, total: 200_000 });
      // The pending one settles: credited then, once, even when its event is replayed.
      await recordPayment(tx, me, 'pi_d2', 50_000, 'settled', 'evt-d2');
      await recordPayment(tx, me, 'pi_d2', 50_000, 'settled', 'evt-d2');
      expect(await balanceOf(tx, me)).toEqual({ available: 250_000, held: 0, total: 250_000 });
      await become(tx, callers.mfo_admin);
      const trial = await tx.query<Record<string, unknown>>('select * from public.ledger_trial_balance()');
      const eur = trial.rows.find((r) => r.currency === 'EUR');
      expect(Number(eur?.debits_posted)).toBe(Number(eur?.credits_posted));
      expect(Number(eur?.debits_posted)).toBeGreaterThanOrEqual(250_000);
      expect(await verify(tx, callers.mfo_admin)).toBeNull();
    });
  });

  it('holds amount and fees when the cash covers them; rejecting gives it all back to the cent; confirming posts it', async () => {
    await asActor(db, 'service_role', async (tx) => {
      const me = callers.investorA;
      await makeReadyToInvest(tx, me);
      await recordPayment(tx, me, 'pi_h', 200_000, 'settled');
      // What the escrow and the fee income held before (the seed's: the demo investor's funded history).
      const credits = async () => {
        await tx.exec('reset role');
        const { rows } = await tx.query<{ kind: string; credits_posted: string }>(
          `select kind, credits_posted from public.ledger_accounts
           where kind in ('offering_escrow', 'platform_fee_income') and (opportunity_id = $1 or opportunity_id is null)`,
          [openOpportunity.id],
        );
        return {
          offering_escrow: 0,
          platform_fee_income: 0,
          ...Object.fromEntries(rows.map((r) => [r.kind, Number(r.credits_posted)])),
        };
      };
      const before = await credits();
      const quote = investmentQuote(100_000, 'card');
      const a = await invest(tx, me, 100_000, 'card');
      expect(a.status).toBe('Pending');
      expect(await balanceOf(tx, me)).toEqual({
        available: 200_000 - quote.totalCents,
        held: quote.totalCents,
        total: 200_000,
      });
      await become(tx, callers.eq_spv_admin);
      await tx.query('select public.review_investment($1, $2, $3)', [a.id, 'rejected', 'Not now']);
      expect(await balanceOf(tx, me)).toEqual({ available: 200_000, held: 0, total: 200_000 });

      const b = await invest(tx, me, 100_000, 'bank');
      await become(tx, callers.adminFlag);
      await tx.query('select public.review_investment($1, $2, null)', [b.id, 'confirmed']);
      const bank = investmentQuote(100_000, 'bank');
      expect(await balanceOf(tx, me)).toEqual({
        available: 200_000 - bank.totalCents,
        held: 0,
        total: 200_000 - bank.totalCents,
      });
      // The escrow and the fee income got it.
      expect(await credits()).toEqual({
        offering_escrow: before.offering_escrow + 100_000,
        platform_fee_income: before.platform_fee_income + bank.managementFeeCents,
      });
      expect(await verify(tx, callers.compliance)).toBeNull();
    });
  });

  it('waits for a payment when the cash does not cover it: the arrival holds the funds in the same transaction', async () => {
    await asActor(db, 'service_role', async (tx) => {
      const me = callers.investorB;
      await makeReadyToInvest(tx, me);
      await recordPayment(tx, me, 'pi_a1', 2_000, 'settled');
      const row = await invest(tx, me, 100_000, 'bank');
      expect(row.status).toBe('Awaiting payment');
      expect(await balanceOf(tx, me)).toEqual({ available: 2_000, held: 0, total: 2_000 });
      expect(investmentPaymentReference(row.id)).toMatch(/^VLT-[0-9A-F]{16}$/);
      await recordPayment(tx, me, 'pi_a2', 99_010, 'settled');
      expect(await statusOf(tx, row.id)).toBe('Pending');
      const total = investmentQuote(100_000, 'bank').totalCents;
      expect(await balanceOf(tx, me)).toEqual({ available: 101_010 - total, held: total, total: 101_010 });
      expect(await actionsOf(tx, me)).toContain('investment.funded');
      expect(await verify(tx, callers.mfo_admin)).toBeNull();
    });
  });

  it('funds waiting investments in the order they arrived, even when they share a submitted_at', async () => {
    await asActor(db, 'service_role', async (tx) => {
      // One transaction: now() is the same for all three, so only the arrival order separates them.
      const me = callers.investorB;
      await makeReadyToInvest(tx, me);
      const rows = [await invest(tx, me, 100_000), await invest(tx, me, 50_000), await invest(tx, me, 20_000)];
      expect(rows.map((r) => r.status)).toEqual(['Awaiting payment', 'Awaiting payment', 'Awaiting payment']);
      await recordPayment(tx, me, 'pi_order', investmentQuote(100_000, 'bank').totalCents, 'settled');
      const statuses = [];
      for (const row of rows) statuses.push(await statusOf(tx, row.id));
      expect(statuses).toEqual(['Pending', 'Awaiting payment', 'Awaiting payment']);
    });
  });

  it('holds nothing twice: two submissions that together exceed the cash leave one Pending and one Awaiting payment', async () => {
    await asActor(db, 'service_role', async (tx) => {
      const me = callers.investorA;
      await makeReadyToInvest(tx, me);
      await recordPayment(tx, me, 'pi_t', 150_000, 'settled');
      const first = await invest(tx, me, 100_000);
      const second = await invest(tx, me, 100_000);
      expect([first.status, second.status]).toEqual(['Pending', 'Awaiting payment']);
      expect((await balanceOf(tx, me)).held).toBe(investmentQuote(100_000, 'bank').totalCents);
    });
  });

  it('releases the hold when the investor cancels, and cancels an investment awaiting payment', async () => {
    await asActor(db, 'service_role', async (tx) => {
      const me = callers.investorA;
      await makeReadyToInvest(tx, me);
      await recordPayment(tx, me, 'pi_c', 150_000, 'settled');
      const held = await invest(tx, me, 100_000);
      const waiting = await invest(tx, me, 100_000);
      await become(tx, me);
      await tx.query('select public.cancel_investment($1)', [held.id]);
      expect(await balanceOf(tx, me)).toEqual({ available: 150_000, held: 0, total: 150_000 });
      await become(tx, me);
      await tx.query('select public.cancel_investment($1)', [waiting.id]);
      expect(await statusOf(tx, waiting.id)).toBe('Cancelled');
      expect(await verify(tx, callers.mfo_admin)).toBeNull();
    });
  });

  it(`cancels an investment still awaiting payment after ${AWAITING_PAYMENT_DAYS} days, and tells the member`, async () => {
    await asActor(db, 'service_role', async (tx) => {
      const me = callers.investorB;
      await makeReadyToInvest(tx, me);
      const row = await invest(tx, me, 100_000);
      expect(row.status).toBe('Awaiting payment');
      const run = async (days: number) => {
        await become(tx, 'service_role');
        const { rows } = await tx.query<{ cancelled_investments: number }>(
          `select * from public.ledger_run_expiries(now() + $1::interval)`,
          [`${days} days`],
        );
        return rows[0]?.cancelled_investments;
      };
      expect(await run(AWAITING_PAYMENT_DAYS - 1)).toBe(0);
      expect(await statusOf(tx, row.id)).toBe('Awaiting payment');
      expect(await run(AWAITING_PAYMENT_DAYS)).toBe(1);
      expect(await statusOf(tx, row.id)).toBe('Cancelled');
      expect(await run(AWAITING_PAYMENT_DAYS + 1)).toBe(0);
      expect(await actionsOf(tx, me)).toContain('investment.expired');
      const notes = await tx.query<{ title: string; body: string }>(
        `select title, body from public.notifications where user_id = $1 and title = 'Investment cancelled'`,
        [me.id],
      );
      expect(notes.rows).toEqual([ledgerNotifications.investmentExpired(openOpportunity.name)]);
      // A payment arriving later funds nothing.
      await recordPayment(tx, me, 'pi_late', 200_000, 'settled');
      expect(await statusOf(tx, row.id)).toBe('Cancelled');
      expect(await balanceOf(tx, me)).toEqual({ available: 200_000, held: 0, total: 200_000 });
    });
  });

  it(`refuses a total above €${LEDGER_MAX_INVESTMENT_TOTAL_CENTS / 100}`, async () => {
    await asActor(db, 'service_role', async (tx) => {
      const me = callers.investorA;
      await makeReadyToInvest(tx, me);
      await become(tx, me);
      const over = await tryQuery(tx, submit, [openOpportunity.id, 9_900_990_100, 'bank', crypto.randomUUID()]);
      expect(over).toMatchObject(refusal(actionErrors.investmentTotalTooLarge));
      const huge = await tryQuery(tx, submit, [openOpportunity.id, 900_000_000_000_000, 'bank', crypto.randomUUID()]);
      expect(huge).toMatchObject(refusal(actionErrors.investmentTotalTooLarge));
      // The largest allowed total awaits its payment.
      const top = await tryQuery<Investment>(tx, submit, [
        openOpportunity.id,
        9_900_990_099,
        'bank',
        crypto.randomUUID(),
      ]);
      expect(top).toMatchObject({ ok: true, value: { rows: [{ status: 'Awaiting payment' }] } });
      if (top.ok) expect(Number(top.value.rows[0]?.total_cents)).toBeLessThanOrEqual(LEDGER_MAX_INVESTMENT_TOTAL_CENTS);
    });
  });
});

describe('refunds and chargebacks', () => {
  it('refunds from available cash only; a refund it cannot cover is kept with its reason and changes nothing', async () => {
    await asActor(db, 'service_role', async (tx) => {
      const me = callers.investorA;
      await makeReadyToInvest(tx, me);
      await recordPayment(tx, me, 'pi_r1', 100_000, 'settled');
      await invest(tx, me, 90_000);
      await become(tx, 'service_role');
      const refused = await tx.query<{ status: string }>(
        `select status from public.record_payment_reversal('pi_r1', 'refund', 'evt-refund-1')`,
      );
      expect(refused.rows).toEqual([{ status: 'settled' }]);
      await tx.exec('reset role');
      const kept = await tx.query<{ reason: string }>(
        `select reason from public.ledger_refusals where event_id = 'evt-refund-1'`,
      );
      expect(kept.rows).toEqual([{ reason: "the refund exceeds the member's available cash" }]);
      expect((await balanceOf(tx, me)).total).toBe(100_000);

      await recordPayment(tx, me, 'pi_r2', 30_000, 'settled');
      await become(tx, 'service_role');
      await tx.query(`select public.record_payment_reversal('pi_r2', 'refund', 'evt-refund-2')`);
      // A replayed event changes nothing.
      await tx.query(`select public.record_payment_reversal('pi_r2', 'refund', 'evt-refund-2')`);
      const bank = investmentQuote(90_000, 'bank').totalCents;
      expect(await balanceOf(tx, me)).toEqual({ available: 100_000 - bank, held: bank, total: 100_000 });
      expect(await actionsOf(tx, me)).toContain('payment.refunded');
      expect(await verify(tx, callers.mfo_admin)).toBeNull();
    });
  });

  it('charges back even when the cash was spent: the rest becomes the member’s receivable, with a compliance alert', async () => {
    await asActor(db, 'service_role', async (tx) => {
      const me = callers.investorB;
      await makeReadyToInvest(tx, me);
      await recordPayment(tx, me, 'pi_cb', 100_000, 'settled');
      const row = await invest(tx, me, 90_000);
      await become(tx, callers.eq_spv_admin);
      await tx.query('select public.review_investment($1, $2, null)', [row.id, 'confirmed']);
      const left = 100_000 - investmentQuote(90_000, 'bank').totalCents;
      await become(tx, 'service_role');
      await tx.query(`select public.record_payment_reversal('pi_cb', 'chargeback', 'evt-cb')`);
      expect(await balanceOf(tx, me)).toEqual({ available: 0, held: 0, total: 0 });
      await tx.exec('reset role');
      const receivable = await tx.query<{ owed: string }>(
        `select debits_posted - credits_posted as owed from public.ledger_accounts where kind = 'member_receivable' and member_id = $1`,
        [me.id],
      );
      expect(Number(receivable.rows[0]?.owed)).toBe(100_000 - left);
      const alerts = await tx.query<{ issue: string; priority: string; member_id: string }>(
        `select issue, priority, member_id from public.compliance_alerts where issue like 'Chargeback of payment pi_cb%'`,
      );
      expect(alerts.rows).toEqual([
        {
          ...complianceAlertText('payment.charged_back', {
            payment: 'pi_cb',
            amountCents: '100000',
            owedCents: String(100_000 - left),
          }),
          member_id: me.id,
        },
      ]);
      const notes = await tx.query<{ title: string; body: string }>(
        `select title, body from public.notifications where user_id = $1 and title = $2`,
        [me.id, ledgerNotifications.chargedBack.title],
      );
      expect(notes.rows).toEqual([ledgerNotifications.chargedBack]);
      expect(await verify(tx, callers.mfo_admin)).toBeNull();
    });
  });

  it('counts the first on-ramp only while a settled, unreversed payment of at least €20 stands', async () => {
    await asActor(db, 'service_role', async (tx) => {
      const me = callers.investorA;
      const onramp = async () => {
        await tx.exec('reset role');
        const { rows } = await tx.query<{ ok: boolean }>(
          'select first_onramp_ok as ok from public.profiles where id = $1',
          [me.id],
        );
        return rows[0]?.ok;
      };
      await recordPayment(tx, me, 'pi_o1', 2_000, 'settled');
      await recordPayment(tx, me, 'pi_o2', 2_500, 'settled');
      expect(await onramp()).toBe(true);
      await become(tx, 'service_role');
      await tx.query(`select public.record_payment_reversal('pi_o1', 'refund', 'evt-o1')`);
      expect(await onramp()).toBe(true);
      await become(tx, 'service_role');
      await tx.query(`select public.record_payment_reversal('pi_o2', 'chargeback', 'evt-o2')`);
      expect(await onramp()).toBe(false);
      expect(await actionsOf(tx, me)).toContain('onramp.revoked');
      // A reversal of a payment that is not settled is kept as refused.
      await recordPayment(tx, me, 'pi_o3', 5_000, 'pending');
      await become(tx, 'service_role');
      await tx.query(`select public.record_payment_reversal('pi_o3', 'refund', 'evt-o3')`);
      await tx.exec('reset role');
      const kept = await tx.query(`select kind from public.ledger_refusals where event_id = 'evt-o3'`);
      expect(kept.rows).toEqual([{ kind: 'refund' }]);
    });
  });

  it('refuses bad arguments', async () => {
    await asActor(db, 'service_role', async (tx) => {
      const call = (args: unknown[]) => tryQuery(tx, 'select public.record_payment_reversal($1, $2, $3)', args);
      expect(await call(['pi_x', 'refund', null])).toMatchObject(refusal(actionErrors.eventIdRequired));
      expect(await call([null, 'refund', 'evt'])).toMatchObject(refusal(actionErrors.providerRefRequired));
      expect(await call(['pi_x', 'undo', 'evt'])).toMatchObject(refusal(actionErrors.badReversalKind));
      expect(await call(['pi_none', 'refund', 'evt'])).toMatchObject(refusal(actionErrors.unknownPayment));
    });
  });
});

describe('withdrawals', () => {
  const request = 'select * from public.request_withdrawal($1, $2)';

  it('holds the amount; the payout posts it, a failure returns it; a retry answers the first; other amounts are refused', async () => {
    await asActor(db, 'service_role', async (tx) => {
      const me = callers.investorA;
      await recordPayment(tx, me, 'pi_w', 10_000, 'settled');
      const key = crypto.randomUUID();
      await become(tx, me);
      const first = await tx.query<{ id: string; destination: string; destination_ref: string }>(request, [4_000, key]);
      const again = await tx.query<{ id: string }>(request, [4_000, key]);
      expect(again.rows[0]?.id).toBe(first.rows[0]?.id);
      expect(first.rows[0]).toMatchObject({ destination: 'deposit_source', destination_ref: 'pi_w' });
      expect(await tryQuery(tx, request, [5_000, key])).toMatchObject(refusal(actionErrors.withdrawalKeyReused));
      expect(await tryQuery(tx, request, [6_001, crypto.randomUUID()])).toMatchObject(
        refusal(actionErrors.withdrawalExceedsAvailable),
      );
      expect(await tryQuery(tx, request, [0, crypto.randomUUID()])).toMatchObject(refusal(actionErrors.badAmount));
      expect(await tryQuery(tx, request, [100, null])).toMatchObject(refusal(actionErrors.idempotencyKeyRequired));
      expect(await balanceOf(tx, me)).toEqual({ available: 6_000, held: 4_000, total: 10_000 });

      await become(tx, me);
      const second = await tx.query<{ id: string }>(request, [6_000, crypto.randomUUID()]);
      await become(tx, 'service_role');
      await tx.query(`select public.record_payout($1, 'paid', 'evt-w1')`, [first.rows[0]?.id]);
      await tx.query(`select public.record_payout($1, 'failed', 'evt-w2')`, [second.rows[0]?.id]);
      // Replays, and a late event for a decided withdrawal, change nothing.
      await tx.query(`select public.record_payout($1, 'failed', 'evt-w1')`, [first.rows[0]?.id]);
      await tx.query(`select public.record_payout($1, 'paid', 'evt-w3')`, [second.rows[0]?.id]);
      expect(await balanceOf(tx, me)).toEqual({ available: 6_000, held: 0, total: 6_000 });
      expect(await actionsOf(tx, me)).toEqual(
        expect.arrayContaining(['withdrawal.requested', 'withdrawal.paid', 'withdrawal.failed']),
      );
      const notes = await tx.query(`select title, body from public.notifications where user_id = $1 and title = $2`, [
        me.id,
        ledgerNotifications.withdrawalFailed.title,
      ]);
      expect(notes.rows).toEqual([ledgerNotifications.withdrawalFailed]);
      await become(tx, 'service_role');
      expect(
        await tryQuery(tx, `select public.record_payout($1, 'sent', 'evt-w4')`, [first.rows[0]?.id]),
      ).toMatchObject(refusal(actionErrors.badPayoutStatus));
      expect(await tryQuery(tx, `select public.record_payout(gen_random_uuid(), 'paid', 'evt-w5')`)).toMatchObject(
        refusal(actionErrors.unknownWithdrawal),
      );
      expect(await verify(tx, callers.adminFlag)).toBeNull();
    });
  });

  it(`alerts compliance once about a withdrawal with no payout event after ${WITHDRAWAL_OVERDUE_DAYS} days, and keeps its hold`, async () => {
    await asActor(db, 'service_role', async (tx) => {
      const me = callers.investorA;
      await recordPayment(tx, me, 'pi_overdue', 10_000, 'settled');
      await become(tx, me);
      const waiting = await tx.query<{ id: string }>(request, [3_000, crypto.randomUUID()]);
      const paid = await tx.query<{ id: string }>(request, [2_000, crypto.randomUUID()]);
      const waitingId = waiting.rows[0]?.id ?? '';
      await become(tx, 'service_role');
      await tx.query(`select public.record_payout($1, 'paid', 'evt-overdue-paid')`, [paid.rows[0]?.id]);
      const run = async (days: number) => {
        await become(tx, 'service_role');
        const { rows } = await tx.query<{ overdue_withdrawals: number }>(
          'select * from public.ledger_run_expiries(now() + $1::interval)',
          [`${days} days`],
        );
        return rows[0]?.overdue_withdrawals;
      };
      const alerts = async () => {
        await tx.exec('reset role');
        const { rows } = await tx.query<{ issue: string; priority: string; member_id: string; status: string }>(
          `select issue, priority, member_id, status from public.compliance_alerts where issue like 'Withdrawal %'`,
        );
        return rows;
      };
      expect(await run(WITHDRAWAL_OVERDUE_DAYS - 1)).toBe(0);
      expect(await alerts()).toEqual([]);
      expect(await run(WITHDRAWAL_OVERDUE_DAYS)).toBe(1);
      expect(await run(WITHDRAWAL_OVERDUE_DAYS + 1)).toBe(0);
      expect(await alerts()).toEqual([
        {
          issue: `Withdrawal ${waitingId} of 3000 cents has had no payout event for ${WITHDRAWAL_OVERDUE_DAYS} days`,
          priority: 'High',
          member_id: me.id,
          status: 'open',
        },
      ]);
      expect((await actionsOf(tx, me)).filter((action) => action === 'withdrawal.overdue')).toHaveLength(1);
      // The hold stays until the provider answers: the money may already have left.
      expect(await balanceOf(tx, me)).toEqual({ available: 5_000, held: 3_000, total: 8_000 });
      await become(tx, 'service_role');
      await tx.query(`select public.record_payout($1, 'failed', 'evt-overdue-failed')`, [waitingId]);
      expect(await balanceOf(tx, me)).toEqual({ available: 8_000, held: 0, total: 8_000 });
      expect(await verify(tx, callers.adminFlag)).toBeNull();
    });
  });
});

describe('the member’s ledger lines', () => {
  it('pages newest first with keyset paging; each line’s change and running balance add up', async () => {
    await asActor(db, 'service_role', async (tx) => {
      const me = callers.investorA;
      await makeReadyToInvest(tx, me);
      for (const [i, cents] of [5_000, 7_000, 3_000].entries())
        await recordPayment(tx, me, `pi_l${i}`, cents, 'settled');
      const row = await invest(tx, me, 4_000);
      await become(tx, me);
      await tx.query('select public.cancel_investment($1)', [row.id]);
      await tx.query('select public.request_withdrawal(2000, $1)', [crypto.randomUUID()]);
      interface Line {
        seq: string;
        amount_cents: string;
        balance_cents: string;
        description: string;
      }
      const all: Line[] = [];
      let after: string | null = null;
      for (;;) {
        await become(tx, me);
        const page: { rows: Line[] } = await tx.query<Line>('select * from public.my_ledger_lines($1, 2)', [after]);
        if (page.rows.length === 0) break;
        expect(page.rows.length).toBeLessThanOrEqual(2);
        all.push(...page.rows);
        after = page.rows.at(-1)?.seq ?? null;
      }
      // Deposits 3, a hold of 2 legs, its release in 2, the withdrawal's hold.
      expect(all).toHaveLength(8);
      const seqs = all.map((l) => Number(l.seq));
      expect([...seqs].sort((a, b) => b - a)).toEqual(seqs);
      for (let i = 0; i < all.length; i += 1) {
        const older = all[i + 1];
        const line = all[i];
        expect(Number(line?.balance_cents)).toBe(Number(older?.balance_cents ?? 0) + Number(line?.amount_cents));
      }
      const balance = await balanceOf(tx, me);
      expect(Number(all[0]?.balance_cents)).toBe(balance.available);
      expect(all.at(-1)).toMatchObject({ amount_cents: 5_000, description: 'Deposit pi_l0' });
    });
  });
});
