-- /investments' queue and /reports' exports (docs/backend.md "Consoles"), over the investments
-- of 20261124130000_investments.sql.
--
--   list_subscriptions(status, after, page_size)   eq_spv_admin or the admin flag
--   export_report(kind, from_at, to_at)            per kind, as `reportExporters` in
--                                                  packages/domain/src/backend/consoles.ts says

-- The queue: Pending first, then by submission, then id. Its own index for each order.
create index if not exists investments_queue_idx on public.investments ((status <> 'Pending'), submitted_at, id);
create index if not exists investments_status_queue_idx on public.investments (status, submitted_at, id);

do $$
begin
  if to_regtype('public.subscription_row') is null then
    create type public.subscription_row as (
      id text,
      member_id uuid,
      investor text,
      email text,
      opportunity_id text,
      opportunity_name text,
      amount_cents bigint,
      total_cents bigint,
      method text,
      status text,
      submitted_at timestamptz,
      decided_at timestamptz,
      reason text
    );
  end if;
end
$$;

-- Every member's investments, Pending first (or one status), keyset paged: `after` is the last
-- id of the previous page. Security definer: it reads the investors' names and emails and every
-- member's rows, which the members' own policy keeps to themselves.
create or replace function public.list_subscriptions(
  status text default null,
  after text default null,
  page_size integer default null
)
returns setof public.subscription_row
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  size integer := least(greatest(coalesce(page_size, 50), 1), 200);
  wanted text := nullif(btrim(status), '');
  after_id uuid;
  after_row public.investments;
begin
  if auth.uid() is null or not (public.vault_role() = 'eq_spv_admin' or public.vault_is_admin()) then
    raise exception using errcode = '42501', message = 'only eq_spv_admin or an administrator may read subscriptions';
  end if;
  if wanted is not null and wanted not in ('Pending', 'Active', 'Matured', 'Rejected', 'Cancelled') then
    raise exception using errcode = '22023', message = 'status is not an investment status';
  end if;
  if nullif(after, '') is not null then
    if after !~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
      raise exception using errcode = '22023', message = 'after is not an investment id';
    end if;
    after_id := after::uuid;
    select * into after_row from public.investments i where i.id = after_id;
    if not found then
      raise exception using errcode = '22023', message = 'after is not an investment id';
    end if;
  end if;
  if wanted is not null then
    return query
      select i.id::text, i.user_id, coalesce(nullif(p.name, ''), u.email::text, ''), coalesce(u.email::text, ''),
             i.opportunity_id, i.opportunity_name, i.amount_cents, i.total_cents, i.method, i.status,
             i.submitted_at, i.decided_at, i.reason
      from public.investments i
      join auth.users u on u.id = i.user_id
      left join public.profiles p on p.id = i.user_id
      where i.status = wanted
        and (after_id is null or (i.submitted_at, i.id) > (after_row.submitted_at, after_row.id))
      order by i.status, i.submitted_at, i.id
      limit size;
  else
    return query
      select i.id::text, i.user_id, coalesce(nullif(p.name, ''), u.email::text, ''), coalesce(u.email::text, ''),
             i.opportunity_id, i.opportunity_name, i.amount_cents, i.total_cents, i.method, i.status,
             i.submitted_at, i.decided_at, i.reason
      from public.investments i
      join auth.users u on u.id = i.user_id
      left join public.profiles p on p.id = i.user_id
      where after_id is null
         or ((i.status <> 'Pending'), i.submitted_at, i.id)
            > ((after_row.status <> 'Pending'), after_row.submitted_at, after_row.id)
      order by (i.status <> 'Pending'), i.submitted_at, i.id
      limit size;
  end if;
end
$$;

-- One CSV field (RFC 4180): quoted when it holds a comma, a quote or a line break; a leading
-- = + - @ is escaped with a quote mark so a spreadsheet does not run it as a formula.
create or replace function public.csv_field(value text)
returns text
language sql
immutable
set search_path = ''
as $$
  select case
    when value is null then ''
    else (
      select case when v ~ '[",\r\n]' then '"' || replace(v, '"', '""') || '"' else v end
      from (select case when value ~ '^[=+\-@\t\r]' then '''' || value else value end as v) escaped
    )
  end
$$;

-- A row of fields as one CSV line.
create or replace function public.csv_line(variadic fields text[])
returns text
language sql
immutable
set search_path = ''
as $$
  select string_agg(public.csv_field(f), ',' order by n) from unnest(fields) with ordinality as t (f, n)
$$;

-- UTC ISO 8601, as every export writes a time.
create or replace function public.csv_time(at timestamptz)
returns text
language sql
immutable
set search_path = ''
as $$
  select to_char(at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')
$$;

-- Cents as euros with two decimals ('1234.50').
create or replace function public.csv_euros(cents bigint)
returns text
language sql
immutable
set search_path = ''
as $$
  select (cents::numeric / 100)::numeric(20, 2)::text
$$;

revoke execute on function public.csv_field(text) from public, anon, authenticated, service_role;
revoke execute on function public.csv_line(text[]) from public, anon, authenticated, service_role;
revoke execute on function public.csv_time(timestamptz) from public, anon, authenticated, service_role;
revoke execute on function public.csv_euros(bigint) from public, anon, authenticated, service_role;

-- A report over [from_at, to_at) (either may be null: open-ended), as CSV text: a header row,
-- then one line per row, oldest first. Which role may export which kind is the domain's
-- `reportExporters` (supabase/tests/consoles.test.ts holds this function to it); the admin flag
-- exports every kind. Security definer: the reports read other members' rows and emails.
create or replace function public.export_report(kind text, from_at timestamptz default null, to_at timestamptz default null)
returns text
language plpgsql
security definer
set search_path = ''
as $$
declare
  caller_role text := public.vault_role();
  allowed text[];
  lines text[];
  body text;
begin
  if auth.uid() is null then
    raise exception using errcode = '42501', message = 'not signed in';
  end if;
  allowed := case kind
    when 'investments' then array['mfo_admin', 'eq_spv_admin']
    when 'kyc_decisions' then array['mfo_admin', 'compliance']
    when 'repayments' then array['mfo_admin', 'cl_spv_admin']
    when 'audit_events' then array['mfo_admin', 'compliance']
  end;
  if allowed is null then
    raise exception using errcode = '22023', message = 'kind must be investments, kyc_decisions, repayments or audit_events';
  end if;
  if not (caller_role = any (allowed) or public.vault_is_admin()) then
    raise exception using errcode = '42501', message = 'your role may not export this report';
  end if;
  if from_at is not null and to_at is not null and from_at > to_at then
    raise exception using errcode = '22023', message = 'from_at must not be after to_at';
  end if;

  if kind = 'investments' then
    lines := array(
      select public.csv_line(
        i.id::text, public.csv_time(i.submitted_at), public.csv_time(i.decided_at), i.status, i.method,
        i.user_id::text, u.email::text, i.opportunity_id, i.opportunity_name,
        i.amount_cents::text, public.csv_euros(i.amount_cents), i.total_cents::text, public.csv_euros(i.total_cents)
      )
      from public.investments i left join auth.users u on u.id = i.user_id
      where (from_at is null or i.submitted_at >= from_at) and (to_at is null or i.submitted_at < to_at)
      order by i.submitted_at, i.id
    );
    body := public.csv_line('id', 'submitted_at', 'decided_at', 'status', 'method', 'member_id', 'email',
      'opportunity_id', 'opportunity_name', 'amount_cents', 'amount_eur', 'total_cents', 'total_eur');
  elsif kind = 'kyc_decisions' then
    lines := array(
      select public.csv_line(
        e.id::text, public.csv_time(e.occurred_at), e.member_id::text, u.email::text,
        e.details ->> 'status', e.actor_role, e.details ->> 'reason'
      )
      from public.audit_events e left join auth.users u on u.id = e.member_id
      where e.action in ('kyc.approved', 'kyc.rejected', 'kyc.resubmission_requested')
        and (from_at is null or e.occurred_at >= from_at) and (to_at is null or e.occurred_at < to_at)
      order by e.id
    );
    body := public.csv_line('event_id', 'decided_at', 'member_id', 'email', 'decision', 'decided_by', 'reason');
  elsif kind = 'repayments' then
    lines := array(
      select public.csv_line(
        r.id::text, r.loan_id, l.borrower, to_char(r.paid_on, 'YYYY-MM-DD'),
        r.amount_cents::text, public.csv_euros(r.amount_cents), public.csv_time(r.recorded_at)
      )
      from public.loan_repayments r join public.loans l on l.id = r.loan_id
      where (from_at is null or r.paid_on >= (from_at at time zone 'UTC')::date)
        and (to_at is null or r.paid_on < (to_at at time zone 'UTC')::date)
      order by r.paid_on, r.id
    );
    body := public.csv_line('id', 'loan_id', 'borrower', 'paid_on', 'amount_cents', 'amount_eur', 'recorded_at');
  else
    lines := array(
      select public.csv_line(
        e.id::text, public.csv_time(e.occurred_at), e.actor_id::text, e.actor_role, e.action, e.member_id::text,
        e.subject_type, e.subject_id, e.details::text, e.hash
      )
      from public.audit_events e
      where (from_at is null or e.occurred_at >= from_at) and (to_at is null or e.occurred_at < to_at)
      order by e.id
    );
    body := public.csv_line('id', 'occurred_at', 'actor_id', 'actor_role', 'action', 'member_id', 'subject_type',
      'subject_id', 'details', 'hash');
  end if;

  perform public.audit_append(
    'report.exported', null, 'report', kind,
    jsonb_build_object('kind', kind, 'from_at', public.csv_time(from_at), 'to_at', public.csv_time(to_at), 'rows', cardinality(lines))
  );
  return body || E'\r\n' || case when cardinality(lines) = 0 then '' else array_to_string(lines, E'\r\n') || E'\r\n' end;
end
$$;

revoke execute on function public.list_subscriptions(text, text, integer) from public, anon, service_role;
grant execute on function public.list_subscriptions(text, text, integer) to authenticated;
revoke execute on function public.export_report(text, timestamptz, timestamptz) from public, anon, service_role;
grant execute on function public.export_report(text, timestamptz, timestamptz) to authenticated;
