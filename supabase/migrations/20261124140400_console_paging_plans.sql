-- The consoles' lists, rewritten so that each statement keeps one cached plan that reads its
-- index by range (docs/performance.md "Database"). PL/pgSQL caches a statement's plan; after a
-- few calls the plan is generic, planned without the arguments' values. A condition such as
-- `after is null or id > after` then cannot bound an index scan, and a later page reads the
-- index from its start. Written as ranges with open ends instead (`id > coalesce(after, <lowest>)`,
-- `occurred_at < coalesce(to_at, 'infinity')`), every page is a range scan in every plan.
-- Behaviour, arguments and callers are those of 20261124100300_list_members.sql and
-- 20261124140100_console_reads.sql.

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
      -- Both sides bounded, so a merge join starts both indexes at the page.
      where p.id > after_id and u.id > after_id
    ) m
    where (wanted_role is null or m.role = wanted_role)
      and (pattern = '%%' or m.name ilike pattern or m.email ilike pattern)
    order by m.key
    limit size;
end
$$;

create or replace function public.list_kyc_queue(after text default null, page_size integer default null)
returns setof public.kyc_queue_row
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  size integer := least(greatest(coalesce(page_size, 50), 1), 200);
  -- Before every case: the first page starts after it.
  after_id uuid := '00000000-0000-0000-0000-000000000000';
  after_at timestamptz := '-infinity';
begin
  if auth.uid() is null or not (public.vault_role() = 'compliance' or public.vault_is_admin()) then
    raise exception using errcode = '42501', message = 'only compliance or an administrator may read the KYC queue';
  end if;
  if nullif(after, '') is not null then
    if after !~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
      raise exception using errcode = '22023', message = 'after is not a member id';
    end if;
    after_id := after::uuid;
    select c.submitted_at into after_at from public.kyc_cases c where c.member_id = after_id;
    if after_at is null then
      raise exception using errcode = '22023', message = 'after is not a member id';
    end if;
  end if;
  return query
    select p.id::text, coalesce(nullif(p.name, ''), u.email::text, ''), coalesce(u.email::text, ''),
           c.submitted_at, c.provider_applicant_id, c.reason
    from public.kyc_cases c
    join public.profiles p on p.id = c.member_id
    join auth.users u on u.id = c.member_id
    where c.decided_at is null and c.submitted_at is not null
      and p.kyc_status = 'pending'
      and (c.submitted_at, c.member_id) > (after_at, after_id)
    order by c.submitted_at, c.member_id
    limit size;
end
$$;

-- Three statements, one per index: a member's events, an action's, or the whole trail; the date
-- range and the page are bounds of that index's range in each.
create or replace function public.list_audit_events(
  member_id uuid default null,
  action text default null,
  from_at timestamptz default null,
  to_at timestamptz default null,
  before_id bigint default null,
  page_size integer default null
)
returns setof public.audit_events
language plpgsql
stable
security invoker
set search_path = ''
as $$
declare
  size integer := least(greatest(coalesce(page_size, 50), 1), 200);
  wanted_member uuid := list_audit_events.member_id;
  wanted_action text := nullif(btrim(list_audit_events.action), '');
  lower_at timestamptz := coalesce(from_at, '-infinity');
  upper_at timestamptz := coalesce(to_at, 'infinity');
  -- After every event: the first page starts before it.
  cursor_at timestamptz := 'infinity';
  cursor_id bigint := 9223372036854775807;
begin
  if auth.uid() is null
    or not (public.vault_role() in ('compliance', 'mfo_admin') or public.vault_is_admin()) then
    raise exception using errcode = '42501', message = 'only compliance, mfo_admin or an administrator may read the audit trail';
  end if;
  if wanted_action is not null and wanted_action !~ '^[a-z_]+\.[a-z_]+$' then
    raise exception using errcode = '22023', message = 'action is not an audit action';
  end if;
  if from_at is not null and to_at is not null and from_at > to_at then
    raise exception using errcode = '22023', message = 'from_at must not be after to_at';
  end if;
  if before_id is not null then
    select b.occurred_at, b.id into cursor_at, cursor_id from public.audit_events b where b.id = before_id;
    if cursor_id is null then
      return;
    end if;
  end if;
  if wanted_member is not null then
    return query
      select e.* from public.audit_events e
      where e.member_id = wanted_member
        and (wanted_action is null or e.action = wanted_action)
        and e.occurred_at >= lower_at and e.occurred_at < upper_at
        and (e.occurred_at, e.id) < (cursor_at, cursor_id)
      order by e.occurred_at desc, e.id desc
      limit size;
  elsif wanted_action is not null then
    return query
      select e.* from public.audit_events e
      where e.action = wanted_action
        and e.occurred_at >= lower_at and e.occurred_at < upper_at
        and (e.occurred_at, e.id) < (cursor_at, cursor_id)
      order by e.occurred_at desc, e.id desc
      limit size;
  else
    return query
      select e.* from public.audit_events e
      where e.occurred_at >= lower_at and e.occurred_at < upper_at
        and (e.occurred_at, e.id) < (cursor_at, cursor_id)
      order by e.occurred_at desc, e.id desc
      limit size;
  end if;
end
$$;
