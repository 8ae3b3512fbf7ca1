import type { PGlite, Transaction } from '@electric-sql/pglite';
import {
  AWAITING_PAYMENT_DAYS,
  actionErrors,
  investmentPaymentReference,
  investmentQuote,
  LEDGER_MAX_INVESTMENT_TOTAL_CENTS,
  ledgerAccountKinds,
  ledgerNotifications,
} from '@vault/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asOwner, become, type CallerName, type Callers, callerNames, createCallers, whoIs } from './actors';
import { type Account, asActor, seededDb, tryQuery } from './db';
import { balanceOf, makeReadyToInvest, openOpportunity, recordPayment, verify } from './ledgerSupport';

/**
 * The ledger (supabase/schemas/11_ledger.sql, and the functions that move money): every new
 * function as every caller; deposits, holds, confirm / reject / cancel, awaiting payment and its
 * expiry, refunds and chargebacks, withdrawals; the transfer function's own guarantees (retries,
 * partial posts, linked transfers, timeouts, immutability); the members' lines, paged.
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
const readers: CallerName[] = ['compliance', 'mfo_admin', 'adminFlag'];

function refusal(error: { code: string; message: string }) {
  return { ok: false, code: error.code, message: error.message };
}

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

async function asTheOwner(tx: Transaction): Promise<void> {
  await tx.exec('reset role');
  await tx.query(`select set_config('request.jwt.claims', '', true)`);
}

describe('who may call the ledger’s functions', () => {
  const denied = (fn: string) => refusal(actionErrors.functionDenied(fn));

  it.each(callerNames)('my_balance and my_ledger_lines as %s', async (name) => {
    const result = await asActor(db, whoIs(callers, name), async (tx) => ({
      balance: await tryQuery(tx, 'select * from public.my_balance()'),
      lines: await tryQuery(tx, 'select * from public.my_ledger_lines()'),
    }));
    if (name === 'anon' || name === 'service_role') {
      expect(result.balance).toMatchObject(denied('my_balance'));
      expect(result.lines).toMatchObject(denied('my_ledger_lines'));
    } else {
      expect(result.balance).toMatchObject({
        ok: true,
        value: { rows: [{ available_cents: 0, held_cents: 0, total_cents: 0 }] },
      });
      expect(result.lines).toMatchObject({ ok: true, value: { rows: [] } });
    }
  });

  it.each(callerNames)('ledger_trial_balance and ledger_verify as %s', async (name) => {
    const result = await asActor(db, whoIs(callers, name), async (tx) => ({
      trial: await tryQuery(tx, 'select * from public.ledger_trial_balance()'),
      verify: await tryQuery(tx, 'select public.ledger_verify() as failure'),
    }));
    if (name === 'anon' || name === 'service_role') {
      expect(result.trial).toMatchObject(denied('ledger_trial_balance'));
      expect(result.verify).toMatchObject(denied('ledger_verify'));
    } else if (readers.includes(name)) {
      expect(result.trial.ok).toBe(true);
      expect(result.verify).toMatchObject({ ok: true, value: { rows: [{ failure: null }] } });
    } else {
      expect(result.trial).toMatchObject(refusal(actionErrors.ledgerReadDenied));
      expect(result.verify).toMatchObject(refusal(actionErrors.ledgerReadDenied));
    }
  });

  it.each(callerNames)('request_withdrawal as %s', async (name) => {
    await asActor(db, whoIs(callers, name), async (tx) => {
      const who = whoIs(callers, name);
      if (typeof who === 'object') await recordPayment(tx, who, `pi_w_${name}`, 5_000, 'settled');
      await become(tx, who);
      const result = await tryQuery<{ status: string; amount_cents: number }>(
        tx,
        'select * from public.request_withdrawal($1, $2)',
        [2_000, crypto.randomUUID()],
      );
      if (typeof who !== 'object') {
        expect(result).toMatchObject(denied('request_withdrawal'));
        return;
      }
      expect(result).toMatchObject({ ok: true, value: { rows: [{ status: 'requested', amount_cents: 2_000 }] } });
      expect(await balanceOf(tx, who)).toEqual({ available: 3_000, held: 2_000, total: 5_000 });
    });
  });

  it.each(callerNames)('record_payment_reversal, record_payout and ledger_run_expiries as %s', async (name) => {
    await asActor(db, 'service_role', async (tx) => {
      const me = callers.investorA;
      await recordPayment(tx, me, 'pi_roles', 5_000, 'settled');
      await recordPayment(tx, me, 'pi_roles_2', 1_000, 'settled');
      await become(tx, me);
      const { rows } = await tx.query<{ id: string }>('select id from public.request_withdrawal(1000, $1)', [
        crypto.randomUUID(),
      ]);
      await become(tx, whoIs(callers, name));
      const reversal = await tryQuery(
        tx,
        `select * from public.record_payment_reversal('pi_roles', 'refund', 'evt-r1')`,
      );
      const payout = await tryQuery(tx, `select * from public.record_payout($1, 'paid', 'evt-p1')`, [rows[0]?.id]);
      const expiries = await tryQuery(tx, 'select * from public.ledger_run_expiries(now())');
      if (name === 'service_role') {
        expect(reversal).toMatchObject({ ok: true, value: { rows: [{ status: 'refunded' }] } });
        expect(payout).toMatchObject({ ok: true, value: { rows: [{ status: 'paid' }] } });
        expect(expiries).toMatchObject({ ok: true });
        expect(await balanceOf(tx, me)).toEqual({ available: 0, held: 0, total: 0 });
      } else {
        expect(reversal).toMatchObject(denied('record_payment_reversal'));
        expect(payout).toMatchObject(denied('record_payout'));
        expect(expiries).toMatchObject(denied('ledger_run_expiries'));
        expect(await balanceOf(tx, me)).toEqual({ available: 5_000, held: 1_000, total: 6_000 });
      }
    });
  });

  it('checks the caller inside the webhook functions too: the owner without the service role’s claims is refused', async () => {
    const result = await asOwner(db, async (tx) => ({
      reversal: await tryQuery(tx, `select public.record_payment_reversal('pi_x', 'refund', 'evt-x')`),
      payout: await tryQuery(tx, `select public.record_payout(gen_random_uuid(), 'paid', 'evt-x')`),
    }));
    expect(result.reversal).toMatchObject(refusal(actionErrors.serviceRoleOnly('record_payment_reversal')));
    expect(result.payout).toMatchObject(refusal(actionErrors.serviceRoleOnly('record_payout')));
  });

  it.each(callerNames)('investment_payment_reference as %s', async (name) => {
    const id = crypto.randomUUID();
    const result = await asActor(db, whoIs(callers, name), (tx) =>
      tryQuery<{ ref: string }>(tx, 'select public.investment_payment_reference($1) as ref', [id]),
    );
    if (name === 'anon') expect(result).toMatchObject(denied('investment_payment_reference'));
    else expect(result).toMatchObject({ ok: true, value: { rows: [{ ref: investmentPaymentReference(id) }] } });
  });

  it.each([
    'ledger_transfer',
    'ledger_transfer_linked',
    'ledger_resolve_batch',
    'ledger_account',
    'ledger_available',
    'ledger_lock',
    'ledger_id',
    'ledger_credit_payment',
    'ledger_onramp_stands',
    'ledger_demo_deposit',
    'ledger_hold_investment',
    'ledger_resolve_investment',
    'ledger_fund_awaiting',
    'ledger_reader_check',
    'ledger_transfers_append_only',
  ])('%s is executable by no client role and not by the service role', async (fn) => {
    const { rows } = await db.query<{ anon: boolean; authenticated: boolean; service_role: boolean }>(
      `select has_function_privilege('anon', p.oid, 'execute') as anon,
              has_function_privilege('authenticated', p.oid, 'execute') as authenticated,
              has_function_privilege('service_role', p.oid, 'execute') as service_role
       from pg_proc p join pg_namespace n on n.oid = p.pronamespace where n.nspname = 'public' and p.proname = $1`,
      [fn],
    );
    expect(rows).toEqual([{ anon: false, authenticated: false, service_role: false }]);
  });

  it('lets no client read or write the ledger’s tables, and a member read only their own withdrawals', async () => {
    await asActor(db, 'service_role', async (tx) => {
      await recordPayment(tx, callers.investorA, 'pi_tables', 5_000, 'settled');
      await become(tx, callers.investorA);
      await tx.query('select public.request_withdrawal(1000, $1)', [crypto.randomUUID()]);
      for (const name of callerNames.filter((n) => n !== 'service_role')) {
        await become(tx, whoIs(callers, name));
        for (const table of ['ledger_accounts', 'ledger_transfers', 'ledger_account_kinds', 'ledger_refusals']) {
          expect(await tryQuery(tx, `select * from public.${table}`), `${name} ${table}`).toMatchObject({
            ok: false,
            code: '42501',
          });
        }
        const own = await tryQuery<{ member_id: string }>(tx, 'select member_id from public.withdrawals');
        if (name === 'anon') expect(own).toMatchObject({ ok: false, code: '42501' });
        else
          expect(own, name).toMatchObject({
            ok: true,
            value: { rows: name === 'investorA' ? [{ member_id: callers.investorA.id }] : [] },
          });
        expect(await tryQuery(tx, `update public.withdrawals set status = 'paid'`)).toMatchObject({
          ok: false,
          code: '42501',
        });
      }
    });
  });
});

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
      await tx.exec('reset role');
      const { rows } = await tx.query<{ kind: string; credits_posted: string }>(
        `select kind, credits_posted from public.ledger_accounts
         where kind in ('offering_escrow', 'platform_fee_income') and (opportunity_id = $1 or opportunity_id is null)`,
        [openOpportunity.id],
      );
      expect(Object.fromEntries(rows.map((r) => [r.kind, Number(r.credits_posted)]))).toEqual({
        offering_escrow: 100_000,
        platform_fee_income: bank.managementFeeCents,
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
      const alerts = await tx.query<{ issue: string; priority: string }>(
        `select issue, priority from public.compliance_alerts where issue like 'Chargeback of payment pi_cb%'`,
      );
      expect(alerts.rows).toHaveLength(1);
      expect(alerts.rows[0]?.priority).toBe('High');
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
});

describe('the transfer function', () => {
  const transfer = `select * from public.ledger_transfer($1, $2, $3, $4, $5, 'test', 'test', 't1', null, 'A test', $6, $7)`;

  async function accounts(tx: Transaction, member: Account) {
    const { rows } = await tx.query<{ cash: string; clearing: string; escrow: string }>(
      `select public.ledger_account('member_cash', 'EUR', $1) as cash,
              public.ledger_account('provider_clearing', 'EUR') as clearing,
              public.ledger_account('offering_escrow', 'EUR', null, 'test-offering') as escrow`,
      [member.id],
    );
    const row = rows[0];
    if (!row) throw new Error('no accounts');
    return row;
  }

  it('answers a retry with the first result, refuses other arguments, and posts a pending transfer once, in part', async () => {
    await asOwner(db, async (tx) => {
      const { cash, clearing, escrow } = await accounts(tx, callers.investorA);
      const deposit = crypto.randomUUID();
      const first = await tx.query<{ seq: string }>(transfer, [deposit, 'posted', clearing, cash, 10_000, null, null]);
      const again = await tx.query<{ seq: string }>(transfer, [deposit, 'posted', clearing, cash, 10_000, null, null]);
      expect(again.rows).toEqual(first.rows);
      expect(await tryQuery(tx, transfer, [deposit, 'posted', clearing, cash, 9_999, null, null])).toMatchObject(
        refusal(actionErrors.transferIdReused),
      );
      const hold = crypto.randomUUID();
      await tx.query(transfer, [hold, 'pending', cash, escrow, 6_000, null, null]);
      expect(
        await tryQuery(tx, transfer, [crypto.randomUUID(), 'posted', cash, escrow, 4_001, null, null]),
      ).toMatchObject(refusal(actionErrors.insufficientFunds));
      await tx.query(transfer, [crypto.randomUUID(), 'post', null, null, 2_500, hold, null]);
      expect(await tryQuery(tx, transfer, [crypto.randomUUID(), 'void', null, null, null, hold, null])).toMatchObject(
        refusal(actionErrors.pendingAlreadyResolved),
      );
      const { rows } = await tx.query<Record<string, string>>(
        'select debits_pending, debits_posted, credits_posted from public.ledger_accounts where id = $1',
        [cash],
      );
      // 2,500 posted, the other 3,500 released.
      expect(rows[0]).toEqual({ debits_pending: 0, debits_posted: 2_500, credits_posted: 10_000 });
      await become(tx, callers.mfo_admin);
      expect((await tx.query('select public.ledger_verify() as v')).rows).toEqual([{ v: null }]);
    });
  });

  it('applies linked transfers all or none', async () => {
    await asOwner(db, async (tx) => {
      const { cash, clearing, escrow } = await accounts(tx, callers.investorB);
      await tx.query(transfer, [crypto.randomUUID(), 'posted', clearing, cash, 1_000, null, null]);
      const legs = (second: number) =>
        JSON.stringify([
          {
            id: crypto.randomUUID(),
            flags: 'pending',
            debit_account_id: cash,
            credit_account_id: escrow,
            amount_cents: 600,
            kind: 'test',
            subject_type: 'test',
            subject_id: 'l',
            description: 'Leg one',
          },
          {
            id: crypto.randomUUID(),
            flags: 'pending',
            debit_account_id: cash,
            credit_account_id: escrow,
            amount_cents: second,
            kind: 'test',
            subject_type: 'test',
            subject_id: 'l',
            description: 'Leg two',
          },
        ]);
      expect(await tryQuery(tx, 'select * from public.ledger_transfer_linked($1)', [legs(401)])).toMatchObject(
        refusal(actionErrors.insufficientFunds),
      );
      const pending = async () =>
        Number(
          (
            await tx.query<{ p: string }>('select debits_pending as p from public.ledger_accounts where id = $1', [
              cash,
            ])
          ).rows[0]?.p,
        );
      expect(await pending()).toBe(0);
      const ok = await tx.query<{ linked_id: string; id: string }>('select * from public.ledger_transfer_linked($1)', [
        legs(400),
      ]);
      expect(ok.rows.map((r) => r.linked_id)).toEqual([ok.rows[0]?.id, ok.rows[0]?.id]);
      expect(await pending()).toBe(1_000);
    });
  });

  it('expires a pending transfer at its timeout, from the scheduled function', async () => {
    await asOwner(db, async (tx) => {
      const { cash, clearing, escrow } = await accounts(tx, callers.investorA);
      await tx.query(transfer, [crypto.randomUUID(), 'posted', clearing, cash, 1_000, null, null]);
      const hold = crypto.randomUUID();
      await tx.query(transfer, [hold, 'pending', cash, escrow, 700, null, new Date(Date.now() + 3_600_000)]);
      await become(tx, 'service_role');
      const early = await tx.query<{ expired_transfers: number }>('select * from public.ledger_run_expiries(now())');
      expect(early.rows[0]?.expired_transfers).toBe(0);
      const later = await tx.query<{ expired_transfers: number }>(
        `select * from public.ledger_run_expiries(now() + interval '2 hours')`,
      );
      expect(later.rows[0]?.expired_transfers).toBe(1);
      expect(await balanceOf(tx, callers.investorA)).toEqual({ available: 1_000, held: 0, total: 1_000 });
      await asTheOwner(tx);
      const resolution = await tx.query(
        'select flags, amount_cents from public.ledger_transfers where pending_id = $1',
        [hold],
      );
      expect(resolution.rows).toEqual([{ flags: 'expire', amount_cents: 700 }]);
    });
  });

  it.each([
    'update public.ledger_transfers set amount_cents = 1',
    'delete from public.ledger_transfers',
    'truncate public.ledger_transfers',
  ])('refuses `%s` even for the owner', async (sql) => {
    const result = await asOwner(db, async (tx) => {
      await recordPayment(tx, callers.investorA, 'pi_imm', 5_000, 'settled');
      await asTheOwner(tx);
      return tryQuery(tx, sql);
    });
    expect(result).toMatchObject(refusal(actionErrors.ledgerAppendOnly));
  });

  it('starts with the account kinds the domain lists', async () => {
    const { rows } = await db.query<{ kind: string }>('select kind from public.ledger_account_kinds order by kind');
    expect(rows.map((r) => r.kind)).toEqual([...ledgerAccountKinds].sort());
  });
});

describe('ledger_resolve_batch', () => {
  const accountsSql = `select public.ledger_account('member_cash', 'EUR', $1) as cash,
                              public.ledger_account('provider_clearing', 'EUR') as clearing,
                              public.ledger_account('offering_escrow', 'EUR', null, 'batch-offering') as escrow,
                              public.ledger_account('platform_fee_income', 'EUR') as fees`;
  const transfer = `select * from public.ledger_transfer($1, $2, $3, $4, $5, $6, 'test', 'b1', $7, 'A test', null, $8)`;
  const batch = 'select * from public.ledger_resolve_batch($1::jsonb)';
  const linked = 'select * from public.ledger_transfer_linked($1::jsonb)';
  // The holds each case starts from: ids fixed here, so two rolled-back transactions make the same ones.
  const deposit = crypto.randomUUID();
  const holds = {
    escrow: crypto.randomUUID(),
    fee: crypto.randomUUID(),
    timed: crypto.randomUUID(),
    whole: crypto.randomUUID(),
  };

  interface Row {
    id: string;
    flags: string;
    pending_id: string;
    amount_cents: number;
    kind: string;
    linked_id: string;
    debit_balance_after: number;
    credit_balance_after: number;
    audit_event_id: number;
  }

  /** 10,000 deposited; 3,000 held for the escrow, 500 for the fees, 2,000 with a timeout, 1,000 more for the escrow. */
  async function setUp(tx: Transaction) {
    await asTheOwner(tx);
    const { rows } = await tx.query<{ cash: string; clearing: string; escrow: string; fees: string }>(accountsSql, [
      callers.investorA.id,
    ]);
    const a = rows[0];
    if (!a) throw new Error('no accounts');
    const me = callers.investorA.id;
    await tx.query(transfer, [deposit, 'posted', a.clearing, a.cash, 10_000, 'deposit', me, null]);
    await tx.query(transfer, [holds.escrow, 'pending', a.cash, a.escrow, 3_000, 'investment', me, null]);
    await tx.query(transfer, [holds.fee, 'pending', a.cash, a.fees, 500, 'management_fee', me, null]);
    await tx.query(transfer, [
      holds.timed,
      'pending',
      a.cash,
      a.escrow,
      2_000,
      'investment',
      me,
      new Date(Date.now() + 3_600_000),
    ]);
    await tx.query(transfer, [holds.whole, 'pending', a.cash, a.escrow, 1_000, 'investment', me, null]);
    return a;
  }

  const item = (flags: 'post' | 'void', pending: string, amount: number | null, id: string = crypto.randomUUID()) => ({
    id,
    flags,
    pending_id: pending,
    amount_cents: amount,
    kind: 'investment',
    subject_type: 'test',
    subject_id: 'b1',
    member_id: callers.investorA.id,
    description: 'Batch test',
  });

  async function balances(tx: Transaction, ids: string[]) {
    await asTheOwner(tx);
    const { rows } = await tx.query<Record<string, unknown>>(
      `select id, debits_pending, debits_posted, credits_pending, credits_posted from public.ledger_accounts
       where id = any($1::bigint[]) order by id`,
      [ids],
    );
    return rows;
  }

  async function counts(tx: Transaction) {
    await asTheOwner(tx);
    const { rows } = await tx.query<{ transfers: number; events: number }>(
      'select (select count(*)::int from public.ledger_transfers) as transfers, (select count(*)::int from public.audit_events) as events',
    );
    return rows[0];
  }

  it.each(callerNames)('as %s is refused', async (name) => {
    const result = await asActor(db, whoIs(callers, name), async (tx) => {
      await setUp(tx);
      await become(tx, whoIs(callers, name));
      return tryQuery(tx, batch, [JSON.stringify([item('void', holds.fee, null)])]);
    });
    expect(result).toMatchObject(refusal(actionErrors.functionDenied('ledger_resolve_batch')));
  });

  it('writes what ledger_transfer_linked writes for the same posts and voids: rows, balances after, accounts, audit events', async () => {
    const ids = [crypto.randomUUID(), crypto.randomUUID(), crypto.randomUUID()];
    const legs = JSON.stringify([
      item('post', holds.escrow, 2_400, ids[0]),
      item('void', holds.fee, null, ids[1]),
      item('post', holds.whole, null, ids[2]),
    ]);
    const run = (fn: string) =>
      asOwner(db, async (tx) => {
        const a = await setUp(tx);
        // As the owner with an SPV administrator's claims, so each event records an actor.
        const spv = callers.eq_spv_admin;
        await tx.query(`select set_config('request.jwt.claims', $1, true)`, [
          JSON.stringify({ sub: spv.id, role: 'authenticated', app_metadata: { role: spv.role } }),
        ]);
        const { rows } = await tx.query<Row>(fn, [legs]);
        const { rows: events } = await tx.query<Record<string, unknown>>(
          `select e.action, e.actor_id, e.actor_role, e.member_id, e.subject_type, e.subject_id, e.details, e.hash_version
           from public.audit_events e
           where e.id = any($1::bigint[]) order by e.id`,
          [rows.map((r) => r.audit_event_id)],
        );
        await become(tx, callers.mfo_admin);
        const verified = (await tx.query<{ v: string | null }>('select public.ledger_verify() as v')).rows[0]?.v;
        // Account ids and seq are drawn from sequences, which a rolled-back transaction does not give back.
        const names: Record<string, string> = { [a.cash]: 'cash', [a.escrow]: 'escrow', [a.fees]: 'fees' };
        const named = (value: Record<string, unknown>) =>
          Object.fromEntries(
            Object.entries(value).map(([k, v]) => [k, /(^|_)account_id$|^id$/.test(k) ? (names[String(v)] ?? v) : v]),
          );
        expect(events.map((e) => e.actor_id)).toEqual(rows.map(() => spv.id));
        return {
          rows: rows.map(({ audit_event_id: _event, ...rest }) => named({ ...rest, seq: null, created_at: null })),
          events: events.map((e) => ({ ...e, details: named(e.details as Record<string, unknown>) })),
          accounts: (await balances(tx, [a.cash, a.escrow, a.fees])).map(named),
          verified,
        };
      });
    const batched = await run(batch);
    expect(batched).toEqual(await run(linked));
    expect(batched.verified).toBeNull();
    expect(
      batched.rows.map((r) => [r.flags, r.amount_cents, r.debit_balance_after, r.linked_id, r.debit_account_id]),
    ).toEqual([
      // 3,500 available; the post releases 600 of its 3,000, the void 500, the whole post nothing.
      ['post', 2_400, 4_100, ids[0], 'cash'],
      ['void', 500, 4_600, ids[0], 'cash'],
      ['post', 1_000, 4_600, ids[0], 'cash'],
    ]);
  });

  it('answers a retry with the rows written and writes nothing; with other arguments it refuses', async () => {
    await asOwner(db, async (tx) => {
      const a = await setUp(tx);
      const legs = [item('post', holds.escrow, 2_400), item('void', holds.fee, null)];
      const first = await tx.query<Row>(batch, [JSON.stringify(legs)]);
      const before = { counts: await counts(tx), accounts: await balances(tx, [a.cash, a.escrow, a.fees]) };
      expect((await tx.query<Row>(batch, [JSON.stringify(legs)])).rows).toEqual(first.rows);
      const changed = [{ ...legs[0], amount_cents: 2_500 }, legs[1]];
      expect(await tryQuery(tx, batch, [JSON.stringify(changed)])).toMatchObject(
        refusal(actionErrors.transferIdReused),
      );
      // Written and new together: the written one answered, the new one written.
      const mixed = await tx.query<Row>(batch, [JSON.stringify([legs[1], item('void', holds.whole, null)])]);
      expect(mixed.rows.map((r) => [r.id, r.flags, r.pending_id])).toEqual([
        [legs[1]?.id, 'void', holds.fee],
        [expect.any(String), 'void', holds.whole],
      ]);
      expect(mixed.rows[0]).toEqual(first.rows[1]);
      expect(await counts(tx)).toEqual({
        transfers: (before.counts?.transfers ?? 0) + 1,
        events: (before.counts?.events ?? 0) + 1,
      });
    });
  });

  it.each([
    ['a pending transfer already resolved', 'resolved', actionErrors.pendingAlreadyResolved],
    ['an expired pending transfer', 'expired', actionErrors.pendingAlreadyResolved],
    ['the same pending transfer twice', 'twice', actionErrors.pendingAlreadyResolved],
    [
      'a post above the pending amount',
      'above',
      { code: '22023', message: 'a post may not exceed the pending amount' },
    ],
    ['a transfer that is not pending', 'posted', { code: '22023', message: 'pending_id is not a pending transfer' }],
    [
      'a flag other than post or void',
      'flag',
      { code: '22023', message: 'a resolving batch holds posts and voids only' },
    ],
    ['an item without an id', 'noid', { code: '22023', message: 'a transfer needs an id' }],
  ] as const)('refuses %s and writes nothing of the batch', async (_what, fault, error) => {
    await asOwner(db, async (tx) => {
      const a = await setUp(tx);
      await tx.query(batch, [JSON.stringify([item('void', holds.fee, null)])]);
      await become(tx, 'service_role');
      await tx.query(`select * from public.ledger_run_expiries(now() + interval '2 hours')`);
      const before = { counts: await counts(tx), accounts: await balances(tx, [a.cash, a.escrow, a.fees]) };
      const bad = {
        resolved: item('post', holds.fee, null),
        expired: item('post', holds.timed, null),
        twice: item('void', holds.escrow, null),
        above: item('post', holds.whole, 1_001),
        posted: item('void', deposit, null),
        flag: { ...item('void', holds.whole, null), flags: 'expire' },
        noid: { ...item('void', holds.whole, null), id: null },
      }[fault];
      const legs = [item('post', holds.escrow, 1_000), bad];
      expect(await tryQuery(tx, batch, [JSON.stringify(legs)])).toMatchObject(refusal(error));
      expect({ counts: await counts(tx), accounts: await balances(tx, [a.cash, a.escrow, a.fees]) }).toEqual(before);
    });
  });

  it('refuses an empty batch and one naming a transfer twice', async () => {
    await asOwner(db, async (tx) => {
      await setUp(tx);
      expect(await tryQuery(tx, batch, ['[]'])).toMatchObject({ ok: false, code: '22023' });
      const leg = item('void', holds.fee, null);
      expect(await tryQuery(tx, batch, [JSON.stringify([leg, leg])])).toMatchObject({
        ok: false,
        code: '22023',
        message: 'a batch names each transfer once',
      });
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
