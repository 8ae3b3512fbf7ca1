-- public.profiles, one row per auth user (made by the new-user trigger, 03_member_tables.sql).
-- The column rules are declared once in @vault/domain (packages/domain/src/backend/tables.ts,
-- `profileColumns`) and tested against this file.
--
-- Who changes what:
--   name, preferences                      the member, on their own row
--   kyc_status, first_onramp_ok            the server only (service role; the server actions
--                                          and demo functions)
--   crossmint_wallet_id                    the server only, in every mode: the wallet function
--                                          (service role), demo_create_wallet() in demo mode
--   updated_at                             the trigger below, whatever the client sends
--
-- Why column grants AND a trigger:
-- * Column grants are the first wall. `authenticated` holds UPDATE on name, preferences and
--   updated_at only, so a hand-made PATCH of a server-owned column fails before any row is
--   read, with 42501 "permission denied for table profiles" (HTTP 403), whether demo mode is on
--   or off. No client role holds INSERT or DELETE.
-- * The trigger refuses a change of a server-owned column from a client role too, in case a
--   grant is ever widened by mistake. It tells client from server by current_user: a request
--   from the app runs as `anon` or `authenticated`; the edge functions run as `service_role`;
--   the server actions are security definer and run as their owner.
-- * A wallet id belongs to one member: a unique index.

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
  -- The KYC statuses (packages/domain/src/backend/kyc.ts, `kycStatuses`); only 'approved' counts.
  kyc_status text not null default 'not_started'
    check (kyc_status in ('not_started', 'pending', 'approved', 'rejected', 'resubmission_requested')),
  first_onramp_ok boolean not null default false,
  crossmint_wallet_id text check (crossmint_wallet_id is null or char_length(crossmint_wallet_id) between 1 and 200),
  updated_at timestamptz not null default now()
);

alter table public.profiles enable row level security;

-- Supabase grants everything in public to authenticated by default; take it back and grant only
-- what the contract lists. Revoking the table-level UPDATE also drops column grants, so the
-- column grant comes after it.
revoke all on table public.profiles from anon, authenticated;
grant select on table public.profiles to authenticated;
grant update (name, preferences, updated_at) on table public.profiles to authenticated;
grant all on table public.profiles to service_role;

create unique index if not exists profiles_crossmint_wallet_id_key
  on public.profiles (crossmint_wallet_id);

-- Own row only, for every role, mfo_admin and the admin flag included (the member list behind
-- /users is public.list_members).
drop policy if exists profiles_select_own on public.profiles;
create policy profiles_select_own on public.profiles
  for select to authenticated
  using (id = (select auth.uid()));
drop policy if exists profiles_update_own on public.profiles;
create policy profiles_update_own on public.profiles
  for update to authenticated
  using (id = (select auth.uid()))
  with check (id = (select auth.uid()));

-- Policies and check constraints call it as authenticated.
grant execute on function public.vault_is_boolean_map(jsonb) to authenticated, service_role;

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
    if new.crossmint_wallet_id is distinct from old.crossmint_wallet_id then
      raise exception using errcode = '42501', message = 'crossmint_wallet_id is server-owned';
    end if;
  end if;
  new.updated_at := now();
  return new;
end
$$;
revoke execute on function public.profiles_guard() from public, anon, authenticated;
drop trigger if exists profiles_guard on public.profiles;
create trigger profiles_guard
  before update on public.profiles
  for each row execute function public.profiles_guard();

-- The demo functions (PostgREST /rest/v1/rpc/<name>). Declared in
-- @vault/domain (packages/domain/src/backend/rpc.ts), with their errors in errors.ts.
-- Each is security definer (it writes server-owned columns no client may write), changes only
-- the caller's own profile row (auth.uid()), and only while app_settings.demo_mode is on;
-- otherwise it raises 42501 'demo mode is off' (HTTP 403). Only `authenticated` may execute them.
-- demo_approve_kyc() records a KYC approval like any other (06_kyc_and_payments.sql).

create or replace function public.vault_demo_guard()
returns uuid
language plpgsql
stable
set search_path = ''
as $$
declare
  me uuid := auth.uid();
begin
  if me is null then
    raise exception using errcode = '42501', message = 'not signed in';
  end if;
  if not public.vault_demo_mode() then
    raise exception using errcode = '42501', message = 'demo mode is off';
  end if;
  return me;
end
$$;
revoke execute on function public.vault_demo_guard() from public, anon, authenticated;

-- The first on-ramp done, for at least the minimum (MIN_FIRST_ONRAMP_EUR, 20 euros): a settled
-- payment of the caller's on the same path as a provider's (06_kyc_and_payments.sql), so a demo
-- member's balance in the ledger is real too.
create or replace function public.demo_complete_first_onramp(amount_cents integer)
returns public.profiles
language plpgsql
security definer
set search_path = ''
as $$
declare
  me uuid := public.vault_demo_guard();
  result public.profiles;
begin
  if amount_cents is null or amount_cents < 2000 then
    raise exception using errcode = 'P0001', message = 'the first on-ramp must be at least €20';
  end if;
  -- The payment, its events and the credit to the member's cash (11_ledger.sql).
  perform public.ledger_demo_deposit(me, demo_complete_first_onramp.amount_cents);
  select * into result from public.profiles p where p.id = me;
  return result;
end
$$;
revoke execute on function public.demo_complete_first_onramp(integer) from public, anon;
grant execute on function public.demo_complete_first_onramp(integer) to authenticated;

create or replace function public.demo_reset_first_onramp()
returns public.profiles
language plpgsql
security definer
set search_path = ''
as $$
declare
  me uuid := public.vault_demo_guard();
  result public.profiles;
begin
  update public.profiles set first_onramp_ok = false where id = me returning * into result;
  return result;
end
$$;
revoke execute on function public.demo_reset_first_onramp() from public, anon;
grant execute on function public.demo_reset_first_onramp() to authenticated;

-- A demo wallet id, made once: a second call returns the same id.
create or replace function public.demo_create_wallet()
returns text
language plpgsql
security definer
set search_path = ''
as $$
declare
  me uuid := public.vault_demo_guard();
  wallet text;
begin
  select p.crossmint_wallet_id into wallet from public.profiles p where p.id = me for update;
  if wallet is not null then
    return wallet;
  end if;
  wallet := 'demo-wallet-' || substr(md5(me::text || clock_timestamp()::text || random()::text), 1, 16);
  update public.profiles set crossmint_wallet_id = wallet where id = me;
  return wallet;
end
$$;
revoke execute on function public.demo_create_wallet() from public, anon;
grant execute on function public.demo_create_wallet() to authenticated;
