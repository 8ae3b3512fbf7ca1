import type { Transaction } from '@electric-sql/pglite';
import { sampleSharedRows } from '@vault/domain';
import { become } from './actors';
import type { Account, Who } from './db';

/**
 * What the ledger's tests share (ledger-*.test.ts): a member made ready to invest, a deposit as
 * the payments webhook makes it, the balances and checks read back, and a refusal as tryQuery answers it.
 */

const open = sampleSharedRows.opportunities.find((o) => o.open);
if (!open) throw new Error('the sample opportunities lack an open one');
export const openOpportunity = open;

/** Wallet, approved KYC, first on-ramp and an eligible investor profile, set as the owner. */
export async function makeReadyToInvest(tx: Transaction, member: Account): Promise<void> {
  await tx.exec('reset role');
  await tx.query(
    `update public.profiles set crossmint_wallet_id = 'wallet-' || id, kyc_status = 'approved', first_onramp_ok = true
     where id = $1`,
    [member.id],
  );
  await tx.query(
    `insert into public.investor_profiles (member_id, country, category) values ($1, 'NL', 'corporate')
     on conflict (member_id) do nothing`,
    [member.id],
  );
}

/** The payments webhook's call, as the service role. */
export async function recordPayment(
  tx: Transaction,
  member: Account,
  providerRef: string,
  amountCents: number,
  status: 'pending' | 'settled' | 'failed',
  eventId = `evt_${crypto.randomUUID()}`,
): Promise<void> {
  await become(tx, 'service_role');
  await tx.query('select public.record_payment($1, $2, $3, $4, $5, $6)', [
    member.id,
    providerRef,
    amountCents,
    'EUR',
    status,
    eventId,
  ]);
}

export interface Balance {
  available: number;
  held: number;
  total: number;
}

export async function balanceOf(tx: Transaction, member: Account): Promise<Balance> {
  await become(tx, member);
  const { rows } = await tx.query<{ available_cents: string; held_cents: string; total_cents: string }>(
    'select * from public.my_balance()',
  );
  const row = rows[0];
  if (!row) throw new Error('my_balance answered no row');
  return { available: Number(row.available_cents), held: Number(row.held_cents), total: Number(row.total_cents) };
}

/** ledger_verify() as a ledger reader: null when every invariant holds. */
export async function verify(tx: Transaction, reader: Who): Promise<string | null> {
  await become(tx, reader);
  const { rows } = await tx.query<{ failure: string | null }>('select public.ledger_verify() as failure');
  return rows[0]?.failure ?? null;
}

/** What tryQuery answers when the database refuses with this error. */
export function refusal(error: { code: string; message: string }) {
  return { ok: false, code: error.code, message: error.message };
}
