-- Vault backend, part 1: who is asking, and the demo switch.
-- docs/backend.md explains the security model: the server enforces, the client only shows.
--
-- Identity is Supabase Auth. The Vault role is the JWT claim app_metadata.role and the admin
-- flag app_metadata.is_admin. Only the server writes app_metadata (service role or SQL), so a
-- member can never change their own role. Every policy reads these two helpers.
--
-- Every statement here can run twice (create or replace, if not exists, on conflict), so the
-- whole set of migrations is re-runnable.

-- The caller's Vault role; a missing or unknown claim counts as 'investor', the least privileged.
create or replace function public.vault_role()
returns text
language sql
stable
set search_path = ''
as $$
  select case
    when auth.jwt() -> 'app_metadata' ->> 'role'
      in ('investor', 'mfo_admin', 'cl_spv_admin', 'eq_spv_admin', 'production_spv', 'compliance')
      then auth.jwt() -> 'app_metadata' ->> 'role'
    else 'investor'
  end
$$;

-- The admin flag: only a JSON true counts.
create or replace function public.vault_is_admin()
returns boolean
language sql
stable
set search_path = ''
as $$
  select coalesce((auth.jwt() -> 'app_metadata' -> 'is_admin') = 'true'::jsonb, false)
$$;

-- One row: whether demo mode is on. Off by default; seed.sql turns it on for local and demo
-- projects. The app reads it (anon and signed in) to decide whether to offer demo mode; no
-- client writes it (change it with SQL: update public.app_settings set demo_mode = false).
create table if not exists public.app_settings (
  id boolean primary key default true check (id),
  demo_mode boolean not null default false
);
insert into public.app_settings (id) values (true) on conflict (id) do nothing;

alter table public.app_settings enable row level security;
revoke all on table public.app_settings from anon, authenticated;
grant select on table public.app_settings to anon, authenticated;
grant all on table public.app_settings to service_role;
drop policy if exists app_settings_read on public.app_settings;
create policy app_settings_read on public.app_settings for select to anon, authenticated using (true);

create or replace function public.vault_demo_mode()
returns boolean
language sql
stable
set search_path = ''
as $$
  select coalesce((select s.demo_mode from public.app_settings s where s.id), false)
$$;
