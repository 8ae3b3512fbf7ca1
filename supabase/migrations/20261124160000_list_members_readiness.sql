-- /users filters by readiness on the server (docs/backend.md "The member list"): list_members
-- takes a last argument, `readiness`, which keeps the members at one step of the readiness gate.
-- The step is the domain's rule (memberReadiness in packages/domain/src/readiness.ts): the first
-- gate step a member still lacks, in the gate's order (wallet, kyc, onramp), or 'ready'.
--
-- public.member_readiness(wallet, kyc_status, first_onramp_ok) computes it from a profile's
-- columns. It is immutable, so an index on it, with the id, serves a filtered page as a range:
-- the members at one step, from the cursor on, in id order (docs/performance.md "Database").
--
-- Everything else is list_members as 20261124140400_console_paging_plans.sql left it: the caller
-- check first (42501), the argument checks (22023), security definer with an empty search_path,
-- the keyset cursor by id, pages of 1..200 rows (null: 50). The old four-argument function is
-- dropped first, so exactly one list_members exists; a caller naming four arguments gets the new
-- one with readiness null.

create or replace function public.member_readiness(
  crossmint_wallet_id text,
  kyc_status text,
  first_onramp_ok boolean
)
returns text
language sql
immutable
parallel safe
set search_path = ''
as $$
  select case
    when coalesce(crossmint_wallet_id, '') = '' then 'wallet'
    when kyc_status is distinct from 'approved' then 'kyc'
    when first_onramp_ok is not true then 'onramp'
    else 'ready'
  end
$$;

-- Whoever writes a profile evaluates the index's expression, so the roles that write profiles
-- keep EXECUTE; it reads nothing and reveals nothing.
revoke execute on function public.member_readiness(text, text, boolean) from public, anon;
grant execute on function public.member_readiness(text, text, boolean) to authenticated, service_role;

create index if not exists profiles_readiness_id_idx
  on public.profiles (public.member_readiness(crossmint_wallet_id, kyc_status, first_onramp_ok), id);

drop function if exists public.list_members(text, text, text, integer);

create or replace function public.list_members(
  search text default null,
  role text default null,
  after text default null,
  page_size integer default null,
  readiness text default null
)
returns setof public.member_list_row
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  wanted_role text := nullif(btrim(role), '');
  wanted_readiness text := nullif(btrim(readiness), '');
  pattern text;
  -- The lowest uuid: the first page starts after it.
  after_id uuid := '00000000-0000-0000-0000-000000000000';
  size integer := least(greatest(coalesce(page_size, 50), 1), 200);
begin
  if not (public.vault_role() = 'mfo_admin' or public.vault_is_admin()) then
    raise exception using errcode = '42501', message = 'permission denied for function list_members';
  end if;
  if char_length(search) > 200 then
    raise exception using errcode = '22023', message = 'search is longer than 200 characters';
  end if;
  if wanted_role is not null
    and wanted_role not in ('investor', 'mfo_admin', 'cl_spv_admin', 'eq_spv_admin', 'production_spv', 'compliance') then
    raise exception using errcode = '22023', message = 'role is not a Vault role';
  end if;
  -- memberReadinessValues in packages/domain/src/readiness.ts.
  if wanted_readiness is not null and wanted_readiness not in ('wallet', 'kyc', 'onramp', 'ready') then
    raise exception using errcode = '22023', message = 'readiness must be wallet, kyc, onramp or ready';
  end if;
  if nullif(after, '') is not null then
    if after !~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
      raise exception using errcode = '22023', message = 'after is not a member id';
    end if;
    after_id := after::uuid;
  end if;
  -- A plain substring: the caller's % and _ match themselves.
  pattern := '%' || replace(replace(replace(coalesce(search, ''), '\', '\\'), '%', '\%'), '_', '\_') || '%';

  -- Two statements, so that each keeps a cached plan that reads its index by range: every member
  -- by id, or one readiness step by (step, id).
  if wanted_readiness is null then
    return query
      select m.id, m.name, m.email, m.role, m.status, m.joined
      from (
        select
          p.id as key,
          p.id::text as id,
          coalesce(nullif(p.name, ''), u.email::text, '') as name,
          coalesce(u.email::text, '') as email,
          case
            when u.raw_app_meta_data ->> 'role'
              in ('investor', 'mfo_admin', 'cl_spv_admin', 'eq_spv_admin', 'production_spv', 'compliance')
              then u.raw_app_meta_data ->> 'role'
            else 'investor'
          end as role,
          case when p.kyc_status = 'approved' then 'Active' else 'Pending' end as status,
          coalesce(to_char(u.created_at at time zone 'UTC', 'YYYY-MM-DD'), '') as joined
        from public.profiles p
        join auth.users u on u.id = p.id
        -- Both sides bounded, so a merge join starts both indexes at the page.
        where p.id > after_id and u.id > after_id
      ) m
      where (wanted_role is null or m.role = wanted_role)
        and (pattern = '%%' or m.name ilike pattern or m.email ilike pattern)
      order by m.key
      limit size;
  else
    return query
      select m.id, m.name, m.email, m.role, m.status, m.joined
      from (
        select
          p.id as key,
          p.id::text as id,
          coalesce(nullif(p.name, ''), u.email::text, '') as name,
          coalesce(u.email::text, '') as email,
          case
            when u.raw_app_meta_data ->> 'role'
              in ('investor', 'mfo_admin', 'cl_spv_admin', 'eq_spv_admin', 'production_spv', 'compliance')
              then u.raw_app_meta_data ->> 'role'
            else 'investor'
          end as role,
          case when p.kyc_status = 'approved' then 'Active' else 'Pending' end as status,
          coalesce(to_char(u.created_at at time zone 'UTC', 'YYYY-MM-DD'), '') as joined
        from public.profiles p
        join auth.users u on u.id = p.id
        -- The expression of profiles_readiness_id_idx: the step and the cursor bound its range;
        -- auth.users bounded too, so a merge join starts its index at the page as well.
        where public.member_readiness(p.crossmint_wallet_id, p.kyc_status, p.first_onramp_ok) = wanted_readiness
          and p.id > after_id and u.id > after_id
      ) m
      where (wanted_role is null or m.role = wanted_role)
        and (pattern = '%%' or m.name ilike pattern or m.email ilike pattern)
      order by m.key
      limit size;
  end if;
end
$$;

revoke execute on function public.list_members(text, text, text, integer, text) from public, anon;
grant execute on function public.list_members(text, text, text, integer, text) to authenticated, service_role;
