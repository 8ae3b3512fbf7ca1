import { execMsSql, ledgerTimingSql } from './ledger';
import { onceMsSql } from './lifecycle';

/**
 * The offerings' part of `npm run bench:db` (docs/offerings.md):
 * - closing an offering with OFFERING_SUBSCRIPTIONS (default 10,000) subscriptions, each a hold
 *   on its own member's cash made by submit_investment as that member, against inserting as many
 *   rows in one statement into a table with the ledger transfers' columns and indexes (what
 *   closing writes most of); done once, as a close is. Then the ledger's invariants, and that
 *   what was posted to the offering's escrow is its issued units × the unit price;
 * - my_positions() as an investor holding POSITIONS_OF_ONE positions among POSITION_INVESTORS
 *   investors' positions, against an indexed range read of that investor's position rows.
 */

export const OFFERING_SUBSCRIPTIONS = Number(process.env.OFFERING_BENCH_SUBSCRIPTIONS ?? 10_000);
/** The goals of the ratios (the issue's): closing at most 3x the bare insert, my_positions() at most 2x the read. */
export const OFFERING_CLOSE_RATIO_GOAL = 3;
export const POSITIONS_RATIO_GOAL = 2;
const POSITION_INVESTORS = Number(process.env.POSITION_BENCH_INVESTORS ?? 100_000);
const POSITIONS_OF_ONE = 200;
const OFFERING = 'bench-close';
const UNIT_PRICE_CENTS = 100;

function claims(member: string, role: string): string {
  return JSON.stringify({ sub: member, role: 'authenticated', app_metadata: { role } });
}

/**
 * The subscribers (a wallet, approved KYC, a demo deposit, declared companies: no reflection
 * period to wait for), the open offering, and each one's subscription by submit_investment as
 * them. Answers one row: the subscriptions held and the cents they hold.
 */
export function closeFillSql(): string {
  return `${onceMsSql}
-- New members without the demo's sample rows (the seed turned demo mode on).
update public.app_settings set demo_mode = false;
insert into auth.users (id, aud, role, email, raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
select gen_random_uuid(), 'authenticated', 'authenticated', 'subscriber' || i || '@bench.test',
       '{"provider":"email","role":"investor"}'::jsonb, '{}'::jsonb, now(), now()
from generate_series(1, ${OFFERING_SUBSCRIPTIONS}) as i;
update public.app_settings set demo_mode = true;
update public.profiles p set crossmint_wallet_id = 'bench-wallet-' || p.id, kyc_status = 'approved'
from auth.users u where u.id = p.id and u.email like 'subscriber%@bench.test';
select count(public.ledger_demo_deposit(u.id, 50000)) from auth.users u where u.email like 'subscriber%@bench.test';
-- An open offering of the lending SPV (its demo administrator closes it), €1 a unit.
insert into public.opportunities
select (jsonb_populate_record(null::public.opportunities,
  to_jsonb(o) || jsonb_build_object('id', '${OFFERING}', 'name', 'Bench Offering', 'status', 'open', 'open', true,
    'unit_price_cents', ${UNIT_PRICE_CENTS}, 'min_target_cents', 100000, 'max_target_cents', 10000000000,
    'opens_at', now() - interval '1 day', 'deadline_at', now() + interval '30 days', 'allocation_rule', 'first_come'))).*
from public.opportunities o where o.id = 'schools-ghana';
-- Each member subscribes as themself; amounts not a whole number of units, so each post is partial,
-- and one in four by card (a third leg).
do $$
declare
  m record;
begin
  for m in
    select u.id, row_number() over (order by u.email) as n from auth.users u where u.email like 'subscriber%@bench.test'
  loop
    perform set_config('request.jwt.claims',
      json_build_object('sub', m.id, 'role', 'authenticated', 'app_metadata', json_build_object('role', 'investor'))::text, true);
    perform public.save_investor_profile('DE', 'corporate', '{}');
    perform public.submit_investment('${OFFERING}', 10000 + (m.n % 97) * 37,
      case when m.n % 4 = 0 then 'card' else 'bank' end, gen_random_uuid());
  end loop;
  perform set_config('request.jwt.claims', '', true);
end
$$;
create table bench.close_bare (like public.ledger_transfers including defaults including constraints including indexes);
create sequence if not exists bench.close_seq start 1;
analyze;
select count(*), sum(amount_cents) from public.investments where opportunity_id = '${OFFERING}' and status = 'Pending';`;
}

/** Closes the offering once as the SPV's administrator; answers the milliseconds. */
export function closeSql(spvAdmin: string): string {
  return `begin;
select set_config('request.jwt.claims', '${claims(spvAdmin, 'cl_spv_admin')}', true);
select bench.once_ms($stmt$select public.close_offering('${OFFERING}')$stmt$);
commit;`;
}

/** As many rows as subscriptions into the table with the transfers' indexes, in one statement; answers the milliseconds. */
export function closeBareSql(): string {
  return `begin;
select bench.once_ms($stmt$insert into bench.close_bare (id, seq, flags, debit_account_id, credit_account_id, currency,
    amount_cents, kind, subject_type, subject_id, member_id, description, linked_id, audit_event_id,
    debit_balance_after, credit_balance_after)
  select g, nextval('bench.close_seq'), 'posted', 1, 2, 'EUR', 1 + i % 1000, 'investment', 'investment', 'bench',
    null, 'Units issued, bench', g, nextval('bench.close_seq'), 0, i
  from generate_series(1, ${OFFERING_SUBSCRIPTIONS}) i cross join lateral (select md5('bench-close-' || i)::uuid as g) x$stmt$);
rollback;`;
}

/**
 * After the close: the offering's status, the transfers closing wrote for its subscriptions, the
 * principal posted to its escrow, its issued units × the unit price, what its escrow holds
 * posted and pending, and the ledger's invariants (ok when they hold).
 */
export function closeCheckSql(reader: string): string {
  return `begin;
select set_config('request.jwt.claims', '${claims(reader, 'mfo_admin')}', true);
select (select status from public.opportunities where id = '${OFFERING}'),
       (select count(*) from public.ledger_transfers t join public.investments i on t.subject_id = i.id::text
          where t.subject_type = 'investment' and i.opportunity_id = '${OFFERING}' and t.flags in ('post', 'void')),
       (select coalesce(sum(t.amount_cents), 0) from public.ledger_transfers t
          join public.investments i on t.subject_id = i.id::text
          where t.subject_type = 'investment' and i.opportunity_id = '${OFFERING}' and t.flags = 'post' and t.kind = 'investment'),
       (select coalesce(sum(units), 0) * ${UNIT_PRICE_CENTS} from public.positions where opportunity_id = '${OFFERING}'),
       (select credits_posted || '/' || credits_pending from public.ledger_accounts
          where kind = 'offering_escrow' and opportunity_id = '${OFFERING}'),
       coalesce(public.ledger_verify(), 'ok');
rollback;`;
}

/**
 * POSITION_INVESTORS investors, one of them holding POSITIONS_OF_ONE issued offerings, the others
 * one each among them, with an issue price and a later one. Answers one row: the measured investor.
 */
export function positionsFillSql(): string {
  return `${execMsSql}
update public.app_settings set demo_mode = false;
insert into auth.users (id, aud, role, email, raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
select gen_random_uuid(), 'authenticated', 'authenticated', 'positions' || i || '@bench.test',
       '{"provider":"email","role":"investor"}'::jsonb, '{}'::jsonb, now(), now()
from generate_series(1, ${POSITION_INVESTORS}) as i;
update public.app_settings set demo_mode = true;
insert into public.opportunities
select (jsonb_populate_record(null::public.opportunities,
  to_jsonb(o) || jsonb_build_object('id', 'bench-position-' || n, 'name', 'Bench Position ' || n, 'status', 'issued',
    'open', false, 'unit_price_cents', ${UNIT_PRICE_CENTS}))).*
from public.opportunities o cross join generate_series(1, ${POSITIONS_OF_ONE}) n where o.id = 'schools-ghana';
insert into public.unit_prices (opportunity_id, as_of, price_cents, reason)
select 'bench-position-' || n, current_date - d, ${UNIT_PRICE_CENTS} + d, case d when 30 then 'Issue price' else 'Bench price' end
from generate_series(1, ${POSITIONS_OF_ONE}) n cross join (values (30), (2)) as x (d);
create temporary table bench_investors as
select u.id, row_number() over (order by u.email) as n from auth.users u where u.email like 'positions%@bench.test';
insert into public.positions (member_id, opportunity_id, units, cost_cents, fees_cents, first_issued_at)
select i.id, 'bench-position-' || (1 + i.n % ${POSITIONS_OF_ONE}), 1 + i.n % 997, (1 + i.n % 997) * ${UNIT_PRICE_CENTS}, 10,
       now() - make_interval(mins => i.n::integer)
from bench_investors i where i.n > 1
union all
select i.id, 'bench-position-' || k, 10 * k, 10 * k * ${UNIT_PRICE_CENTS}, k, now() - make_interval(hours => k)
from bench_investors i cross join generate_series(1, ${POSITIONS_OF_ONE}) k where i.n = 1;
insert into public.offering_records (opportunity_id, issued_units)
select opportunity_id, sum(units) from public.positions where opportunity_id like 'bench-position-%' group by opportunity_id;
analyze;
select id from bench_investors where n = 1;`;
}

export function positionsTiming(member: string) {
  return {
    label: `my_positions(), ${POSITIONS_OF_ONE} positions among ${POSITION_INVESTORS.toLocaleString('en')} investors (vs an indexed range read of them)`,
    call: 'select * from public.my_positions()',
    reference: `select * from public.positions where member_id = '${member}' order by opportunity_id`,
    as: { member },
  };
}

export function positionsTimingSql(member: string, side: 'call' | 'reference'): string {
  return ledgerTimingSql(positionsTiming(member), side);
}
