-- The wallet id is server-owned in every mode (docs/backend.md "Profile columns").
-- * No client role holds UPDATE on crossmint_wallet_id: a PATCH of it answers 42501
--   'permission denied for table profiles' whether demo mode is on or off. The demo path is
--   public.demo_create_wallet(); the real one is the wallet function (service role).
-- * The trigger refuses the change from a client role too, in case a grant is ever widened.
-- * A wallet id belongs to one member: a unique index.

revoke update on table public.profiles from authenticated;
grant update (name, preferences, updated_at) on table public.profiles to authenticated;

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

-- A project where two members already share a wallet id (possible while the demo PATCH was
-- allowed) must be sorted out by hand: which member the wallet is really for is not in the data.
do $$
begin
  if exists (
    select 1 from public.profiles p
    where p.crossmint_wallet_id is not null
    group by p.crossmint_wallet_id having count(*) > 1
  ) then
    raise exception using
      errcode = '23505',
      message = 'two or more profiles share a crossmint_wallet_id',
      hint = 'select crossmint_wallet_id, array_agg(id) from public.profiles group by 1 having count(*) > 1; clear the wrong ones, then re-run';
  end if;
end
$$;

create unique index if not exists profiles_crossmint_wallet_id_key
  on public.profiles (crossmint_wallet_id);
