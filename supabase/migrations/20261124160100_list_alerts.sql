-- /compliance reads its alerts through one function, paged and filtered on the server
-- (docs/backend.md "Consoles"). Declared in packages/domain/src/backend/consoles.ts
-- (consoleFunctions, consoleServerActions; the order and cursor rule is listAlertsPage), with the
-- same rules in the embedded backend (mocks/actions/consoles.ts).
--
-- public.list_alerts(status, after, page_size):
-- * checks its caller first: mfo_admin or the admin flag, as the route table opens /compliance
--   and as acknowledge_alert / resolve_alert accept (20261124140200_console_actions.sql); anyone
--   else gets 42501, and anon holds no EXECUTE;
-- * `status` keeps one status (open, acknowledged, resolved; null: all), else 22023;
-- * one stable order: open, then acknowledged, then resolved (public.alert_status_rank), newest
--   first within each (a higher id is a later alert: the sequence numbers them);
-- * keyset paging: `after` is the id of the previous page's last alert (null: the first page);
--   unfiltered, its current status places it in the order; an id that names no alert is 22023;
-- * a page holds page_size rows (null: 50; kept within 1..200).
-- Security definer with an empty search_path: the caller check is the function's own, and the
-- table's read policy (compliance and mfo_admin) stays as the dashboards use it.

create or replace function public.alert_status_rank(status text)
returns integer
language sql
immutable
parallel safe
set search_path = ''
as $$
  -- alertStatuses in packages/domain/src/entities.ts, in order.
  select case status when 'open' then 0 when 'acknowledged' then 1 else 2 end
$$;

-- Evaluated by whoever writes an alert (the index below); it reads nothing.
revoke execute on function public.alert_status_rank(text) from public, anon;
grant execute on function public.alert_status_rank(text) to authenticated, service_role;

-- The list's order as an index: a page, filtered or not, is one range of it. Newest first is
-- ascending -id, so the cursor is one row comparison over the index's two columns.
create index if not exists compliance_alerts_list_idx
  on public.compliance_alerts (public.alert_status_rank(status), (-id));

create or replace function public.list_alerts(
  status text default null,
  after text default null,
  page_size integer default null
)
returns setof public.compliance_alerts
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  wanted_status text := nullif(btrim(list_alerts.status), '');
  size integer := least(greatest(coalesce(page_size, 50), 1), 200);
  -- The ranks the page may hold, and the cursor's place (before every alert: the first page).
  lowest_rank integer := 0;
  highest_rank integer := 2;
  cursor_rank integer := 0;
  cursor_id bigint := 9223372036854775807;
  cursor_status text;
begin
  if auth.uid() is null or not (public.vault_role() = 'mfo_admin' or public.vault_is_admin()) then
    raise exception using errcode = '42501', message = 'only mfo_admin or an administrator may read compliance alerts';
  end if;
  if wanted_status is not null then
    if wanted_status not in ('open', 'acknowledged', 'resolved') then
      raise exception using errcode = '22023', message = 'status must be open, acknowledged or resolved';
    end if;
    lowest_rank := public.alert_status_rank(wanted_status);
    highest_rank := lowest_rank;
    cursor_rank := lowest_rank;
  end if;
  if nullif(after, '') is not null then
    if after !~ '^[0-9]{1,18}$' then
      raise exception using errcode = '22023', message = 'after is not an alert id';
    end if;
    select a.status, a.id into cursor_status, cursor_id from public.compliance_alerts a where a.id = after::bigint;
    if cursor_status is null then
      raise exception using errcode = '22023', message = 'after is not an alert id';
    end if;
    -- Within one status the order is the id alone, wherever the cursor's alert has moved since.
    if wanted_status is null then
      cursor_rank := public.alert_status_rank(cursor_status);
    end if;
  end if;
  -- One statement, a range of compliance_alerts_list_idx in every plan: the ranks between the
  -- bounds, from the cursor on (within the cursor's rank, the older alerts).
  return query
    select a.* from public.compliance_alerts a
    where public.alert_status_rank(a.status) between lowest_rank and highest_rank
      and (public.alert_status_rank(a.status), -a.id) > (cursor_rank, -cursor_id)
    order by public.alert_status_rank(a.status), -a.id
    limit size;
end
$$;

revoke execute on function public.list_alerts(text, text, integer) from public, anon, service_role;
grant execute on function public.list_alerts(text, text, integer) to authenticated;
