import type { PGlite, Transaction } from '@electric-sql/pglite';
import { actionErrors, ledgerAccountKinds } from '@vault/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asOwner, become, type Callers, callerNames, createCallers, whoIs } from './actors';
import { type Account, asActor, seededDb, tryQuery } from './db';
import { balanceOf, recordPayment, refusal } from './ledgerSupport';

/**
 * The ledger's own transfer functions, called as the owner: ledger_transfer's retries, partial
 * posts, linked transfers, timeouts and immutability, and ledger_resolve_batch's posts and voids.
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

async function asTheOwner(tx: Transaction): Promise<void> {
  await tx.exec('reset role');
  await tx.query(`select set_config('request.jwt.claims', '', true)`);
}

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
