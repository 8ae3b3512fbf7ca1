-- Vault backend, part 3: the per-member tables. Each row carries user_id; a member reads their
-- own rows only, whatever their role (mfo_admin and the admin flag included). No client
-- inserts, updates or deletes a row: the server (service role, the new-user trigger) does.
-- Row shapes follow the entity schemas in @vault/domain (packages/domain/src/entities.ts) plus
-- user_id; dates stay text so both backends serve the same strings.

create table if not exists public.documents (
  user_id uuid not null references auth.users (id) on delete cascade,
  id text not null,
  name text not null,
  status text not null check (status in ('Signed', 'Pending', 'Available', 'Sent')),
  type text not null default '',
  date text not null default '',
  primary key (user_id, id)
);

create table if not exists public.investments (
  user_id uuid not null references auth.users (id) on delete cascade,
  id text not null,
  name text not null,
  amount text not null,
  date text not null,
  status text not null check (status in ('Active', 'Matured')),
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

-- The rows a new member receives while demo mode is on (seed.sql fills it from the domain's
-- sample data). Not readable by any client.
create table if not exists public.sample_member_rows (
  table_name text not null check (table_name in ('documents', 'investments', 'notifications', 'upcoming_actions')),
  id text not null,
  data jsonb not null,
  primary key (table_name, id)
);
alter table public.sample_member_rows enable row level security;
revoke all on table public.sample_member_rows from anon, authenticated;
grant all on table public.sample_member_rows to service_role;

do $$
declare
  t text;
begin
  foreach t in array array['documents', 'investments', 'notifications', 'upcoming_actions'] loop
    execute format('alter table public.%I enable row level security', t);
    execute format('revoke all on table public.%I from anon, authenticated', t);
    -- anon keeps SELECT (as Supabase gives it) but has no policy, so it reads no rows.
    execute format('grant select on table public.%I to anon, authenticated', t);
    execute format('grant all on table public.%I to service_role', t);
    execute format('drop policy if exists %I on public.%I', t || '_select_own', t);
    execute format(
      'create policy %I on public.%I for select to authenticated using (user_id = (select auth.uid()))',
      t || '_select_own', t
    );
  end loop;
end
$$;
