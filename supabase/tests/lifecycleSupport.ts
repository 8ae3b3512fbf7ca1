import type { PGlite, Transaction } from '@electric-sql/pglite';
import { validOfferingDetails } from '@vault/domain';
import { become } from './actors';
import type { Account } from './db';
import { type Members, offeringMembers, owner } from './offeringsSupport';

/**
 * What the lifecycle tests share (lifecycle*.test.ts): the callers, an issued offering with
 * holders and a funded account made as the owner, and the reads they check.
 */

export { call, type Members, type Name, names, owner, refusal, whoOf } from './offeringsSupport';

/** The callers of offeringsSupport.ts, the two investors resident in NL and GB. */
export async function makeMembers(db: PGlite): Promise<Members> {
  const m = await offeringMembers(db);
  await residence(db, m.investor, 'NL');
  await residence(db, m.investor2, 'GB');
  return m;
}

export async function residence(db: PGlite | Transaction, member: Account, country: string): Promise<void> {
  await db.query(
    `insert into public.investor_profiles (member_id, country, category) values ($1, $2, 'corporate')
     on conflict (member_id) do update set country = excluded.country`,
    [member.id, country],
  );
}

export interface Holder {
  member: Account;
  units: number;
  /** When the units were issued: days before now. */
  daysAgo?: number;
}

/**
 * An offering of the equity SPV, issued as closing would leave it: positions with their issue
 * times, the issue price, and `fundCents` in its account (posted from clearing). Made as the owner.
 */
export async function issuedOffering(
  tx: Transaction,
  by: Account,
  holders: readonly Holder[],
  fundCents: number,
  details: Record<string, unknown> = {},
): Promise<string> {
  await become(tx, by);
  const { rows } = await tx.query<{ id: string }>('select public.create_offering($1::jsonb) as id', [
    JSON.stringify({ ...validOfferingDetails, ...details }),
  ]);
  const id = rows[0]?.id ?? '';
  await owner(tx);
  await tx.query(`update public.opportunities set status = 'issued', open = false where id = $1`, [id]);
  for (const h of holders) await issueUnits(tx, id, h);
  const oldest = Math.max(0, ...holders.map((h) => h.daysAgo ?? 0));
  await tx.query(
    `insert into public.unit_prices (opportunity_id, as_of, price_cents, reason)
     select id, (now() - make_interval(days => $2)) at time zone 'UTC', unit_price_cents, 'Issue price'
     from public.opportunities where id = $1`,
    [id, oldest],
  );
  if (fundCents > 0) await fund(tx, id, fundCents);
  return id;
}

/** Units issued to a holder (added to their position), as the owner. */
export async function issueUnits(tx: Transaction, id: string, h: Holder): Promise<void> {
  await owner(tx);
  await tx.query(
    `insert into public.positions as p (member_id, opportunity_id, units, cost_cents, fees_cents, first_issued_at)
     select $1, o.id, $3, $3 * o.unit_price_cents, 0, now() - make_interval(days => $4)
     from public.opportunities o where o.id = $2
     on conflict on constraint positions_pkey do update set units = p.units + excluded.units`,
    [h.member.id, id, h.units, h.daysAgo ?? 0],
  );
  await tx.query(
    `insert into public.offering_records as r (opportunity_id, issued_units) values ($1, $2)
     on conflict (opportunity_id) do update set issued_units = r.issued_units + excluded.issued_units`,
    [id, h.units],
  );
}

/** Money into the offering's account from outside (income it received), as the owner. */
export async function fund(tx: Transaction, id: string, cents: number): Promise<void> {
  await owner(tx);
  await tx.query(
    `select public.ledger_transfer(gen_random_uuid(), 'posted', public.ledger_account('provider_clearing', 'EUR'),
       public.ledger_account('offering_escrow', 'EUR', null, $1), $2, 'income', 'test', $1, null, 'Income received')`,
    [id, cents],
  );
}

export async function cashOf(tx: Transaction, member: Account): Promise<number> {
  await owner(tx);
  const { rows } = await tx.query<{ cents: string }>(`select public.ledger_available($1) as cents`, [member.id]);
  return Number(rows[0]?.cents ?? 0);
}

export async function accountOf(tx: Transaction, kind: string, opportunity: string | null = null): Promise<number> {
  await owner(tx);
  const { rows } = await tx.query<{ cents: string }>(
    `select coalesce((select credits_posted - debits_posted - debits_pending from public.ledger_accounts
       where kind = $1 and currency = 'EUR' and opportunity_id is not distinct from $2), 0) as cents`,
    [kind, opportunity],
  );
  return Number(rows[0]?.cents ?? 0);
}

/** ledger_verify() as mfo_admin: null when every invariant holds. */
export async function ledgerVerify(tx: Transaction, reader: Account): Promise<string | null> {
  await become(tx, reader);
  const { rows } = await tx.query<{ failure: string | null }>('select public.ledger_verify() as failure');
  return rows[0]?.failure ?? null;
}
