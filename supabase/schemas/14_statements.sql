-- Statements (docs/statements.md): each investor's quarterly statement of assets, yearly statement
-- of costs and charges, and yearly tax summary, made from the ledger, the units issued and the
-- unit prices, and kept as issued.
--
-- * public.statements: one row per member, kind and period. `content` is the statement as data
--   (jsonb), `csv` its CSV text, made here from `content` and nowhere else, and `sha256` the
--   SHA-256 of the content's canonical text (jsonb's text: keys in a fixed order). The app shows
--   `content` and writes the PDF from it (@vault/domain `statementPdf`), so screen, CSV and PDF
--   read the same data.
-- * Everything a statement says is as of its period's end, read from immutable rows (ledger
--   transfers, allocations, confirmations, dated prices): building it again for the same period
--   gives the same bytes whatever happened since (statement_content).
-- * Money moves are read by the ledger's transfer kinds, so the statements take in distributions,
--   withholding, redemptions and maturities as soon as some function posts transfers of those
--   kinds, with no reference to the tables that record them.
-- * Members read their statements through my_statements (the list) and open_statement (the
--   content, recording statement.viewed); no client reads the table itself.

-- ---------------------------------------------------------------------------------------------
-- Indexes for reading one account's, or one member's, transfers over a period.

create index if not exists ledger_transfers_debit_time_idx on public.ledger_transfers (debit_account_id, created_at);
create index if not exists ledger_transfers_credit_time_idx on public.ledger_transfers (credit_account_id, created_at);
create index if not exists ledger_transfers_member_time_idx on public.ledger_transfers (member_id, created_at)
  where member_id is not null;

-- ---------------------------------------------------------------------------------------------
-- The statements as issued.

create table if not exists public.statements (
  id uuid primary key default gen_random_uuid(),
  member_id uuid not null,
  kind text not null check (kind in ('quarterly_assets', 'annual_costs', 'annual_tax')),
  period_start date not null,
  period_end date not null,
  content jsonb not null check (jsonb_typeof(content) = 'object'),
  csv text not null,
  sha256 text not null check (sha256 ~ '^[0-9a-f]{64}$'),
  issued_at timestamptz not null default now(),
  check (period_end >= period_start),
  constraint statements_period_key unique (member_id, kind, period_start)
);
create index if not exists statements_member_idx on public.statements (member_id, period_end desc);
alter table public.statements enable row level security;
revoke all on table public.statements from public, anon, authenticated, service_role;
grant select on table public.statements to service_role;

-- ---------------------------------------------------------------------------------------------
-- What a statement reads, as of an instant.

-- The unit price of an offering in force before `at`: the latest valuation, else its issue
-- price; with the day it applies from (null for the issue price).
create or replace function public.statement_unit_price(opportunity_id text, at timestamptz)
returns table (price_cents bigint, as_of date)
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(u.price_cents, o.unit_price_cents, 0)::bigint, u.as_of
  from public.opportunities o
  left join lateral (
    -- A day's price applies from the start of that day (UTC).
    select p.price_cents, p.as_of from public.unit_prices p
    where p.opportunity_id = o.id and (p.as_of::timestamp at time zone 'UTC') < statement_unit_price.at
    order by p.as_of desc limit 1
  ) u on true
  where o.id = statement_unit_price.opportunity_id
$$;

-- Each issue of units to a member (and, negative, each approved redemption, at no cost: the
-- statement values units, not their cost basis): closing's allocations, and the confirmations of a sample
-- opportunity's subscriptions (units = whole units the amount buys, as review_investment issues
-- them). Dated, so a statement counts those issued before its period's end.
create or replace function public.statement_unit_issues(member_id uuid)
returns table (opportunity_id text, units bigint, cost_cents bigint, issued_at timestamptz)
language sql
stable
security definer
set search_path = ''
as $$
  select a.opportunity_id, a.units, a.amount_cents, a.allocated_at
  from public.offering_allocations a
  where a.member_id = statement_unit_issues.member_id and a.units > 0
  union all
  select i.opportunity_id, i.amount_cents / o.unit_price_cents,
         (i.amount_cents / o.unit_price_cents) * o.unit_price_cents, i.decided_at
  from public.investments i
  join public.opportunities o on o.id = i.opportunity_id
  where i.user_id = statement_unit_issues.member_id
    and i.status in ('Active', 'Matured') and not i.sample and i.decided_at is not null
    and o.deadline_at is null and o.unit_price_cents > 0
    and i.amount_cents >= o.unit_price_cents
  union all
  select r.opportunity_id, -r.units, 0::bigint, r.decided_at
  from public.redemptions r
  where r.member_id = statement_unit_issues.member_id and r.status = 'approved'
$$;

-- The member's EUR cash account, if any.
create or replace function public.statement_cash_account(member_id uuid)
returns bigint
language sql
stable
security definer
set search_path = ''
as $$
  select a.id from public.ledger_accounts a
  where a.kind = 'member_cash' and a.currency = 'EUR' and a.member_id = statement_cash_account.member_id
$$;

-- The available cash of an account before `at`: the balance after its last transfer before then.
create or replace function public.statement_cash_before(account_id bigint, at timestamptz)
returns bigint
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce((
    select x.balance from (
      (select t.seq, t.debit_balance_after as balance from public.ledger_transfers t
       where t.debit_account_id = statement_cash_before.account_id and t.created_at < statement_cash_before.at
       order by t.created_at desc, t.seq desc limit 1)
      union all
      (select t.seq, t.credit_balance_after from public.ledger_transfers t
       where t.credit_account_id = statement_cash_before.account_id and t.created_at < statement_cash_before.at
       order by t.created_at desc, t.seq desc limit 1)
    ) x order by x.seq desc limit 1
  ), 0)::bigint
$$;

-- A percentage of `part` in `whole`, two decimals, as text ('1.25'); null when whole is 0.
create or replace function public.statement_percent(part bigint, whole bigint)
returns text
language sql
immutable
set search_path = ''
as $$
  select case when coalesce(whole, 0) = 0 then null else round(part::numeric * 100 / whole, 2)::text end
$$;

-- ---------------------------------------------------------------------------------------------
-- The three statements, as data. Each reads [period_start, period_end + 1 day) in UTC.

-- The quarterly statement of assets: positions (units, price, value) and cash at the period's
-- end, and every line of the member's cash in the period with the balance after it.
create or replace function public.statement_quarterly_assets(member_id uuid, period_start date, period_end date)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  from_at timestamptz := (period_start::timestamp at time zone 'UTC');
  to_at timestamptz := ((period_end + 1)::timestamp at time zone 'UTC');
  cash bigint := public.statement_cash_account(member_id);
  opening bigint := 0;
  positions jsonb;
  positions_value bigint;
begin
  select coalesce(jsonb_agg(jsonb_build_object(
           'opportunity_id', h.opportunity_id, 'name', o.name, 'units', h.units,
           'cost_cents', h.cost_cents, 'unit_price_cents', p.price_cents,
           'price_as_of', coalesce(p.as_of::text, ''), 'value_cents', h.units * p.price_cents
         ) order by h.opportunity_id), '[]'::jsonb),
         coalesce(sum(h.units * p.price_cents), 0)::bigint
    into positions, positions_value
  from (
    select x.opportunity_id, sum(x.units)::bigint as units, sum(x.cost_cents)::bigint as cost_cents
    from public.statement_unit_issues(member_id) x
    where x.issued_at < to_at
    group by x.opportunity_id
  ) h
  join public.opportunities o on o.id = h.opportunity_id
  cross join lateral public.statement_unit_price(h.opportunity_id, to_at) p;

  if cash is not null then
    opening := public.statement_cash_before(cash, from_at);
  end if;
  -- One statement makes the whole object: the lines as an array of rows that to_jsonb writes
  -- once, rather than an object per line, aggregated, then copied into the statement again.
  return (
    with raw as (
      select t.seq, t.created_at, t.kind, t.description,
             case when t.debit_account_id = cash then t.debit_balance_after else t.credit_balance_after end as balance
      from public.ledger_transfers t
      where t.debit_account_id = cash and t.created_at >= from_at and t.created_at < to_at
      union all
      select t.seq, t.created_at, t.kind, t.description, t.credit_balance_after
      from public.ledger_transfers t
      where t.credit_account_id = cash and t.created_at >= from_at and t.created_at < to_at
    ),
    changed as (
      select r.*, r.balance - lag(r.balance, 1, opening) over (order by r.seq) as change
      from raw r
    ),
    line as (
      select c.seq,
             to_char(c.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as occurred_at,
             c.kind, c.description, greatest(c.change, 0) as in_cents, greatest(-c.change, 0) as out_cents,
             c.balance as balance_cents
      from changed c
    ),
    lines as (
      select coalesce(array_agg(l order by l.seq), '{}') as lines,
             coalesce(sum(l.in_cents), 0)::bigint as money_in,
             coalesce(sum(l.out_cents), 0)::bigint as money_out,
             count(*) as line_count,
             coalesce((array_agg(l.balance_cents order by l.seq desc))[1], opening) as closing
      from line l
    )
    select to_jsonb(x) from (
      select 'quarterly_assets' as kind, statement_quarterly_assets.member_id as member_id, 'EUR' as currency,
             period_start::text as period_start, period_end::text as period_end,
             positions as positions, l.lines as lines,
             jsonb_build_object(
               'positions_value_cents', positions_value,
               'opening_cash_cents', opening, 'closing_cash_cents', l.closing,
               'in_cents', l.money_in, 'out_cents', l.money_out, 'line_count', l.line_count,
               'assets_cents', positions_value + l.closing
             ) as totals
      from lines l
    ) x
  );
end
$$;

-- The average amount invested over [from_at, to_at): each issue's cost weighted by the share of
-- the period it was held, in whole cents.
create or replace function public.statement_average_invested(member_id uuid, from_at timestamptz, to_at timestamptz)
returns bigint
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(round(sum(
    x.cost_cents::numeric
    * extract(epoch from (to_at - greatest(x.issued_at, from_at)))
    / extract(epoch from (to_at - from_at))
  )), 0)::bigint
  from public.statement_unit_issues(member_id) x
  where x.issued_at < to_at
$$;

-- The yearly statement of costs and charges: each fee the member paid in the year (posted
-- transfers of a fee kind), in euros and as a percentage of the average amount invested; their
-- sum is the percentage by which the costs lowered the year's return.
create or replace function public.statement_annual_costs(member_id uuid, period_start date, period_end date)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  from_at timestamptz := (period_start::timestamp at time zone 'UTC');
  to_at timestamptz := ((period_end + 1)::timestamp at time zone 'UTC');
  average bigint := public.statement_average_invested(member_id, from_at, to_at);
  fees jsonb;
  total bigint;
begin
  select coalesce(jsonb_agg(jsonb_build_object(
           'kind', k.kind, 'amount_cents', coalesce(f.amount, 0),
           'percent', public.statement_percent(coalesce(f.amount, 0), average)
         ) order by k.n), '[]'::jsonb),
         coalesce(sum(f.amount), 0)::bigint
    into fees, total
  from unnest(array['management_fee', 'card_fee', 'redemption_fee']) with ordinality as k (kind, n)
  left join lateral (
    select sum(t.amount_cents)::bigint as amount
    from public.ledger_transfers t
    where t.member_id = statement_annual_costs.member_id and t.created_at >= from_at and t.created_at < to_at
      and t.kind = k.kind and t.flags in ('posted', 'post') and t.currency = 'EUR'
  ) f on true;

  return jsonb_build_object(
    'kind', 'annual_costs', 'member_id', member_id, 'currency', 'EUR',
    'period_start', period_start::text, 'period_end', period_end::text,
    'average_invested_cents', average,
    'fees', fees,
    'totals', jsonb_build_object(
      'fees_cents', total,
      'percent', public.statement_percent(total, average),
      'effect_on_return_percent', public.statement_percent(total, average)
    )
  );
end
$$;

-- The yearly tax summary, per offering: income (distributions paid net, plus the tax withheld
-- from them), the withholding, and capital returned (redemptions and maturities paid, and the
-- redemption fee kept from them). The offering is the account the money came from.
create or replace function public.statement_annual_tax(member_id uuid, period_start date, period_end date)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  from_at timestamptz := (period_start::timestamp at time zone 'UTC');
  to_at timestamptz := ((period_end + 1)::timestamp at time zone 'UTC');
  rows_ jsonb;
  totals jsonb;
begin
  with moved as (
    select coalesce(a.opportunity_id, '') as opportunity_id, t.kind, sum(t.amount_cents)::bigint as amount
    from public.ledger_transfers t
    join public.ledger_accounts a on a.id = t.debit_account_id
    where t.member_id = statement_annual_tax.member_id and t.created_at >= from_at and t.created_at < to_at
      and t.kind in ('distribution', 'withholding', 'redemption', 'redemption_fee', 'maturity')
      and t.flags in ('posted', 'post') and t.currency = 'EUR'
    group by 1, 2
  ),
  per as (
    select m.opportunity_id,
           coalesce(sum(m.amount) filter (where m.kind = 'distribution'), 0)::bigint as net_income,
           coalesce(sum(m.amount) filter (where m.kind = 'withholding'), 0)::bigint as withholding,
           coalesce(sum(m.amount) filter (where m.kind in ('redemption', 'redemption_fee', 'maturity')), 0)::bigint as capital
    from moved m group by m.opportunity_id
  )
  select coalesce(jsonb_agg(jsonb_build_object(
           'opportunity_id', p.opportunity_id, 'name', coalesce(o.name, p.opportunity_id),
           'income_cents', p.net_income + p.withholding, 'withholding_cents', p.withholding,
           'net_income_cents', p.net_income, 'capital_returned_cents', p.capital
         ) order by p.opportunity_id), '[]'::jsonb),
         jsonb_build_object(
           'income_cents', coalesce(sum(p.net_income + p.withholding), 0)::bigint,
           'withholding_cents', coalesce(sum(p.withholding), 0)::bigint,
           'net_income_cents', coalesce(sum(p.net_income), 0)::bigint,
           'capital_returned_cents', coalesce(sum(p.capital), 0)::bigint
         )
    into rows_, totals
  from per p
  left join public.opportunities o on o.id = p.opportunity_id;

  return jsonb_build_object(
    'kind', 'annual_tax', 'member_id', member_id, 'currency', 'EUR',
    'period_start', period_start::text, 'period_end', period_end::text,
    'rows', rows_, 'totals', totals
  );
end
$$;

-- A statement's content, by kind.
create or replace function public.statement_content(member_id uuid, kind text, period_start date, period_end date)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  return case kind
    when 'quarterly_assets' then public.statement_quarterly_assets(member_id, period_start, period_end)
    when 'annual_costs' then public.statement_annual_costs(member_id, period_start, period_end)
    when 'annual_tax' then public.statement_annual_tax(member_id, period_start, period_end)
  end;
end
$$;

-- ---------------------------------------------------------------------------------------------
-- The CSV: one file per statement, made from its content only. Sections one after the other,
-- each a title line, a header and its rows; lines end in CRLF (RFC 4180). Amounts in euros with
-- two decimals, never negative (money in and out are separate columns).

create or replace function public.statement_csv(content jsonb)
returns text
language plpgsql
immutable
set search_path = ''
as $$
declare
  out text[] := array[
    public.csv_line('Statement', content ->> 'kind'),
    public.csv_line('Member', content ->> 'member_id'),
    public.csv_line('Period', content ->> 'period_start', content ->> 'period_end'),
    public.csv_line('Currency', content ->> 'currency'),
    ''
  ];
  t jsonb := content -> 'totals';
begin
  case content ->> 'kind'
    when 'quarterly_assets' then
      out := out || array[public.csv_line('Positions'),
        public.csv_line('opportunity_id', 'name', 'units', 'unit_price', 'price_as_of', 'value')];
      out := out || coalesce((
        select array_agg(public.csv_line(p ->> 'opportunity_id', p ->> 'name', p ->> 'units',
                 public.csv_euros((p ->> 'unit_price_cents')::bigint), p ->> 'price_as_of',
                 public.csv_euros((p ->> 'value_cents')::bigint)) order by n)
        from jsonb_array_elements(content -> 'positions') with ordinality as x (p, n)
      ), '{}'::text[]);
      out := out || array[
        public.csv_line('Total positions value', '', '', '', '', public.csv_euros((t ->> 'positions_value_cents')::bigint)),
        '',
        public.csv_line('Ledger lines'),
        public.csv_line('seq', 'occurred_at', 'kind', 'description', 'in', 'out', 'balance')
      ];
      -- The lines are most of a statement: written field by field, inline (a function with its
      -- own search_path costs a settings change per call), only the free text escaped as
      -- csv_field escapes it (the sequence, the time, the kind and the amounts never need it).
      -- jsonb_to_recordset reads each line's fields in one pass, rather than a lookup per field.
      out := out || coalesce((
        select array_agg(
                 l.seq || ',' || l.occurred_at || ',' || l.kind || ','
                 || case when d ~ '[",\r\n]' then '"' || replace(d, '"', '""') || '"' else d end || ','
                 || (l.in_cents / 100)::numeric(20, 2) || ','
                 || (l.out_cents / 100)::numeric(20, 2) || ','
                 || (l.balance_cents / 100)::numeric(20, 2)
                 order by l.n)
        from rows from (
          jsonb_to_recordset(content -> 'lines') as (seq text, occurred_at text, kind text, description text,
            in_cents numeric, out_cents numeric, balance_cents numeric)
        ) with ordinality as l (seq, occurred_at, kind, description, in_cents, out_cents, balance_cents, n)
        cross join lateral (
          select case when l.description ~ '^[=+\-@\t\r]' then '''' || l.description else l.description end as d
        ) description
      ), '{}'::text[]);
      out := out || array[
        public.csv_line('Total lines', t ->> 'line_count', '', '', public.csv_euros((t ->> 'in_cents')::bigint),
          public.csv_euros((t ->> 'out_cents')::bigint), ''),
        '',
        public.csv_line('Totals'),
        public.csv_line('Opening cash', public.csv_euros((t ->> 'opening_cash_cents')::bigint)),
        public.csv_line('Closing cash', public.csv_euros((t ->> 'closing_cash_cents')::bigint)),
        public.csv_line('Positions value', public.csv_euros((t ->> 'positions_value_cents')::bigint)),
        public.csv_line('Total assets', public.csv_euros((t ->> 'assets_cents')::bigint))
      ];
    when 'annual_costs' then
      out := out || array[public.csv_line('Costs and charges'), public.csv_line('kind', 'amount', 'percent_of_average_invested')];
      out := out || coalesce((
        select array_agg(public.csv_line(f ->> 'kind', public.csv_euros((f ->> 'amount_cents')::bigint),
                 coalesce(f ->> 'percent', '')) order by n)
        from jsonb_array_elements(content -> 'fees') with ordinality as x (f, n)
      ), '{}'::text[]);
      out := out || array[
        public.csv_line('Total costs', public.csv_euros((t ->> 'fees_cents')::bigint), coalesce(t ->> 'percent', '')),
        '',
        public.csv_line('Totals'),
        public.csv_line('Average amount invested', public.csv_euros((content ->> 'average_invested_cents')::bigint)),
        public.csv_line('Total costs', public.csv_euros((t ->> 'fees_cents')::bigint)),
        public.csv_line('Effect on return (percent)', coalesce(t ->> 'effect_on_return_percent', ''))
      ];
    else
      out := out || array[public.csv_line('Income and capital'),
        public.csv_line('opportunity_id', 'name', 'income', 'withholding', 'net_income', 'capital_returned')];
      out := out || coalesce((
        select array_agg(public.csv_line(r ->> 'opportunity_id', r ->> 'name',
                 public.csv_euros((r ->> 'income_cents')::bigint), public.csv_euros((r ->> 'withholding_cents')::bigint),
                 public.csv_euros((r ->> 'net_income_cents')::bigint),
                 public.csv_euros((r ->> 'capital_returned_cents')::bigint)) order by n)
        from jsonb_array_elements(content -> 'rows') with ordinality as x (r, n)
      ), '{}'::text[]);
      out := out || array[
        '',
        public.csv_line('Totals'),
        public.csv_line('Income', public.csv_euros((t ->> 'income_cents')::bigint)),
        public.csv_line('Withholding', public.csv_euros((t ->> 'withholding_cents')::bigint)),
        public.csv_line('Net income', public.csv_euros((t ->> 'net_income_cents')::bigint)),
        public.csv_line('Capital returned', public.csv_euros((t ->> 'capital_returned_cents')::bigint))
      ];
  end case;
  return array_to_string(out, E'\r\n') || E'\r\n';
end
$$;

-- The SHA-256 of a statement's content: of its canonical text (jsonb keeps keys in one order).
create or replace function public.statement_sha256(content jsonb)
returns text
language sql
immutable
set search_path = ''
as $$
  select encode(sha256(convert_to(content::text, 'UTF8')), 'hex')
$$;

-- ---------------------------------------------------------------------------------------------
-- Issuing.

-- Issues every statement that has fallen due by `as_of` and is not yet issued: for each member
-- with a cash account or units, each quarter and each year from the one of their first activity
-- to the last that has ended. Each is recorded (statement.issued) and its member notified. A
-- statement already issued is left as it is: running again issues nothing twice. The service
-- role's (and the scheduler's); answers how many of each kind it issued.
create or replace function public.issue_due_statements(as_of timestamptz default now())
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  today date := (as_of at time zone 'UTC')::date;
  member record;
  period record;
  content jsonb;
  made public.statements;
  event public.audit_events;
  quarterly integer := 0;
  costs integer := 0;
  tax integer := 0;
begin
  if auth.role() is distinct from 'service_role' and auth.uid() is not null then
    raise exception using errcode = '42501', message = 'only the service role may issue statements';
  end if;
  for member in
    select f.member_id, min(f.since) as since from (
      select a.member_id, a.created_at as since from public.ledger_accounts a
      where a.kind = 'member_cash' and a.member_id is not null
      union all
      select p.member_id, p.first_issued_at from public.positions p
    ) f
    group by f.member_id
    order by f.member_id
  loop
    for period in
      select 'quarterly_assets' as kind, q::date as period_start, (q + interval '3 months')::date - 1 as period_end
      from generate_series(date_trunc('quarter', member.since at time zone 'UTC'),
                           date_trunc('quarter', today::timestamp) - interval '3 months', interval '3 months') q
      union all
      select k, y::date, (y + interval '1 year')::date - 1
      from generate_series(date_trunc('year', member.since at time zone 'UTC'),
                           date_trunc('year', today::timestamp) - interval '1 year', interval '1 year') y
      cross join unnest(array['annual_costs', 'annual_tax']) k
      order by 3, 1
    loop
      continue when exists (
        select 1 from public.statements s
        where s.member_id = member.member_id and s.kind = period.kind and s.period_start = period.period_start
      );
      content := public.statement_content(member.member_id, period.kind, period.period_start, period.period_end);
      insert into public.statements (member_id, kind, period_start, period_end, content, csv, sha256)
      values (member.member_id, period.kind, period.period_start, period.period_end, content,
              public.statement_csv(content), public.statement_sha256(content))
      on conflict on constraint statements_period_key do nothing
      returning * into made;
      continue when made.id is null;
      event := public.audit_append('statement.issued', made.member_id, 'statement', made.id::text,
        jsonb_build_object('kind', made.kind, 'period_start', made.period_start, 'period_end', made.period_end,
                           'sha256', made.sha256));
      perform public.notify_member(made.member_id, event, texts.title, texts.body)
      from public.notification_text(
        case made.kind
          when 'quarterly_assets' then 'statement.issued.quarterly_assets'
          when 'annual_costs' then 'statement.issued.annual_costs'
          else 'statement.issued.annual_tax'
        end,
        jsonb_build_object('start', made.period_start::text, 'end', made.period_end::text)
      ) texts;
      case made.kind
        when 'quarterly_assets' then quarterly := quarterly + 1;
        when 'annual_costs' then costs := costs + 1;
        else tax := tax + 1;
      end case;
      made := null;
    end loop;
  end loop;
  return jsonb_build_object('quarterly_assets', quarterly, 'annual_costs', costs, 'annual_tax', tax);
end
$$;

-- ---------------------------------------------------------------------------------------------
-- What people read.

-- The caller's statements, newest period first (no content: opening one is recorded).
create or replace function public.my_statements()
returns table (id uuid, kind text, period_start date, period_end date, sha256 text, issued_at timestamptz)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if auth.uid() is null then
    raise exception using errcode = '42501', message = 'not signed in';
  end if;
  return query
    select s.id, s.kind, s.period_start, s.period_end, s.sha256, s.issued_at
    from public.statements s
    where s.member_id = auth.uid()
    order by s.period_end desc, s.kind, s.id;
end
$$;

-- One statement, whole: its member, or mfo_admin, compliance or the admin flag (who see every
-- member's money). The opening is recorded (statement.viewed, who opened it), the evidence that
-- an online statement reached its member. Another member's statement answers as an unknown one.
create or replace function public.open_statement(statement_id uuid)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  s public.statements;
  staff boolean;
begin
  if auth.uid() is null then
    raise exception using errcode = '42501', message = 'not signed in';
  end if;
  select * into s from public.statements x where x.id = open_statement.statement_id;
  staff := public.vault_role() in ('mfo_admin', 'compliance') or public.vault_is_admin();
  if s.id is null or (s.member_id <> auth.uid() and not staff) then
    raise exception using errcode = 'P0001', message = 'no such statement';
  end if;
  perform public.audit_append('statement.viewed', s.member_id, 'statement', s.id::text,
    jsonb_build_object('kind', s.kind, 'period_start', s.period_start, 'sha256', s.sha256,
                       'by', case when s.member_id = auth.uid() then 'member' else 'staff' end));
  return jsonb_build_object(
    'id', s.id, 'kind', s.kind, 'period_start', s.period_start, 'period_end', s.period_end,
    'issued_at', s.issued_at, 'sha256', s.sha256, 'content', s.content, 'csv', s.csv
  );
end
$$;

-- ---------------------------------------------------------------------------------------------
-- Grants. The internal helpers: no client, not even the service role.
revoke execute on function public.statement_unit_price(text, timestamptz) from public, anon, authenticated, service_role;
revoke execute on function public.statement_unit_issues(uuid) from public, anon, authenticated, service_role;
revoke execute on function public.statement_cash_account(uuid) from public, anon, authenticated, service_role;
revoke execute on function public.statement_cash_before(bigint, timestamptz) from public, anon, authenticated, service_role;
revoke execute on function public.statement_percent(bigint, bigint) from public, anon, authenticated, service_role;
revoke execute on function public.statement_quarterly_assets(uuid, date, date) from public, anon, authenticated, service_role;
revoke execute on function public.statement_average_invested(uuid, timestamptz, timestamptz) from public, anon, authenticated, service_role;
revoke execute on function public.statement_annual_costs(uuid, date, date) from public, anon, authenticated, service_role;
revoke execute on function public.statement_annual_tax(uuid, date, date) from public, anon, authenticated, service_role;
revoke execute on function public.statement_content(uuid, text, date, date) from public, anon, authenticated, service_role;
revoke execute on function public.statement_csv(jsonb) from public, anon, authenticated, service_role;
revoke execute on function public.statement_sha256(jsonb) from public, anon, authenticated, service_role;

revoke execute on function public.issue_due_statements(timestamptz) from public, anon, authenticated;
grant execute on function public.issue_due_statements(timestamptz) to service_role;
revoke execute on function public.my_statements() from public, anon, service_role;
grant execute on function public.my_statements() to authenticated;
revoke execute on function public.open_statement(uuid) from public, anon, service_role;
grant execute on function public.open_statement(uuid) to authenticated;
