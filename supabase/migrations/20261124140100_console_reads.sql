-- The reads of the operators' consoles (docs/backend.md "Consoles"). Each checks its caller
-- first (42501), validates its arguments (22023), pages by keyset in one stable order (a page
-- holds page_size rows: null means 50, capped to 1..200) and filters on the server. Security
-- definer only where it must read auth.users (the members' emails); otherwise security invoker,
-- so the table's row-level security applies as well. The callers are declared in
-- packages/domain/src/backend/actions.ts.
--
--   list_kyc_queue(after, page_size)                 compliance or the admin flag
--   list_audit_events(member_id, action, from_at, to_at, before_id, page_size)
--                                                    compliance, mfo_admin or the admin flag
--   member_detail(member_id)                         mfo_admin or the admin flag

-- /audit: newest first, by time then id, whatever the filters: one index for each filter, each
-- in that order, so a date range, a member or an action is a range of one index, read backward.
create index if not exists audit_events_occurred_at_id_idx on public.audit_events (occurred_at, id);
create index if not exists audit_events_member_id_occurred_at_idx on public.audit_events (member_id, occurred_at, id);
create index if not exists audit_events_action_occurred_at_idx on public.audit_events (action, occurred_at, id);
-- Superseded by audit_events_member_id_occurred_at_idx, which leads with member_id too.
drop index if exists public.audit_events_member_id_idx;

-- /kyc: the waiting cases, oldest submission first. A case waits while it has no decision
-- (kyc_transition clears decided_at when a member submits and sets it on every decision).
create index if not exists kyc_cases_waiting_idx on public.kyc_cases (submitted_at, member_id)
  where decided_at is null and submitted_at is not null;

do $$
begin
  if to_regtype('public.kyc_queue_row') is null then
    create type public.kyc_queue_row as (
      id text,
      name text,
      email text,
      submitted_at timestamptz,
      provider_applicant_id text,
      reason text
    );
  end if;
end
$$;

-- The members whose KYC is pending, oldest submission first. `after` is the last id of the
-- previous page. Security definer: it reads the members' emails in auth.users.
create or replace function public.list_kyc_queue(after text default null, page_size integer default null)
returns setof public.kyc_queue_row
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  size integer := least(greatest(coalesce(page_size, 50), 1), 200);
  after_id uuid;
  after_at timestamptz;
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
      and (after_id is null or (c.submitted_at, c.member_id) > (after_at, after_id))
    order by c.submitted_at, c.member_id
    limit size;
end
$$;

-- The audit trail, newest first (by occurred_at, then id), filtered on the server. `before_id` is
-- the last id of the previous page. Security invoker: audit_events' own policy applies too. The
-- statement is built with only the filters given, so each call is planned for them (an index per
-- filter).
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
  wanted_action text := nullif(btrim(action), '');
  conditions text[] := '{}';
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
  if list_audit_events.member_id is not null then conditions := array_append(conditions, 'e.member_id = $1'); end if;
  if wanted_action is not null then conditions := array_append(conditions, 'e.action = $2'); end if;
  if from_at is not null then conditions := array_append(conditions, 'e.occurred_at >= $3'); end if;
  if to_at is not null then conditions := array_append(conditions, 'e.occurred_at < $4'); end if;
  if before_id is not null then
    conditions := array_append(conditions,
      '(e.occurred_at, e.id) < (select b.occurred_at, b.id from public.audit_events b where b.id = $5)');
  end if;
  return query execute
    'select e.* from public.audit_events e'
    || case when cardinality(conditions) > 0 then ' where ' || array_to_string(conditions, ' and ') else '' end
    || ' order by e.occurred_at desc, e.id desc limit $6'
    using list_audit_events.member_id, wanted_action, from_at, to_at, before_id, size;
end
$$;

-- One member as /users shows them: role, readiness (wallet, KYC, first on-ramp), the KYC case,
-- the wallet and the investments. Security definer: it reads auth.users and another member's
-- rows.
create or replace function public.member_detail(member_id uuid)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  result jsonb;
begin
  if auth.uid() is null or not (public.vault_role() = 'mfo_admin' or public.vault_is_admin()) then
    raise exception using errcode = '42501', message = 'only mfo_admin or an administrator may read a member''s detail';
  end if;
  if member_detail.member_id is null then
    raise exception using errcode = '22023', message = 'unknown member';
  end if;
  select jsonb_build_object(
    'id', p.id,
    'name', coalesce(nullif(p.name, ''), u.email::text, ''),
    'email', coalesce(u.email::text, ''),
    'role', case
      when u.raw_app_meta_data ->> 'role'
        in ('investor', 'mfo_admin', 'cl_spv_admin', 'eq_spv_admin', 'production_spv', 'compliance')
        then u.raw_app_meta_data ->> 'role'
      else 'investor'
    end,
    'is_admin', coalesce((u.raw_app_meta_data -> 'is_admin') = 'true'::jsonb, false),
    'joined', to_char(u.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'),
    'readiness', jsonb_build_object(
      'wallet', p.crossmint_wallet_id is not null,
      'kyc', p.kyc_status = 'approved',
      'first_onramp', p.first_onramp_ok,
      'ready', p.crossmint_wallet_id is not null and p.kyc_status = 'approved' and p.first_onramp_ok
    ),
    'kyc', jsonb_build_object(
      'status', p.kyc_status,
      'reason', c.reason,
      'submitted_at', to_char(c.submitted_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'),
      'decided_at', to_char(c.decided_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')
    ),
    'wallet', jsonb_build_object('id', p.crossmint_wallet_id),
    'investments', coalesce((
      select jsonb_agg(jsonb_build_object(
        'id', i.id,
        'opportunity_id', i.opportunity_id,
        'opportunity_name', i.opportunity_name,
        'amount_cents', i.amount_cents,
        'total_cents', i.total_cents,
        'method', i.method,
        'status', i.status,
        'submitted_at', to_char(i.submitted_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')
      ) order by i.submitted_at desc, i.id)
      from public.investments i where i.user_id = p.id
    ), '[]'::jsonb)
  )
  into result
  from public.profiles p
  join auth.users u on u.id = p.id
  left join public.kyc_cases c on c.member_id = p.id
  where p.id = member_detail.member_id;
  if result is null then
    raise exception using errcode = '22023', message = 'unknown member';
  end if;
  return result;
end
$$;

revoke execute on function public.list_kyc_queue(text, integer) from public, anon, service_role;
grant execute on function public.list_kyc_queue(text, integer) to authenticated;
revoke execute on function public.list_audit_events(uuid, text, timestamptz, timestamptz, bigint, integer) from public, anon, service_role;
grant execute on function public.list_audit_events(uuid, text, timestamptz, timestamptz, bigint, integer) to authenticated;
revoke execute on function public.member_detail(uuid) from public, anon, service_role;
grant execute on function public.member_detail(uuid) to authenticated;
