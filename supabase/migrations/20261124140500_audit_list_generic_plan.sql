-- list_audit_events as 20261124140400_console_paging_plans.sql defines it, with two changes that
-- keep row-level security from costing a plan per call (docs/performance.md "Database"):
-- * `plan_cache_mode = force_generic_plan`: each statement is planned once per session. Through
--   row-level security the planner otherwise kept judging a fresh plan for the arguments cheaper
--   than the cached one and planned every call anew, which the table owner's calls never did.
--   Every bound below is a plain range on the index, so the generic plan is the right one.
-- * The page's cursor is written as `occurred_at <= cursor_at` plus a tie-break on id, not as a
--   row comparison, so that it and the date range's `occurred_at < to_at` are bounds of the same
--   column and the index scan starts at the nearer of the two.

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
set plan_cache_mode = force_generic_plan
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
        and e.occurred_at <= cursor_at and (e.occurred_at < cursor_at or e.id < cursor_id)
      order by e.occurred_at desc, e.id desc
      limit size;
  elsif wanted_action is not null then
    return query
      select e.* from public.audit_events e
      where e.action = wanted_action
        and e.occurred_at >= lower_at and e.occurred_at < upper_at
        and e.occurred_at <= cursor_at and (e.occurred_at < cursor_at or e.id < cursor_id)
      order by e.occurred_at desc, e.id desc
      limit size;
  else
    return query
      select e.* from public.audit_events e
      where e.occurred_at >= lower_at and e.occurred_at < upper_at
        and e.occurred_at <= cursor_at and (e.occurred_at < cursor_at or e.id < cursor_id)
      order by e.occurred_at desc, e.id desc
      limit size;
  end if;
end
$$;
