import type { PGlite } from '@electric-sql/pglite';
import { actionErrors, investmentPaymentReference } from '@vault/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asOwner, become, type CallerName, type Callers, callerNames, createCallers, whoIs } from './actors';
import { asActor, executeGrants, seededDb, tryQuery } from './db';
import { balanceOf, recordPayment, refusal } from './ledgerSupport';

/**
 * Who may call the ledger's functions (supabase/schemas/11_ledger.sql): each one as every caller,
 * allowed or refused, and no client near the ledger's tables or its internal functions.
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

const readers: CallerName[] = ['compliance', 'mfo_admin', 'adminFlag'];

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
    if (name === 'anon') {
      expect(result.trial).toMatchObject(denied('ledger_trial_balance'));
      expect(result.verify).toMatchObject(denied('ledger_verify'));
    } else if (readers.includes(name) || name === 'service_role') {
      // The service role: a server job (and the e2e journeys' check) verifies the ledger too.
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
    expect(await executeGrants(db, fn)).toEqual([{ anon: false, authenticated: false, service_role: false }]);
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
