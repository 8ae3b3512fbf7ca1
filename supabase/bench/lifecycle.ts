/**
 * The lifecycle's part of `npm run bench:db` (docs/lifecycle.md): paying a distribution to
 * LIFECYCLE_BENCH_HOLDERS holders (default 100,000) with pay_distribution, against inserting the
 * same number of rows in one statement into a table with the ledger transfers' columns and
 * indexes. The holders are members of their own, each with a position in one offering; the
 * distribution is declared first (not timed), then paid once, timed.
 */

export const LIFECYCLE_HOLDERS = Number(process.env.LIFECYCLE_BENCH_HOLDERS ?? 100_000);
/** The goal of the ratio (the issue's): paying at most 3x the bare insert. */
export const LIFECYCLE_RATIO_GOAL = 3;
const OFFERING = 'bench-distribution';
const AMOUNT_CENTS = 123_456_789;

/** bench.once_ms(statement): one execution, in ms (for what is done once, as a payment is). */
export const onceMsSql = `
create schema if not exists bench;
create or replace function bench.once_ms(statement text) returns double precision
language plpgsql as $$
declare
  started timestamptz := clock_timestamp();
begin
  execute statement;
  return extract(epoch from clock_timestamp() - started) * 1000;
end
$$;
`;

/** Makes the holders, their positions and the funded offering; answers one row: the distribution's id. */
export function lifecycleFillSql(spvAdmin: string): string {
  const spvClaims = JSON.stringify({ sub: spvAdmin, role: 'authenticated', app_metadata: { role: 'cl_spv_admin' } });
  return `${onceMsSql}
-- New members without the demo's sample rows (the seed turned demo mode on).
update public.app_settings set demo_mode = false;
insert into auth.users (id, aud, role, email, raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
select gen_random_uuid(), 'authenticated', 'authenticated', 'holder' || i || '@bench.test',
       '{"provider":"email","role":"investor"}'::jsonb, '{}'::jsonb, now(), now()
from generate_series(1, ${LIFECYCLE_HOLDERS}) as i;
-- Back on: the SPV's and mfo_admin's demo accounts act below.
update public.app_settings set demo_mode = true;
insert into public.opportunities
select (jsonb_populate_record(null::public.opportunities,
  to_jsonb(o) || jsonb_build_object('id', '${OFFERING}', 'status', 'issued', 'open', false, 'unit_price_cents', 100))).*
from public.opportunities o where o.id = 'schools-ghana';
insert into public.positions (member_id, opportunity_id, units, cost_cents, fees_cents, first_issued_at)
select u.id, '${OFFERING}', 1 + (row_number() over (order by u.id)) % 997, 100, 0, now() - interval '2 days'
from auth.users u where u.email like 'holder%@bench.test';
select public.ledger_transfer(gen_random_uuid(), 'posted', public.ledger_account('provider_clearing', 'EUR'),
  public.ledger_account('offering_escrow', 'EUR', null, '${OFFERING}'), ${AMOUNT_CENTS}, 'income', 'bench', 'fund', null,
  'Bench income');
create table bench.lifecycle_bare (like public.ledger_transfers including defaults including constraints including indexes);
create sequence if not exists bench.lifecycle_seq start 1;
analyze;
begin;
select set_config('request.jwt.claims', '${spvClaims}', true);
create temporary table bench_distribution on commit drop as
  select (public.declare_distribution('${OFFERING}', (now() at time zone 'UTC')::date - 1, ${AMOUNT_CENTS}, 'income') ->> 'id') as id;
create table bench.lifecycle_distribution as select id from bench_distribution;
commit;
select id from bench.lifecycle_distribution;`;
}

/** Pays the distribution once as mfo_admin; answers the milliseconds. */
export function lifecyclePaySql(payer: string, distribution: string): string {
  const claims = JSON.stringify({ sub: payer, role: 'authenticated', app_metadata: { role: 'mfo_admin' } });
  return `begin;
select set_config('request.jwt.claims', '${claims}', true);
select bench.once_ms($stmt$select public.pay_distribution('${distribution}')$stmt$);
commit;`;
}

/** Inserts as many rows into the table with the same indexes, in one statement; answers the milliseconds. */
export function lifecycleBareSql(): string {
  return `begin;
select bench.once_ms($stmt$insert into bench.lifecycle_bare (id, seq, flags, debit_account_id, credit_account_id, currency,
    amount_cents, kind, subject_type, subject_id, member_id, description, linked_id, audit_event_id,
    debit_balance_after, credit_balance_after)
  select g, nextval('bench.lifecycle_seq'), 'posted', 1, 2, 'EUR', 1 + i % 1000, 'distribution', 'distribution', 'bench',
    null, 'Distribution, bench', g, nextval('bench.lifecycle_seq'), 0, i
  from generate_series(1, ${LIFECYCLE_HOLDERS}) i cross join lateral (select md5('bench-paid-' || i)::uuid as g) x$stmt$);
rollback;`;
}

/** After the payment: the lines paid, their sum, and the ledger's invariants (null when they hold). */
export function lifecycleCheckSql(reader: string, distribution: string): string {
  const claims = JSON.stringify({ sub: reader, role: 'authenticated', app_metadata: { role: 'mfo_admin' } });
  return `begin;
select set_config('request.jwt.claims', '${claims}', true);
select (select count(*) from public.ledger_transfers where subject_type = 'distribution' and subject_id = '${distribution}'),
       (select sum(amount_cents) from public.ledger_transfers where subject_type = 'distribution' and subject_id = '${distribution}'),
       coalesce(public.ledger_verify(), 'ok');
rollback;`;
}
