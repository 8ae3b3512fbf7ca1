-- Vault backend, part 6: the demo functions (PostgREST /rest/v1/rpc/<name>). Declared in
-- @vault/domain (packages/domain/src/backend/rpc.ts), with their errors in errors.ts.
-- Each is security definer (it writes server-owned columns no client may write), changes only
-- the caller's own profile row (auth.uid()), and only while app_settings.demo_mode is on;
-- otherwise it raises 42501 'demo mode is off' (HTTP 403). Only `authenticated` may execute them.

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

-- KYC approved at once (demo mode's stand-in for the KYC provider).
create or replace function public.demo_approve_kyc()
returns public.profiles
language plpgsql
security definer
set search_path = ''
as $$
declare
  me uuid := public.vault_demo_guard();
  result public.profiles;
begin
  update public.profiles set kyc_status = 'approved' where id = me returning * into result;
  return result;
end
$$;

-- The first on-ramp done, for at least the minimum (MIN_FIRST_ONRAMP_EUR, 20 euros).
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
  update public.profiles set first_onramp_ok = true where id = me returning * into result;
  return result;
end
$$;

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

revoke execute on function public.vault_demo_guard() from public, anon, authenticated;
revoke execute on function public.demo_approve_kyc() from public, anon;
revoke execute on function public.demo_complete_first_onramp(integer) from public, anon;
revoke execute on function public.demo_reset_first_onramp() from public, anon;
revoke execute on function public.demo_create_wallet() from public, anon;
grant execute on function public.demo_approve_kyc() to authenticated;
grant execute on function public.demo_complete_first_onramp(integer) to authenticated;
grant execute on function public.demo_reset_first_onramp() to authenticated;
grant execute on function public.demo_create_wallet() to authenticated;
