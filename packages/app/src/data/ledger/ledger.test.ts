import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalBackend, startLocalBackend, testStore } from '../../test-support/localBackend';
import { loadMemberRead } from '../_query/memberRead';
import { startOnramp } from '../onramp/startOnramp';
import { positionsRead } from '../positions/positions';
import { balanceRead } from './balance';
import { readLedgerLines } from './ledgerLines';
import { requestWithdrawal } from './requestWithdrawal';

// The wallet's and the portfolio's reads and the withdrawal against the local host: the real SQL.
let local: LocalBackend;
let members = 0;
beforeAll(async () => {
  local = await startLocalBackend();
});
afterAll(() => local.close());

async function signedIn() {
  const { store } = testStore();
  await store.signIn(`ledger.member${++members}@example.eu`, 'pw');
  return store;
}

describe("the member's cash and positions", () => {
  it('a new member: no positions, no cash, no lines', async () => {
    const store = await signedIn();
    expect(await loadMemberRead(store, positionsRead)).toEqual({ ok: true, rows: [] });
    expect(await loadMemberRead(store, balanceRead)).toEqual({
      ok: true,
      rows: [{ available_cents: 0, held_cents: 0, total_cents: 0 }],
    });
    expect(await readLedgerLines(store, null)).toEqual({ ok: true, rows: [] });
  });

  it('a deposit, a withdrawal held (retried once), one too large refused: the balance and lines follow', async () => {
    const store = await signedIn();
    expect(await startOnramp(store, 5000, 'ledger-attempt-1')).toMatchObject({ ok: true });
    expect(await loadMemberRead(store, balanceRead)).toMatchObject({ rows: [{ available_cents: 5000 }] });

    expect(await requestWithdrawal(store, 7000, '0b8f6a52-34c1-4f0e-9d0e-000000000001')).toMatchObject({
      ok: false,
      error: 'the amount exceeds your available cash',
    });
    const key = '0b8f6a52-34c1-4f0e-9d0e-000000000002';
    const first = await requestWithdrawal(store, 2000, key);
    const again = await requestWithdrawal(store, 2000, key);
    expect(first).toMatchObject({ ok: true });
    expect(again).toEqual(first);

    expect(await loadMemberRead(store, balanceRead)).toEqual({
      ok: true,
      rows: [{ available_cents: 3000, held_cents: 2000, total_cents: 5000 }],
    });
    const lines = await readLedgerLines(store, null);
    if (!lines.ok) throw new Error(lines.error);
    expect(lines.rows.map((l) => [l.description, l.amount_cents, l.balance_cents])).toEqual([
      ['Withdrawal', -2000, 3000],
      [expect.any(String), 5000, 5000],
    ]);
    // The next page after the last line is the end.
    expect(await readLedgerLines(store, lines.rows.at(-1) ?? null)).toEqual({ ok: true, rows: [] });
  });
});
