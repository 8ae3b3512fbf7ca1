import { actionErrors, sampleCollectionAccount } from '@vault/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalBackend, startLocalBackend, testStore } from '../../test-support/localBackend';
import { loadMemberRead } from '../_query/memberRead';
import { collectionAccountRead } from '../investments/awaitingPayment';
import { requestWithdrawal } from '../ledger/requestWithdrawal';
import { startOnramp } from '../onramp/startOnramp';
import { bankAccountRead } from './bankAccount';
import { linkBankAccount } from './linkBankAccount';
import { unlinkBankAccount } from './unlinkBankAccount';

// The linked bank account and the collection account against the local host: the real SQL.
let local: LocalBackend;
let members = 0;
beforeAll(async () => {
  local = await startLocalBackend();
});
afterAll(() => local.close());

async function signedIn() {
  const { store } = testStore();
  await store.signIn(`bank.member${++members}@example.eu`, 'pw');
  return store;
}

describe("the member's linked bank account", () => {
  it('is none at first; a refused IBAN links nothing; a sound one reads back masked; unlink removes it', async () => {
    const store = await signedIn();
    expect(await loadMemberRead(store, bankAccountRead)).toEqual({ ok: true, rows: [] });
    expect(await linkBankAccount(store, 'Ada Lovelace', 'DE89 3704 0044 0532 0130 01')).toMatchObject({
      ok: false,
      error: actionErrors.ibanBadChecksum.message,
    });
    expect(await loadMemberRead(store, bankAccountRead)).toEqual({ ok: true, rows: [] });
    expect(await linkBankAccount(store, 'Ada Lovelace', 'de89 3704 0044 0532 0130 00')).toEqual({ ok: true });
    expect(await loadMemberRead(store, bankAccountRead)).toMatchObject({
      ok: true,
      rows: [{ holder_name: 'Ada Lovelace', iban_masked: 'DE•• …3000', bic: null }],
    });
    expect(await unlinkBankAccount(store)).toEqual({ ok: true });
    expect(await loadMemberRead(store, bankAccountRead)).toEqual({ ok: true, rows: [] });
  });

  it('receives the withdrawals while it is linked', async () => {
    const store = await signedIn();
    expect(await startOnramp(store, 5000, 'bank-attempt-1')).toMatchObject({ ok: true });
    expect(await linkBankAccount(store, 'Grace Hopper', 'NL91ABNA0417164300')).toEqual({ ok: true });
    const withdrawal = await requestWithdrawal(store, 1000, crypto.randomUUID());
    if (!withdrawal.ok) throw new Error(withdrawal.error);
    expect(
      await local.row('select destination, destination_ref from public.withdrawals where id = $1', [
        withdrawal.withdrawalId,
      ]),
    ).toEqual({ destination: 'linked_bank_account', destination_ref: 'NL•• …4300' });
  });
});

describe('the collection account', () => {
  it('is the seed’s test account', async () => {
    const store = await signedIn();
    expect(await loadMemberRead(store, collectionAccountRead)).toEqual({ ok: true, rows: [sampleCollectionAccount] });
  });
});
