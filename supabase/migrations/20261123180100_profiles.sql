-- Vault backend, part 2: public.profiles, one row per auth user (created by the trigger in
-- 20261123180400_new_user.sql). The column rules are declared once in @vault/domain
-- (packages/domain/src/backend/tables.ts, `profileColumns`) and tested against this file.
--
-- Who changes what:
--   name, preferences                      the member, on their own row
--   kyc_status, first_onramp_ok            the server only (service role; the demo functions)
--   crossmint_wallet_id                    the server only (the wallet function), except the
--                                          demo-mode wallet PATCH: while demo mode is on a
--                                          member may set it once, from null
--   updated_at                             the trigger below, whatever the client sends
--
-- Why column grants AND a trigger:
-- * Column grants are the first wall. `authenticated` holds UPDATE on name, preferences,
--   crossmint_wallet_id and updated_at only, so a hand-made PATCH of kyc_status or
--   first_onramp_ok fails before any row is read, with 42501 "permission denied for table
--   profiles" (HTTP 403). No client role holds INSERT or DELETE.
-- * A grant cannot say "only in demo mode" or "only from null", so crossmint_wallet_id needs a
--   grant (for the demo PATCH the app sends) plus the trigger, which refuses the change unless
--   demo mode is on and the current value is null. The trigger also refuses the other
--   server-owned columns from a client role, in case a grant is ever widened by mistake.
-- * The trigger tells client from server by current_user: a request from the app runs as
--   `anon` or `authenticated`; the wallet function runs as `service_role`; the demo functions
--   are security definer and run as their owner.

create or replace function public.vault_is_boolean_map(value jsonb)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select jsonb_typeof(value) = 'object'
    and not exists (select 1 from jsonb_each(value) e where jsonb_typeof(e.value) <> 'boolean')
$$;

create table if not exists public.profiles (
  id uuid primary key references auth.users (id) on delete cascade,
  name text not null default '' check (char_length(name) <= 200),
  preferences jsonb not null default '{}'::jsonb
    check (public.vault_is_boolean_map(preferences) and char_length(preferences::text) <= 2000),
  kyc_status text not null default 'unknown' check (char_length(kyc_status) <= 50),
  first_onramp_ok boolean not null default false,
  crossmint_wallet_id text check (crossmint_wallet_id is null or char_length(crossmint_wallet_id) between 1 and 200),
  updated_at timestamptz not null default now()
);

alter table public.profiles enable row level security;

-- Supabase grants everything in public to anon and authenticated by default; take it back and
-- grant only what the contract lists. Revoking the table-level UPDATE also drops column grants,
-- so the column grant comes after it.
revoke all on table public.profiles from anon, authenticated;
grant select on table public.profiles to anon, authenticated;
grant update (name, preferences, crossmint_wallet_id, updated_at) on table public.profiles to authenticated;
grant all on table public.profiles to service_role;

-- Own row only, for every role, mfo_admin and the admin flag included (the member list behind
-- /users is the members view). anon has no policy, so it reads no rows.
drop policy if exists profiles_select_own on public.profiles;
create policy profiles_select_own on public.profiles
  for select to authenticated
  using (id = (select auth.uid()));

drop policy if exists profiles_update_own on public.profiles;
create policy profiles_update_own on public.profiles
  for update to authenticated
  using (id = (select auth.uid()))
  with check (id = (select auth.uid()));

create or replace function public.profiles_guard()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if current_user in ('anon', 'authenticated') then
    if new.id is distinct from old.id then
      raise exception using errcode = '42501', message = 'id is server-owned';
    end if;
    if new.kyc_status is distinct from old.kyc_status then
      raise exception using errcode = '42501', message = 'kyc_status is server-owned';
    end if;
    if new.first_onramp_ok is distinct from old.first_onramp_ok then
      raise exception using errcode = '42501', message = 'first_onramp_ok is server-owned';
    end if;
    if new.crossmint_wallet_id is distinct from old.crossmint_wallet_id
      and not (old.crossmint_wallet_id is null and public.vault_demo_mode()) then
      raise exception using errcode = '42501', message = 'crossmint_wallet_id is server-owned';
    end if;
  end if;
  new.updated_at := now();
  return new;
end
$$;

drop trigger if exists profiles_guard on public.profiles;
create trigger profiles_guard
  before update on public.profiles
  for each row execute function public.profiles_guard();

-- Members who signed up before this migration get their row too.
insert into public.profiles (id) select u.id from auth.users u on conflict (id) do nothing;
