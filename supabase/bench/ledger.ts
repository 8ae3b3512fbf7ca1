/**
 * The ledger's part of `npm run bench:db` (docs/ledger.md): ratios against what the same work
 * costs without the ledger's function, at scale.
 * - posting a transfer (ledger_transfer: its audit event, both balances, the row) between two
 *   accounts whose ids the caller holds, against a bare insert into a table with the same columns
 *   and indexes, at 1,000,000 transfers;
 * - my_balance() against a primary-key read of the account, for a member with 10 transfers and
 *   one with 100,000;
 * - a page of my_ledger_lines() at 100,000 lines against an indexed range read of the same rows;
 * - PARALLEL sessions posting random transfers among 1,000 accounts for LEDGER_BENCH_SECONDS
 *   (default 60): transfers per second, the invariants afterwards, and any error a session saw.
 * The bulk fill writes transfers and balances directly (no audit events: the console fill's
 * audit rows are made up too), so invariant 6 is checked on the parallel sessions' transfers only.
 */

export const LEDGER_TRANSFERS = Number(process.env.LEDGER_BENCH_TRANSFERS ?? 1_000_000);
const BIG_ACCOUNT_LINES = Math.min(100_000, Math.floor(LEDGER_TRANSFERS / 2));
export const PARALLEL = 8;
export const PARALLEL_ACCOUNTS = 1_000;
export const PARALLEL_SECONDS = Number(process.env.LEDGER_BENCH_SECONDS ?? 60);
const RUNS = 41;

/** bench.exec_ms(statement, runs): the median of runs executions after one warm-up, in ms (ledgerTimingSql). */
export const execMsSql = `
create schema if not exists bench;
grant usage on schema bench to authenticated;
create or replace function bench.exec_ms(statement text, runs integer) returns double precision
language plpgsql as $$
declare
  started timestamptz;
  times double precision[] := '{}';
begin
  execute statement;
  for i in 1..runs loop
    started := clock_timestamp();
    execute statement;
    times := times || extract(epoch from clock_timestamp() - started) * 1000;
  end loop;
  return (select t from unnest(times) as t order by t offset runs / 2 limit 1);
end
$$;
grant execute on function bench.exec_ms(text, integer) to authenticated;
`;

/** Fills the ledger; answers one row: the big member's cash account and a cursor half-way down its lines. */
export function ledgerFillSql(bigMember: string, smallMember: string): string {
  return `${execMsSql}
-- Statements answer no rows until the last, whose row the bench reads.
do $$
begin
  perform public.ledger_account('provider_clearing', 'EUR');
  perform public.ledger_account('member_cash', 'EUR', '${bigMember}');
  perform public.ledger_account('member_cash', 'EUR', '${smallMember}');
  perform public.ledger_account('offering_escrow', 'EUR', null, 'bench-offering-' || i) from generate_series(1, ${PARALLEL_ACCOUNTS}) i;
end
$$;
create temporary table bench_accounts as select id, row_number() over (order by id) as n from public.ledger_accounts
  where kind = 'offering_escrow' and opportunity_id like 'bench-offering-%';
-- The big member's lines: deposits of 1 cent from clearing.
insert into public.ledger_transfers (id, flags, debit_account_id, credit_account_id, currency, amount_cents, kind,
  subject_type, subject_id, member_id, description, linked_id, audit_event_id, debit_balance_after, credit_balance_after)
select g.id, 'posted', c.clearing, c.cash, 'EUR', 1, 'deposit', 'bench', i::text, '${bigMember}', 'Bench deposit',
       g.id, -i, -i, i
from generate_series(1, ${BIG_ACCOUNT_LINES}) i
cross join lateral (select md5('bench-big-' || i)::uuid as id) g
cross join (select public.ledger_account('provider_clearing', 'EUR') as clearing,
                   public.ledger_account('member_cash', 'EUR', '${bigMember}') as cash) c;
insert into public.ledger_transfers (id, flags, debit_account_id, credit_account_id, currency, amount_cents, kind,
  subject_type, subject_id, member_id, description, linked_id, audit_event_id, debit_balance_after, credit_balance_after)
select g.id, 'posted', c.clearing, c.cash, 'EUR', 1, 'deposit', 'bench', i::text, '${smallMember}', 'Bench deposit',
       g.id, -${BIG_ACCOUNT_LINES} - i, 0, i
from generate_series(1, 10) i
cross join lateral (select md5('bench-small-' || i)::uuid as id) g
cross join (select public.ledger_account('provider_clearing', 'EUR') as clearing,
                   public.ledger_account('member_cash', 'EUR', '${smallMember}') as cash) c;
-- The rest of the million among the 1,000 offering accounts.
insert into public.ledger_transfers (id, flags, debit_account_id, credit_account_id, currency, amount_cents, kind,
  subject_type, subject_id, description, linked_id, audit_event_id, debit_balance_after, credit_balance_after)
select g.id, 'posted', d.id, c.id, 'EUR', 1 + i % 1000, 'bench', 'bench', i::text, 'Bench transfer',
       g.id, -${BIG_ACCOUNT_LINES + 10} - i, 0, 0
from generate_series(1, ${LEDGER_TRANSFERS - BIG_ACCOUNT_LINES - 10}) i
cross join lateral (select md5('bench-rest-' || i)::uuid as id) g
join bench_accounts d on d.n = 1 + (i::bigint * 7919) % ${PARALLEL_ACCOUNTS}
join bench_accounts c on c.n = 1 + (i::bigint * 7919 + 1 + i % 997) % ${PARALLEL_ACCOUNTS};
-- The balances these transfers add (all posted) to what the seed's own transfers made.
with sums as (
  select account_id, sum(dp) as dp, sum(cp) as cp from (
    select debit_account_id as account_id, amount_cents as dp, 0 as cp from public.ledger_transfers where subject_type = 'bench'
    union all select credit_account_id, 0, amount_cents from public.ledger_transfers where subject_type = 'bench'
  ) x group by account_id
)
update public.ledger_accounts a set debits_posted = a.debits_posted + s.dp, credits_posted = a.credits_posted + s.cp
from sums s where s.account_id = a.id;
-- The reference: the same columns and indexes, holding the same million rows.
create table bench.transfers_bare (like public.ledger_transfers including defaults including constraints including indexes);
insert into bench.transfers_bare select * from public.ledger_transfers;
analyze;
select public.ledger_account('member_cash', 'EUR', '${bigMember}'),
  (select max(seq) - ${BIG_ACCOUNT_LINES / 2} from public.ledger_transfers
   where credit_account_id = (select public.ledger_account('member_cash', 'EUR', '${bigMember}')));`;
}

interface Timed {
  label: string;
  /** The ledger's call, and what it is compared with. */
  call: string;
  reference: string;
  as: 'owner' | { member: string };
  /** The ratio's goal when not the bench's (null: reported only). */
  goal?: number | null;
}

/** The two offering accounts the timed transfer moves between, looked up once (as a caller holds its ids). */
export const transferAccountsSql = `select string_agg(id::text, ' ' order by opportunity_id) from public.ledger_accounts
  where kind = 'offering_escrow' and opportunity_id in ('bench-offering-1', 'bench-offering-2')`;

export function ledgerTimings(
  bigMember: string,
  smallMember: string,
  bigCash: string,
  cursor: string,
  [debit, credit]: [string, string],
): Timed[] {
  const transfer = `select public.ledger_transfer(gen_random_uuid(), 'posted', ${debit}, ${credit},
      1, 'bench', 'bench', 'x', null, 'Bench transfer')`;
  const bare = `insert into bench.transfers_bare (id, seq, flags, debit_account_id, credit_account_id, currency, amount_cents, kind,
      subject_type, subject_id, description, linked_id, audit_event_id, debit_balance_after, credit_balance_after)
    select g, nextval('bench.bare_seq'), 'posted', 1, 2, 'EUR', 1, 'bench', 'bench', 'x', 'Bench transfer', g,
      nextval('bench.bare_seq'), 0, 0 from gen_random_uuid() g`;
  // The same insert with the transfer's audit event (the hash chain's append): what any transfer costs at least.
  const bareAudited = `insert into bench.transfers_bare (id, seq, flags, debit_account_id, credit_account_id, currency, amount_cents, kind,
      subject_type, subject_id, description, linked_id, audit_event_id, debit_balance_after, credit_balance_after)
    select g, nextval('bench.bare_seq'), 'posted', 1, 2, 'EUR', 1, 'bench', 'bench', 'x', 'Bench transfer', g,
      e.id, 0, 0 from gen_random_uuid() g,
      public.audit_append('ledger.transferred', null, 'ledger_transfer', g::text, jsonb_build_object('flags', 'posted',
        'kind', 'bench', 'amount_cents', 1, 'currency', 'EUR', 'debit_account_id', ${debit},
        'credit_account_id', ${credit}, 'subject_type', 'bench', 'subject_id', 'x')) e`;
  return [
    { label: 'post a transfer (vs a bare insert, same indexes)', call: transfer, reference: bare, as: 'owner' },
    {
      label: 'the floor: a bare insert with its audit event (vs a bare insert; reported, no goal)',
      call: bareAudited,
      reference: bare,
      as: 'owner',
      goal: null,
    },
    {
      label: 'my_balance(), 100,000 transfers (vs a primary-key read)',
      call: 'select * from public.my_balance()',
      reference: `select * from public.ledger_accounts where id = ${bigCash}`,
      as: { member: bigMember },
    },
    {
      label: 'my_balance(), 10 transfers (vs a primary-key read)',
      call: 'select * from public.my_balance()',
      reference: `select * from public.ledger_accounts where id = ${bigCash}`,
      as: { member: smallMember },
    },
    {
      label: 'a page of my_ledger_lines() at 100,000 lines (vs an indexed range read)',
      call: `select * from public.my_ledger_lines(${cursor}, 50)`,
      reference: `select * from public.ledger_transfers where credit_account_id = ${bigCash} and seq < ${cursor}
        order by seq desc limit 50`,
      as: { member: bigMember },
    },
  ];
}

/** The timing script of one side: the median of RUNS executions, in ms. */
export function ledgerTimingSql(t: Timed, side: 'call' | 'reference'): string {
  const statement = side === 'call' ? t.call : t.reference;
  const quoted = `$stmt$${statement}$stmt$`;
  const claims =
    t.as === 'owner'
      ? ''
      : JSON.stringify({ sub: t.as.member, role: 'authenticated', app_metadata: { role: 'investor' } });
  // The reference reads are the owner's (the tables are closed to clients); the member's call runs as them.
  const role = t.as !== 'owner' && side === 'call' ? 'set local role authenticated;' : '';
  return `begin;
create sequence if not exists bench.bare_seq start 10000000000;
select set_config('request.jwt.claims', '${claims}', true);
${role}
select bench.exec_ms(${quoted}, ${RUNS});
rollback;`;
}

/** One parallel session: random transfers among the 1,000 accounts until the time is up; answers how many. */
export function parallelSessionSql(seconds: number): string {
  return `select set_config('request.jwt.claims', '', false);
do $$
declare
  until timestamptz := clock_timestamp() + make_interval(secs => ${seconds});
  ids bigint[] := array(select id from public.ledger_accounts where opportunity_id like 'bench-offering-%' order by id);
  n integer := 0;
  a integer;
  b integer;
begin
  while clock_timestamp() < until loop
    a := 1 + floor(random() * array_length(ids, 1))::integer;
    b := 1 + (a + floor(random() * (array_length(ids, 1) - 1))::integer) % array_length(ids, 1);
    perform public.ledger_transfer(gen_random_uuid(), 'posted', ids[a], ids[b], 1 + floor(random() * 1000)::bigint,
      'bench', 'bench', 'parallel', null, 'Bench transfer');
    n := n + 1;
    -- Each transfer its own transaction, as a caller's request would be.
    commit;
  end loop;
  raise notice 'posted %', n;
end
$$;`;
}

/** After the parallel sessions: invariants 1 to 5 on every transfer, 6 on theirs; null when all hold. */
export function parallelCheckSql(reader: string, since: string): string {
  const claims = JSON.stringify({ sub: reader, role: 'authenticated', app_metadata: { role: 'mfo_admin' } });
  return `begin;
do $$ begin perform set_config('request.jwt.claims', '${claims}', true); end $$;
select coalesce((select v from (select public.ledger_verify() as v) x where v is not null and v not like '6:%'),
  (select 'transfer ' || t.id || ' has no audit event' from public.ledger_transfers t
     left join public.audit_events e on e.id = t.audit_event_id
     where t.seq > ${since} and (e.id is null or e.subject_id <> t.id::text) limit 1),
  'ok');
rollback;`;
}
