-- Offerings: SPVs, the offering's life, and what each investor owns (docs/offerings.md).
--
-- * public.spvs and public.spv_administrators: every opportunity, loan, equity holding and
--   production asset belongs to one SPV. An SPV administrator (an SPV role, listed as one of the
--   SPV's administrators, the SPV's kind matching the role: `spvRoleOfKind`) sees, acts on and
--   exports only their own SPVs' rows; mfo_admin, compliance and the admin flag see all.
-- * public.opportunities gains the offering's typed terms and its status. The rules of the terms,
--   the state table, the allocation and the subscription limits are data and pure functions in
--   @vault/domain (packages/domain/src/offerings/); the functions below marked "twin" restate
--   them, and supabase/tests/offerings-rules.test.ts proves each equal to its domain original.
-- * The functions (declared in packages/domain/src/offerings/actions.ts, refusals there too):
--     create_offering(details) → id, update_offering(id, details)    the SPV's administrators
--     submit_offering(id)                                              the SPV's administrators
--     approve_offering(id), return_offering(id, reason)                mfo_admin, compliance, admin flag; never the submitter
--     withdraw_offering(id, reason), close_offering(id)                the SPV's administrators (closing waits
--                                                                      for the subscriptions' reflection periods)
--     run_offering_schedule()                                          the service role (pg_cron)
--     offering_accepts(opportunity_id, amount_cents)                   what submit_investment asks
--     my_positions()                                                   the member
--     offering_progress()                                              any member: what each offering raised
--     list_offerings(status), offering_spvs(), offering_subscriptions(id)  the console's readers
--     subscription_evidence(investment_id), staff_queues()             a decision's evidence, the queues' counts
-- * Money: holds are the ledger's. Closing, failing and withdrawing call
--   public.offering_settle_holds(opportunity_id, outcome), the one place where the ledger posts
--   the allocated holds and voids the rest; here it moves no money.
-- * Errors: 42501 for a caller who may not, 22023 for an argument that is not valid (a field's
--   fault names the field), P0001 for a valid request the current state refuses.
-- * The SPV limit of the consoles' functions is written in their own files (list_subscriptions,
--   export_report, record_repayment, set_asset_status in 10_consoles.sql, review_investment in
--   08_investments.sql); the role tables' read policies, which call the SPV helpers, are here.


-- ---------------------------------------------------------------------------------------------
-- SPVs and who runs them.
create table if not exists public.spvs (
  id text primary key check (id ~ '^[a-z0-9][a-z0-9-]{0,99}$'),
  name text not null check (char_length(btrim(name)) between 1 and 200),
  kind text not null check (kind in ('equity', 'lending', 'production'))
);

create table if not exists public.spv_administrators (
  spv_id text not null references public.spvs (id) on delete cascade,
  member_id uuid not null references auth.users (id) on delete cascade,
  primary key (spv_id, member_id)
);
create index if not exists spv_administrators_member_id_idx on public.spv_administrators (member_id);

-- Whether the caller sees every SPV's rows: mfo_admin, compliance, the admin flag.
create or replace function public.vault_sees_every_spv()
returns boolean
language plpgsql
stable
set search_path = ''
as $$
begin
  return public.vault_role() in ('mfo_admin', 'compliance') or public.vault_is_admin();
end
$$;

-- The SPVs the caller administers: listed as an administrator, holding the role of the SPV's kind
-- (`spvRoleOfKind`). Security definer: spv_administrators' own policy would call back here.
create or replace function public.vault_spv_ids()
returns text[]
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  caller_role text := public.vault_role();
begin
  return coalesce((
    select array_agg(s.id order by s.id)
    from public.spv_administrators a
    join public.spvs s on s.id = a.spv_id
    where a.member_id = auth.uid()
      and caller_role = case s.kind
        when 'equity' then 'eq_spv_admin'
        when 'lending' then 'cl_spv_admin'
        when 'production' then 'production_spv'
      end
  ), '{}'::text[]);
end
$$;

-- Whether the caller may act for this SPV: one of its administrators, or the admin flag.
create or replace function public.vault_acts_for_spv(spv_id text)
returns boolean
language plpgsql
stable
set search_path = ''
as $$
begin
  return public.vault_is_admin() or vault_acts_for_spv.spv_id = any (public.vault_spv_ids());
end
$$;

grant execute on function public.vault_sees_every_spv() to authenticated;
grant execute on function public.vault_spv_ids() to authenticated;
revoke execute on function public.vault_sees_every_spv() from public, anon;
revoke execute on function public.vault_spv_ids() from public, anon;
revoke execute on function public.vault_acts_for_spv(text) from public, anon, authenticated, service_role;

alter table public.spvs enable row level security;
revoke all on table public.spvs from public, anon, authenticated;
grant select on table public.spvs to authenticated;
grant all on table public.spvs to service_role;
drop policy if exists spvs_read on public.spvs;
create policy spvs_read on public.spvs for select to authenticated using (true);

alter table public.spv_administrators enable row level security;
revoke all on table public.spv_administrators from public, anon, authenticated;
grant select on table public.spv_administrators to authenticated;
grant all on table public.spv_administrators to service_role;
drop policy if exists spv_administrators_read on public.spv_administrators;
create policy spv_administrators_read on public.spv_administrators
  for select to authenticated
  using (member_id = (select auth.uid()) or (select public.vault_sees_every_spv()));

-- ---------------------------------------------------------------------------------------------
-- The SPV of each opportunity, loan, holding and asset (the columns are in 03_member_tables.sql,
-- made before the SPVs are).
alter table public.opportunities drop constraint if exists opportunities_spv_id_fkey;
alter table public.opportunities add constraint opportunities_spv_id_fkey foreign key (spv_id) references public.spvs (id);
alter table public.loans drop constraint if exists loans_spv_id_fkey;
alter table public.loans add constraint loans_spv_id_fkey foreign key (spv_id) references public.spvs (id);
alter table public.equity_holdings drop constraint if exists equity_holdings_spv_id_fkey;
alter table public.equity_holdings add constraint equity_holdings_spv_id_fkey foreign key (spv_id) references public.spvs (id);
alter table public.production_assets drop constraint if exists production_assets_spv_id_fkey;
alter table public.production_assets add constraint production_assets_spv_id_fkey foreign key (spv_id) references public.spvs (id);
alter table public.loans drop constraint if exists loans_opportunity_id_fkey;
alter table public.loans add constraint loans_opportunity_id_fkey foreign key (opportunity_id) references public.opportunities (id);
create index if not exists loans_opportunity_id_idx on public.loans (opportunity_id);
create index if not exists opportunities_spv_id_idx on public.opportunities (spv_id);
create index if not exists loans_spv_id_idx on public.loans (spv_id);
create index if not exists equity_holdings_spv_id_idx on public.equity_holdings (spv_id);
create index if not exists production_assets_spv_id_idx on public.production_assets (spv_id);
-- The schedule's two queries: what waits to open, what reaches its deadline.
create index if not exists opportunities_schedule_idx on public.opportunities (status, deadline_at)
  where status in ('in_review', 'open');

-- The catalogue: an investor reads what is past review; an SPV's administrators read their own
-- drafts too; mfo_admin, compliance and the admin flag read every offering.
drop policy if exists opportunities_read on public.opportunities;
create policy opportunities_read on public.opportunities
  for select to authenticated
  using (
    status not in ('draft', 'in_review')
    or spv_id = any ((select public.vault_spv_ids())::text[])
    or (select public.vault_sees_every_spv())
  );

-- The role tables, each SPV role limited to its own SPVs' rows (readers otherwise the route's
-- roles, mfo_admin and the admin flag: `roleTableReaders` in packages/domain/src/backend/tables.ts).
drop policy if exists loans_read on public.loans;
create policy loans_read on public.loans
  for select to authenticated
  using (
    (select public.vault_role()) = 'mfo_admin' or (select public.vault_is_admin())
    or ((select public.vault_role()) = 'cl_spv_admin' and spv_id = any ((select public.vault_spv_ids())::text[]))
  );
drop policy if exists repayments_read on public.repayments;
create policy repayments_read on public.repayments
  for select to authenticated
  using (
    (select public.vault_role()) = 'mfo_admin' or (select public.vault_is_admin())
    or ((select public.vault_role()) = 'cl_spv_admin' and borrower in (
      select l.borrower from public.loans l where l.spv_id = any ((select public.vault_spv_ids())::text[])
    ))
  );
drop policy if exists loan_repayments_read on public.loan_repayments;
create policy loan_repayments_read on public.loan_repayments
  for select to authenticated
  using (
    (select public.vault_role()) = 'mfo_admin' or (select public.vault_is_admin())
    or ((select public.vault_role()) = 'cl_spv_admin' and loan_id in (
      select l.id from public.loans l where l.spv_id = any ((select public.vault_spv_ids())::text[])
    ))
  );
drop policy if exists loan_schedule_read on public.loan_schedule;
create policy loan_schedule_read on public.loan_schedule
  for select to authenticated
  using (
    (select public.vault_role()) = 'mfo_admin' or (select public.vault_is_admin())
    or ((select public.vault_role()) = 'cl_spv_admin' and loan_id in (
      select l.id from public.loans l where l.spv_id = any ((select public.vault_spv_ids())::text[])
    ))
  );
drop policy if exists equity_holdings_read on public.equity_holdings;
create policy equity_holdings_read on public.equity_holdings
  for select to authenticated
  using (
    (select public.vault_role()) = 'mfo_admin' or (select public.vault_is_admin())
    or ((select public.vault_role()) = 'eq_spv_admin' and spv_id = any ((select public.vault_spv_ids())::text[]))
  );
drop policy if exists production_assets_read on public.production_assets;
create policy production_assets_read on public.production_assets
  for select to authenticated
  using (
    (select public.vault_role()) = 'mfo_admin' or (select public.vault_is_admin())
    or ((select public.vault_role()) = 'production_spv' and spv_id = any ((select public.vault_spv_ids())::text[]))
  );

-- ---------------------------------------------------------------------------------------------
-- What the life of an offering records beside its catalogue row: who created, submitted and
-- approved it and when, the last reason given, and the units issued. Read by the SPV's
-- administrators and the staff who see every SPV.
create table if not exists public.offering_records (
  opportunity_id text primary key references public.opportunities (id) on delete cascade,
  created_by uuid,
  created_at timestamptz not null default now(),
  submitted_by uuid,
  submitted_at timestamptz,
  approved_by uuid,
  approved_at timestamptz,
  reason text check (reason is null or char_length(reason) between 1 and 500),
  decided_at timestamptz,
  issued_units bigint not null default 0 check (issued_units >= 0)
);
alter table public.offering_records enable row level security;
revoke all on table public.offering_records from public, anon, authenticated;
grant select on table public.offering_records to authenticated;
grant all on table public.offering_records to service_role;
drop policy if exists offering_records_read on public.offering_records;
create policy offering_records_read on public.offering_records
  for select to authenticated
  using (
    (select public.vault_sees_every_spv())
    or opportunity_id in (select o.id from public.opportunities o where o.spv_id = any ((select public.vault_spv_ids())::text[]))
  );

-- The units each member holds of each offering, with what they paid and the fees on it. Units
-- go down when a redemption is approved (to 0 when all are redeemed); at maturity the position
-- is `Matured`, its units kept as the record of what was paid (13_lifecycle.sql).
create table if not exists public.positions (
  member_id uuid not null references auth.users (id) on delete restrict,
  opportunity_id text not null references public.opportunities (id) on delete restrict,
  units bigint not null check (units >= 0),
  cost_cents bigint not null check (cost_cents >= 0),
  fees_cents bigint not null check (fees_cents >= 0),
  first_issued_at timestamptz not null default now(),
  status text not null default 'Active' check (status in ('Active', 'Matured')),
  matured_at timestamptz,
  -- Kept by positions_revalue, so reading a position reads nothing else: the offering's latest
  -- unit price, the end of its term from the first issue, and this position's share of its impact.
  unit_price_cents bigint not null default 0 check (unit_price_cents >= 0),
  matures_at timestamptz,
  impact jsonb not null default '[]'::jsonb,
  primary key (member_id, opportunity_id),
  check ((status = 'Matured') = (matured_at is not null))
);
create index if not exists positions_opportunity_id_idx on public.positions (opportunity_id);
alter table public.positions enable row level security;
revoke all on table public.positions from public, anon, authenticated;
grant select on table public.positions to authenticated;
grant all on table public.positions to service_role;
drop policy if exists positions_read on public.positions;
create policy positions_read on public.positions
  for select to authenticated
  using (member_id = (select auth.uid()) or (select public.vault_sees_every_spv()));

-- Closing's record: the units and amount allocated to each subscription, and the fees on that
-- amount. The ledger posts these and voids the rest of each hold (offering_settle_holds).
create table if not exists public.offering_allocations (
  investment_id uuid primary key references public.investments (id) on delete restrict,
  opportunity_id text not null references public.opportunities (id) on delete restrict,
  member_id uuid not null references auth.users (id) on delete restrict,
  units bigint not null check (units >= 0),
  amount_cents bigint not null check (amount_cents >= 0),
  fees_cents bigint not null check (fees_cents >= 0),
  allocated_at timestamptz not null default now()
);
create index if not exists offering_allocations_opportunity_id_idx on public.offering_allocations (opportunity_id);
create index if not exists offering_allocations_member_id_idx on public.offering_allocations (member_id);
alter table public.offering_allocations enable row level security;
revoke all on table public.offering_allocations from public, anon, authenticated;
grant select on table public.offering_allocations to authenticated;
grant all on table public.offering_allocations to service_role;
drop policy if exists offering_allocations_read on public.offering_allocations;
create policy offering_allocations_read on public.offering_allocations
  for select to authenticated
  using (member_id = (select auth.uid()) or (select public.vault_sees_every_spv()));

-- The unit price history: one price per offering and day (a later one that day replaces it),
-- the first the issue price on the day of issue (offering_issue), the others set by the SPV's
-- administrators (set_unit_price, 13_lifecycle.sql). Until one is set, the offering's own unit
-- price is its price. Read by everyone who reads the catalogue.
create table if not exists public.unit_prices (
  opportunity_id text not null references public.opportunities (id) on delete cascade,
  as_of date not null,
  price_cents bigint not null check (price_cents between 0 and public.offering_max_cents()),
  reason text not null check (char_length(reason) between 1 and 500),
  set_by uuid,
  set_at timestamptz not null default now(),
  primary key (opportunity_id, as_of)
);
alter table public.unit_prices enable row level security;
revoke all on table public.unit_prices from public, anon, authenticated;
grant select on table public.unit_prices to authenticated;
grant all on table public.unit_prices to service_role;
drop policy if exists unit_prices_read on public.unit_prices;
create policy unit_prices_read on public.unit_prices for select to authenticated using (true);

-- An offering's unit price on a day: the latest of its history on or before that day, else its
-- own unit price (a sample opportunity's, or an offering before its issue).
create or replace function public.unit_price_on(opportunity_id text, day date)
returns bigint
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(
    (select u.price_cents from public.unit_prices u
     where u.opportunity_id = unit_price_on.opportunity_id and u.as_of <= unit_price_on.day
     order by u.as_of desc limit 1),
    (select o.unit_price_cents from public.opportunities o where o.id = unit_price_on.opportunity_id)
  )
$$;

-- What a position stores of its offering, worked out again for every position of the offerings
-- given: the latest unit price (unit_price_on today; a price is never set ahead of its day), the
-- end of the term, and each impact metric × the position's share of the units issued. Run by the
-- triggers below whenever a price or the units issued change (an issue writes the positions, then
-- the units issued), so every reader of a position sees the same figures.
create or replace function public.positions_revalue(opportunity_ids text[])
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  update public.positions p
    set unit_price_cents = v.unit_price_cents, matures_at = v.matures_at, impact = v.impact
    from (
      select p2.member_id, p2.opportunity_id,
             coalesce(public.unit_price_on(o.id, (now() at time zone 'UTC')::date), 0) as unit_price_cents,
             case when o.term_months is null then null
               else p2.first_issued_at + make_interval(months => o.term_months) end as matures_at,
             coalesce((
               select jsonb_agg(jsonb_build_object(
                 'name', m ->> 'name', 'unit', m ->> 'unit',
                 'per_year', round((m ->> 'per_year')::numeric * p2.units / greatest(coalesce(r.issued_units, 0), p2.units, 1), 4)
               ) order by n)
               from jsonb_array_elements(o.impact_metrics) with ordinality as x (m, n)
             ), '[]'::jsonb) as impact
      from public.positions p2
      join public.opportunities o on o.id = p2.opportunity_id
      left join public.offering_records r on r.opportunity_id = p2.opportunity_id
      where p2.opportunity_id = any (opportunity_ids)
    ) v
    where p.member_id = v.member_id and p.opportunity_id = v.opportunity_id
      and (p.unit_price_cents, p.matures_at, p.impact) is distinct from (v.unit_price_cents, v.matures_at, v.impact);
end
$$;

create or replace function public.positions_revalue_changed()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform public.positions_revalue(array(select distinct c.opportunity_id from changed c));
  return null;
end
$$;
drop trigger if exists unit_prices_revalue_inserted on public.unit_prices;
create trigger unit_prices_revalue_inserted
  after insert on public.unit_prices
  referencing new table as changed
  for each statement execute function public.positions_revalue_changed();
drop trigger if exists unit_prices_revalue_updated on public.unit_prices;
create trigger unit_prices_revalue_updated
  after update on public.unit_prices
  referencing new table as changed
  for each statement execute function public.positions_revalue_changed();
drop trigger if exists offering_records_revalue_inserted on public.offering_records;
create trigger offering_records_revalue_inserted
  after insert on public.offering_records
  referencing new table as changed
  for each statement execute function public.positions_revalue_changed();
drop trigger if exists offering_records_revalue_updated on public.offering_records;
create trigger offering_records_revalue_updated
  after update on public.offering_records
  referencing new table as changed
  for each statement execute function public.positions_revalue_changed();

-- ---------------------------------------------------------------------------------------------
-- Twins of the domain's rules (packages/domain/src/offerings/).

-- Cents as the domain's formatEuros writes them: €5,000 for whole euros, €50.50 otherwise.
create or replace function public.format_euros(cents bigint)
returns text
language sql
immutable
set search_path = ''
as $$
  select '€' || case
    when cents % 100 = 0 then to_char(cents / 100, 'FM999,999,999,999,990')
    else to_char(cents::numeric / 100, 'FM999,999,999,999,990.00')
  end
$$;

-- A jsonb value is a whole number within [low, high].
create or replace function public.offering_whole(value jsonb, low numeric, high numeric)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select jsonb_typeof(value) = 'number' and value::text::numeric % 1 = 0
    and value::text::numeric between low and high
$$;

-- A jsonb value is a string whose trimmed length is at least low and whose length is at most high.
create or replace function public.offering_text(value jsonb, low integer, high integer)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select jsonb_typeof(value) = 'string' and char_length(btrim(value #>> '{}', ' ')) >= low
    and char_length(value #>> '{}') <= high
$$;

-- A jsonb value is a time the details accept (`offeringTimePattern`, and a real date).
create or replace function public.offering_time(value jsonb)
returns boolean
language plpgsql
immutable
set search_path = ''
as $$
begin
  if jsonb_typeof(value) <> 'string'
    or (value #>> '{}') !~ '^\d{4}-\d{2}-\d{2}T([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2})$' then
    return false;
  end if;
  perform (value #>> '{}')::timestamptz;
  return true;
exception when others then
  return false;
end
$$;

-- Twin of `offeringDetailsError`: the first fault of a details object, or null.
create or replace function public.offering_details_error(details jsonb)
returns text
language plpgsql
immutable
set search_path = ''
as $$
declare
  fields text[] := array[
    'spv_id', 'name', 'category', 'region', 'country', 'description', 'unit_price_cents',
    'min_target_cents', 'max_target_cents', 'min_ticket_cents', 'max_ticket_cents', 'opens_at',
    'deadline_at', 'term_months', 'projected_yield_bps', 'distribution_frequency', 'lockup_months',
    'early_redemption_fee_bps', 'eligible_countries', 'eligible_categories', 'allocation_rule',
    'impact_metrics', 'documents'
  ];
  never_null text[] := array['spv_id', 'name', 'category', 'region', 'country', 'description', 'impact_metrics', 'documents'];
  money_max constant numeric := public.offering_max_cents();
  impact_message constant text := 'impact_metrics must be a list of at most 20 {name, unit, per_year}, per_year 0 or more';
  documents_message constant text := 'documents must be a list of at most 20 {kind, name, sha256}: kind key_information, subscription_terms or other, sha256 64 lower-case hex digits';
  unknown text;
  field text;
  value jsonb;
  ok boolean;
  message text;
begin
  if jsonb_typeof(details) is distinct from 'object' then
    return 'details must be a JSON object';
  end if;
  select k into unknown from jsonb_object_keys(details) k where k <> all (fields) order by k collate "C" limit 1;
  if unknown is not null then
    return 'details has an unknown field: ' || unknown;
  end if;
  foreach field in array fields loop
    continue when not details ? field;
    value := details -> field;
    if jsonb_typeof(value) = 'null' then
      if field = any (never_null) then
        return field || ' may not be null';
      end if;
      continue;
    end if;
    case field
      when 'spv_id' then
        ok := public.offering_text(value, 1, 100); message := 'spv_id must be the id of an SPV';
      when 'name' then
        ok := public.offering_text(value, 1, 200); message := 'name must be 1 to 200 characters';
      when 'category' then
        ok := value #>> '{}' = any (public.opportunity_categories()) and jsonb_typeof(value) = 'string';
        message := 'category must be one of: ' || array_to_string(public.opportunity_categories(), '; ');
      when 'region' then
        ok := value #>> '{}' = any (public.opportunity_regions()) and jsonb_typeof(value) = 'string';
        message := 'region must be one of: ' || array_to_string(public.opportunity_regions(), '; ');
      when 'country' then
        ok := public.offering_text(value, 1, 100); message := 'country must be 1 to 100 characters';
      when 'description' then
        ok := public.offering_text(value, 1, 2000); message := 'description must be 1 to 2000 characters';
      when 'unit_price_cents', 'min_target_cents', 'max_target_cents', 'min_ticket_cents', 'max_ticket_cents' then
        ok := public.offering_whole(value, 1, money_max);
        message := field || ' must be a whole number of cents from 1 to ' || money_max;
      when 'opens_at', 'deadline_at' then
        ok := public.offering_time(value); message := field || ' must be a time such as 2026-01-31T09:00:00Z';
      when 'term_months' then
        ok := public.offering_whole(value, 1, 600); message := 'term_months must be a whole number of months from 1 to 600';
      when 'projected_yield_bps' then
        ok := public.offering_whole(value, 0, 10000);
        message := 'projected_yield_bps must be a whole number of basis points from 0 to 10000';
      when 'distribution_frequency' then
        ok := jsonb_typeof(value) = 'string' and value #>> '{}' in ('monthly', 'quarterly', 'annual');
        message := 'distribution_frequency must be monthly, quarterly or annual';
      when 'lockup_months' then
        ok := public.offering_whole(value, 0, 600); message := 'lockup_months must be a whole number of months from 0 to 600';
      when 'early_redemption_fee_bps' then
        ok := public.offering_whole(value, 0, 10000);
        message := 'early_redemption_fee_bps must be a whole number of basis points from 0 to 10000';
      when 'eligible_countries' then
        ok := jsonb_typeof(value) = 'array' and jsonb_array_length(value) between 1 and 300
          and not exists (
            select 1 from jsonb_array_elements(value) e
            where jsonb_typeof(e) <> 'string' or not public.is_iso_country(e #>> '{}')
          );
        message := 'eligible_countries must be null or a list of ISO 3166-1 alpha-2 codes';
      when 'eligible_categories' then
        ok := jsonb_typeof(value) = 'array' and jsonb_array_length(value) >= 1
          and not exists (
            select 1 from jsonb_array_elements(value) e
            where jsonb_typeof(e) <> 'string' or not public.is_investor_category(e #>> '{}')
          );
        message := 'eligible_categories must be null or a list of investor categories';
      when 'allocation_rule' then
        ok := jsonb_typeof(value) = 'string' and value #>> '{}' in ('first_come', 'pro_rata');
        message := 'allocation_rule must be first_come or pro_rata';
      when 'impact_metrics' then
        ok := jsonb_typeof(value) = 'array' and jsonb_array_length(value) <= 20
          and not exists (
            select 1 from jsonb_array_elements(value) m
            where jsonb_typeof(m) <> 'object'
              or exists (select 1 from jsonb_object_keys(m) k where k not in ('name', 'unit', 'per_year'))
              or not public.offering_text(m -> 'name', 1, 100)
              or not public.offering_text(m -> 'unit', 1, 100)
              or jsonb_typeof(m -> 'per_year') is distinct from 'number'
              or (m ->> 'per_year')::numeric not between 0 and 1e12
          );
        message := impact_message;
      when 'documents' then
        ok := jsonb_typeof(value) = 'array' and jsonb_array_length(value) <= 20
          and not exists (
            select 1 from jsonb_array_elements(value) d
            where jsonb_typeof(d) <> 'object'
              or exists (select 1 from jsonb_object_keys(d) k where k not in ('kind', 'name', 'sha256'))
              or jsonb_typeof(d -> 'kind') is distinct from 'string'
              or d ->> 'kind' not in ('key_information', 'subscription_terms', 'other')
              or not public.offering_text(d -> 'name', 1, 200)
              or jsonb_typeof(d -> 'sha256') is distinct from 'string'
              or d ->> 'sha256' !~ '^[0-9a-f]{64}$'
          );
        message := documents_message;
    end case;
    if not coalesce(ok, false) then
      return message;
    end if;
  end loop;
  return null;
end
$$;

-- Twin of `offeringConsistencyError`: the first fault of an offering's terms taken together (as
-- a jsonb of the details' keys), with every required field first when `complete`.
create or replace function public.offering_consistency_error(terms jsonb, complete boolean, at_time timestamptz)
returns text
language plpgsql
immutable
set search_path = ''
as $$
declare
  required text[] := array[
    'spv_id', 'name', 'category', 'region', 'country', 'description', 'unit_price_cents',
    'min_target_cents', 'max_target_cents', 'opens_at', 'deadline_at', 'term_months',
    'projected_yield_bps', 'distribution_frequency', 'lockup_months', 'early_redemption_fee_bps',
    'allocation_rule', 'impact_metrics', 'documents'
  ];
  field text;
  price numeric := (terms ->> 'unit_price_cents')::numeric;
  min_target numeric := (terms ->> 'min_target_cents')::numeric;
  max_target numeric := (terms ->> 'max_target_cents')::numeric;
  min_ticket numeric := (terms ->> 'min_ticket_cents')::numeric;
  max_ticket numeric := (terms ->> 'max_ticket_cents')::numeric;
  opens timestamptz := (terms ->> 'opens_at')::timestamptz;
  deadline timestamptz := (terms ->> 'deadline_at')::timestamptz;
  term numeric := (terms ->> 'term_months')::numeric;
  lockup numeric := (terms ->> 'lockup_months')::numeric;
begin
  if complete then
    foreach field in array required loop
      if jsonb_typeof(terms -> field) is null or jsonb_typeof(terms -> field) = 'null' then
        return field || ' is required';
      end if;
    end loop;
  end if;
  if max_target < min_target then
    return 'max_target_cents must be at least min_target_cents';
  end if;
  if max_target % price <> 0 then
    return 'max_target_cents must be a whole number of units (a multiple of unit_price_cents)';
  end if;
  if max_ticket < min_ticket then
    return 'max_ticket_cents must be at least min_ticket_cents';
  end if;
  if max_ticket > max_target then
    return 'max_ticket_cents must be at most max_target_cents';
  end if;
  if min_ticket > max_target then
    return 'min_ticket_cents must be at most max_target_cents';
  end if;
  if deadline <= opens then
    return 'deadline_at must be after opens_at';
  end if;
  if lockup > term then
    return 'lockup_months must be at most term_months';
  end if;
  if complete and deadline <= at_time then
    return 'deadline_at must be in the future';
  end if;
  return null;
end
$$;

-- Twin of `nextOfferingStatus` (`offeringTransitions`): the state an action leads to, or null.
create or replace function public.offering_next_status(action text, status text)
returns text
language sql
immutable
set search_path = ''
as $$
  select t.next from (values
    ('update', 'draft', 'draft'),
    ('submit', 'draft', 'in_review'),
    ('approve', 'in_review', 'open'),
    ('return', 'in_review', 'draft'),
    ('open', 'in_review', 'open'),
    ('close', 'open', 'issued'),
    ('deadline_met', 'open', 'issued'),
    ('deadline_missed', 'open', 'failed'),
    ('withdraw', 'draft', 'withdrawn'),
    ('withdraw', 'in_review', 'withdrawn'),
    ('withdraw', 'open', 'withdrawn')
  ) as t (action, from_status, next)
  where t.action = offering_next_status.action and t.from_status = offering_next_status.status
$$;

-- Twin of `allocateUnits`: the units given to each hold (its amount at position `ord` of
-- `amounts`, in the order the holds were made).
create or replace function public.offering_allocation(
  rule text,
  unit_price_cents bigint,
  max_target_cents bigint,
  amounts bigint[]
)
returns table (ord bigint, units bigint)
language sql
immutable
set search_path = ''
as $$
  with holds as (
    select a.ord, (a.amount / offering_allocation.unit_price_cents)::numeric as asked
    from unnest(offering_allocation.amounts) with ordinality as a (amount, ord)
  ),
  totals as (
    select (offering_allocation.max_target_cents / offering_allocation.unit_price_cents)::numeric as max_units,
           coalesce(sum(h.asked), 0) as asked
    from holds h
  ),
  in_order as (
    select h.ord, h.asked,
           coalesce(sum(h.asked) over (order by h.ord rows between unbounded preceding and 1 preceding), 0) as before
    from holds h
  ),
  scaled as (
    select h.ord, floor(h.asked * t.max_units / t.asked) as base, mod(h.asked * t.max_units, t.asked) as remainder
    from holds h, totals t
    where t.asked > t.max_units
  ),
  ranked as (
    select s.*, row_number() over (order by s.remainder desc, s.ord) as place,
           (select t.max_units from totals t) - sum(s.base) over () as extra
    from scaled s
  )
  select i.ord, greatest(least(i.asked, t.max_units - i.before), 0)::bigint
  from in_order i, totals t
  where offering_allocation.rule = 'first_come' or t.asked <= t.max_units
  union all
  select r.ord, (r.base + case when r.place <= r.extra then 1 else 0 end)::bigint
  from ranked r
  where offering_allocation.rule <> 'first_come'
  order by 1
$$;

-- Twin of `offeringRefusal`: the code of the first limit an amount misses, with the limit.
create or replace function public.offering_refusal(
  status text,
  deadline_at timestamptz,
  opens_at timestamptz,
  allocation_rule text,
  max_target_cents bigint,
  min_ticket_cents bigint,
  max_ticket_cents bigint,
  held_cents bigint,
  amount_cents bigint,
  at_time timestamptz,
  out code text,
  out limit_cents bigint
)
language plpgsql
immutable
set search_path = ''
as $$
begin
  code := null;
  limit_cents := null;
  if status is distinct from 'open' then
    code := 'NOT_OPEN'; return;
  end if;
  if deadline_at is null then
    return;
  end if;
  if (opens_at is not null and opens_at > at_time) or deadline_at <= at_time then
    code := 'NOT_OPEN'; return;
  end if;
  if min_ticket_cents is not null and amount_cents < min_ticket_cents then
    code := 'BELOW_MIN_TICKET'; limit_cents := min_ticket_cents; return;
  end if;
  if max_ticket_cents is not null and amount_cents > max_ticket_cents then
    code := 'ABOVE_MAX_TICKET'; limit_cents := max_ticket_cents; return;
  end if;
  if allocation_rule = 'first_come' and max_target_cents is not null
     and amount_cents > greatest(max_target_cents - held_cents, 0) then
    code := 'ABOVE_REMAINING'; limit_cents := greatest(max_target_cents - held_cents, 0); return;
  end if;
end
$$;

-- Twin of `offeringRefusalError`: '<CODE>: <what to do>'.
create or replace function public.offering_refusal_message(code text, limit_cents bigint)
returns text
language sql
immutable
set search_path = ''
as $$
  select code || ': ' || case code
    when 'NOT_OPEN' then 'This offering is not open for subscriptions.'
    when 'BELOW_MIN_TICKET' then 'The minimum subscription is ' || public.format_euros(coalesce(limit_cents, 0)) || '. Enter at least that.'
    when 'ABOVE_MAX_TICKET' then 'The maximum subscription is ' || public.format_euros(coalesce(limit_cents, 0)) || '. Enter at most that.'
    when 'ABOVE_REMAINING' then 'Only ' || public.format_euros(coalesce(limit_cents, 0)) || ' is left in this offering. Enter at most that.'
  end
$$;

-- ---------------------------------------------------------------------------------------------
-- Internal helpers of the functions below.

-- An offering's terms as a details-shaped jsonb (times as ISO text), for offering_consistency_error.
create or replace function public.offering_terms(o public.opportunities)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select jsonb_build_object(
    'spv_id', o.spv_id, 'name', o.name, 'category', o.category, 'region', o.region,
    'country', o.country, 'description', o.description, 'unit_price_cents', o.unit_price_cents,
    'min_target_cents', o.min_target_cents, 'max_target_cents', o.max_target_cents,
    'min_ticket_cents', o.min_ticket_cents, 'max_ticket_cents', o.max_ticket_cents,
    'opens_at', o.opens_at, 'deadline_at', o.deadline_at, 'term_months', o.term_months,
    'projected_yield_bps', o.projected_yield_bps, 'distribution_frequency', o.distribution_frequency,
    'lockup_months', o.lockup_months, 'early_redemption_fee_bps', o.early_redemption_fee_bps,
    'eligible_countries', to_jsonb(o.eligible_countries), 'eligible_categories', to_jsonb(o.eligible_categories),
    'allocation_rule', o.allocation_rule, 'impact_metrics', o.impact_metrics, 'documents', o.documents
  )
$$;

-- The display fields of a new offering, from its typed terms (the same facts): apy from the
-- yield ('6.5%'), term from the months ('60 Months'), minInvestment from the minimum ticket or
-- else the unit price, in whole euros rounded up. Not yet rated, not yet audited.
create or replace function public.offering_with_display(o public.opportunities)
returns public.opportunities
language plpgsql
stable
set search_path = ''
as $$
begin
  o.apy := trim_scale(coalesce(o.projected_yield_bps, 0)::numeric / 100)::text || '%';
  o.term := coalesce(o.term_months, 0) || case when o.term_months = 1 then ' Month' else ' Months' end;
  o."minInvestment" := '€' || to_char(ceil(coalesce(o.min_ticket_cents, o.unit_price_cents, 0)::numeric / 100), 'FM999,999,999,990');
  o.open := o.status = 'open';
  return o;
end
$$;

-- What an offering's subscriptions hold: the amounts of its Pending investments. The ledger counts
-- only funded holds here (its `Awaiting payment` investments hold nothing).
create or replace function public.offering_held_cents(opportunity_id text)
returns bigint
language sql
stable
set search_path = ''
as $$
  select coalesce(sum(i.amount_cents), 0)::bigint
  from public.investments i
  where i.opportunity_id = offering_held_cents.opportunity_id and i.status = 'Pending'
$$;

-- The money of an offering's end, in the same transaction as its state change.
--   outcome 'issued': each allocated subscription's hold is posted for the allocated amount and
--     the fees on it (a partial post releases the rest of each leg); a subscription allocated
--     nothing has its hold voided;
--   outcome 'failed' or 'withdrawn': every hold still pending is voided.
-- Every leg of the offering is built in one statement and resolved by one ledger_resolve_batch,
-- in the subscriptions' arrival order: the escrow and fee accounts are then written once, not
-- once per subscription.
create or replace function public.offering_settle_holds(opportunity_id text, outcome text)
returns void
language plpgsql
security definer
-- Run once per offering: JIT-compiling its statement would cost more than running it.
set jit = off
set search_path = ''
as $$
declare
  legs jsonb;
begin
  if outcome not in ('issued', 'failed', 'withdrawn') then
    raise exception using errcode = '22023', message = 'outcome must be issued, failed or withdrawn';
  end if;
  perform public.ledger_lock();
  -- Each hold's id is derived once (held is materialized): it is read in three places below.
  with every_leg as (
    select i.id, i.user_id, i.opportunity_name, i.arrival, i.method, l.n, l.leg,
           public.ledger_id('investment:' || i.id || ':' || l.leg || ':hold') as hold_id
    from public.investments i
    cross join (values (1, 'principal'), (2, 'management_fee'), (3, 'card_fee')) as l (n, leg)
    where i.opportunity_id = offering_settle_holds.opportunity_id
  ),
  held as materialized (
    select g.* from every_leg g where exists (select 1 from public.ledger_transfers h where h.id = g.hold_id)
  ),
  -- The subscriptions whose holds are still pending, what each is allocated, and the fees on it.
  subscriptions as (
    select g.id, q.management_fee_cents, q.card_fee_cents, p.posts, p.allocated_cents
    from held g
    left join public.offering_allocations a on a.investment_id = g.id
    cross join lateral (
      select coalesce(offering_settle_holds.outcome = 'issued' and a.units > 0, false) as posts,
             a.amount_cents as allocated_cents
    ) p
    cross join lateral public.investment_quote(case when p.posts then p.allocated_cents else 0 end, g.method) q
    where g.leg = 'principal' and not exists (select 1 from public.ledger_transfers r where r.pending_id = g.hold_id)
  )
  select jsonb_agg(jsonb_build_object(
      'id', public.ledger_id('investment:' || g.id || ':' || g.leg || case when s.posts then ':post' else ':void' end),
      'flags', case when s.posts then 'post' else 'void' end,
      'pending_id', g.hold_id,
      'amount_cents', case when not s.posts then null
                           when g.leg = 'principal' then s.allocated_cents
                           when g.leg = 'management_fee' then s.management_fee_cents
                           else s.card_fee_cents end,
      'kind', case g.leg when 'principal' then 'investment' else g.leg end, 'subject_type', 'investment',
      'subject_id', g.id, 'member_id', g.user_id,
      'description', case when s.posts then 'Units issued, ' else 'Investment released, ' end || g.opportunity_name
    ) order by g.arrival, g.n) into legs
  from held g
  join subscriptions s on s.id = g.id;
  if legs is not null then
    perform public.ledger_resolve_batch(legs);
  end if;
end
$$;

-- Notifies each administrator of an SPV (one notification per member and event).
create or replace function public.offering_notify_spv(spv_id text, event public.audit_events, title text, body text)
returns void
language sql
security definer
set search_path = ''
as $$
  insert into public.notifications (user_id, id, title, body, at, read)
  select a.member_id, 'evt-' || (event).id, title, body,
         to_char((event).occurred_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'), false
  from public.spv_administrators a
  where a.spv_id = offering_notify_spv.spv_id
  on conflict do nothing
$$;

-- Notifies each member among `members` once for an event.
create or replace function public.offering_notify_members(members uuid[], event public.audit_events, title text, body text)
returns void
language sql
security definer
set search_path = ''
as $$
  insert into public.notifications (user_id, id, title, body, at, read)
  select distinct m, 'evt-' || (event).id, title, body,
         to_char((event).occurred_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'), false
  from unnest(members) as m
  on conflict do nothing
$$;

-- Notifies those who review offerings (mfo_admin, compliance, the admin flag: vault_sees_every_spv)
-- once for an event, except `submitter`: nobody reviews their own submission.
create or replace function public.offering_notify_reviewers(event public.audit_events, submitter uuid, title text, body text)
returns void
language sql
security definer
set search_path = ''
as $$
  select public.offering_notify_members(
    array(
      select u.id from auth.users u
      join public.profiles p on p.id = u.id
      where (u.raw_app_meta_data ->> 'role' in ('mfo_admin', 'compliance') or (u.raw_app_meta_data -> 'is_admin') = 'true'::jsonb)
        and u.id is distinct from submitter
    ),
    event, offering_notify_reviewers.title, offering_notify_reviewers.body
  )
$$;

-- Issues units to one member (a sample opportunity's confirmed subscription), adding to their
-- position and to the units the offering has issued.
create or replace function public.offering_issue_units(
  member_id uuid,
  opportunity_id text,
  units bigint,
  cost_cents bigint,
  fees_cents bigint
)
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  if units <= 0 then
    return;
  end if;
  insert into public.positions as p (member_id, opportunity_id, units, cost_cents, fees_cents)
  values (member_id, opportunity_id, units, cost_cents, fees_cents)
  on conflict on constraint positions_pkey do update
    set units = p.units + excluded.units, cost_cents = p.cost_cents + excluded.cost_cents,
        fees_cents = p.fees_cents + excluded.fees_cents;
  insert into public.offering_records as r (opportunity_id, issued_units)
  values (opportunity_id, units)
  on conflict on constraint offering_records_pkey do update set issued_units = r.issued_units + excluded.issued_units;
end
$$;

-- Closing (close_offering, or the deadline with the minimum held): allocates the holds by the
-- offering's rule, records each allocation, issues the units, makes the allocated subscriptions
-- Active and cancels the rest, settles the money (offering_settle_holds), and leaves the offering issued.
create or replace function public.offering_issue(o public.opportunities)
returns public.opportunities
language plpgsql
security definer
set search_path = ''
as $$
declare
  result public.opportunities;
  held bigint := public.offering_held_cents(o.id);
  units_issued bigint;
  raised bigint;
  subscriptions integer;
  allocated uuid[];
  not_allocated uuid[];
  event public.audit_events;
begin
  with holds as (
    select i.id, i.user_id, i.method, i.amount_cents,
           row_number() over (order by i.arrival) as ord
    from public.investments i
    where i.opportunity_id = o.id and i.status = 'Pending'
  ),
  given as (
    select a.ord, a.units
    from public.offering_allocation(
      o.allocation_rule, o.unit_price_cents, o.max_target_cents,
      (select coalesce(array_agg(h.amount_cents order by h.ord), '{}') from holds h)
    ) a
  )
  insert into public.offering_allocations (investment_id, opportunity_id, member_id, units, amount_cents, fees_cents)
  select h.id, o.id, h.user_id, g.units, g.units * o.unit_price_cents,
         case when g.units = 0 then 0 else q.management_fee_cents + q.card_fee_cents end
  from holds h
  join given g on g.ord = h.ord
  cross join lateral public.investment_quote(greatest(g.units * o.unit_price_cents, 0), h.method) q;

  select coalesce(sum(a.units), 0), coalesce(sum(a.amount_cents), 0), count(*)::integer,
         coalesce(array_agg(a.member_id) filter (where a.units > 0), '{}'),
         coalesce(array_agg(a.member_id) filter (where a.units = 0), '{}')
    into units_issued, raised, subscriptions, allocated, not_allocated
    from public.offering_allocations a where a.opportunity_id = o.id;

  update public.investments i
    set status = case when a.units > 0 then 'Active' else 'Cancelled' end,
        decided_at = now(),
        reason = case when a.units = 0 then 'Not allocated: the offering was oversubscribed.' end
    from public.offering_allocations a
    where a.investment_id = i.id and a.opportunity_id = o.id and i.status = 'Pending';

  insert into public.positions as p (member_id, opportunity_id, units, cost_cents, fees_cents)
  select a.member_id, o.id, sum(a.units), sum(a.amount_cents), sum(a.fees_cents)
  from public.offering_allocations a
  where a.opportunity_id = o.id and a.units > 0
  group by a.member_id
  on conflict on constraint positions_pkey do update
    set units = p.units + excluded.units, cost_cents = p.cost_cents + excluded.cost_cents,
        fees_cents = p.fees_cents + excluded.fees_cents;

  perform public.offering_settle_holds(o.id, 'issued');

  update public.opportunities x set status = 'issued', open = false where x.id = o.id returning * into result;
  -- The issue price is the price of the issue date.
  insert into public.unit_prices (opportunity_id, as_of, price_cents, reason)
  values (o.id, (now() at time zone 'UTC')::date, o.unit_price_cents, 'Issue price')
  on conflict on constraint unit_prices_pkey do nothing;
  insert into public.offering_records as r (opportunity_id, decided_at, issued_units)
  values (o.id, now(), units_issued)
  on conflict on constraint offering_records_pkey do update
    set decided_at = excluded.decided_at, issued_units = r.issued_units + excluded.issued_units;

  event := public.audit_append(
    'offering.issued', null, 'offering', o.id,
    jsonb_build_object('held_cents', held, 'raised_cents', raised, 'units', units_issued,
      'subscriptions', subscriptions, 'rule', o.allocation_rule)
  );
  perform public.offering_notify_members(allocated, event, texts.title, texts.body)
  from public.notification_text('offering.issued', jsonb_build_object('offering', o.name)) texts;
  perform public.offering_notify_members(
    array(select m from unnest(not_allocated) m where m <> all (allocated)), event, texts.title, texts.body)
  from public.notification_text('offering.issued.not_allocated', jsonb_build_object('offering', o.name)) texts;
  perform public.offering_notify_spv(o.spv_id, event, texts.title, texts.body)
  from public.notification_text('offering.issued.spv', jsonb_build_object(
    'offering', o.name, 'units', units_issued::text, 'amount', public.format_euros(raised))) texts;
  return result;
end
$$;

-- The end of an offering without issue (failed at its deadline, or withdrawn): every subscription
-- still pending is cancelled with the reason, every hold voided (offering_settle_holds), everyone told.
create or replace function public.offering_end(o public.opportunities, outcome text, reason text)
returns public.opportunities
language plpgsql
security definer
set search_path = ''
as $$
declare
  result public.opportunities;
  held bigint := public.offering_held_cents(o.id);
  investors uuid[];
  event public.audit_events;
begin
  with cancelled as (
    update public.investments i
      set status = 'Cancelled', decided_at = now(), reason = left(offering_end.reason, 500)
      where i.opportunity_id = o.id and i.status = 'Pending'
      returning i.user_id
  )
  select coalesce(array_agg(distinct c.user_id), '{}') into investors from cancelled c;

  perform public.offering_settle_holds(o.id, outcome);

  update public.opportunities x set status = outcome, open = false where x.id = o.id returning * into result;
  insert into public.offering_records as r (opportunity_id, decided_at, reason)
  values (o.id, now(), left(offering_end.reason, 500))
  on conflict on constraint offering_records_pkey do update set decided_at = excluded.decided_at, reason = excluded.reason;

  event := public.audit_append(
    case outcome when 'failed' then 'offering.failed' else 'offering.withdrawn' end, null, 'offering', o.id,
    jsonb_build_object('held_cents', held, 'min_target_cents', o.min_target_cents,
      'subscriptions', cardinality(investors), 'reason', offering_end.reason)
  );
  perform public.offering_notify_members(investors, event, texts.title, texts.body)
  from public.notification_text(
    case outcome when 'failed' then 'offering.failed' else 'offering.withdrawn' end,
    jsonb_build_object('offering', o.name, 'reason', offering_end.reason)
  ) texts;
  perform public.offering_notify_spv(o.spv_id, event, texts.title, texts.body)
  from public.notification_text(
    case outcome when 'failed' then 'offering.failed.spv' else 'offering.withdrawn.spv' end,
    jsonb_build_object('offering', o.name, 'reason', offering_end.reason)
  ) texts;
  return result;
end
$$;

-- The offering an SPV administrator acts on, locked: refused when it does not exist or is not
-- one of the caller's SPVs'.
create or replace function public.offering_for_spv(id text)
returns public.opportunities
language plpgsql
security definer
set search_path = ''
as $$
declare
  o public.opportunities;
begin
  if auth.uid() is null then
    raise exception using errcode = '42501', message = 'not signed in';
  end if;
  select * into o from public.opportunities x where x.id = offering_for_spv.id for update;
  if not found then
    raise exception using errcode = 'P0001', message = 'no such offering';
  end if;
  if not public.vault_acts_for_spv(o.spv_id) then
    raise exception using errcode = '42501', message = 'only the SPV''s administrators may do this';
  end if;
  return o;
end
$$;

-- The offering a reviewer acts on, locked: mfo_admin, compliance or the admin flag, never the
-- member who submitted it.
create or replace function public.offering_for_review(id text)
returns public.opportunities
language plpgsql
security definer
set search_path = ''
as $$
declare
  o public.opportunities;
  book public.offering_records;
begin
  if auth.uid() is null or not public.vault_sees_every_spv() then
    raise exception using errcode = '42501', message = 'only mfo_admin, compliance or an administrator may review an offering';
  end if;
  select * into o from public.opportunities x where x.id = offering_for_review.id for update;
  if not found then
    raise exception using errcode = 'P0001', message = 'no such offering';
  end if;
  select * into book from public.offering_records r where r.opportunity_id = o.id;
  if book.submitted_by = auth.uid() then
    raise exception using errcode = '42501', message = 'nobody reviews an offering they submitted';
  end if;
  return o;
end
$$;

-- Raises the first fault of details, then of the terms they make.
create or replace function public.offering_validate(details jsonb, o public.opportunities, complete boolean)
returns void
language plpgsql
stable
set search_path = ''
as $$
declare
  fault text := public.offering_details_error(details);
begin
  if fault is null then
    fault := public.offering_consistency_error(public.offering_terms(o), complete, now());
  end if;
  if fault is not null then
    raise exception using errcode = '22023', message = fault;
  end if;
end
$$;

-- Opens an approved offering (at approval when its opening time has passed, else the schedule).
create or replace function public.offering_open(o public.opportunities)
returns public.opportunities
language plpgsql
security definer
set search_path = ''
as $$
declare
  result public.opportunities;
  event public.audit_events;
begin
  update public.opportunities x set status = 'open', open = true where x.id = o.id returning * into result;
  perform public.offering_publish_details(result);
  event := public.audit_append('offering.opened', null, 'offering', o.id,
    jsonb_build_object('opens_at', o.opens_at, 'deadline_at', o.deadline_at));
  perform public.offering_notify_spv(o.spv_id, event, texts.title, texts.body)
  from public.notification_text('offering.opened.spv', jsonb_build_object(
    'offering', o.name, 'time', to_char(o.deadline_at at time zone 'UTC', 'YYYY-MM-DD HH24:MI'))) texts;
  return result;
end
$$;

-- What an opened offering's detail page shows (public.opportunity_details, the seed's display
-- row), from its typed terms: the category, the yield ('6.5%'), not yet rated unless a risk score
-- was given, its first impact metric, the term ('60 Months'). Written when it opens, never for a
-- draft, which members may not see.
create or replace function public.offering_publish_details(o public.opportunities)
returns void
language sql
security definer
set search_path = ''
as $$
  insert into public.opportunity_details (id, name, type, yield, risk, impact, term, status)
  values (
    o.id, o.name, o.category, o.apy,
    case when o."riskScore" between 1 and 2 then 'Low' when o."riskScore" = 3 then 'Medium'
         when o."riskScore" >= 4 then 'High' else 'Not rated' end,
    coalesce(o.impact_metrics -> 0 ->> 'name', o.category), o.term, initcap(o.status)
  )
  on conflict (id) do update set name = excluded.name, type = excluded.type, yield = excluded.yield,
    risk = excluded.risk, impact = excluded.impact, term = excluded.term, status = excluded.status
$$;
revoke execute on function public.offering_publish_details(public.opportunities) from public, anon, authenticated, service_role;

-- The detail page's status follows the offering's (issued, failed, matured, ...).
create or replace function public.opportunity_details_follow_status()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  update public.opportunity_details d set status = initcap(new.status) where d.id = new.id;
  return null;
end
$$;
revoke execute on function public.opportunity_details_follow_status() from public, anon, authenticated, service_role;
drop trigger if exists opportunity_details_follow_status on public.opportunities;
create trigger opportunity_details_follow_status
  after update of status on public.opportunities
  for each row when (old.status is distinct from new.status)
  execute function public.opportunity_details_follow_status();

-- ---------------------------------------------------------------------------------------------
-- The functions.

-- A new draft, by one of the SPV's administrators. `details` holds at least the SPV, the name,
-- category, region, country and description; every other term may follow in update_offering.
create or replace function public.create_offering(details jsonb)
returns text
language plpgsql
security definer
set search_path = ''
as $$
declare
  me uuid := auth.uid();
  fault text;
  field text;
  o public.opportunities;
  new_id text;
begin
  if me is null then
    raise exception using errcode = '42501', message = 'not signed in';
  end if;
  if not (public.vault_is_admin() or public.vault_role() in ('eq_spv_admin', 'cl_spv_admin', 'production_spv')) then
    raise exception using errcode = '42501', message = 'only the SPV''s administrators may do this';
  end if;
  fault := public.offering_details_error(details);
  if fault is not null then
    raise exception using errcode = '22023', message = fault;
  end if;
  foreach field in array array['spv_id', 'name', 'category', 'region', 'country', 'description'] loop
    if jsonb_typeof(details -> field) is null or jsonb_typeof(details -> field) = 'null' then
      raise exception using errcode = '22023', message = field || ' is required';
    end if;
  end loop;
  if not exists (select 1 from public.spvs s where s.id = details ->> 'spv_id') then
    raise exception using errcode = '22023', message = 'spv_id: unknown SPV';
  end if;
  if not public.vault_acts_for_spv(details ->> 'spv_id') then
    raise exception using errcode = '42501', message = 'only the SPV''s administrators may do this';
  end if;
  -- A readable id: the name's words, and six random hex digits so two drafts never collide.
  new_id := left(trim(both '-' from regexp_replace(lower(details ->> 'name'), '[^a-z0-9]+', '-', 'g')), 60);
  new_id := case when new_id = '' then 'offering' else new_id end || '-' || substr(md5(gen_random_uuid()::text), 1, 6);
  o := jsonb_populate_record(null::public.opportunities, details || jsonb_build_object(
    'id', new_id, 'status', 'draft', 'ratings', 0, 'riskScore', 0, 'audited', false,
    'impact_metrics', coalesce(details -> 'impact_metrics', '[]'::jsonb),
    'documents', coalesce(details -> 'documents', '[]'::jsonb)
  ));
  perform public.offering_validate('{}'::jsonb, o, false);
  o := public.offering_with_display(o);
  insert into public.opportunities select o.*;
  insert into public.offering_records (opportunity_id, created_by) values (new_id, me);
  perform public.audit_append('offering.created', null, 'offering', new_id,
    jsonb_build_object('spv_id', o.spv_id, 'name', o.name));
  return new_id;
end
$$;

-- Changes a draft's terms: only the keys given (null clears a term a draft may lack).
create or replace function public.update_offering(id text, details jsonb)
returns public.opportunities
language plpgsql
security definer
set search_path = ''
as $$
declare
  current_row public.opportunities := public.offering_for_spv(id);
  fault text := public.offering_details_error(details);
  o public.opportunities;
  changed text[];
begin
  if fault is not null then
    raise exception using errcode = '22023', message = fault;
  end if;
  if public.offering_next_status('update', current_row.status) is null then
    raise exception using errcode = 'P0001', message = 'only a draft offering can be changed or submitted';
  end if;
  if details ? 'spv_id' and details ->> 'spv_id' is distinct from current_row.spv_id then
    if not exists (select 1 from public.spvs s where s.id = details ->> 'spv_id') then
      raise exception using errcode = '22023', message = 'spv_id: unknown SPV';
    end if;
    if not public.vault_acts_for_spv(details ->> 'spv_id') then
      raise exception using errcode = '42501', message = 'only the SPV''s administrators may do this';
    end if;
  end if;
  o := jsonb_populate_record(current_row, details);
  perform public.offering_validate('{}'::jsonb, o, false);
  o := public.offering_with_display(o);
  changed := array(
    select k from jsonb_object_keys(details) k
    where public.offering_terms(o) -> k is distinct from public.offering_terms(current_row) -> k
    order by k
  );
  -- A retry that changes nothing records nothing.
  if cardinality(changed) = 0 then
    return current_row;
  end if;
  update public.opportunities x set
    spv_id = o.spv_id, name = o.name, category = o.category, region = o.region, country = o.country,
    description = o.description, apy = o.apy, "minInvestment" = o."minInvestment", term = o.term,
    unit_price_cents = o.unit_price_cents, min_target_cents = o.min_target_cents,
    max_target_cents = o.max_target_cents, min_ticket_cents = o.min_ticket_cents,
    max_ticket_cents = o.max_ticket_cents, opens_at = o.opens_at, deadline_at = o.deadline_at,
    term_months = o.term_months, projected_yield_bps = o.projected_yield_bps,
    distribution_frequency = o.distribution_frequency, lockup_months = o.lockup_months,
    early_redemption_fee_bps = o.early_redemption_fee_bps, eligible_countries = o.eligible_countries,
    eligible_categories = o.eligible_categories, allocation_rule = o.allocation_rule,
    impact_metrics = o.impact_metrics, documents = o.documents
  where x.id = current_row.id
  returning * into o;
  perform public.audit_append('offering.updated', null, 'offering', o.id, jsonb_build_object('fields', changed));
  return o;
end
$$;

-- A complete draft goes to review, and its reviewers are told. A retry of a submission answers
-- the offering as it is.
create or replace function public.submit_offering(id text)
returns public.opportunities
language plpgsql
security definer
set search_path = ''
as $$
declare
  o public.opportunities := public.offering_for_spv(id);
  result public.opportunities;
  event public.audit_events;
begin
  if o.status = 'in_review' then
    return o;
  end if;
  if public.offering_next_status('submit', o.status) is null then
    raise exception using errcode = 'P0001', message = 'only a draft offering can be changed or submitted';
  end if;
  perform public.offering_validate('{}'::jsonb, o, true);
  update public.opportunities x set status = 'in_review' where x.id = o.id returning * into result;
  insert into public.offering_records as r (opportunity_id, submitted_by, submitted_at)
  values (o.id, auth.uid(), now())
  on conflict on constraint offering_records_pkey do update
    set submitted_by = excluded.submitted_by, submitted_at = excluded.submitted_at,
        approved_by = null, approved_at = null;
  event := public.audit_append('offering.submitted', null, 'offering', o.id,
    jsonb_build_object('spv_id', o.spv_id));
  perform public.offering_notify_reviewers(event, auth.uid(), texts.title, texts.body)
  from public.notification_text('offering.submitted.reviewers', jsonb_build_object('offering', o.name)) texts;
  return result;
end
$$;

-- A reviewer approves an offering in review: it opens now when its opening time has passed,
-- else at that time (run_offering_schedule). Approval needs a key information sheet and the
-- subscription terms among its documents.
create or replace function public.approve_offering(id text)
returns public.opportunities
language plpgsql
security definer
set search_path = ''
as $$
declare
  o public.opportunities := public.offering_for_review(id);
  book public.offering_records;
  event public.audit_events;
begin
  select * into book from public.offering_records r where r.opportunity_id = o.id;
  if o.status = 'in_review' and book.approved_at is not null then
    return o;
  end if;
  if public.offering_next_status('approve', o.status) is null then
    raise exception using errcode = 'P0001', message = 'only an offering in review can be approved or returned';
  end if;
  if not (
    exists (select 1 from jsonb_array_elements(o.documents) d where d ->> 'kind' = 'key_information')
    and exists (select 1 from jsonb_array_elements(o.documents) d where d ->> 'kind' = 'subscription_terms')
  ) then
    raise exception using errcode = 'P0001', message = 'approval needs a key information sheet and subscription terms among the documents';
  end if;
  if o.deadline_at <= now() then
    raise exception using errcode = 'P0001', message = 'the deadline of this offering has passed';
  end if;
  update public.offering_records r set approved_by = auth.uid(), approved_at = now() where r.opportunity_id = o.id;
  event := public.audit_append('offering.approved', null, 'offering', o.id,
    jsonb_build_object('opens_at', o.opens_at, 'deadline_at', o.deadline_at));
  perform public.offering_notify_spv(o.spv_id, event, texts.title, texts.body)
  from public.notification_text('offering.approved.spv', jsonb_build_object(
    'offering', o.name, 'time', to_char(greatest(o.opens_at, now()) at time zone 'UTC', 'YYYY-MM-DD HH24:MI'))) texts;
  if o.opens_at <= now() then
    o := public.offering_open(o);
  end if;
  return o;
end
$$;

-- A reviewer sends an offering in review back to its SPV as a draft, with the reason.
create or replace function public.return_offering(id text, reason text)
returns public.opportunities
language plpgsql
security definer
set search_path = ''
as $$
declare
  kept_reason text := nullif(btrim(reason), '');
  o public.opportunities := public.offering_for_review(id);
  book public.offering_records;
  result public.opportunities;
  event public.audit_events;
begin
  if kept_reason is null then
    raise exception using errcode = '22023', message = 'a reason is required';
  end if;
  if char_length(kept_reason) > 500 then
    raise exception using errcode = '22023', message = 'reason must be at most 500 characters';
  end if;
  select * into book from public.offering_records r where r.opportunity_id = o.id;
  if public.offering_next_status('return', o.status) is null then
    raise exception using errcode = 'P0001', message = 'only an offering in review can be approved or returned';
  end if;
  if book.approved_at is not null then
    raise exception using errcode = 'P0001', message = 'this offering is already approved';
  end if;
  update public.opportunities x set status = 'draft' where x.id = o.id returning * into result;
  update public.offering_records r set reason = kept_reason where r.opportunity_id = o.id;
  event := public.audit_append('offering.returned', null, 'offering', o.id, jsonb_build_object('reason', kept_reason));
  perform public.offering_notify_spv(o.spv_id, event, texts.title, texts.body)
  from public.notification_text('offering.returned.spv', jsonb_build_object('offering', o.name, 'reason', kept_reason)) texts;
  return result;
end
$$;

-- The SPV withdraws an offering before it closes: every hold voided, the reason sent to investors.
create or replace function public.withdraw_offering(id text, reason text)
returns public.opportunities
language plpgsql
security definer
set search_path = ''
as $$
declare
  kept_reason text := nullif(btrim(reason), '');
  o public.opportunities := public.offering_for_spv(id);
begin
  if kept_reason is null then
    raise exception using errcode = '22023', message = 'a reason is required';
  end if;
  if char_length(kept_reason) > 400 then
    raise exception using errcode = '22023', message = 'reason must be at most 400 characters';
  end if;
  if o.status = 'withdrawn' then
    return o;
  end if;
  if public.offering_next_status('withdraw', o.status) is null then
    raise exception using errcode = 'P0001', message = 'only an offering that is not closed can be withdrawn';
  end if;
  return public.offering_end(o, 'withdrawn', 'The offering was withdrawn: ' || kept_reason);
end
$$;

-- The SPV closes its open offering once the minimum target is held.
create or replace function public.close_offering(id text)
returns public.opportunities
language plpgsql
security definer
set search_path = ''
as $$
declare
  o public.opportunities := public.offering_for_spv(id);
begin
  if o.status = 'issued' then
    return o;
  end if;
  if public.offering_next_status('close', o.status) is null or o.deadline_at is null then
    raise exception using errcode = 'P0001', message = 'only an open offering can be closed';
  end if;
  if public.offering_held_cents(o.id) < o.min_target_cents then
    raise exception using errcode = 'P0001', message = 'the minimum target is not held yet';
  end if;
  if public.offering_reflection_ends_at(o.id) > now() then
    raise exception using errcode = 'P0001', message = 'a subscription''s reflection period has not ended';
  end if;
  return public.offering_issue(o);
end
$$;

-- When the last reflection period of an offering's pending subscriptions ends (null: none
-- pending): issuing confirms them, so it waits for it. reflection_period_ends_at's rule, in one
-- join for all of them rather than a read of the investor per subscription.
create or replace function public.offering_reflection_ends_at(opportunity_id text)
returns timestamptz
language sql
stable
security definer
set search_path = ''
as $$
  select max(public.reflection_period_ends_at(i.submitted_at, p))
  from public.investments i
  left join public.investor_profiles p on p.member_id = i.user_id
  where i.opportunity_id = offering_reflection_ends_at.opportunity_id and i.status = 'Pending'
$$;
revoke execute on function public.offering_reflection_ends_at(text) from public, anon, authenticated, service_role;

-- The time-driven changes, run every minute by pg_cron on a Supabase project (docs/offerings.md)
-- and by the embedded backend as its clock passes: approved offerings whose opening time has come
-- open; open offerings whose deadline has come are issued when their minimum is held (once the
-- reflection periods of their subscriptions have ended: until then they wait, taking no new
-- subscription), else fail; issued offerings whose term has ended mature.
-- Rows another run holds are skipped, so two runs never act twice. Answers what it did.
create or replace function public.run_offering_schedule()
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  o public.opportunities;
  opened integer := 0;
  issued integer := 0;
  failed integer := 0;
  matured integer;
begin
  if auth.role() is distinct from 'service_role' and auth.uid() is not null then
    raise exception using errcode = '42501', message = 'only the service role may run the offering schedule';
  end if;
  for o in
    select x.* from public.opportunities x
    join public.offering_records r on r.opportunity_id = x.id
    where x.status = 'in_review' and r.approved_at is not null and x.opens_at <= now()
    order by x.opens_at, x.id
    for update of x skip locked
  loop
    perform public.offering_open(o);
    opened := opened + 1;
  end loop;
  for o in
    select x.* from public.opportunities x
    where x.status = 'open' and x.deadline_at <= now()
    order by x.deadline_at, x.id
    for update skip locked
  loop
    if public.offering_held_cents(o.id) >= o.min_target_cents then
      if coalesce(public.offering_reflection_ends_at(o.id) <= now(), true) then
        perform public.offering_issue(o);
        issued := issued + 1;
      end if;
    else
      perform public.offering_end(o, 'failed', 'The offering did not reach its minimum target of '
        || public.format_euros(o.min_target_cents) || ' by its deadline.');
      failed := failed + 1;
    end if;
  end loop;
  -- Issued offerings whose term has ended (13_lifecycle.sql).
  matured := public.offering_mature_due();
  return jsonb_build_object('opened', opened, 'issued', issued, 'failed', failed, 'matured', matured);
end
$$;

-- Whether an offering takes a subscription of amount_cents now; raises the refusal
-- ('<CODE>: <what to do>', P0001) otherwise. submit_investment calls it after eligibility and
-- before it holds anything; it locks the offering's row until the caller's transaction ends, so
-- concurrent subscriptions are counted one after the other and never pass the maximum. A sample
-- opportunity (no deadline) only needs to be open: its minimum is shown, not enforced.
create or replace function public.offering_accepts(opportunity_id text, amount_cents bigint)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  o public.opportunities;
  refusal record;
begin
  if auth.uid() is null and auth.role() is distinct from 'service_role' then
    raise exception using errcode = '42501', message = 'not signed in';
  end if;
  if amount_cents is null or amount_cents <= 0 or amount_cents > 9007199254740991 then
    raise exception using errcode = '22023', message = 'amount_cents must be a positive whole number of cents';
  end if;
  select * into o from public.opportunities x where x.id = offering_accepts.opportunity_id for update;
  if not found or (o.status in ('draft', 'in_review') and not public.vault_acts_for_spv(o.spv_id) and not public.vault_sees_every_spv()) then
    raise exception using errcode = '22023', message = 'unknown opportunity';
  end if;
  select * into refusal from public.offering_refusal(
    o.status, o.deadline_at, o.opens_at, o.allocation_rule, o.max_target_cents, o.min_ticket_cents,
    o.max_ticket_cents, case when o.deadline_at is null then 0 else public.offering_held_cents(o.id) end,
    amount_cents, now()
  );
  if refusal.code is not null then
    raise exception using errcode = 'P0001', message = public.offering_refusal_message(refusal.code, refusal.limit_cents);
  end if;
end
$$;

-- The caller's positions, one row per offering: units, what they paid and the fees on it, the
-- value at the latest unit price (as unit_price_on reads it: the issue price until another is
-- set), Matured once the term has run from the first issue (worth nothing more once
-- mature_offering has paid it), and the offering's impact metrics × the caller's share of its
-- units. A position whose units were all redeemed is no longer listed.
create or replace function public.my_positions()
returns table (
  opportunity_id text,
  units bigint,
  cost_cents bigint,
  fees_cents bigint,
  value_cents bigint,
  status text,
  impact jsonb
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
  -- The position's own row only: its price, term and impact share are kept on it (positions_revalue).
  return query
    select p.opportunity_id, p.units, p.cost_cents, p.fees_cents,
           case when p.status = 'Matured' then 0::bigint else p.units * p.unit_price_cents end,
           case when p.status = 'Matured' or now() >= p.matures_at then 'Matured' else 'Active' end,
           p.impact
    from public.positions p
    where p.member_id = auth.uid() and (p.units > 0 or p.status = 'Matured')
    order by p.first_issued_at desc, p.opportunity_id;
end
$$;

-- What each offering with a maximum has raised, for the progress bars of /opportunities: while
-- open, its funded holds (offering_held_cents); once issued, what its allocations raised; failed
-- or withdrawn, nothing. The offerings the caller may read, as the opportunities policy says.
create or replace function public.offering_progress()
returns table (opportunity_id text, raised_cents bigint)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  mine text[] := public.vault_spv_ids();
  every boolean := public.vault_sees_every_spv();
begin
  if auth.uid() is null then
    raise exception using errcode = '42501', message = 'not signed in';
  end if;
  return query
    select o.id,
           case o.status
             when 'open' then public.offering_held_cents(o.id)
             when 'issued' then coalesce((
               select sum(a.amount_cents) from public.offering_allocations a where a.opportunity_id = o.id
             ), 0)::bigint
             else 0::bigint
           end
    from public.opportunities o
    where o.max_target_cents is not null
      and (o.status not in ('draft', 'in_review') or o.spv_id = any (mine) or every)
    order by o.id;
end
$$;

-- ---------------------------------------------------------------------------------------------
-- The staff's readers: the Offerings console, its subscriptions with their holds, a subscription's
-- evidence before a decision, and the counts of each staff queue.

-- Whether the caller may read the Offerings console: an SPV role, mfo_admin, compliance, the admin flag.
create or replace function public.offering_console_reader()
returns boolean
language sql
stable
set search_path = ''
as $$
  select auth.uid() is not null and (
    public.vault_sees_every_spv() or public.vault_role() in ('eq_spv_admin', 'cl_spv_admin', 'production_spv')
  )
$$;

-- Every offering the caller may see in the console (an SPV administrator: their own SPVs'; the
-- staff who see every SPV: all), drafts included, with its SPV's name, what its subscriptions hold
-- and its record (who submitted it, the last reason). Oldest first; `status` narrows to one state.
-- Security definer: it reads offering_records and the holds of every member's subscriptions.
create or replace function public.list_offerings(status text default null)
returns table (
  id text,
  spv_id text,
  spv_name text,
  offering_status text,
  name text,
  category text,
  region text,
  country text,
  description text,
  unit_price_cents bigint,
  min_target_cents bigint,
  max_target_cents bigint,
  min_ticket_cents bigint,
  max_ticket_cents bigint,
  opens_at timestamptz,
  deadline_at timestamptz,
  term_months integer,
  projected_yield_bps integer,
  distribution_frequency text,
  lockup_months integer,
  early_redemption_fee_bps integer,
  eligible_countries text[],
  eligible_categories text[],
  allocation_rule text,
  impact_metrics jsonb,
  documents jsonb,
  held_cents bigint,
  subscriptions integer,
  created_at timestamptz,
  submitted_at timestamptz,
  submitted_by_me boolean,
  approved_at timestamptz,
  reason text
)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  wanted text := nullif(btrim(list_offerings.status), '');
  every_spv boolean := public.vault_sees_every_spv();
  mine text[] := public.vault_spv_ids();
begin
  if not public.offering_console_reader() then
    raise exception using errcode = '42501', message = 'only an SPV''s administrators, mfo_admin, compliance or an administrator may read the offerings';
  end if;
  if wanted is not null and wanted not in ('draft', 'in_review', 'open', 'issued', 'failed', 'withdrawn', 'closed') then
    raise exception using errcode = '22023', message = 'status is not an offering status';
  end if;
  return query
    select o.id, o.spv_id, s.name, o.status, o.name, o.category, o.region, o.country, o.description,
           o.unit_price_cents, o.min_target_cents, o.max_target_cents, o.min_ticket_cents, o.max_ticket_cents,
           o.opens_at, o.deadline_at, o.term_months, o.projected_yield_bps, o.distribution_frequency,
           o.lockup_months, o.early_redemption_fee_bps, o.eligible_countries, o.eligible_categories,
           o.allocation_rule, o.impact_metrics, o.documents,
           public.offering_held_cents(o.id),
           (select count(*)::integer from public.investments i where i.opportunity_id = o.id),
           r.created_at, r.submitted_at, coalesce(r.submitted_by = auth.uid(), false), r.approved_at, r.reason
    from public.opportunities o
    join public.spvs s on s.id = o.spv_id
    left join public.offering_records r on r.opportunity_id = o.id
    where (wanted is null or o.status = wanted)
      and (every_spv or o.spv_id = any (mine))
    order by coalesce(r.created_at, '-infinity'::timestamptz), o.id;
end
$$;

-- The SPVs the caller may create an offering for: the admin flag every one, an SPV administrator
-- their own.
create or replace function public.offering_spvs()
returns table (id text, name text, kind text)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  mine text[] := public.vault_spv_ids();
  admin boolean := public.vault_is_admin();
begin
  if not public.offering_console_reader() then
    raise exception using errcode = '42501', message = 'only an SPV''s administrators, mfo_admin, compliance or an administrator may read the offerings';
  end if;
  return query
    select s.id, s.name, s.kind from public.spvs s
    where admin or s.id = any (mine)
    order by s.name, s.id;
end
$$;

-- The hold of an investment in the ledger: 'held' (pending), 'posted', 'released' (voided or
-- expired) or 'none' (nothing held: awaiting payment, or a sample row).
create or replace function public.investment_hold_state(investment_id uuid)
returns text
language sql
stable
security definer
set search_path = ''
as $$
  select case
    when h.id is null then 'none'
    when r.flags = 'post' then 'posted'
    when r.flags in ('void', 'expire') then 'released'
    else 'held'
  end
  from (select public.ledger_id('investment:' || investment_id || ':principal:hold') as hold_id) k
  left join public.ledger_transfers h on h.id = k.hold_id
  left join public.ledger_transfers r on r.pending_id = k.hold_id
$$;

-- An offering's subscriptions, oldest first, each with its hold in the ledger (what is held now,
-- in cents, with its fees) and its allocation once closed. Another SPV's offering answers as an
-- unknown one. Security definer: it reads every member's investments, emails and holds.
create or replace function public.offering_subscriptions(id text)
returns table (
  investment_id text,
  member_id uuid,
  investor text,
  email text,
  amount_cents bigint,
  total_cents bigint,
  method text,
  status text,
  submitted_at timestamptz,
  decided_at timestamptz,
  reason text,
  hold text,
  held_cents bigint,
  allocated_units bigint,
  allocated_cents bigint
)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  o public.opportunities;
begin
  if not public.offering_console_reader() then
    raise exception using errcode = '42501', message = 'only an SPV''s administrators, mfo_admin, compliance or an administrator may read the offerings';
  end if;
  select * into o from public.opportunities x where x.id = offering_subscriptions.id;
  if not found or not (public.vault_sees_every_spv() or o.spv_id = any (public.vault_spv_ids())) then
    raise exception using errcode = 'P0001', message = 'no such offering';
  end if;
  return query
    select i.id::text, i.user_id, coalesce(nullif(p.name, ''), u.email::text, ''), coalesce(u.email::text, ''),
           i.amount_cents, i.total_cents, i.method, i.status, i.submitted_at, i.decided_at, i.reason,
           public.investment_hold_state(i.id),
           coalesce((
             select sum(t.amount_cents) from public.ledger_transfers t
             where t.subject_type = 'investment' and t.subject_id = i.id::text and t.flags = 'pending'
               and not exists (select 1 from public.ledger_transfers x where x.pending_id = t.id)
           ), 0)::bigint,
           a.units, a.amount_cents
    from public.investments i
    left join auth.users u on u.id = i.user_id
    left join public.profiles p on p.id = i.user_id
    left join public.offering_allocations a on a.investment_id = i.id
    where i.opportunity_id = o.id
    order by i.arrival;
end
$$;

-- What a reviewer of a subscription sees before deciding: whether the money is held or awaited,
-- the investor's KYC, their declared classification, and the membership agreement they signed.
-- Readers are those of list_subscriptions, limited the same way to their own SPVs; the read is
-- recorded as a view of the member's personal data. Security definer: it reads the member's records.
create or replace function public.subscription_evidence(investment_id uuid)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  inv public.investments;
  spv text;
  kyc text;
  prof public.investor_profiles;
  signed public.agreement_signatures;
begin
  if auth.uid() is null or not (
    public.vault_role() in ('eq_spv_admin', 'cl_spv_admin', 'production_spv') or public.vault_is_admin()
  ) then
    raise exception using errcode = '42501', message = 'only an SPV''s administrators or an administrator may read subscriptions';
  end if;
  select * into inv from public.investments i where i.id = subscription_evidence.investment_id;
  select o.spv_id into spv from public.opportunities o where o.id = inv.opportunity_id;
  if inv.id is null or not (public.vault_sees_every_spv() or spv = any (public.vault_spv_ids())) then
    raise exception using errcode = 'P0001', message = 'no such investment';
  end if;
  select p.kyc_status into kyc from public.profiles p where p.id = inv.user_id;
  select * into prof from public.investor_profiles x where x.member_id = inv.user_id;
  select * into signed from public.agreement_signatures g where g.member_id = inv.user_id
    order by g.signed_at desc limit 1;
  perform public.record_personal_data_view(inv.user_id, 'subscription_evidence',
    jsonb_build_object('investment_id', inv.id));
  return jsonb_build_object(
    'investment_id', inv.id,
    'funds', case
      when inv.status = 'Awaiting payment' then 'awaiting_payment'
      else public.investment_hold_state(inv.id)
    end,
    'kyc_status', coalesce(kyc, 'not_started'),
    'country', prof.country,
    'category', prof.category,
    'professional_status', prof.professional_status,
    'declared_at', prof.declared_at,
    'agreement_version', signed.version,
    'agreement_signed_at', signed.signed_at
  );
end
$$;

-- How much waits in each queue the caller works: KYC cases (compliance, the admin flag),
-- subscriptions to confirm (the SPV's administrators, the admin flag), offerings to approve
-- (reviewers; not those they submitted), offerings ready to close (the SPV's administrators),
-- open alerts (mfo_admin, the admin flag). A queue the caller does not work is absent.
create or replace function public.staff_queues()
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  caller_role text := public.vault_role();
  admin boolean := public.vault_is_admin();
  mine text[] := public.vault_spv_ids();
  spv_role boolean := caller_role in ('eq_spv_admin', 'cl_spv_admin', 'production_spv');
  result jsonb := '{}'::jsonb;
begin
  if auth.uid() is null or not (admin or caller_role in ('mfo_admin', 'compliance') or spv_role) then
    raise exception using errcode = '42501', message = 'only staff have queues';
  end if;
  if admin or caller_role = 'compliance' then
    result := result || jsonb_build_object('kyc_cases', (
      select count(*) from public.kyc_cases c join public.profiles p on p.id = c.member_id
      where c.decided_at is null and c.submitted_at is not null and p.kyc_status = 'pending'
    ));
  end if;
  if admin or caller_role = 'eq_spv_admin' then
    result := result || jsonb_build_object('subscriptions', (
      select count(*) from public.investments i join public.opportunities o on o.id = i.opportunity_id
      where i.status = 'Pending' and o.deadline_at is null and (admin or o.spv_id = any (mine))
    ));
  end if;
  if admin or caller_role in ('mfo_admin', 'compliance') then
    result := result || jsonb_build_object('offerings_to_approve', (
      select count(*) from public.opportunities o left join public.offering_records r on r.opportunity_id = o.id
      where o.status = 'in_review' and r.approved_at is null and r.submitted_by is distinct from auth.uid()
    ));
  end if;
  if admin or spv_role then
    result := result || jsonb_build_object('offerings_to_close', (
      select count(*) from public.opportunities o
      where o.status = 'open' and o.deadline_at is not null and (admin or o.spv_id = any (mine))
        and public.offering_held_cents(o.id) >= o.min_target_cents
    ));
  end if;
  if admin or caller_role = 'mfo_admin' then
    result := result || jsonb_build_object('alerts', (
      select count(*) from public.compliance_alerts a where a.status = 'open'
    ));
  end if;
  return result;
end
$$;

-- ---------------------------------------------------------------------------------------------
-- Grants. The internal helpers: no client, not even the service role.
revoke execute on function public.format_euros(bigint) from public, anon, authenticated, service_role;
revoke execute on function public.offering_whole(jsonb, numeric, numeric) from public, anon, authenticated, service_role;
revoke execute on function public.offering_text(jsonb, integer, integer) from public, anon, authenticated, service_role;
revoke execute on function public.offering_time(jsonb) from public, anon, authenticated, service_role;
revoke execute on function public.offering_details_error(jsonb) from public, anon, authenticated, service_role;
revoke execute on function public.offering_consistency_error(jsonb, boolean, timestamptz) from public, anon, authenticated, service_role;
revoke execute on function public.offering_next_status(text, text) from public, anon, authenticated, service_role;
revoke execute on function public.offering_allocation(text, bigint, bigint, bigint[]) from public, anon, authenticated, service_role;
revoke execute on function public.offering_refusal(text, timestamptz, timestamptz, text, bigint, bigint, bigint, bigint, bigint, timestamptz) from public, anon, authenticated, service_role;
revoke execute on function public.offering_refusal_message(text, bigint) from public, anon, authenticated, service_role;
revoke execute on function public.offering_terms(public.opportunities) from public, anon, authenticated, service_role;
revoke execute on function public.offering_with_display(public.opportunities) from public, anon, authenticated, service_role;
revoke execute on function public.offering_held_cents(text) from public, anon, authenticated, service_role;
revoke execute on function public.offering_settle_holds(text, text) from public, anon, authenticated, service_role;
revoke execute on function public.offering_notify_spv(text, public.audit_events, text, text) from public, anon, authenticated, service_role;
revoke execute on function public.offering_notify_members(uuid[], public.audit_events, text, text) from public, anon, authenticated, service_role;
revoke execute on function public.offering_notify_reviewers(public.audit_events, uuid, text, text) from public, anon, authenticated, service_role;
revoke execute on function public.offering_issue_units(uuid, text, bigint, bigint, bigint) from public, anon, authenticated, service_role;
revoke execute on function public.offering_issue(public.opportunities) from public, anon, authenticated, service_role;
revoke execute on function public.offering_end(public.opportunities, text, text) from public, anon, authenticated, service_role;
revoke execute on function public.offering_for_spv(text) from public, anon, authenticated, service_role;
revoke execute on function public.offering_for_review(text) from public, anon, authenticated, service_role;
revoke execute on function public.offering_validate(jsonb, public.opportunities, boolean) from public, anon, authenticated, service_role;
revoke execute on function public.offering_open(public.opportunities) from public, anon, authenticated, service_role;
revoke execute on function public.unit_price_on(text, date) from public, anon, authenticated, service_role;
revoke execute on function public.positions_revalue(text[]) from public, anon, authenticated, service_role;
revoke execute on function public.positions_revalue_changed() from public, anon, authenticated, service_role;
revoke execute on function public.offering_console_reader() from public, anon, authenticated, service_role;
revoke execute on function public.investment_hold_state(uuid) from public, anon, authenticated, service_role;

revoke execute on function public.create_offering(jsonb) from public, anon, service_role;
grant execute on function public.create_offering(jsonb) to authenticated;
revoke execute on function public.update_offering(text, jsonb) from public, anon, service_role;
grant execute on function public.update_offering(text, jsonb) to authenticated;
revoke execute on function public.submit_offering(text) from public, anon, service_role;
grant execute on function public.submit_offering(text) to authenticated;
revoke execute on function public.approve_offering(text) from public, anon, service_role;
grant execute on function public.approve_offering(text) to authenticated;
revoke execute on function public.return_offering(text, text) from public, anon, service_role;
grant execute on function public.return_offering(text, text) to authenticated;
revoke execute on function public.withdraw_offering(text, text) from public, anon, service_role;
grant execute on function public.withdraw_offering(text, text) to authenticated;
revoke execute on function public.close_offering(text) from public, anon, service_role;
grant execute on function public.close_offering(text) to authenticated;
revoke execute on function public.run_offering_schedule() from public, anon, authenticated;
grant execute on function public.run_offering_schedule() to service_role;
revoke execute on function public.offering_accepts(text, bigint) from public, anon, service_role;
grant execute on function public.offering_accepts(text, bigint) to authenticated;
revoke execute on function public.my_positions() from public, anon, service_role;
grant execute on function public.my_positions() to authenticated;
revoke execute on function public.offering_progress() from public, anon, service_role;
grant execute on function public.offering_progress() to authenticated;
revoke execute on function public.list_offerings(text) from public, anon, service_role;
grant execute on function public.list_offerings(text) to authenticated;
revoke execute on function public.offering_spvs() from public, anon, service_role;
grant execute on function public.offering_spvs() to authenticated;
revoke execute on function public.offering_subscriptions(text) from public, anon, service_role;
grant execute on function public.offering_subscriptions(text) to authenticated;
revoke execute on function public.subscription_evidence(uuid) from public, anon, service_role;
grant execute on function public.subscription_evidence(uuid) to authenticated;
revoke execute on function public.staff_queues() from public, anon, service_role;
grant execute on function public.staff_queues() to authenticated;
