-- After the issue: unit prices, distributions, redemptions and maturity (docs/lifecycle.md).
--
-- * The price history is public.unit_prices (12_offerings.sql, beside the positions it values);
--   set_unit_price writes it. public.unit_movements keeps every change of a member's units with
--   its time (a trigger on public.positions), so the holders at the end of any day are known.
-- * Every payment is a ledger transfer out of the offering's account (its `offering_escrow`,
--   where its subscriptions were posted and its income is received): distributions (net to each
--   member's cash, withholding to the platform's `tax_withheld`), redemptions (net to the member,
--   the fee to `platform_fee_income`) and maturity. A payment larger than the account's available
--   balance is refused before anything moves. Money comes in from the provider's clearing
--   account: the income the SPV records (record_offering_income) and the loans' repayments
--   (record_repayment, 10_consoles.sql).
-- * The functions (declared in packages/domain/src/lifecycle/actions.ts, refusals there too):
--     set_unit_price(opportunity_id, price_cents, as_of, reason)        the SPV's administrators
--     record_offering_income(opportunity_id, amount_cents, received_on, reference)  the SPV's administrators
--     declare_distribution(opportunity_id, record_date, amount_cents, kind)  the SPV's administrators
--     pay_distribution(distribution_id)                                 mfo_admin or the admin flag; never the declarer
--     redemption_quote(opportunity_id, units)                           the investor
--     request_redemption(opportunity_id, units, idempotency_key)        the investor
--     review_redemption(redemption_id, decision, reason)                the SPV's administrators
--     mature_offering(opportunity_id)                                   the SPV's administrators (and the schedule)
--     list_redemptions(), list_distributions(opportunity_id),
--     list_offering_income(offering_id)                                 the SPV's administrators, staff who see every SPV
--     my_redemptions(), my_distributions(), my_position_history()      the member
-- * The arithmetic (shares by largest remainder, withholding, the redemption fee, business days)
--   is packages/domain/src/lifecycle/rules.ts and tax/withholding.ts; the withholding rates reach
--   SQL as public.withholding_bps (00_generated_domain.sql).
-- * Errors: 42501 for a caller who may not, 22023 for an argument that is not valid, P0001 for a
--   valid request the current state refuses.

-- ---------------------------------------------------------------------------------------------
-- Units over time: each change of a position's units, at the time it happened (an issue at the
-- position's first_issued_at, later changes when they are made).
create table if not exists public.unit_movements (
  id bigint generated always as identity primary key,
  member_id uuid not null references auth.users (id) on delete restrict,
  opportunity_id text not null references public.opportunities (id) on delete restrict,
  units bigint not null check (units <> 0),
  at timestamptz not null
);
create index if not exists unit_movements_opportunity_idx on public.unit_movements (opportunity_id, at);
create index if not exists unit_movements_member_idx on public.unit_movements (member_id, opportunity_id, at);
alter table public.unit_movements enable row level security;
revoke all on table public.unit_movements from public, anon, authenticated;
grant select on table public.unit_movements to service_role;

-- Statement triggers with the changed rows as tables: an issue of 10,000 positions is one insert
-- here, not 10,000 trigger calls.
create or replace function public.positions_record_issues()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into public.unit_movements (member_id, opportunity_id, units, at)
  select n.member_id, n.opportunity_id, n.units, n.first_issued_at from inserted n where n.units <> 0;
  return null;
end
$$;
create or replace function public.positions_record_changes()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into public.unit_movements (member_id, opportunity_id, units, at)
  select n.member_id, n.opportunity_id, n.units - o.units, greatest(now(), n.first_issued_at)
  from changed n join previous o on o.member_id = n.member_id and o.opportunity_id = n.opportunity_id
  where n.units <> o.units;
  return null;
end
$$;
drop trigger if exists positions_record_movement on public.positions;
drop trigger if exists positions_record_issues on public.positions;
create trigger positions_record_issues
  after insert on public.positions
  referencing new table as inserted
  for each statement execute function public.positions_record_issues();
drop trigger if exists positions_record_changes on public.positions;
create trigger positions_record_changes
  after update on public.positions
  referencing old table as previous new table as changed
  for each statement execute function public.positions_record_changes();

-- An offering's maturity: when, at what final price, and what was paid.
create table if not exists public.offering_maturities (
  opportunity_id text primary key references public.opportunities (id) on delete restrict,
  matured_at timestamptz not null default now(),
  matured_by uuid,
  final_price_cents bigint not null check (final_price_cents >= 0),
  holders integer not null check (holders >= 0),
  units bigint not null check (units >= 0),
  paid_cents bigint not null check (paid_cents >= 0)
);
alter table public.offering_maturities enable row level security;
revoke all on table public.offering_maturities from public, anon, authenticated;
grant select on table public.offering_maturities to authenticated;
grant all on table public.offering_maturities to service_role;
drop policy if exists offering_maturities_read on public.offering_maturities;
create policy offering_maturities_read on public.offering_maturities for select to authenticated using (true);

-- A distribution: declared by the SPV with its lines (one per holder at the record date), paid
-- later by someone else.
create table if not exists public.distributions (
  id uuid primary key default gen_random_uuid(),
  opportunity_id text not null references public.opportunities (id) on delete restrict,
  record_date date not null,
  amount_cents bigint not null check (amount_cents between 1 and 9007199254740991),
  kind text not null check (kind in ('income', 'capital')),
  holders integer not null default 0 check (holders >= 0),
  units bigint not null default 0 check (units >= 0),
  withholding_cents bigint not null default 0 check (withholding_cents >= 0),
  status text not null default 'declared' check (status in ('declared', 'paid')),
  declared_by uuid not null,
  declared_at timestamptz not null default now(),
  paid_by uuid,
  paid_at timestamptz,
  -- One of each kind per record date: a retried declaration finds it.
  constraint distributions_once unique (opportunity_id, record_date, kind),
  check ((status = 'paid') = (paid_at is not null))
);
alter table public.distributions enable row level security;
revoke all on table public.distributions from public, anon, authenticated;
grant select on table public.distributions to authenticated;
grant all on table public.distributions to service_role;
drop policy if exists distributions_read on public.distributions;
create policy distributions_read on public.distributions
  for select to authenticated
  using (
    (select public.vault_sees_every_spv())
    or opportunity_id in (select o.id from public.opportunities o where o.spv_id = any ((select public.vault_spv_ids())::text[]))
  );

create table if not exists public.distribution_lines (
  distribution_id uuid not null references public.distributions (id) on delete restrict,
  member_id uuid not null references auth.users (id) on delete restrict,
  units bigint not null check (units > 0),
  gross_cents bigint not null check (gross_cents >= 0),
  withholding_bps integer not null check (withholding_bps between 0 and 10000),
  withholding_cents bigint not null check (withholding_cents between 0 and gross_cents),
  net_cents bigint not null check (net_cents = gross_cents - withholding_cents),
  -- The order of the largest remainders (the earlier holding first on a tie): 1 got the first cent left over.
  holding_rank integer not null check (holding_rank > 0),
  primary key (distribution_id, member_id)
);
create index if not exists distribution_lines_member_id_idx on public.distribution_lines (member_id);
alter table public.distribution_lines enable row level security;
revoke all on table public.distribution_lines from public, anon, authenticated;
grant select on table public.distribution_lines to authenticated;
grant all on table public.distribution_lines to service_role;
drop policy if exists distribution_lines_read on public.distribution_lines;
create policy distribution_lines_read on public.distribution_lines
  for select to authenticated
  using (member_id = (select auth.uid()) or (select public.vault_sees_every_spv()));

-- A member's request to redeem units before maturity, decided by the SPV within due_at.
create table if not exists public.redemptions (
  id uuid primary key default gen_random_uuid(),
  member_id uuid not null references auth.users (id) on delete restrict,
  opportunity_id text not null references public.opportunities (id) on delete restrict,
  idempotency_key uuid not null,
  units bigint not null check (units > 0),
  status text not null default 'requested' check (status in ('requested', 'approved', 'rejected')),
  requested_at timestamptz not null default now(),
  -- The SPV decides within REDEMPTION_REVIEW_BUSINESS_DAYS; the queue shows the time left.
  due_at timestamptz not null,
  decided_by uuid,
  decided_at timestamptz,
  reason text check (reason is null or char_length(reason) between 1 and 500),
  -- At approval: the unit price of the day, units × it, the fee on it, and what the member receives.
  unit_price_cents bigint check (unit_price_cents >= 0),
  price_cents bigint check (price_cents >= 0),
  fee_cents bigint check (fee_cents >= 0),
  net_cents bigint check (net_cents >= 0),
  constraint redemptions_member_key unique (member_id, idempotency_key),
  check ((status = 'requested') = (decided_at is null))
);
create index if not exists redemptions_opportunity_idx on public.redemptions (opportunity_id, status);
alter table public.redemptions enable row level security;
revoke all on table public.redemptions from public, anon, authenticated;
grant select on table public.redemptions to authenticated;
grant all on table public.redemptions to service_role;
drop policy if exists redemptions_read on public.redemptions;
create policy redemptions_read on public.redemptions
  for select to authenticated
  using (
    member_id = (select auth.uid()) or (select public.vault_sees_every_spv())
    or opportunity_id in (select o.id from public.opportunities o where o.spv_id = any ((select public.vault_spv_ids())::text[]))
  );

-- Income an offering received (rent, energy sales, an asset's dividends), recorded by its SPV:
-- what its income distributions are paid from, rather than its subscribers' principal.
create table if not exists public.offering_income (
  id bigint generated always as identity primary key,
  opportunity_id text not null references public.opportunities (id) on delete restrict,
  amount_cents bigint not null check (amount_cents between 1 and 9007199254740991),
  received_on date not null,
  -- The payer's reference: one row per reference and offering, so a retried call finds it and
  -- two equal payments on one day stay two. Its index leads with opportunity_id, the foreign key.
  reference text not null check (char_length(reference) between 1 and 100),
  recorded_by uuid,
  recorded_at timestamptz not null default now(),
  constraint offering_income_once unique (opportunity_id, reference)
);
alter table public.offering_income enable row level security;
revoke all on table public.offering_income from public, anon, authenticated;
grant select on table public.offering_income to authenticated;
grant all on table public.offering_income to service_role;
drop policy if exists offering_income_read on public.offering_income;
create policy offering_income_read on public.offering_income
  for select to authenticated
  using (
    (select public.vault_sees_every_spv())
    or opportunity_id in (select o.id from public.opportunities o where o.spv_id = any ((select public.vault_spv_ids())::text[]))
  );

-- ---------------------------------------------------------------------------------------------
-- Internal helpers.

-- Today, as the server counts dates (UTC).
create or replace function public.lifecycle_today()
returns date
language sql
stable
set search_path = ''
as $$
  select (now() at time zone 'UTC')::date
$$;

-- A time `days` business days (Monday to Friday, UTC) after `from_time` (addBusinessDays).
create or replace function public.business_days_after(from_time timestamptz, days integer)
returns timestamptz
language plpgsql
immutable
set search_path = ''
as $$
declare
  at_time timestamptz := from_time;
  left_days integer := days;
begin
  while left_days > 0 loop
    at_time := at_time + interval '1 day';
    if extract(isodow from at_time at time zone 'UTC') < 6 then
      left_days := left_days - 1;
    end if;
  end loop;
  return at_time;
end
$$;

-- When the offering first issued units (null before).
create or replace function public.offering_issued_at(opportunity_id text)
returns timestamptz
language sql
stable
security definer
set search_path = ''
as $$
  select min(m.at) from public.unit_movements m
  where m.opportunity_id = offering_issued_at.opportunity_id and m.units > 0
$$;

-- Who may call the SPVs' readers (list_offering_income, list_distributions, list_redemptions):
-- staff who see every SPV, or an administrator of at least one SPV (each reader then keeps to
-- the caller's SPVs). The rule, written once; anyone else is refused.
create or replace function public.spv_reader_check()
returns void
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if auth.uid() is null or not (public.vault_sees_every_spv() or cardinality(public.vault_spv_ids()) > 0) then
    raise exception using errcode = '42501', message = 'only the SPV''s administrators may do this';
  end if;
end
$$;

-- What the offering's account may pay now: posted credits less posted and pending debits.
create or replace function public.offering_available_cents(opportunity_id text)
returns bigint
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce((
    select a.credits_posted - a.debits_posted - a.debits_pending from public.ledger_accounts a
    where a.kind = 'offering_escrow' and a.currency = 'EUR' and a.opportunity_id = offering_available_cents.opportunity_id
  ), 0)
$$;

-- Refuses a payment of `amount_cents` the offering's account does not hold (under the ledger's lock).
create or replace function public.offering_can_pay(opportunity_id text, amount_cents bigint)
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform public.ledger_lock();
  if public.offering_available_cents(opportunity_id) < amount_cents then
    raise exception using errcode = 'P0001', message = 'the offering''s account holds less than the payment';
  end if;
end
$$;

-- The holders at the end of a day (UTC): units from every movement up to then, and when each
-- first held (the tie-break of the largest remainders).
create or replace function public.offering_holders_at(opportunity_id text, day date)
returns table (member_id uuid, units bigint, first_at timestamptz)
language sql
stable
security definer
set search_path = ''
as $$
  select m.member_id, sum(m.units)::bigint, min(m.at)
  from public.unit_movements m
  where m.opportunity_id = offering_holders_at.opportunity_id
    and m.at < ((day + 1)::timestamp at time zone 'UTC')
  group by m.member_id
  having sum(m.units) > 0
$$;

-- The offering's impact metrics × a share of its units × a fraction of a year, as text for a
-- notice ('Emissions avoided: 105 tCO2e avoided'), or null without metrics.
create or replace function public.offering_impact_text(metrics jsonb, share numeric, years numeric)
returns text
language sql
immutable
set search_path = ''
as $$
  select string_agg(
    (m ->> 'name') || ': ' || trim_scale(round((m ->> 'per_year')::numeric * share * years, 2))::text
      || ' ' || regexp_replace(m ->> 'unit', '\s*per year$', ''),
    '; ' order by n)
  from jsonb_array_elements(coalesce(metrics, '[]'::jsonb)) with ordinality as x (m, n)
$$;

-- The fraction of a year between two distributions, from the offering's frequency.
create or replace function public.distribution_period_years(frequency text)
returns numeric
language sql
immutable
set search_path = ''
as $$
  select case frequency when 'monthly' then 1::numeric / 12 when 'quarterly' then 0.25 else 1 end
$$;

-- ---------------------------------------------------------------------------------------------
-- 1. Unit prices

-- The SPV's administrators set the price of a day (today or before, not before the issue); a
-- later price for the same day replaces it. The holders are told. A retry changes nothing.
create or replace function public.set_unit_price(opportunity_id text, price_cents bigint, as_of date, reason text)
returns public.unit_prices
language plpgsql
security definer
set search_path = ''
as $$
declare
  o public.opportunities := public.offering_for_spv(opportunity_id);
  kept_reason text := nullif(btrim(reason), '');
  issued_at timestamptz;
  previous public.unit_prices;
  result public.unit_prices;
  event public.audit_events;
begin
  if price_cents is null or price_cents < 0 or price_cents > public.offering_max_cents() then
    raise exception using errcode = '22023',
      message = 'price_cents must be a whole number of cents from 0 to ' || public.offering_max_cents();
  end if;
  if as_of is null or as_of > public.lifecycle_today() then
    raise exception using errcode = '22023', message = 'as_of must be a date, not in the future';
  end if;
  if kept_reason is null or char_length(kept_reason) > 500 then
    raise exception using errcode = '22023', message = 'a reason is required';
  end if;
  issued_at := public.offering_issued_at(o.id);
  if issued_at is null then
    raise exception using errcode = 'P0001', message = 'the offering has issued no units';
  end if;
  if exists (select 1 from public.offering_maturities x where x.opportunity_id = o.id) then
    raise exception using errcode = 'P0001', message = 'the offering has matured';
  end if;
  if as_of < (issued_at at time zone 'UTC')::date then
    raise exception using errcode = 'P0001', message = 'as_of is before the offering issued its units';
  end if;
  select * into previous from public.unit_prices u where u.opportunity_id = o.id and u.as_of = set_unit_price.as_of;
  if found and previous.price_cents = set_unit_price.price_cents and previous.reason = kept_reason then
    return previous;
  end if;
  insert into public.unit_prices as u (opportunity_id, as_of, price_cents, reason, set_by, set_at)
  values (o.id, set_unit_price.as_of, set_unit_price.price_cents, kept_reason, auth.uid(), now())
  on conflict on constraint unit_prices_pkey do update
    set price_cents = excluded.price_cents, reason = excluded.reason, set_by = excluded.set_by, set_at = excluded.set_at
  returning * into result;
  event := public.audit_append(
    'offering.price_set', null, 'offering', o.id,
    jsonb_build_object('as_of', result.as_of, 'price_cents', result.price_cents, 'reason', result.reason)
      || case when previous.opportunity_id is null then '{}'::jsonb else jsonb_build_object('replaced_cents', previous.price_cents) end
  );
  perform public.offering_notify_members(
    array(select p.member_id from public.positions p where p.opportunity_id = o.id and p.units > 0 and p.status = 'Active'),
    event, texts.title, texts.body)
  from public.notification_text('offering.price_set', jsonb_build_object(
    'offering', o.name, 'price', public.format_euros(result.price_cents), 'date', result.as_of::text)) texts;
  return result;
end
$$;

-- ---------------------------------------------------------------------------------------------
-- 1b. Income received

-- The SPV's administrators (or the admin flag) record income an issued offering received: one
-- posted transfer from the provider's clearing account into the offering's account, from which
-- its distributions are paid. Another SPV's offering is an unknown offering. A retry with the
-- same reference and arguments answers the same row; the reference with others is refused.
create or replace function public.record_offering_income(opportunity_id text, amount_cents bigint, received_on date, reference text)
returns public.offering_income
language plpgsql
security definer
set search_path = ''
as $$
declare
  kept_reference text := nullif(btrim(reference), '');
  o public.opportunities;
  issued_at timestamptz;
  result public.offering_income;
begin
  if auth.uid() is null or not (public.vault_is_admin() or cardinality(public.vault_spv_ids()) > 0) then
    raise exception using errcode = '42501', message = 'only the SPV''s administrators may do this';
  end if;
  if amount_cents is null or amount_cents not between 1 and 9007199254740991 then
    raise exception using errcode = '22023', message = 'amount_cents must be a whole number of cents from 1 to 9007199254740991';
  end if;
  if received_on is null or received_on > public.lifecycle_today() then
    raise exception using errcode = '22023', message = 'received_on must be a date, not in the future';
  end if;
  if kept_reference is null or char_length(kept_reference) > 100 then
    raise exception using errcode = '22023', message = 'reference is required: the payer''s reference, at most 100 characters';
  end if;
  select * into o from public.opportunities x where x.id = record_offering_income.opportunity_id for update;
  if not found or not public.vault_acts_for_spv(o.spv_id) then
    raise exception using errcode = '22023', message = 'unknown offering';
  end if;
  select * into result from public.offering_income i where i.opportunity_id = o.id and i.reference = kept_reference;
  if found then
    if result.amount_cents = record_offering_income.amount_cents and result.received_on = record_offering_income.received_on then
      return result;
    end if;
    raise exception using errcode = 'P0001', message = 'this reference is already recorded for other income of this offering';
  end if;
  -- Units exist only once the offering issued them ('issued'; the samples' 'closed').
  issued_at := public.offering_issued_at(o.id);
  if o.status not in ('issued', 'closed') or issued_at is null then
    raise exception using errcode = 'P0001', message = 'the offering has issued no units';
  end if;
  if exists (select 1 from public.offering_maturities x where x.opportunity_id = o.id) then
    raise exception using errcode = 'P0001', message = 'the offering has matured';
  end if;
  if received_on < (issued_at at time zone 'UTC')::date then
    raise exception using errcode = 'P0001', message = 'received_on is before the offering issued its units';
  end if;
  insert into public.offering_income (opportunity_id, amount_cents, received_on, reference, recorded_by)
    values (o.id, record_offering_income.amount_cents, record_offering_income.received_on, kept_reference, auth.uid())
    returning * into result;
  perform public.ledger_transfer(
    public.ledger_id('offering_income:' || result.id), 'posted',
    public.ledger_account('provider_clearing', 'EUR'),
    public.ledger_account('offering_escrow', 'EUR', null, o.id),
    result.amount_cents, 'offering_income', 'offering_income', result.id::text, null,
    'Income received, ' || o.name
  );
  perform public.audit_append(
    'offering.income_recorded', null, 'offering', o.id,
    jsonb_build_object('income_id', result.id, 'amount_cents', result.amount_cents, 'received_on', result.received_on,
                       'reference', result.reference)
  );
  return result;
end
$$;

-- The income an offering received, newest first, with what its account may pay now: for the
-- SPV's administrators (another SPV's offering answers no rows) and staff who see every SPV.
create or replace function public.list_offering_income(offering_id text)
returns table (
  id bigint,
  opportunity_id text,
  amount_cents bigint,
  received_on date,
  reference text,
  recorded_by uuid,
  recorded_at timestamptz,
  available_cents bigint
)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  every_spv boolean := public.vault_sees_every_spv();
  mine text[] := public.vault_spv_ids();
begin
  perform public.spv_reader_check();
  return query
    select i.id, i.opportunity_id, i.amount_cents, i.received_on, i.reference, i.recorded_by, i.recorded_at,
           public.offering_available_cents(o.id)
    from public.offering_income i join public.opportunities o on o.id = i.opportunity_id
    where i.opportunity_id = list_offering_income.offering_id and (every_spv or o.spv_id = any (mine))
    order by i.received_on desc, i.id desc;
end
$$;

-- ---------------------------------------------------------------------------------------------
-- 2. Distributions

-- A distribution's totals as the functions answer them (pay_distribution: without its lines,
-- which would be built for every holder only to be dropped).
create or replace function public.distribution_totals(distribution_id uuid)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select jsonb_build_object(
    'id', d.id, 'opportunity_id', d.opportunity_id, 'record_date', d.record_date, 'kind', d.kind,
    'amount_cents', d.amount_cents, 'withholding_cents', d.withholding_cents,
    'net_cents', d.amount_cents - d.withholding_cents, 'holders', d.holders, 'units', d.units,
    'status', d.status, 'declared_at', d.declared_at, 'paid_at', d.paid_at
  )
  from public.distributions d where d.id = distribution_totals.distribution_id
$$;

-- A distribution as the functions answer it: its totals and its lines, largest remainder first.
create or replace function public.distribution_answer(distribution_id uuid)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select public.distribution_totals(d.id) || jsonb_build_object(
    'lines', coalesce((
      select jsonb_agg(jsonb_build_object(
        'member_id', l.member_id, 'units', l.units, 'gross_cents', l.gross_cents,
        'withholding_cents', l.withholding_cents, 'net_cents', l.net_cents
      ) order by l.holding_rank)
      from public.distribution_lines l where l.distribution_id = d.id
    ), '[]'::jsonb)
  )
  from public.distributions d where d.id = distribution_answer.distribution_id
$$;

-- The SPV's administrators declare a distribution of amount_cents to the holders at the end of
-- record_date: pro rata by units, the cents left over by largest remainder (the earlier holding
-- first on a tie), withholding by each holder's tax residence. A retry (the same offering,
-- record date, kind and amount) answers the first declaration.
create or replace function public.declare_distribution(opportunity_id text, record_date date, amount_cents bigint, kind text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  o public.opportunities := public.offering_for_spv(opportunity_id);
  existing public.distributions;
  d public.distributions;
  event public.audit_events;
begin
  if kind is null or kind not in ('income', 'capital') then
    raise exception using errcode = '22023', message = 'kind must be income or capital';
  end if;
  if amount_cents is null or amount_cents <= 0 or amount_cents > 9007199254740991 then
    raise exception using errcode = '22023', message = 'amount_cents must be a positive whole number of cents';
  end if;
  if record_date is null or record_date > public.lifecycle_today() then
    raise exception using errcode = '22023', message = 'record_date must be a date, not in the future';
  end if;
  select * into existing from public.distributions x
    where x.opportunity_id = o.id and x.record_date = declare_distribution.record_date and x.kind = declare_distribution.kind;
  if found then
    if existing.amount_cents = declare_distribution.amount_cents then
      return public.distribution_answer(existing.id);
    end if;
    raise exception using errcode = 'P0001', message = 'a distribution of this kind is already declared for this record date with another amount';
  end if;
  if exists (select 1 from public.offering_maturities x where x.opportunity_id = o.id) then
    raise exception using errcode = 'P0001', message = 'the offering has matured';
  end if;
  if not exists (select 1 from public.offering_holders_at(o.id, declare_distribution.record_date)) then
    raise exception using errcode = 'P0001', message = 'nobody held units of the offering at the end of the record date';
  end if;

  insert into public.distributions (opportunity_id, record_date, amount_cents, kind, declared_by)
  values (o.id, declare_distribution.record_date, declare_distribution.amount_cents, declare_distribution.kind, auth.uid())
  returning * into d;

  with holders as (
    select h.member_id, h.units, h.first_at from public.offering_holders_at(o.id, declare_distribution.record_date) h
  ),
  total as (select sum(h.units)::numeric as units from holders h),
  exact as (
    select h.member_id, h.units, h.first_at,
           floor(declare_distribution.amount_cents::numeric * h.units / t.units)::bigint as base,
           (declare_distribution.amount_cents::numeric * h.units) % t.units as remainder
    from holders h cross join total t
  ),
  ranked as (
    select e.*, row_number() over (order by e.remainder desc, e.first_at, e.member_id)::integer as holding_rank
    from exact e
  ),
  leftover as (select declare_distribution.amount_cents - sum(e.base)::bigint as cents from exact e),
  shares as (
    select r.member_id, r.units, r.holding_rank,
           r.base + case when r.holding_rank <= l.cents then 1 else 0 end as gross,
           public.withholding_bps(p.country, declare_distribution.kind) as bps
    from ranked r cross join leftover l
    left join public.investor_profiles p on p.member_id = r.member_id
  )
  insert into public.distribution_lines (
    distribution_id, member_id, units, gross_cents, withholding_bps, withholding_cents, net_cents, holding_rank
  )
  select d.id, s.member_id, s.units, s.gross, s.bps, (s.gross * s.bps) / 10000,
         s.gross - (s.gross * s.bps) / 10000, s.holding_rank
  from shares s;

  update public.distributions x
    set (holders, units, withholding_cents) = (
      select count(*)::integer, sum(l.units)::bigint, sum(l.withholding_cents)::bigint
      from public.distribution_lines l where l.distribution_id = d.id
    )
    where x.id = d.id
    returning * into d;

  event := public.audit_append(
    'distribution.declared', null, 'distribution', d.id::text,
    jsonb_build_object('opportunity_id', o.id, 'record_date', d.record_date, 'kind', d.kind,
      'amount_cents', d.amount_cents, 'holders', d.holders, 'units', d.units, 'withholding_cents', d.withholding_cents)
  );
  perform public.offering_notify_spv(o.spv_id, event, texts.title, texts.body)
  from public.notification_text('distribution.declared.spv', jsonb_build_object(
    'kind', d.kind, 'amount', public.format_euros(d.amount_cents), 'offering', o.name,
    'holders', d.holders::text, 'date', d.record_date::text)) texts;
  return public.distribution_answer(d.id);
end
$$;

-- mfo_admin or the admin flag pays a declared distribution, never its declarer: one set of
-- linked transfers from the offering's account, each holder's net to their cash and the
-- withholding to the tax account; each holder told once. Paying it again pays nothing.
create or replace function public.pay_distribution(distribution_id uuid)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  d public.distributions;
  o public.opportunities;
  escrow bigint;
  tax bigint;
  legs jsonb;
  event public.audit_events;
begin
  if auth.uid() is null or not (public.vault_role() = 'mfo_admin' or public.vault_is_admin()) then
    raise exception using errcode = '42501', message = 'only mfo_admin or an administrator may pay a distribution';
  end if;
  select * into d from public.distributions x where x.id = pay_distribution.distribution_id for update;
  if not found then
    raise exception using errcode = '22023', message = 'unknown distribution';
  end if;
  if d.declared_by = auth.uid() then
    raise exception using errcode = '42501', message = 'nobody pays a distribution they declared';
  end if;
  if d.status = 'paid' then
    return public.distribution_totals(d.id) || jsonb_build_object('paid_now', false);
  end if;
  select * into o from public.opportunities x where x.id = d.opportunity_id for update;
  perform public.offering_can_pay(o.id, d.amount_cents);
  escrow := public.ledger_account('offering_escrow', 'EUR', null, o.id);
  tax := public.ledger_account('tax_withheld', 'EUR');

  -- Every holder's cash account, made in one statement where missing, then read by its key.
  perform public.ledger_member_accounts('member_cash', 'EUR', array(
    select x.member_id from public.distribution_lines x where x.distribution_id = d.id and x.net_cents > 0
  ));
  select jsonb_agg(t.leg order by t.holding_rank, t.part) into legs
  from (
    select l.holding_rank, 1 as part, jsonb_build_object(
      'id', public.ledger_id('distribution:' || d.id || ':' || l.member_id || ':net'), 'flags', 'posted',
      'debit_account_id', escrow, 'credit_account_id', cash.id,
      'amount_cents', l.net_cents, 'kind', 'distribution', 'subject_type', 'distribution', 'subject_id', d.id,
      'member_id', l.member_id, 'description', 'Distribution, ' || o.name
    ) as leg
    from public.distribution_lines l
    join public.ledger_accounts cash
      on cash.kind = 'member_cash' and cash.currency = 'EUR' and cash.member_id = l.member_id and cash.opportunity_id is null
    where l.distribution_id = d.id and l.net_cents > 0
    union all
    select l.holding_rank, 2, jsonb_build_object(
      'id', public.ledger_id('distribution:' || d.id || ':' || l.member_id || ':withholding'), 'flags', 'posted',
      'debit_account_id', escrow, 'credit_account_id', tax,
      'amount_cents', l.withholding_cents, 'kind', 'withholding', 'subject_type', 'distribution', 'subject_id', d.id,
      'member_id', l.member_id, 'description', 'Tax withheld, ' || o.name
    )
    from public.distribution_lines l where l.distribution_id = d.id and l.withholding_cents > 0
  ) t;
  perform public.ledger_transfer_batch(legs);

  update public.distributions x set status = 'paid', paid_by = auth.uid(), paid_at = now()
    where x.id = d.id returning * into d;
  event := public.audit_append(
    'distribution.paid', null, 'distribution', d.id::text,
    jsonb_build_object('opportunity_id', o.id, 'amount_cents', d.amount_cents, 'withholding_cents', d.withholding_cents,
      'net_cents', d.amount_cents - d.withholding_cents, 'holders', d.holders, 'declared_by', d.declared_by)
  );
  -- The text says what was withheld only when something was, and the holder's impact only when
  -- the offering reports one.
  insert into public.notifications (user_id, id, title, body, at, read)
  select l.member_id, 'evt-' || event.id, texts.title, texts.body,
         to_char(event.occurred_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'), false
  from public.distribution_lines l
  cross join lateral (
    select public.offering_impact_text(o.impact_metrics, l.units::numeric / d.units,
      public.distribution_period_years(o.distribution_frequency)) as impact
  ) line_impact
  cross join lateral public.notification_text(
    case
      when l.withholding_cents > 0 and line_impact.impact is not null then 'distribution.paid.withheld.impact'
      when l.withholding_cents > 0 then 'distribution.paid.withheld'
      when line_impact.impact is not null then 'distribution.paid.impact'
      else 'distribution.paid'
    end,
    jsonb_build_object(
      'amount', public.format_euros(l.net_cents), 'offering', o.name, 'gross', public.format_euros(l.gross_cents),
      'tax', public.format_euros(l.withholding_cents), 'impact', line_impact.impact)
  ) texts
  where l.distribution_id = d.id
  on conflict do nothing;
  return public.distribution_totals(d.id) || jsonb_build_object('paid_now', true);
end
$$;

-- ---------------------------------------------------------------------------------------------
-- 3. Redemptions

-- Whether the caller may redeem `units` of an offering now: refuses units they do not hold (or
-- have already asked to redeem); answers the day the lock-up of those units ends (null when it
-- has), the units counted from the oldest issue, each lot locked for lockup_months from its issue.
create or replace function public.redemption_lockup_end(member_id uuid, o public.opportunities, units bigint)
returns date
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  held bigint;
  asked bigint;
  issued bigint;
  ends_at timestamptz;
begin
  select coalesce(sum(p.units), 0) into held from public.positions p
    where p.member_id = redemption_lockup_end.member_id and p.opportunity_id = o.id and p.status = 'Active';
  select coalesce(sum(r.units), 0) into asked from public.redemptions r
    where r.member_id = redemption_lockup_end.member_id and r.opportunity_id = o.id and r.status = 'requested';
  if held - asked < units then
    raise exception using errcode = 'P0001', message = 'you do not hold that many units that are not already asked to redeem';
  end if;
  select coalesce(sum(m.units), 0) into issued from public.unit_movements m
    where m.member_id = redemption_lockup_end.member_id and m.opportunity_id = o.id and m.units > 0;
  -- The units redeemed so far, then those asked, then these: the lot that holds the last of them.
  select l.at + make_interval(months => coalesce(o.lockup_months, 0)) into ends_at
  from (
    select m.at, sum(m.units) over (order by m.at, m.id) as through
    from public.unit_movements m
    where m.member_id = redemption_lockup_end.member_id and m.opportunity_id = o.id and m.units > 0
  ) l
  where l.through >= (issued - held) + asked + units
  order by l.at limit 1;
  if ends_at is null or (ends_at at time zone 'UTC')::date <= public.lifecycle_today() then
    return null;
  end if;
  return (ends_at at time zone 'UTC')::date;
end
$$;

-- The offering an investor redeems from: one past review (else unknown), not matured.
create or replace function public.redemption_offering(opportunity_id text, lock boolean)
returns public.opportunities
language plpgsql
security definer
set search_path = ''
as $$
declare
  o public.opportunities;
begin
  if auth.uid() is null or public.vault_role() <> 'investor' then
    raise exception using errcode = '42501', message = 'only an investor may redeem units';
  end if;
  if lock then
    select * into o from public.opportunities x where x.id = redemption_offering.opportunity_id for update;
  else
    select * into o from public.opportunities x where x.id = redemption_offering.opportunity_id;
  end if;
  if o.id is null or o.status in ('draft', 'in_review') then
    raise exception using errcode = '22023', message = 'unknown offering';
  end if;
  if exists (select 1 from public.offering_maturities x where x.opportunity_id = o.id) then
    raise exception using errcode = 'P0001', message = 'the offering has matured';
  end if;
  return o;
end
$$;

-- An early redemption's fee on its gross price: basis points of it, half a cent rounded up (the
-- domain's redemptionFeeCents, proven equal in supabase/tests/lifecycle-redemptions.test.ts).
create or replace function public.redemption_fee_cents(price_cents bigint, fee_bps integer)
returns bigint
language sql
immutable
set search_path = ''
as $$
  select (price_cents * coalesce(fee_bps, 0) + 5000) / 10000
$$;
revoke execute on function public.redemption_fee_cents(bigint, integer) from public, anon, authenticated, service_role;

-- What redeeming `units` would pay today: {redeemable, lockup_ends_on, units, unit_price_cents,
-- price_cents, fee_cents, net_cents}. Before the lock-up ends, redeemable is false and
-- lockup_ends_on says from which day it may be asked.
create or replace function public.redemption_quote(opportunity_id text, units bigint)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  o public.opportunities := public.redemption_offering(opportunity_id, false);
  ends_on date;
  unit_price bigint;
  price bigint;
  fee bigint;
begin
  if units is null or units <= 0 or units > 9007199254740991 then
    raise exception using errcode = '22023', message = 'units must be a positive whole number';
  end if;
  ends_on := public.redemption_lockup_end(auth.uid(), o, units);
  unit_price := coalesce(public.unit_price_on(o.id, public.lifecycle_today()), 0);
  price := unit_price * units;
  fee := public.redemption_fee_cents(price, o.early_redemption_fee_bps);
  return jsonb_build_object(
    'redeemable', ends_on is null, 'lockup_ends_on', ends_on, 'units', units,
    'unit_price_cents', unit_price, 'price_cents', price, 'fee_cents', fee, 'net_cents', price - fee,
    'fee_bps', coalesce(o.early_redemption_fee_bps, 0)
  );
end
$$;

-- The investor asks to redeem units held past their lock-up and not already asked; the SPV
-- decides within two business days (due_at). A retry with the same key and arguments answers
-- the same redemption; the key with other arguments is refused.
create or replace function public.request_redemption(opportunity_id text, units bigint, idempotency_key uuid)
returns uuid
language plpgsql
security definer
set search_path = ''
as $$
declare
  o public.opportunities;
  existing public.redemptions;
  ends_on date;
  result public.redemptions;
  event public.audit_events;
begin
  if auth.uid() is null or public.vault_role() <> 'investor' then
    raise exception using errcode = '42501', message = 'only an investor may redeem units';
  end if;
  if idempotency_key is null then
    raise exception using errcode = '22023', message = 'idempotency_key is required';
  end if;
  if units is null or units <= 0 or units > 9007199254740991 then
    raise exception using errcode = '22023', message = 'units must be a positive whole number';
  end if;
  select * into existing from public.redemptions r
    where r.member_id = auth.uid() and r.idempotency_key = request_redemption.idempotency_key;
  if found then
    if existing.opportunity_id = request_redemption.opportunity_id and existing.units = request_redemption.units then
      return existing.id;
    end if;
    raise exception using errcode = '22023', message = 'idempotency_key was used for another redemption';
  end if;
  o := public.redemption_offering(opportunity_id, true);
  ends_on := public.redemption_lockup_end(auth.uid(), o, units);
  if ends_on is not null then
    raise exception using errcode = 'P0001', message = 'REDEMPTION_LOCKED: these units are locked up until '
      || ends_on || '; you may ask to redeem them from that day.';
  end if;
  insert into public.redemptions (member_id, opportunity_id, idempotency_key, units, due_at)
  values (auth.uid(), o.id, request_redemption.idempotency_key, request_redemption.units,
          public.business_days_after(now(), public.redemption_review_business_days()))
  returning * into result;
  event := public.audit_append(
    'redemption.requested', auth.uid(), 'redemption', result.id::text,
    jsonb_build_object('opportunity_id', o.id, 'units', result.units, 'due_at', result.due_at)
  );
  perform public.notify_member(auth.uid(), event, texts.title, texts.body)
  from public.notification_text('redemption.requested', jsonb_build_object(
    'units', result.units::text, 'offering', o.name,
    'date', to_char(result.due_at at time zone 'UTC', 'YYYY-MM-DD'))) texts;
  perform public.offering_notify_spv(o.spv_id, event, texts.title, texts.body)
  from public.notification_text('redemption.requested.spv', jsonb_build_object(
    'units', result.units::text, 'offering', o.name,
    'time', to_char(result.due_at at time zone 'UTC', 'YYYY-MM-DD HH24:MI'))) texts;
  return result.id;
end
$$;

-- The SPV's administrators decide a redemption. Approved: at today's unit price, the units are
-- cancelled, the net paid to the member's cash and the fee to the platform's fee income, from
-- the offering's account. Rejected: with a reason. The same decision again changes nothing.
create or replace function public.review_redemption(redemption_id uuid, decision text, reason text)
returns public.redemptions
language plpgsql
security definer
set search_path = ''
as $$
declare
  r public.redemptions;
  o public.opportunities;
  kept_reason text := nullif(btrim(reason), '');
  unit_price bigint;
  price bigint;
  fee bigint;
  legs jsonb := '[]'::jsonb;
  event public.audit_events;
begin
  if auth.uid() is null or not (public.vault_role() in ('eq_spv_admin', 'cl_spv_admin', 'production_spv') or public.vault_is_admin()) then
    raise exception using errcode = '42501', message = 'only the SPV''s administrators may do this';
  end if;
  if decision is null or decision not in ('approved', 'rejected') then
    raise exception using errcode = '22023', message = 'decision must be approved or rejected';
  end if;
  if decision = 'rejected' and (kept_reason is null or char_length(kept_reason) > 500) then
    raise exception using errcode = '22023', message = 'a reason is required';
  end if;
  select * into r from public.redemptions x where x.id = review_redemption.redemption_id for update;
  if found then
    select * into o from public.opportunities x where x.id = r.opportunity_id for update;
  end if;
  if r.id is null or not public.vault_acts_for_spv(o.spv_id) then
    raise exception using errcode = '22023', message = 'unknown redemption';
  end if;
  if r.status <> 'requested' then
    if r.status = decision then
      return r;
    end if;
    raise exception using errcode = 'P0001', message = 'this redemption is already decided otherwise';
  end if;

  if decision = 'approved' then
    unit_price := coalesce(public.unit_price_on(o.id, public.lifecycle_today()), 0);
    price := unit_price * r.units;
    fee := public.redemption_fee_cents(price, o.early_redemption_fee_bps);
    perform public.offering_can_pay(o.id, price);
    if price - fee > 0 then
      legs := legs || jsonb_build_object(
        'id', public.ledger_id('redemption:' || r.id || ':net'), 'flags', 'posted',
        'debit_account_id', public.ledger_account('offering_escrow', 'EUR', null, o.id),
        'credit_account_id', public.ledger_account('member_cash', 'EUR', r.member_id),
        'amount_cents', price - fee, 'kind', 'redemption', 'subject_type', 'redemption', 'subject_id', r.id,
        'member_id', r.member_id, 'description', 'Redemption, ' || o.name);
    end if;
    if fee > 0 then
      legs := legs || jsonb_build_object(
        'id', public.ledger_id('redemption:' || r.id || ':fee'), 'flags', 'posted',
        'debit_account_id', public.ledger_account('offering_escrow', 'EUR', null, o.id),
        'credit_account_id', public.ledger_account('platform_fee_income', 'EUR'),
        'amount_cents', fee, 'kind', 'redemption_fee', 'subject_type', 'redemption', 'subject_id', r.id,
        'member_id', r.member_id, 'description', 'Early redemption fee, ' || o.name);
    end if;
    if jsonb_array_length(legs) > 0 then
      perform public.ledger_transfer_linked(legs);
    end if;
    update public.positions p set units = p.units - r.units
      where p.member_id = r.member_id and p.opportunity_id = o.id;
    update public.offering_records x set issued_units = greatest(x.issued_units - r.units, 0)
      where x.opportunity_id = o.id;
  end if;

  update public.redemptions x
    set status = decision, decided_by = auth.uid(), decided_at = now(),
        reason = case when decision = 'rejected' then kept_reason end,
        unit_price_cents = unit_price, price_cents = price, fee_cents = fee, net_cents = price - fee
    where x.id = r.id
    returning * into r;
  event := public.audit_append(
    case when decision = 'approved' then 'redemption.approved' else 'redemption.rejected' end,
    r.member_id, 'redemption', r.id::text,
    jsonb_build_object('opportunity_id', o.id, 'units', r.units)
      || case when decision = 'approved'
           then jsonb_build_object('unit_price_cents', unit_price, 'price_cents', price, 'fee_cents', fee, 'net_cents', price - fee)
           else jsonb_build_object('reason', kept_reason) end
  );
  perform public.notify_member(r.member_id, event, texts.title, texts.body)
  from public.notification_text(
    case when decision = 'approved' then 'redemption.approved' else 'redemption.rejected' end,
    jsonb_build_object(
      'amount', public.format_euros(price - fee), 'units', r.units::text, 'offering', o.name,
      'gross', public.format_euros(price), 'fee', public.format_euros(fee), 'reason', kept_reason)
  ) texts;
  return r;
end
$$;

-- The redemption queue of the caller's SPVs (every SPV for mfo_admin, compliance and the admin
-- flag): open requests first, soonest due first; due_at is when the time to decide runs out. The
-- figures are the approval's once decided, and while a request waits, what approving it today
-- would pay (null while the offering has no price).
create or replace function public.list_redemptions()
returns table (
  id uuid,
  opportunity_id text,
  opportunity_name text,
  member_id uuid,
  member_name text,
  units bigint,
  status text,
  requested_at timestamptz,
  due_at timestamptz,
  decided_at timestamptz,
  reason text,
  unit_price_cents bigint,
  price_cents bigint,
  fee_cents bigint,
  net_cents bigint
)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  every_spv boolean := public.vault_sees_every_spv();
  mine text[] := public.vault_spv_ids();
begin
  perform public.spv_reader_check();
  return query
    select r.id, r.opportunity_id, o.name, r.member_id, p.name, r.units, r.status, r.requested_at, r.due_at,
           r.decided_at, r.reason,
           case when r.status = 'requested' then today.unit_price else r.unit_price_cents end,
           case when r.status = 'requested' then today.unit_price * r.units else r.price_cents end,
           case when r.status = 'requested'
             then public.redemption_fee_cents(today.unit_price * r.units, o.early_redemption_fee_bps)
             else r.fee_cents end,
           case when r.status = 'requested'
             then today.unit_price * r.units
               - public.redemption_fee_cents(today.unit_price * r.units, o.early_redemption_fee_bps)
             else r.net_cents end
    from public.redemptions r
    join public.opportunities o on o.id = r.opportunity_id
    left join public.profiles p on p.id = r.member_id
    left join lateral (
      select public.unit_price_on(o.id, public.lifecycle_today()) as unit_price
      where r.status = 'requested'
    ) today on true
    where every_spv or o.spv_id = any (mine)
    order by r.status <> 'requested', case when r.status = 'requested' then r.due_at end, r.decided_at desc, r.id;
end
$$;

-- The caller's own redemptions, newest first.
create or replace function public.my_redemptions()
returns table (
  id uuid,
  opportunity_id text,
  opportunity_name text,
  units bigint,
  status text,
  requested_at timestamptz,
  due_at timestamptz,
  decided_at timestamptz,
  reason text,
  unit_price_cents bigint,
  price_cents bigint,
  fee_cents bigint,
  net_cents bigint
)
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
    select r.id, r.opportunity_id, o.name, r.units, r.status, r.requested_at, r.due_at, r.decided_at, r.reason,
           r.unit_price_cents, r.price_cents, r.fee_cents, r.net_cents
    from public.redemptions r join public.opportunities o on o.id = r.opportunity_id
    where r.member_id = auth.uid()
    order by r.requested_at desc, r.id;
end
$$;

-- ---------------------------------------------------------------------------------------------
-- Distributions as the screens read them.

-- The distributions of an offering (offering_id; all offerings when null) the caller's SPVs run, or every
-- SPV's for mfo_admin, compliance and the admin flag; newest record date first.
create or replace function public.list_distributions(offering_id text default null)
returns table (
  id uuid,
  opportunity_id text,
  opportunity_name text,
  record_date date,
  kind text,
  amount_cents bigint,
  withholding_cents bigint,
  holders integer,
  status text,
  declared_by uuid,
  declared_at timestamptz,
  paid_at timestamptz,
  available_cents bigint
)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  every_spv boolean := public.vault_sees_every_spv();
  mine text[] := public.vault_spv_ids();
begin
  perform public.spv_reader_check();
  return query
    select d.id, d.opportunity_id, o.name, d.record_date, d.kind, d.amount_cents, d.withholding_cents, d.holders,
           d.status, d.declared_by, d.declared_at, d.paid_at, public.offering_available_cents(o.id)
    from public.distributions d join public.opportunities o on o.id = d.opportunity_id
    where (every_spv or o.spv_id = any (mine))
      and (list_distributions.offering_id is null or d.opportunity_id = list_distributions.offering_id)
    order by d.record_date desc, d.declared_at desc, d.id;
end
$$;

-- The caller's distribution lines, newest first: what each paid them (status 'paid') or will.
create or replace function public.my_distributions()
returns table (
  distribution_id uuid,
  opportunity_id text,
  opportunity_name text,
  record_date date,
  kind text,
  status text,
  paid_at timestamptz,
  units bigint,
  gross_cents bigint,
  withholding_cents bigint,
  net_cents bigint
)
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
    select d.id, d.opportunity_id, o.name, d.record_date, d.kind, d.status, d.paid_at, l.units, l.gross_cents,
           l.withholding_cents, l.net_cents
    from public.distribution_lines l
    join public.distributions d on d.id = l.distribution_id
    join public.opportunities o on o.id = d.opportunity_id
    where l.member_id = auth.uid()
    order by d.record_date desc, d.id;
end
$$;

-- The caller's positions over time, for their returns and the value chart of /placements
-- (docs/returns.md): one row per offering held and per day on which something changed, and today.
--   flow_cents    the day's money into the position from the member's cash (the posted
--                 investment and its fees), less what came out of the offering's account to them
--                 (a distribution net of withholding, a redemption net of its fee, the maturity);
--   income_cents  of that, the distributions received (positive);
--   value_cents   the value at the end of the day: the units held then (unit_movements) × the unit
--                 price in force that day, 0 from the day the position matured.
-- Days before the position's first movement or payment are not listed; today's row is what
-- my_positions() values the position at.
create or replace function public.my_position_history()
returns table (opportunity_id text, day date, flow_cents bigint, income_cents bigint, value_cents bigint)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  me uuid := auth.uid();
  today date := public.lifecycle_today();
  cash bigint;
begin
  if me is null then
    raise exception using errcode = '42501', message = 'not signed in';
  end if;
  select a.id into cash from public.ledger_accounts a
    where a.kind = 'member_cash' and a.currency = 'EUR' and a.member_id = me;
  return query
    with mine as (
      select p.opportunity_id, (p.matured_at at time zone 'UTC')::date as matured_on
      from public.positions p where p.member_id = me
    ),
    flows as (
      select i.opportunity_id, (t.created_at at time zone 'UTC')::date as day, t.amount_cents as cents,
             0::bigint as income
      from public.ledger_transfers t
      join public.investments i on i.id::text = t.subject_id and i.user_id = me
      where t.debit_account_id = cash and t.subject_type = 'investment' and t.flags in ('posted', 'post')
        and t.kind in ('investment', 'management_fee', 'card_fee')
      union all
      select e.opportunity_id, (t.created_at at time zone 'UTC')::date, -t.amount_cents,
             case when t.kind = 'distribution' then t.amount_cents else 0 end
      from public.ledger_transfers t
      join public.ledger_accounts e on e.id = t.debit_account_id and e.kind = 'offering_escrow'
      where t.credit_account_id = cash and t.flags in ('posted', 'post')
    ),
    movements as (
      select u.opportunity_id, u.units, u.at from public.unit_movements u where u.member_id = me
    ),
    firsts as (
      select x.opportunity_id, min(x.day) as first_day
      from (
        select f.opportunity_id, f.day from flows f
        union all
        select v.opportunity_id, (v.at at time zone 'UTC')::date from movements v
      ) x
      group by x.opportunity_id
    ),
    days as (
      select f.opportunity_id, f.day from flows f
      union
      select v.opportunity_id, (v.at at time zone 'UTC')::date from movements v
      union
      select x.opportunity_id, x.as_of from public.unit_prices x join mine on mine.opportunity_id = x.opportunity_id
      union
      select mine.opportunity_id, mine.matured_on from mine where mine.matured_on is not null
      union
      select mine.opportunity_id, today from mine
    )
    select d.opportunity_id, d.day,
           coalesce((select sum(f.cents) from flows f where f.opportunity_id = d.opportunity_id and f.day = d.day), 0)::bigint,
           coalesce((select sum(f.income) from flows f where f.opportunity_id = d.opportunity_id and f.day = d.day), 0)::bigint,
           case when mine.matured_on <= d.day then 0::bigint
                else coalesce((
                  select sum(v.units) from movements v
                  where v.opportunity_id = d.opportunity_id and v.at < ((d.day + 1)::timestamp at time zone 'UTC')
                ), 0)::bigint * coalesce(public.unit_price_on(d.opportunity_id, d.day), 0)
           end
    from days d
    join mine on mine.opportunity_id = d.opportunity_id
    join firsts on firsts.opportunity_id = d.opportunity_id
    where d.day between firsts.first_day and today
    order by d.opportunity_id, d.day;
end
$$;

-- ---------------------------------------------------------------------------------------------
-- 4. Maturity

-- Pays each holder units × the final price (today's) from the offering's account, makes the
-- positions Matured, rejects the redemptions still asked (maturity pays those units), records
-- the maturity and tells everyone. The callers check who and when.
create or replace function public.offering_mature(o public.opportunities)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  final_price bigint := coalesce(public.unit_price_on(o.id, public.lifecycle_today()), 0);
  result public.offering_maturities;
  legs jsonb;
  holders uuid[];
  event public.audit_events;
begin
  select coalesce(array_agg(p.member_id order by p.first_issued_at, p.member_id), '{}') into holders
    from public.positions p where p.opportunity_id = o.id and p.units > 0 and p.status = 'Active';
  result.opportunity_id := o.id;
  result.matured_by := auth.uid();
  result.final_price_cents := final_price;
  select count(*)::integer, coalesce(sum(p.units), 0)::bigint, coalesce(sum(p.units * final_price), 0)::bigint
    into result.holders, result.units, result.paid_cents
    from public.positions p where p.opportunity_id = o.id and p.units > 0 and p.status = 'Active';
  perform public.offering_can_pay(o.id, result.paid_cents);
  if final_price > 0 and result.holders > 0 then
    select jsonb_agg(jsonb_build_object(
      'id', public.ledger_id('maturity:' || o.id || ':' || p.member_id), 'flags', 'posted',
      'debit_account_id', public.ledger_account('offering_escrow', 'EUR', null, o.id),
      'credit_account_id', cash.account_id,
      'amount_cents', p.units * final_price, 'kind', 'maturity', 'subject_type', 'offering', 'subject_id', o.id,
      'member_id', p.member_id, 'description', 'Matured, ' || o.name
    ) order by p.first_issued_at, p.member_id) into legs
    from public.positions p
    join public.ledger_member_accounts('member_cash', 'EUR', holders) cash on cash.member_id = p.member_id
    where p.opportunity_id = o.id and p.units > 0 and p.status = 'Active';
    perform public.ledger_transfer_batch(legs);
  end if;
  event := public.audit_append(
    'offering.matured', null, 'offering', o.id,
    jsonb_build_object('final_price_cents', final_price, 'holders', result.holders, 'units', result.units,
      'paid_cents', result.paid_cents)
  );
  insert into public.notifications (user_id, id, title, body, at, read)
  select p.member_id, 'evt-' || event.id, texts.title, texts.body,
         to_char(event.occurred_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'), false
  from public.positions p
  cross join lateral public.notification_text('offering.matured', jsonb_build_object(
    'offering', o.name, 'amount', public.format_euros(p.units * final_price), 'units', p.units::text)) texts
  where p.opportunity_id = o.id and p.units > 0 and p.status = 'Active'
  on conflict do nothing;
  update public.positions p set status = 'Matured', matured_at = now()
    where p.opportunity_id = o.id and p.status = 'Active';
  update public.redemptions r
    set status = 'rejected', decided_at = now(), reason = 'The offering matured: maturity paid these units.'
    where r.opportunity_id = o.id and r.status = 'requested';
  insert into public.offering_maturities (opportunity_id, matured_at, matured_by, final_price_cents, holders, units, paid_cents)
  values (o.id, now(), result.matured_by, final_price, result.holders, result.units, result.paid_cents)
  returning * into result;
  perform public.offering_notify_spv(o.spv_id, event, texts.title, texts.body)
  from public.notification_text('offering.matured.spv', jsonb_build_object(
    'offering', o.name, 'amount', public.format_euros(result.paid_cents), 'holders', result.holders::text)) texts;
  return to_jsonb(result) - 'matured_by';
end
$$;

-- Whether an offering's term has ended (from its first issue).
create or replace function public.offering_term_ended(o public.opportunities)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select o.term_months is not null and public.offering_issued_at(o.id) is not null
    and now() >= public.offering_issued_at(o.id) + make_interval(months => o.term_months)
$$;

-- The SPV's administrators mature an issued (or closed sample) offering whose term has ended.
-- Answers {opportunity_id, matured_at, final_price_cents, holders, units, paid_cents}; a retry
-- answers the same and pays nothing.
create or replace function public.mature_offering(opportunity_id text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  o public.opportunities := public.offering_for_spv(opportunity_id);
  done public.offering_maturities;
begin
  select * into done from public.offering_maturities x where x.opportunity_id = o.id;
  if found then
    return to_jsonb(done) - 'matured_by';
  end if;
  if o.status not in ('issued', 'closed') then
    raise exception using errcode = 'P0001', message = 'only an issued or closed offering can mature';
  end if;
  if public.offering_issued_at(o.id) is null then
    raise exception using errcode = 'P0001', message = 'the offering has issued no units';
  end if;
  if not public.offering_term_ended(o) then
    raise exception using errcode = 'P0001', message = 'the offering''s term has not ended';
  end if;
  return public.offering_mature(o);
end
$$;

-- The schedule's part (run_offering_schedule): issued offerings whose term has ended mature.
-- One whose account cannot pay is left for its SPV (the refusal is logged, the others go on).
create or replace function public.offering_mature_due()
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  o public.opportunities;
  matured integer := 0;
begin
  for o in
    select x.* from public.opportunities x
    where x.status = 'issued' and x.term_months is not null
      and not exists (select 1 from public.offering_maturities m where m.opportunity_id = x.id)
    order by x.id
    for update skip locked
  loop
    if public.offering_term_ended(o) then
      begin
        perform public.offering_mature(o);
        matured := matured + 1;
      exception when sqlstate 'P0001' then
        raise warning 'offering % did not mature: %', o.id, sqlerrm;
      end;
    end if;
  end loop;
  return matured;
end
$$;

-- ---------------------------------------------------------------------------------------------
-- Grants. The internal helpers: no client, not even the service role.
revoke execute on function public.positions_record_issues() from public, anon, authenticated, service_role;
revoke execute on function public.positions_record_changes() from public, anon, authenticated, service_role;
revoke execute on function public.lifecycle_today() from public, anon, authenticated, service_role;
revoke execute on function public.business_days_after(timestamptz, integer) from public, anon, authenticated, service_role;
revoke execute on function public.offering_issued_at(text) from public, anon, authenticated, service_role;
revoke execute on function public.spv_reader_check() from public, anon, authenticated, service_role;
revoke execute on function public.offering_available_cents(text) from public, anon, authenticated, service_role;
revoke execute on function public.offering_can_pay(text, bigint) from public, anon, authenticated, service_role;
revoke execute on function public.offering_holders_at(text, date) from public, anon, authenticated, service_role;
revoke execute on function public.offering_impact_text(jsonb, numeric, numeric) from public, anon, authenticated, service_role;
revoke execute on function public.distribution_period_years(text) from public, anon, authenticated, service_role;
revoke execute on function public.distribution_totals(uuid) from public, anon, authenticated, service_role;
revoke execute on function public.distribution_answer(uuid) from public, anon, authenticated, service_role;
revoke execute on function public.redemption_lockup_end(uuid, public.opportunities, bigint) from public, anon, authenticated, service_role;
revoke execute on function public.redemption_offering(text, boolean) from public, anon, authenticated, service_role;
revoke execute on function public.offering_mature(public.opportunities) from public, anon, authenticated, service_role;
revoke execute on function public.offering_term_ended(public.opportunities) from public, anon, authenticated, service_role;
revoke execute on function public.offering_mature_due() from public, anon, authenticated, service_role;

revoke execute on function public.set_unit_price(text, bigint, date, text) from public, anon, service_role;
grant execute on function public.set_unit_price(text, bigint, date, text) to authenticated;
revoke execute on function public.declare_distribution(text, date, bigint, text) from public, anon, service_role;
grant execute on function public.declare_distribution(text, date, bigint, text) to authenticated;
revoke execute on function public.pay_distribution(uuid) from public, anon, service_role;
grant execute on function public.pay_distribution(uuid) to authenticated;
revoke execute on function public.redemption_quote(text, bigint) from public, anon, service_role;
grant execute on function public.redemption_quote(text, bigint) to authenticated;
revoke execute on function public.request_redemption(text, bigint, uuid) from public, anon, service_role;
grant execute on function public.request_redemption(text, bigint, uuid) to authenticated;
revoke execute on function public.review_redemption(uuid, text, text) from public, anon, service_role;
grant execute on function public.review_redemption(uuid, text, text) to authenticated;
revoke execute on function public.list_redemptions() from public, anon, service_role;
grant execute on function public.list_redemptions() to authenticated;
revoke execute on function public.my_redemptions() from public, anon, service_role;
grant execute on function public.my_redemptions() to authenticated;
revoke execute on function public.list_distributions(text) from public, anon, service_role;
grant execute on function public.list_distributions(text) to authenticated;
revoke execute on function public.my_distributions() from public, anon, service_role;
grant execute on function public.my_distributions() to authenticated;
revoke execute on function public.my_position_history() from public, anon, service_role;
grant execute on function public.my_position_history() to authenticated;
revoke execute on function public.mature_offering(text) from public, anon, service_role;
grant execute on function public.mature_offering(text) to authenticated;
revoke execute on function public.record_offering_income(text, bigint, date, text) from public, anon, service_role;
grant execute on function public.record_offering_income(text, bigint, date, text) to authenticated;
revoke execute on function public.list_offering_income(text) from public, anon, service_role;
grant execute on function public.list_offering_income(text) to authenticated;
