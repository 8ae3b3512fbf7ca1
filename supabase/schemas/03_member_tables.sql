-- The per-member tables, the catalogue and the role tables, and what a new member receives.
--
-- Per-member tables: each row carries user_id; a member reads their own rows only, whatever
-- their role (mfo_admin and the admin flag included). No client inserts, updates or deletes a
-- row: the server (service role, the new-user trigger, the server actions) does. Row shapes
-- follow the entity schemas in @vault/domain (packages/domain/src/entities.ts) plus user_id;
-- dates stay text so both backends serve the same strings. public.investments, with its own
-- model, is in 08_investments.sql.

create table if not exists public.documents (
  user_id uuid not null references auth.users (id) on delete cascade,
  id text not null,
  name text not null,
  status text not null check (status in ('Signed', 'Pending', 'Available', 'Sent')),
  type text not null default '',
  date text not null default '',
  primary key (user_id, id)
);

create table if not exists public.notifications (
  user_id uuid not null references auth.users (id) on delete cascade,
  id text not null,
  title text not null,
  body text not null,
  at text not null,
  read boolean not null default false,
  primary key (user_id, id)
);

create table if not exists public.upcoming_actions (
  user_id uuid not null references auth.users (id) on delete cascade,
  id text not null,
  title text not null,
  detail text not null,
  due text not null,
  primary key (user_id, id)
);

alter table public.documents enable row level security;
revoke all on table public.documents from anon, authenticated;
grant select on table public.documents to authenticated;
grant all on table public.documents to service_role;
drop policy if exists documents_select_own on public.documents;
create policy documents_select_own on public.documents
  for select to authenticated using (user_id = (select auth.uid()));

alter table public.notifications enable row level security;
revoke all on table public.notifications from anon, authenticated;
grant select on table public.notifications to authenticated;
grant all on table public.notifications to service_role;
drop policy if exists notifications_select_own on public.notifications;
create policy notifications_select_own on public.notifications
  for select to authenticated using (user_id = (select auth.uid()));

alter table public.upcoming_actions enable row level security;
revoke all on table public.upcoming_actions from anon, authenticated;
grant select on table public.upcoming_actions to authenticated;
grant all on table public.upcoming_actions to service_role;
drop policy if exists upcoming_actions_select_own on public.upcoming_actions;
create policy upcoming_actions_select_own on public.upcoming_actions
  for select to authenticated using (user_id = (select auth.uid()));

-- The domain's sample per-member rows (seed.sql fills it from the domain's sample data): a new
-- member receives only what onboarding needs of them (handle_new_user, below), the demo investor
-- the whole sample history (seed.sql). Not readable by any client.
create table if not exists public.sample_member_rows (
  table_name text not null check (table_name in ('documents', 'investments', 'notifications', 'upcoming_actions')),
  id text not null,
  data jsonb not null,
  primary key (table_name, id)
);
alter table public.sample_member_rows enable row level security;
revoke all on table public.sample_member_rows from anon, authenticated;
grant all on table public.sample_member_rows to service_role;

-- The catalogue (any signed-in member reads it) and the role tables (readable only by the roles
-- whose routes show them, plus mfo_admin and the admin flag). The readers are derived from the
-- route table in @vault/domain (`roleTableReaders` in packages/domain/src/backend/tables.ts);
-- supabase/tests/policies.test.ts checks every policy below against it. No client writes any of
-- these tables. Column names follow the entity schemas exactly (camelCase ones quoted), so rows
-- serialize as the app expects.

create table if not exists public.opportunities (
  id text primary key,
  name text not null,
  category text not null,
  region text not null,
  apy text not null,
  "minInvestment" text not null,
  term text not null,
  ratings numeric not null,
  "riskScore" integer not null,
  country text not null,
  audited boolean not null,
  open boolean not null,
  description text not null,
  -- Who may invest (docs/eligibility.md): null means no restriction.
  eligible_countries text[],
  eligible_categories text[],
  min_ticket_cents bigint check (min_ticket_cents is null or min_ticket_cents > 0),
  -- The offering's typed terms and state (docs/offerings.md; their rules: 11_offerings.sql and
  -- packages/domain/src/offerings/). A sample opportunity has no deadline and no targets: it stays
  -- open until an operator closes it. The SPV's foreign key is added once the SPVs exist.
  spv_id text not null,
  status text not null default 'draft',
  unit_price_cents bigint,
  min_target_cents bigint,
  max_target_cents bigint,
  max_ticket_cents bigint,
  opens_at timestamptz,
  deadline_at timestamptz,
  term_months integer,
  projected_yield_bps integer,
  distribution_frequency text,
  lockup_months integer,
  early_redemption_fee_bps integer,
  allocation_rule text,
  impact_metrics jsonb not null default '[]'::jsonb,
  documents jsonb not null default '[]'::jsonb,
  constraint opportunities_offering_check check (
    status in ('draft', 'in_review', 'open', 'issued', 'failed', 'withdrawn', 'closed')
    and open = (status = 'open')
    and (unit_price_cents is null or unit_price_cents between 1 and public.offering_max_cents())
    and (min_target_cents is null or min_target_cents between 1 and public.offering_max_cents())
    and (max_target_cents is null or max_target_cents between 1 and public.offering_max_cents())
    and (max_ticket_cents is null or max_ticket_cents between 1 and public.offering_max_cents())
    and (term_months is null or term_months between 1 and 600)
    and (projected_yield_bps is null or projected_yield_bps between 0 and 10000)
    and (distribution_frequency is null or distribution_frequency in ('monthly', 'quarterly', 'annual'))
    and (lockup_months is null or lockup_months between 0 and 600)
    and (early_redemption_fee_bps is null or early_redemption_fee_bps between 0 and 10000)
    and (allocation_rule is null or allocation_rule in ('first_come', 'pro_rata'))
    and jsonb_typeof(impact_metrics) = 'array'
    and jsonb_typeof(documents) = 'array'
    -- An offering (one with a deadline) past its draft has every term it needs.
    and (deadline_at is null or status = 'draft' or (
      unit_price_cents is not null and min_target_cents is not null and max_target_cents is not null
      and opens_at is not null and allocation_rule is not null
    ))
  )
);

create table if not exists public.opportunity_details (
  id text primary key,
  name text not null,
  type text not null,
  yield text not null,
  risk text not null,
  impact text not null,
  term text not null,
  status text not null
);

create table if not exists public.loans (
  id text primary key,
  borrower text not null,
  amount text not null,
  status text not null check (status in ('Active', 'Pending')),
  -- The loan's first day, where known (record_repayment refuses a repayment before it).
  starts_on date,
  spv_id text not null,
  -- The offering that financed it: its repayments are paid into that offering's account.
  opportunity_id text
);

create table if not exists public.repayments (
  id text primary key,
  borrower text not null,
  amount text not null,
  due text not null
);

create table if not exists public.equity_holdings (
  company text primary key,
  shares integer not null,
  value text not null,
  performance text not null,
  spv_id text not null
);

create table if not exists public.production_assets (
  name text primary key,
  status text not null check (status in ('Operational', 'Under Maintenance')),
  value text not null,
  spv_id text not null
);

-- Compliance alerts: an id to act on and a status (open, acknowledged, resolved) with who and
-- when (acknowledge_alert, resolve_alert: 10_consoles.sql).
create table if not exists public.compliance_alerts (
  "user" text not null,
  issue text not null,
  priority text not null check (priority in ('High', 'Medium')),
  id bigserial,
  status text not null default 'open' check (status in ('open', 'acknowledged', 'resolved')),
  acknowledged_by uuid,
  acknowledged_at timestamptz,
  resolved_by uuid,
  resolved_at timestamptz,
  note text check (note is null or char_length(note) between 1 and 500),
  -- The member the alert concerns, where known: nobody reviews an alert about themselves.
  member_id uuid,
  primary key ("user", issue)
);
create index if not exists compliance_alerts_member_id_idx on public.compliance_alerts (member_id);
create unique index if not exists compliance_alerts_id_key on public.compliance_alerts (id);

-- A row written with every column named (jsonb_populate_recordset in seed.sql) names id and
-- status as null; the defaults apply to omitted columns only.
create or replace function public.compliance_alerts_defaults()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.id := coalesce(new.id, nextval('public.compliance_alerts_id_seq'));
  new.status := coalesce(new.status, 'open');
  return new;
end
$$;
revoke execute on function public.compliance_alerts_defaults() from public, anon, authenticated, service_role;
drop trigger if exists compliance_alerts_defaults on public.compliance_alerts;
create trigger compliance_alerts_defaults
  before insert on public.compliance_alerts
  for each row execute function public.compliance_alerts_defaults();

create table if not exists public.audit_logs (
  id text primary key,
  actor text not null,
  action text not null,
  at text not null
);

create table if not exists public.activity (
  id text primary key,
  text text not null,
  at text not null
);

-- Grants and policies. Role checks run once per query, not once per row (docs/backend.md
-- "Row-level security"): a function with its own search_path is never inlined, so
-- `public.vault_role() = …` in a policy is called for every row; `(select public.vault_role())`
-- is an initplan, evaluated once. supabase/tests/initplan.test.ts checks every policy in
-- pg_policies, and the database lint (supabase/lint) keeps it so.

alter table public.opportunities enable row level security;
revoke all on table public.opportunities from anon, authenticated;
grant select on table public.opportunities to authenticated;
grant all on table public.opportunities to service_role;
-- Its read policy, which calls the SPV helpers, is in 11_offerings.sql.

alter table public.opportunity_details enable row level security;
revoke all on table public.opportunity_details from anon, authenticated;
grant select on table public.opportunity_details to authenticated;
grant all on table public.opportunity_details to service_role;
drop policy if exists opportunity_details_read on public.opportunity_details;
create policy opportunity_details_read on public.opportunity_details for select to authenticated using (true);

alter table public.loans enable row level security;
revoke all on table public.loans from anon, authenticated;
grant select on table public.loans to authenticated;
grant all on table public.loans to service_role;
-- Its read policy, which calls the SPV helpers, is in 11_offerings.sql.

alter table public.repayments enable row level security;
revoke all on table public.repayments from anon, authenticated;
grant select on table public.repayments to authenticated;
grant all on table public.repayments to service_role;
-- Its read policy, which calls the SPV helpers, is in 11_offerings.sql.

alter table public.equity_holdings enable row level security;
revoke all on table public.equity_holdings from anon, authenticated;
grant select on table public.equity_holdings to authenticated;
grant all on table public.equity_holdings to service_role;
-- Its read policy, which calls the SPV helpers, is in 11_offerings.sql.

alter table public.production_assets enable row level security;
revoke all on table public.production_assets from anon, authenticated;
grant select on table public.production_assets to authenticated;
grant all on table public.production_assets to service_role;
-- Its read policy, which calls the SPV helpers, is in 11_offerings.sql.

alter table public.compliance_alerts enable row level security;
revoke all on table public.compliance_alerts from anon, authenticated;
grant select on table public.compliance_alerts to authenticated;
grant all on table public.compliance_alerts to service_role;
drop policy if exists compliance_alerts_read on public.compliance_alerts;
create policy compliance_alerts_read on public.compliance_alerts for select to authenticated
  using ((select public.vault_role()) = any ('{compliance,mfo_admin}'::text[]) or (select public.vault_is_admin()));

alter table public.audit_logs enable row level security;
revoke all on table public.audit_logs from anon, authenticated;
grant select on table public.audit_logs to authenticated;
grant all on table public.audit_logs to service_role;
drop policy if exists audit_logs_read on public.audit_logs;
create policy audit_logs_read on public.audit_logs for select to authenticated
  using ((select public.vault_role()) = any ('{compliance,mfo_admin}'::text[]) or (select public.vault_is_admin()));

alter table public.activity enable row level security;
revoke all on table public.activity from anon, authenticated;
grant select on table public.activity to authenticated;
grant all on table public.activity to service_role;
drop policy if exists activity_read on public.activity;
create policy activity_read on public.activity for select to authenticated
  using ((select public.vault_role()) = any ('{mfo_admin}'::text[]) or (select public.vault_is_admin()));

-- On sign-up: the member's profile row, and, only while demo mode is on, what a new member needs
-- to onboard of the sample per-member rows: the membership agreement awaiting their signature
-- (/documents' Review & Sign, sign_document). Sample history (investments, payouts, statements,
-- upcoming actions) is the demo investor's alone, funded through the ledger by seed.sql: a new
-- member starts with empty states. With demo mode off a new member starts with no documents either
-- (the app shows 'No documents yet').
-- security definer: it runs inside Supabase Auth's insert and writes tables no client may write.
create or replace function public.handle_new_user()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into public.profiles (id, name)
  values (
    new.id,
    left(coalesce(new.raw_user_meta_data ->> 'name', new.raw_user_meta_data ->> 'full_name', ''), 200)
  )
  on conflict (id) do nothing;

  if public.vault_demo_mode() then
    -- documents: only the one awaiting the member's signature (the membership agreement); the signed forms, factsheet, statement and tax certificate are history.
    insert into public.documents
      select (jsonb_populate_record(null::public.documents, s.data || jsonb_build_object('user_id', new.id))).*
      from public.sample_member_rows s where s.table_name = 'documents' and s.data ->> 'status' = 'Pending'
      on conflict do nothing;
    -- investments: none; a new member has invested nothing (the demo investor's are real, funded positions: seed.sql).
    -- notifications: none; each tells of a payout, a statement or an opening that never happened to this member.
    -- upcoming_actions: none; each is about a placement or a document the new member does not have.
  end if;
  return new;
end
$$;
revoke execute on function public.handle_new_user() from public, anon, authenticated;

drop trigger if exists on_auth_user_created on auth.users;
create trigger on_auth_user_created
  after insert on auth.users
  for each row execute function public.handle_new_user();
