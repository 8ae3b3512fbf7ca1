import type { Transaction } from '@electric-sql/pglite';
import { investmentQuote, MIN_FIRST_ONRAMP_CENTS } from '@vault/domain';
import fc from 'fast-check';
import { expect } from 'vitest';
import { become, type Callers } from './actors';
import { type Account, tryQuery } from './db';
import { balanceOf, openOpportunity, verify } from './ledgerSupport';

/**
 * The simple model ledger-model.test.ts holds the ledger to, and the operations it draws: deposits
 * (settled, failed, pending then settled, replayed), refunds and chargebacks, submissions by bank
 * and by card with and without the cash, confirm / reject / cancel, the 7-day expiry, withdrawals
 * requested, paid and failed, retries with reused ids, and holds made on the ledger and resolved
 * in batches by ledger_resolve_batch (posts in whole or in part, voids, retries, and batches with
 * a fault that must change nothing). Each operation runs on the ledger and on the model, then
 * checks that each member's balance equals the model's and public.ledger_verify() answers null.
 */

type Who = 'investorA' | 'investorB';
export const members: Who[] = ['investorA', 'investorB'];

export interface Cash {
  posted: number;
  held: number;
  receivable: number;
  onramp: boolean;
}
interface PaymentModel {
  ref: string;
  who: Who;
  amount: number;
  status: 'pending' | 'settled' | 'failed' | 'refunded' | 'charged_back';
  eventId: string;
}
interface InvestmentModel {
  id: string;
  key: string;
  who: Who;
  amount: number;
  method: 'bank' | 'card';
  total: number;
  status: 'Pending' | 'Awaiting payment' | 'Active' | 'Rejected' | 'Cancelled';
}
interface WithdrawalModel {
  id: string;
  key: string;
  who: Who;
  amount: number;
  status: 'requested' | 'paid' | 'failed';
}
/** A hold made directly on the ledger (member cash → an escrow), resolved by ledger_resolve_batch. */
interface HoldModel {
  id: string;
  who: Who;
  amount: number;
  timeout: boolean;
  status: 'pending' | 'posted' | 'voided' | 'expired';
}
interface ResolutionItem {
  id: string;
  flags: 'post' | 'void';
  pending_id: string;
  amount_cents: number | null;
}
interface Model {
  cash: Record<Who, Cash>;
  payments: PaymentModel[];
  investments: InvestmentModel[];
  withdrawals: WithdrawalModel[];
  holds: HoldModel[];
  /** The batches resolved, as sent: a retry sends one again. */
  batches: ResolutionItem[][];
  counter: number;
}
interface Real {
  tx: Transaction;
  accounts: Record<Who, Account>;
  /** The other callers: the SPV administrator who reviews, the ledger reader who verifies. */
  callers: Callers;
}

const available = (c: Cash) => c.posted - c.held;

/** The member's investments awaiting payment are held, oldest first, while the cash covers each. */
function fundAwaiting(m: Model, who: Who): void {
  for (const inv of m.investments) {
    if (inv.who === who && inv.status === 'Awaiting payment' && available(m.cash[who]) >= inv.total) {
      inv.status = 'Pending';
      m.cash[who].held += inv.total;
    }
  }
}

function settle(m: Model, p: PaymentModel): void {
  p.status = 'settled';
  const c = m.cash[p.who];
  c.posted += p.amount;
  if (!c.onramp && p.amount >= MIN_FIRST_ONRAMP_CENTS) c.onramp = true;
  fundAwaiting(m, p.who);
}

async function call(r: Real, who: Who | 'service_role', sql: string, params: unknown[]) {
  await become(r.tx, who === 'service_role' ? 'service_role' : r.accounts[who]);
  return tryQuery<Record<string, unknown>>(r.tx, sql, params);
}

function must<T>(attempt: { ok: true; value: T } | { ok: false; message: string }, what: string): T {
  if (!attempt.ok) throw new Error(`${what}: ${attempt.message}`);
  return attempt.value;
}

/** Every step: each member's balance equals the model's, and every invariant holds. */
async function check(m: Model, r: Real): Promise<void> {
  for (const who of members) {
    const c = m.cash[who];
    expect(await balanceOf(r.tx, r.accounts[who]), who).toEqual({
      available: c.posted - c.held,
      held: c.held,
      total: c.posted,
    });
  }
  await r.tx.exec('reset role');
  const { rows } = await r.tx.query<{ member_id: string; owed: number }>(
    `select member_id, debits_posted - credits_posted as owed from public.ledger_accounts
     where kind = 'member_receivable' and member_id = any($1)`,
    [members.map((w) => r.accounts[w].id)],
  );
  for (const w of members) {
    const owed = rows.find((row) => row.member_id === r.accounts[w].id)?.owed ?? 0;
    expect(Number(owed), `${w} receivable`).toBe(m.cash[w].receivable);
  }
  expect(await verify(r.tx, r.callers.mfo_admin)).toBeNull();
}

type Cmd = fc.AsyncCommand<Model, Real, false>;

class Deposit implements Cmd {
  constructor(
    readonly who: Who,
    readonly amount: number,
    readonly outcome: 'settled' | 'failed' | 'pending',
  ) {}
  check = () => true;
  async run(m: Model, r: Real) {
    m.counter += 1;
    const p: PaymentModel = {
      ref: `pi_m${m.counter}`,
      who: this.who,
      amount: this.amount,
      status: 'pending',
      eventId: `evt_m${m.counter}`,
    };
    must(
      await call(r, 'service_role', 'select public.record_payment($1, $2, $3, $4, $5, $6)', [
        r.accounts[this.who].id,
        p.ref,
        p.amount,
        'EUR',
        this.outcome,
        p.eventId,
      ]),
      'record_payment',
    );
    m.payments.push(p);
    if (this.outcome === 'settled') settle(m, p);
    else p.status = this.outcome;
    await check(m, r);
  }
  toString = () => `Deposit(${this.who}, ${this.amount}, ${this.outcome})`;
}

class SettlePending implements Cmd {
  constructor(readonly pick: number) {}
  check = (m: Readonly<Model>) => m.payments.some((p) => p.status === 'pending');
  async run(m: Model, r: Real) {
    const pending = m.payments.filter((p) => p.status === 'pending');
    const p = pending[this.pick % pending.length];
    if (!p) return;
    must(
      await call(r, 'service_role', 'select public.record_payment($1, $2, $3, $4, $5, $6)', [
        r.accounts[p.who].id,
        p.ref,
        p.amount,
        'EUR',
        'settled',
        `${p.eventId}_settled`,
      ]),
      'record_payment',
    );
    settle(m, p);
    await check(m, r);
  }
  toString = () => `SettlePending(${this.pick})`;
}

class ReplayPayment implements Cmd {
  constructor(readonly pick: number) {}
  check = (m: Readonly<Model>) => m.payments.length > 0;
  async run(m: Model, r: Real) {
    const p = m.payments[this.pick % m.payments.length];
    if (!p) return;
    // The first event again, even carrying another status: nothing changes.
    must(
      await call(r, 'service_role', 'select public.record_payment($1, $2, $3, $4, $5, $6)', [
        r.accounts[p.who].id,
        p.ref,
        p.amount,
        'EUR',
        'settled',
        p.eventId,
      ]),
      'record_payment',
    );
    await check(m, r);
  }
  toString = () => `ReplayPayment(${this.pick})`;
}

class Reverse implements Cmd {
  constructor(
    readonly pick: number,
    readonly kind: 'refund' | 'chargeback',
  ) {}
  check = (m: Readonly<Model>) => m.payments.some((p) => p.status === 'settled');
  async run(m: Model, r: Real) {
    const settled = m.payments.filter((p) => p.status === 'settled');
    const p = settled[this.pick % settled.length];
    if (!p) return;
    m.counter += 1;
    must(
      await call(r, 'service_role', 'select public.record_payment_reversal($1, $2, $3)', [
        p.ref,
        this.kind,
        `evt_rev${m.counter}`,
      ]),
      'record_payment_reversal',
    );
    const c = m.cash[p.who];
    if (this.kind === 'refund') {
      if (available(c) >= p.amount) {
        c.posted -= p.amount;
        p.status = 'refunded';
      }
    } else {
      const fromCash = Math.min(available(c), p.amount);
      c.posted -= fromCash;
      c.receivable += p.amount - fromCash;
      p.status = 'charged_back';
    }
    if (
      p.status !== 'settled' &&
      c.onramp &&
      !m.payments.some((q) => q.who === p.who && q.status === 'settled' && q.amount >= MIN_FIRST_ONRAMP_CENTS)
    ) {
      c.onramp = false;
    }
    await check(m, r);
  }
  toString = () => `Reverse(${this.pick}, ${this.kind})`;
}

class Submit implements Cmd {
  constructor(
    readonly who: Who,
    readonly amount: number,
    readonly method: 'bank' | 'card',
  ) {}
  check = () => true;
  async run(m: Model, r: Real) {
    const key = crypto.randomUUID();
    const result = await call(r, this.who, 'select * from public.submit_investment($1, $2, $3, $4)', [
      openOpportunity.id,
      this.amount,
      this.method,
      key,
    ]);
    const c = m.cash[this.who];
    if (!c.onramp) {
      expect(result).toMatchObject({ ok: false, code: 'P0001' });
    } else {
      const row = must(result, 'submit_investment').rows[0];
      const total = investmentQuote(this.amount, this.method).totalCents;
      const covered = available(c) >= total;
      expect(row?.status).toBe(covered ? 'Pending' : 'Awaiting payment');
      if (covered) c.held += total;
      m.investments.push({
        id: String(row?.id),
        key,
        who: this.who,
        amount: this.amount,
        method: this.method,
        total,
        status: covered ? 'Pending' : 'Awaiting payment',
      });
    }
    await check(m, r);
  }
  toString = () => `Submit(${this.who}, ${this.amount}, ${this.method})`;
}

class RetrySubmit implements Cmd {
  constructor(readonly pick: number) {}
  check = (m: Readonly<Model>) => m.investments.length > 0;
  async run(m: Model, r: Real) {
    const inv = m.investments[this.pick % m.investments.length];
    if (!inv) return;
    const result = must(
      await call(r, inv.who, 'select * from public.submit_investment($1, $2, $3, $4)', [
        openOpportunity.id,
        inv.amount,
        inv.method,
        inv.key,
      ]),
      'submit_investment retry',
    );
    expect(result.rows[0]).toMatchObject({ id: inv.id, status: inv.status });
    await check(m, r);
  }
  toString = () => `RetrySubmit(${this.pick})`;
}

class Decide implements Cmd {
  constructor(
    readonly pick: number,
    readonly decision: 'confirmed' | 'rejected' | 'cancelled',
  ) {}
  check = (m: Readonly<Model>) => m.investments.some((i) => this.applies(i));
  applies(i: InvestmentModel): boolean {
    return i.status === 'Pending' || (this.decision === 'cancelled' && i.status === 'Awaiting payment');
  }
  async run(m: Model, r: Real) {
    const open = m.investments.filter((i) => this.applies(i));
    const inv = open[this.pick % open.length];
    if (!inv) return;
    const result =
      this.decision === 'cancelled'
        ? await call(r, inv.who, 'select * from public.cancel_investment($1)', [inv.id])
        : await (async () => {
            await become(r.tx, r.callers.eq_spv_admin);
            return tryQuery(r.tx, 'select * from public.review_investment($1, $2, $3)', [
              inv.id,
              this.decision,
              this.decision === 'rejected' ? 'No' : null,
            ]);
          })();
    must(result, this.decision);
    const c = m.cash[inv.who];
    if (inv.status === 'Pending') {
      c.held -= inv.total;
      if (this.decision === 'confirmed') c.posted -= inv.total;
    }
    inv.status = this.decision === 'confirmed' ? 'Active' : this.decision === 'rejected' ? 'Rejected' : 'Cancelled';
    await check(m, r);
  }
  toString = () => `Decide(${this.pick}, ${this.decision})`;
}

class Expire implements Cmd {
  check = () => true;
  async run(m: Model, r: Real) {
    must(
      await call(r, 'service_role', `select * from public.ledger_run_expiries(now() + interval '7 days')`, []),
      'ledger_run_expiries',
    );
    for (const inv of m.investments) if (inv.status === 'Awaiting payment') inv.status = 'Cancelled';
    for (const h of m.holds) {
      if (h.status === 'pending' && h.timeout) {
        h.status = 'expired';
        m.cash[h.who].held -= h.amount;
      }
    }
    await check(m, r);
  }
  toString = () => 'Expire';
}

class Withdraw implements Cmd {
  constructor(
    readonly who: Who,
    readonly amount: number,
    readonly reuse: number | null,
  ) {}
  check = () => true;
  async run(m: Model, r: Real) {
    const own = m.withdrawals.filter((w) => w.who === this.who);
    const reused = this.reuse === null ? undefined : own[this.reuse % Math.max(own.length, 1)];
    const key = reused?.key ?? crypto.randomUUID();
    const result = await call(r, this.who, 'select * from public.request_withdrawal($1, $2)', [this.amount, key]);
    const c = m.cash[this.who];
    if (reused) {
      // A retry: the same amount answers the first, another is refused; nothing moves either way.
      if (reused.amount === this.amount) expect(must(result, 'retry').rows[0]).toMatchObject({ id: reused.id });
      else expect(result).toMatchObject({ ok: false, code: '22023' });
    } else if (available(c) >= this.amount) {
      const row = must(result, 'request_withdrawal').rows[0];
      c.held += this.amount;
      m.withdrawals.push({ id: String(row?.id), key, who: this.who, amount: this.amount, status: 'requested' });
    } else {
      expect(result).toMatchObject({ ok: false, code: 'P0001' });
    }
    await check(m, r);
  }
  toString = () => `Withdraw(${this.who}, ${this.amount}, ${this.reuse})`;
}

class Payout implements Cmd {
  constructor(
    readonly pick: number,
    readonly status: 'paid' | 'failed',
  ) {}
  check = (m: Readonly<Model>) => m.withdrawals.some((w) => w.status === 'requested');
  async run(m: Model, r: Real) {
    const open = m.withdrawals.filter((w) => w.status === 'requested');
    const w = open[this.pick % open.length];
    if (!w) return;
    m.counter += 1;
    must(
      await call(r, 'service_role', 'select * from public.record_payout($1, $2, $3)', [
        w.id,
        this.status,
        `evt_po${m.counter}`,
      ]),
      'record_payout',
    );
    const c = m.cash[w.who];
    c.held -= w.amount;
    if (this.status === 'paid') c.posted -= w.amount;
    w.status = this.status;
    await check(m, r);
  }
  toString = () => `Payout(${this.pick}, ${this.status})`;
}

const resolveBatch = 'select * from public.ledger_resolve_batch($1::jsonb)';

/** As the owner: the ledger's own functions are no client's. */
async function asLedgerOwner(r: Real, sql: string, params: unknown[]) {
  await r.tx.exec('reset role');
  return tryQuery<Record<string, unknown>>(r.tx, sql, params);
}

class Hold implements Cmd {
  constructor(
    readonly who: Who,
    readonly amount: number,
    readonly timeout: boolean,
  ) {}
  check = () => true;
  async run(m: Model, r: Real) {
    const id = crypto.randomUUID();
    const result = await asLedgerOwner(
      r,
      `select * from public.ledger_transfer($1, 'pending', public.ledger_account('member_cash', 'EUR', $2),
         public.ledger_account('offering_escrow', 'EUR', null, 'model-batch'), $3, 'investment', 'test', 'model',
         $2, 'Model hold', null, $4)`,
      [id, r.accounts[this.who].id, this.amount, this.timeout ? new Date(Date.now() + 3_600_000) : null],
    );
    const c = m.cash[this.who];
    if (available(c) >= this.amount) {
      must(result, 'hold');
      c.held += this.amount;
      m.holds.push({ id, who: this.who, amount: this.amount, timeout: this.timeout, status: 'pending' });
    } else {
      expect(result).toMatchObject({ ok: false, code: 'VL001' });
    }
    await check(m, r);
  }
  toString = () => `Hold(${this.who}, ${this.amount}, ${this.timeout})`;
}

type Fault = 'resolved' | 'above' | 'mismatch' | 'twice';

class ResolveBatch implements Cmd {
  constructor(
    readonly picks: { pick: number; post: boolean; part: number | null }[],
    readonly fault: Fault | null,
  ) {}
  check = (m: Readonly<Model>) => m.holds.some((h) => h.status === 'pending');
  async run(m: Model, r: Real) {
    const open = m.holds.filter((h) => h.status === 'pending');
    const chosen = [...new Set(this.picks.map((p) => p.pick % open.length))];
    const items: ResolutionItem[] = chosen.map((index, i) => {
      const h = open[index] as HoldModel;
      const pick = this.picks[i] ?? { post: false, part: null };
      return {
        id: crypto.randomUUID(),
        flags: pick.post ? 'post' : 'void',
        pending_id: h.id,
        // A part of the hold (0 to all of it), or null: all of it.
        amount_cents: pick.post && pick.part !== null ? Math.floor(h.amount * pick.part) : null,
      };
    });
    // A fault makes the whole batch fail, and nothing of it may change.
    const done = m.holds.find((h) => h.status !== 'pending');
    const earlier = m.batches.flat().find((x) => x.flags === 'post');
    const first = items[0];
    let expected: { code: string } | null = null;
    if (this.fault === 'resolved' && done) {
      items.push({ id: crypto.randomUUID(), flags: 'void', pending_id: done.id, amount_cents: null });
      expected = { code: 'P0001' };
    } else if (this.fault === 'above' && first) {
      const h = m.holds.find((x) => x.id === first.pending_id) as HoldModel;
      items[0] = { ...first, flags: 'post', amount_cents: h.amount + 1 };
      expected = { code: '22023' };
    } else if (this.fault === 'mismatch' && earlier) {
      // An id already written as a post, sent again as a void.
      items.push({ ...earlier, flags: 'void', amount_cents: null });
      expected = { code: 'P0001' };
    } else if (this.fault === 'twice' && first) {
      items.push({ ...first, id: crypto.randomUUID() });
      expected = { code: 'P0001' };
    }
    const legs = items.map((x) => ({
      ...x,
      kind: 'investment',
      subject_type: 'test',
      subject_id: 'model',
      description: 'Model resolution',
    }));
    const result = await asLedgerOwner(r, resolveBatch, [JSON.stringify(legs)]);
    if (expected) {
      expect(result).toMatchObject({ ok: false, ...expected });
    } else {
      const rows = must(result, 'ledger_resolve_batch').rows;
      expect(rows.map((row) => [row.id, row.flags])).toEqual(items.map((x) => [x.id, x.flags]));
      for (const x of items) {
        const h = m.holds.find((y) => y.id === x.pending_id) as HoldModel;
        const c = m.cash[h.who];
        c.held -= h.amount;
        if (x.flags === 'post') c.posted -= x.amount_cents ?? h.amount;
        h.status = x.flags === 'post' ? 'posted' : 'voided';
      }
      m.batches.push(items);
    }
    await check(m, r);
  }
  toString = () => `ResolveBatch(${JSON.stringify(this.picks)}, ${this.fault})`;
}

class RetryBatch implements Cmd {
  constructor(readonly pick: number) {}
  check = (m: Readonly<Model>) => m.batches.length > 0;
  async run(m: Model, r: Real) {
    const items = m.batches[this.pick % m.batches.length];
    if (!items) return;
    const legs = items.map((x) => ({
      ...x,
      kind: 'investment',
      subject_type: 'test',
      subject_id: 'model',
      description: 'Model resolution',
    }));
    // The same batch again: its rows answered, nothing written.
    const rows = must(await asLedgerOwner(r, resolveBatch, [JSON.stringify(legs)]), 'retry').rows;
    expect(rows.map((row) => row.id)).toEqual(items.map((x) => x.id));
    await check(m, r);
  }
  toString = () => `RetryBatch(${this.pick})`;
}

const who = fc.constantFrom<Who>(...members);
const pick = fc.nat(1_000);
export const commands = [
  fc
    .tuple(who, fc.integer({ min: 500, max: 300_000 }), fc.constantFrom('settled', 'settled', 'failed', 'pending'))
    .map(([w, a, o]) => new Deposit(w, a, o as 'settled' | 'failed' | 'pending')),
  pick.map((p) => new SettlePending(p)),
  pick.map((p) => new ReplayPayment(p)),
  fc.tuple(pick, fc.constantFrom('refund' as const, 'chargeback' as const)).map(([p, k]) => new Reverse(p, k)),
  fc
    .tuple(who, fc.integer({ min: 100, max: 200_000 }), fc.constantFrom('bank' as const, 'card' as const))
    .map(([w, a, meth]) => new Submit(w, a, meth)),
  pick.map((p) => new RetrySubmit(p)),
  fc
    .tuple(pick, fc.constantFrom('confirmed' as const, 'rejected' as const, 'cancelled' as const))
    .map(([p, d]) => new Decide(p, d)),
  fc.constant(new Expire()),
  fc
    .tuple(who, fc.integer({ min: 100, max: 150_000 }), fc.option(pick, { freq: 4 }))
    .map(([w, a, reuse]) => new Withdraw(w, a, reuse)),
  fc.tuple(pick, fc.constantFrom('paid' as const, 'failed' as const)).map(([p, s]) => new Payout(p, s)),
  fc.tuple(who, fc.integer({ min: 100, max: 100_000 }), fc.boolean()).map(([w, a, t]) => new Hold(w, a, t)),
  fc
    .tuple(
      fc.array(
        fc.record({
          pick,
          post: fc.boolean(),
          part: fc.option(fc.oneof(fc.constant(0), fc.constant(1), fc.double({ min: 0, max: 1, noNaN: true }))),
        }),
        { minLength: 1, maxLength: 5 },
      ),
      fc.option(fc.constantFrom<Fault>('resolved', 'above', 'mismatch', 'twice'), { freq: 2 }),
    )
    .map(([picks, fault]) => new ResolveBatch(picks, fault)),
  pick.map((p) => new RetryBatch(p)),
];
