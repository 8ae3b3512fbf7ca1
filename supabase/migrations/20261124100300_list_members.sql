-- The member list behind /users is a function, not a view over auth.users
-- (docs/backend.md "The member list"). Declared in @vault/domain (packages/domain/src/backend/rpc.ts,
-- `listMembers`), with the same rules in the embedded backend.
--
-- public.list_members(search, role, after, page_size):
-- * checks its caller first: mfo_admin or the admin flag, through vault_role()/vault_is_admin(),
--   which also refuse a demo account while demo mode is off; anyone else gets 42501;
-- * security definer with an empty search_path: it reads auth.users (no client may) and names
--   every object by its schema;
-- * one stable order, by profile id, and keyset paging: `after` is the last id of the previous
--   page (null for the first); a page holds page_size rows (null: 50; capped to 1..200);
-- * `search` matches name or email, case-insensitively, as a plain substring; `role` keeps one
--   Vault role (null: every role).

drop view if exists public.members;
drop function if exists public.members_read_only();

-- The row /users shows (PlatformUserSchema in packages/domain/src/entities.ts). A named type
-- rather than `returns table`, whose column `role` would clash with the argument `role`.
do $$
begin
  if to_regtype('public.member_list_row') is null then
    create type public.member_list_row as (id text, name text, email text, role text, status text, joined text);
  end if;
end
$$;

create or replace function public.list_members(
  search text default null,
  role text default null,
  after text default null,
  page_size integer default null
)
returns setof public.member_list_row
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  wanted_role text := nullif(btrim(role), '');
  pattern text;
  after_id uuid;
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
  if nullif(after, '') is not null then
    if after !~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
      raise exception using errcode = '22023', message = 'after is not a member id';
    end if;
    after_id := after::uuid;
  end if;
  -- A plain substring: the caller's % and _ match themselves.
  pattern := '%' || replace(replace(replace(coalesce(search, ''), '\', '\\'), '%', '\%'), '_', '\_') || '%';

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
      where after_id is null or p.id > after_id
    ) m
    where (wanted_role is null or m.role = wanted_role)
      and (pattern = '%%' or m.name ilike pattern or m.email ilike pattern)
    order by m.key
    limit size;
end
$$;

revoke execute on function public.list_members(text, text, text, integer) from public, anon;
grant execute on function public.list_members(text, text, text, integer) to authenticated, service_role;
