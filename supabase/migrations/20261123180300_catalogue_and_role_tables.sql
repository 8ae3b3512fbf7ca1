-- Vault backend, part 4: the catalogue (any signed-in member reads it) and the role tables
-- (readable only by the roles whose routes show them, plus mfo_admin and the admin flag).
-- The readers are derived from the route table in @vault/domain (`roleTableReaders` in
-- packages/domain/src/backend/tables.ts); supabase/tests/access.test.ts checks every policy
-- below against it. No client writes any of these tables. Column names follow the entity
-- schemas exactly (camelCase ones quoted), so rows serialize as the app expects.

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
  description text not null
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
  status text not null check (status in ('Active', 'Pending'))
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
  performance text not null
);

create table if not exists public.production_assets (
  name text primary key,
  status text not null check (status in ('Operational', 'Under Maintenance')),
  value text not null
);

create table if not exists public.compliance_alerts (
  "user" text not null,
  issue text not null,
  priority text not null check (priority in ('High', 'Medium')),
  primary key ("user", issue)
);

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

-- Grants and policies. `readers` null means any signed-in member (the catalogue).
do $$
declare
  r record;
begin
  for r in
    select * from (values
      ('opportunities', null::text[]),
      ('opportunity_details', null::text[]),
      ('loans', array['cl_spv_admin', 'mfo_admin']),
      ('repayments', array['cl_spv_admin', 'mfo_admin']),
      ('equity_holdings', array['eq_spv_admin', 'mfo_admin']),
      ('production_assets', array['production_spv', 'mfo_admin']),
      ('compliance_alerts', array['compliance', 'mfo_admin']),
      ('audit_logs', array['compliance', 'mfo_admin']),
      ('activity', array['mfo_admin'])
    ) as t (name, readers)
  loop
    execute format('alter table public.%I enable row level security', r.name);
    execute format('revoke all on table public.%I from anon, authenticated', r.name);
    -- anon keeps SELECT (as Supabase gives it) but has no policy, so it reads no rows.
    execute format('grant select on table public.%I to anon, authenticated', r.name);
    execute format('grant all on table public.%I to service_role', r.name);
    execute format('drop policy if exists %I on public.%I', r.name || '_read', r.name);
    if r.readers is null then
      execute format('create policy %I on public.%I for select to authenticated using (true)', r.name || '_read', r.name);
    else
      execute format(
        'create policy %I on public.%I for select to authenticated '
        'using (public.vault_role() = any (%L::text[]) or public.vault_is_admin())',
        r.name || '_read', r.name, r.readers
      );
    end if;
  end loop;
end
$$;
