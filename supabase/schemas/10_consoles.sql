-- The member list behind /users is a function, not a view over auth.users (docs/backend.md
-- "The member list"). Declared in @vault/domain (packages/domain/src/backend/rpc.ts,
-- `listMembers`), with the same rules in the embedded backend.
--
-- public.list_members(search, role, after, page_size, readiness):
-- * checks its caller first: mfo_admin or the admin flag, through vault_role()/vault_is_admin(),
--   which also refuse a demo account while demo mode is off; anyone else gets 42501;
-- * security definer with an empty search_path: it reads auth.users (no client may) and names
--   every object by its schema;
-- * one stable order, by profile id, and keyset paging: `after` is the last id of the previous
--   page (null for the first); a page holds page_size rows (null: 50; capped to 1..200);
-- * `search` matches name or email, case-insensitively, as a plain substring; `role` keeps one
--   Vault role (null: every role);
-- * `readiness` keeps the members at one step of the readiness gate: the domain's rule
--   (memberReadiness in packages/domain/src/readiness.ts), the first gate step a member still
--   lacks, in the gate's order (wallet, kyc, onramp), or 'ready'.
--
-- public.member_readiness(wallet, kyc_status, first_onramp_ok) computes that step from a
-- profile's columns. It is immutable, so an index on it, with the id, serves a filtered page as a
-- range: the members at one step, from the cursor on, in id order (docs/performance.md "Database").
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
revoke execute on function public.member_readiness(text, text, boolean) from public, anon;
grant execute on function public.member_readiness(text, text, boolean) to authenticated, service_role;

create index if not exists profiles_readiness_id_idx
  on public.profiles (public.member_readiness(crossmint_wallet_id, kyc_status, first_onramp_ok), id);

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
    and not (wanted_role = any (public.vault_roles())) then
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
              = any (public.vault_roles())
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
              = any (public.vault_roles())
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
      reason text,
      decisions jsonb
    );
  end if;
end
$$;

-- The members whose KYC is pending, oldest submission first, each with its earlier decisions;
-- the read is recorded (member.personal_data_viewed, the members listed). Security definer: it reads
-- the members' emails in auth.users and the trail.
create or replace function public.list_kyc_queue(after text default null, page_size integer default null)
returns setof public.kyc_queue_row
language plpgsql
security definer
set search_path = ''
as $$
declare
  size integer := least(greatest(coalesce(page_size, 50), 1), 200);
  -- Before every case: the first page starts after it.
  after_id uuid := '00000000-0000-0000-0000-000000000000';
  after_at timestamptz := '-infinity';
  row_out public.kyc_queue_row;
  listed text[] := '{}';
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
  for row_out in
    select p.id::text, coalesce(nullif(p.name, ''), u.email::text, ''), coalesce(u.email::text, ''),
           c.submitted_at, c.provider_applicant_id, c.reason,
           coalesce((
             select jsonb_agg(jsonb_build_object(
               'at', to_char(e.occurred_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'),
               'action', e.action,
               'status', e.details ->> 'status',
               'by', e.details ->> 'by',
               'reason', e.details ->> 'reason'
             ) order by e.occurred_at, e.id)
             from public.audit_events e
             where e.member_id = c.member_id
               and e.action in ('kyc.approved', 'kyc.rejected', 'kyc.resubmission_requested', 'kyc.reopened')
           ), '[]'::jsonb)
    from public.kyc_cases c
    join public.profiles p on p.id = c.member_id
    join auth.users u on u.id = c.member_id
    where c.decided_at is null and c.submitted_at is not null
      and p.kyc_status = 'pending'
      and (c.submitted_at, c.member_id) > (after_at, after_id)
    order by c.submitted_at, c.member_id
    limit size
  loop
    listed := listed || row_out.id;
    return next row_out;
  end loop;
  if cardinality(listed) > 0 then
    perform public.record_personal_data_view(null, 'kyc_queue', jsonb_build_object('members', to_jsonb(listed)));
  end if;
end
$$;
revoke execute on function public.list_kyc_queue(text, integer) from public, anon, service_role;
grant execute on function public.list_kyc_queue(text, integer) to authenticated;

-- The audit list, newest first, filtered and keyset paged. Two choices keep row-level security
-- from costing a plan per call (docs/performance.md "Database"):
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
revoke execute on function public.list_audit_events(uuid, text, timestamptz, timestamptz, bigint, integer) from public, anon, service_role;
grant execute on function public.list_audit_events(uuid, text, timestamptz, timestamptz, bigint, integer) to authenticated;

-- The names of the actors and members an audit page shows (at most 200 ids), for the readers of
-- the trail; an id with no profile (a deleted or pseudonymised account) answers no row, and the
-- console shows the id. Security definer: it reads other members' names and emails.
create or replace function public.audit_names(ids uuid[])
returns table (id uuid, name text)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if auth.uid() is null or not (public.vault_role() in ('compliance', 'mfo_admin') or public.vault_is_admin()) then
    raise exception using errcode = '42501', message = 'only compliance, mfo_admin or an administrator may read the audit trail';
  end if;
  if cardinality(audit_names.ids) > 200 then
    raise exception using errcode = '22023', message = 'at most 200 ids';
  end if;
  return query
    select p.id, coalesce(nullif(p.name, ''), u.email::text, p.id::text)
    from public.profiles p
    left join auth.users u on u.id = p.id
    where p.id = any (audit_names.ids);
end
$$;
revoke execute on function public.audit_names(uuid[]) from public, anon, service_role;
grant execute on function public.audit_names(uuid[]) to authenticated;

-- One member as /users shows them; the read is recorded (member.personal_data_viewed). Security
-- definer: it reads auth.users and another member's rows.
create or replace function public.member_detail(member_id uuid)
returns jsonb
language plpgsql
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
        = any (public.vault_roles())
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
  perform public.record_personal_data_view(member_detail.member_id, 'member_detail');
  return result;
end
$$;
revoke execute on function public.member_detail(uuid) from public, anon, service_role;
grant execute on function public.member_detail(uuid) to authenticated;

-- The actions of the operators' consoles (docs/backend.md "Consoles"). Each is one function that
-- checks its caller (42501), validates its input (22023), refuses what the current state does
-- not allow (P0001), changes nothing on a retry, writes its audit event, and notifies the member
-- it concerns where there is one. Security definer: only such functions may call audit_append,
-- and no client writes these tables. Declared in packages/domain/src/backend/actions.ts, errors
-- in actionErrors.ts.
--
--   set_member_role(member_id, role, is_admin)      mfo_admin or the admin flag     member.role_changed
--   acknowledge_alert(alert_id, note)               mfo_admin or the admin flag     alert.acknowledged
--   resolve_alert(alert_id, note)                   mfo_admin or the admin flag     alert.resolved
--   record_repayment(loan_id, amount_cents, paid_on) cl_spv_admin or the admin flag repayment.recorded
--   set_asset_status(asset_id, status, note)        production_spv or the admin flag asset.status_changed
--   loan_book()                                     the loans' readers (a read: each loan, its status, what is due, what is paid, next due)

-- Roles. Only the admin flag grants or removes the admin flag or the mfo_admin role, or changes
-- an administrator's role; nobody changes their own; a demo account changes none. A change ends
-- the member's sessions and outdates their tokens in the same transaction.
create or replace function public.set_member_role(member_id uuid, role text, is_admin boolean)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  me uuid := auth.uid();
  old_meta jsonb;
  old_role text;
  old_admin boolean;
  event public.audit_events;
begin
  if me is null or not (public.vault_role() = 'mfo_admin' or public.vault_is_admin()) then
    raise exception using errcode = '42501', message = 'only mfo_admin or an administrator may change a member''s role';
  end if;
  if set_member_role.member_id = me then
    raise exception using errcode = '42501', message = 'nobody changes their own role';
  end if;
  if exists (select 1 from public.demo_accounts d where d.user_id = me) then
    raise exception using errcode = '42501', message = 'a demo account changes no role';
  end if;
  if set_member_role.role is null or not (set_member_role.role = any (public.vault_roles())) then
    raise exception using errcode = '22023', message = 'role is not a Vault role';
  end if;
  if set_member_role.is_admin is null then
    raise exception using errcode = '22023', message = 'is_admin must be true or false';
  end if;
  select coalesce(u.raw_app_meta_data, '{}'::jsonb) into old_meta
    from auth.users u where u.id = set_member_role.member_id for update;
  if not found then
    raise exception using errcode = '22023', message = 'unknown member';
  end if;
  old_role := case
    when old_meta ->> 'role' = any (public.vault_roles())
      then old_meta ->> 'role'
    else 'investor'
  end;
  old_admin := coalesce((old_meta -> 'is_admin') = 'true'::jsonb, false);
  if (old_admin or set_member_role.is_admin
      or (old_role is distinct from set_member_role.role and 'mfo_admin' in (old_role, set_member_role.role)))
     and not public.vault_is_admin() then
    raise exception using errcode = '42501',
      message = 'only an administrator grants or removes the admin flag or the mfo_admin role, or changes an administrator''s role';
  end if;
  if old_role = set_member_role.role and old_admin = set_member_role.is_admin and old_meta ->> 'role' = set_member_role.role then
    return jsonb_build_object('id', set_member_role.member_id, 'role', set_member_role.role, 'is_admin', set_member_role.is_admin);
  end if;
  update auth.users u
    set raw_app_meta_data = old_meta || jsonb_build_object('role', set_member_role.role, 'is_admin', set_member_role.is_admin),
        updated_at = now()
    where u.id = set_member_role.member_id;
  insert into public.member_rights_changes as r (member_id, changed_at)
    values (set_member_role.member_id, clock_timestamp())
    on conflict on constraint member_rights_changes_pkey do update set changed_at = excluded.changed_at;
  perform public.vault_end_sessions(set_member_role.member_id);
  event := public.audit_append(
    'member.role_changed', set_member_role.member_id, 'member', set_member_role.member_id::text,
    jsonb_build_object(
      'from', jsonb_build_object('role', old_role, 'is_admin', old_admin),
      'to', jsonb_build_object('role', set_member_role.role, 'is_admin', set_member_role.is_admin)
    )
  );
  perform public.notify_member(set_member_role.member_id, event, texts.title, texts.body)
  from public.notification_text(
    case when set_member_role.is_admin then 'member.role_changed.admin' else 'member.role_changed' end,
    jsonb_build_object('role', set_member_role.role)
  ) texts;
  return jsonb_build_object('id', set_member_role.member_id, 'role', set_member_role.role, 'is_admin', set_member_role.is_admin);
end
$$;
revoke execute on function public.set_member_role(uuid, text, boolean) from public, anon, service_role;
grant execute on function public.set_member_role(uuid, text, boolean) to authenticated;


create or replace function public.alert_transition(alert_id bigint, note text, new_status text)
returns public.compliance_alerts
language plpgsql
security definer
set search_path = ''
as $$
declare
  me uuid := auth.uid();
  kept_note text := nullif(btrim(note), '');
  current_row public.compliance_alerts;
  result public.compliance_alerts;
begin
  if me is null or not (public.vault_role() = 'mfo_admin' or public.vault_is_admin()) then
    raise exception using errcode = '42501', message = 'only mfo_admin or an administrator may act on compliance alerts';
  end if;
  if alert_id is null then
    raise exception using errcode = '22023', message = 'unknown alert';
  end if;
  if new_status = 'resolved' and kept_note is null then
    raise exception using errcode = '22023', message = 'a note is required to resolve an alert';
  end if;
  if char_length(kept_note) > 500 then
    raise exception using errcode = '22023', message = 'note must be at most 500 characters';
  end if;
  select * into current_row from public.compliance_alerts a where a.id = alert_transition.alert_id for update;
  if not found then
    raise exception using errcode = '22023', message = 'unknown alert';
  end if;
  if current_row.member_id = me then
    raise exception using errcode = '42501', message = 'nobody reviews an alert about themselves';
  end if;
  -- A retry of the same step changes nothing and records nothing.
  if current_row.status = new_status then
    return current_row;
  end if;
  if current_row.status = 'resolved' then
    raise exception using errcode = 'P0001', message = 'the alert is already resolved';
  end if;
  update public.compliance_alerts a set
    status = new_status,
    acknowledged_by = case when new_status = 'acknowledged' then me else a.acknowledged_by end,
    acknowledged_at = case when new_status = 'acknowledged' then now() else a.acknowledged_at end,
    resolved_by = case when new_status = 'resolved' then me else a.resolved_by end,
    resolved_at = case when new_status = 'resolved' then now() else a.resolved_at end,
    note = coalesce(kept_note, a.note)
  where a.id = alert_transition.alert_id
  returning * into result;
  -- No notification: an alert (a screening match, a monitoring threshold) is not told to the
  -- member it concerns.
  perform public.audit_append(
    case new_status when 'acknowledged' then 'alert.acknowledged' else 'alert.resolved' end,
    current_row.member_id, 'compliance_alert', alert_id::text,
    jsonb_build_object('from', current_row.status, 'to', new_status, 'user', current_row."user", 'issue', current_row.issue)
      || case when kept_note is null then '{}'::jsonb else jsonb_build_object('note', kept_note) end
  );
  return result;
end
$$;
revoke execute on function public.alert_transition(bigint, text, text) from public, anon, authenticated, service_role;

create or replace function public.acknowledge_alert(alert_id bigint, note text default null)
returns public.compliance_alerts
language sql
security definer
set search_path = ''
as $$
  select * from public.alert_transition(alert_id, note, 'acknowledged')
$$;
revoke execute on function public.acknowledge_alert(bigint, text) from public, anon, service_role;
grant execute on function public.acknowledge_alert(bigint, text) to authenticated;

create or replace function public.resolve_alert(alert_id bigint, note text)
returns public.compliance_alerts
language sql
security definer
set search_path = ''
as $$
  select * from public.alert_transition(alert_id, note, 'resolved')
$$;
revoke execute on function public.resolve_alert(bigint, text) from public, anon, service_role;
grant execute on function public.resolve_alert(bigint, text) to authenticated;

-- ---------------------------------------------------------------------------------------------
-- Loans: each loan's repayment schedule (public.loan_schedule: what is due when, in cents) and
-- the repayments received against it. A loan's status and next due date derive from the two
-- (loan_book). public.repayments is the dashboards' display list of upcoming repayments.
create table if not exists public.loan_schedule (
  loan_id text not null references public.loans (id) on delete cascade,
  due_on date not null,
  amount_cents bigint not null check (amount_cents between 1 and 9007199254740991),
  primary key (loan_id, due_on)
);
alter table public.loan_schedule enable row level security;
revoke all on table public.loan_schedule from public, anon, authenticated;
grant select on table public.loan_schedule to authenticated;
grant all on table public.loan_schedule to service_role;
-- Its read policy, which calls the SPV helpers, is in 12_offerings.sql.

create table if not exists public.loan_repayments (
  id bigint generated always as identity primary key,
  loan_id text not null references public.loans (id) on delete restrict,
  amount_cents bigint not null check (amount_cents > 0),
  paid_on date not null,
  recorded_by uuid,
  recorded_at timestamptz not null default now(),
  -- The lender's reference: one repayment per reference and loan, so a retried call finds it and
  -- two equal repayments on one day stay two. Its index leads with loan_id, the foreign key.
  reference text not null check (char_length(reference) between 1 and 100),
  constraint loan_repayments_once unique (loan_id, reference)
);
alter table public.loan_repayments enable row level security;
revoke all on table public.loan_repayments from public, anon, authenticated;
grant select on table public.loan_repayments to authenticated;
grant all on table public.loan_repayments to service_role;
-- Its read policy, which calls the SPV helpers, is in 11_offerings.sql.

-- A repayment, on one of the caller's own SPVs' loans (another SPV's is an unknown loan). The
-- money arrives from outside (the provider's clearing account) into the account of the offering
-- that financed the loan, from which that offering's distributions are paid.
create or replace function public.record_repayment(loan_id text, amount_cents bigint, paid_on date, reference text)
returns public.loan_repayments
language plpgsql
security definer
set search_path = ''
as $$
declare
  loan public.loans;
  kept_reference text := nullif(btrim(reference), '');
  life_starts date;
  outstanding bigint;
  result public.loan_repayments;
begin
  if auth.uid() is null or not (public.vault_role() = 'cl_spv_admin' or public.vault_is_admin()) then
    raise exception using errcode = '42501', message = 'only cl_spv_admin or an administrator may record a repayment';
  end if;
  if amount_cents is null or amount_cents <= 0 then
    raise exception using errcode = '22023', message = 'amount_cents must be a positive whole number of cents';
  end if;
  if paid_on is null or paid_on > (now() at time zone 'UTC')::date then
    raise exception using errcode = '22023', message = 'paid_on must be a date, not in the future';
  end if;
  if kept_reference is null or char_length(kept_reference) > 100 then
    raise exception using errcode = '22023', message = 'reference is required: the lender''s reference, at most 100 characters';
  end if;
  select * into loan from public.loans l where l.id = record_repayment.loan_id for update;
  if not found or not public.vault_acts_for_spv(loan.spv_id) then
    raise exception using errcode = '22023', message = 'unknown loan';
  end if;
  -- A retry with the same reference finds its repayment; the same reference for another
  -- repayment is refused.
  select * into result from public.loan_repayments r
    where r.loan_id = record_repayment.loan_id and r.reference = kept_reference;
  if found then
    if result.amount_cents = record_repayment.amount_cents and result.paid_on = record_repayment.paid_on then
      return result;
    end if;
    raise exception using errcode = 'P0001', message = 'this reference is already recorded for another repayment of this loan';
  end if;
  if loan.status <> 'Active' then
    raise exception using errcode = 'P0001', message = 'only an active loan takes repayments';
  end if;
  life_starts := coalesce(loan.starts_on, (
    select (min(s.due_on) - interval '12 months')::date from public.loan_schedule s where s.loan_id = loan.id
  ));
  if life_starts is null or paid_on < life_starts then
    raise exception using errcode = '22023', message = 'paid_on must be within the loan''s life';
  end if;
  outstanding := public.loan_principal_cents(loan.amount)
    - coalesce((select sum(r.amount_cents) from public.loan_repayments r where r.loan_id = loan.id), 0);
  if outstanding is null or amount_cents > outstanding then
    raise exception using errcode = '22023', message = 'amount_cents is more than the loan''s outstanding amount';
  end if;
  if loan.opportunity_id is null then
    raise exception using errcode = 'P0001', message = 'the loan is not linked to an offering to repay into';
  end if;
  insert into public.loan_repayments (loan_id, amount_cents, paid_on, recorded_by, reference)
    values (record_repayment.loan_id, record_repayment.amount_cents, record_repayment.paid_on, auth.uid(), kept_reference)
    returning * into result;
  perform public.ledger_transfer(
    public.ledger_id('loan_repayment:' || result.id), 'posted',
    public.ledger_account('provider_clearing', 'EUR'),
    public.ledger_account('offering_escrow', 'EUR', null, loan.opportunity_id),
    result.amount_cents, 'loan_repayment', 'loan_repayment', result.id::text, null,
    'Loan repayment, ' || loan.borrower
  );
  -- The borrower is a company, not a member: nobody to notify.
  perform public.audit_append(
    'repayment.recorded', null, 'loan', loan.id,
    jsonb_build_object('repayment_id', result.id, 'amount_cents', result.amount_cents, 'paid_on', result.paid_on,
                       'borrower', loan.borrower, 'reference', result.reference)
  );
  return result;
end
$$;
revoke execute on function public.record_repayment(text, bigint, date, text) from public, anon, service_role;
grant execute on function public.record_repayment(text, bigint, date, text) to authenticated;

do $$
begin
  if to_regtype('public.loan_book_row') is null then
    create type public.loan_book_row as (
      id text,
      borrower text,
      amount text,
      status text,
      due_cents bigint,
      paid_cents bigint,
      next_due_on date,
      overdue boolean
    );
  end if;
end
$$;

-- Each loan with its status, what its schedule has made due by today, what was repaid, and the
-- next due date: the first instalment the repayments do not yet cover (past while overdue).
-- Status: Pending until drawn; Repaid once the repayments cover the principal; Overdue while an
-- instalment due before today is not covered; else Active. Derived on read, never stored.
-- Security invoker: the tables' policies apply.
create or replace function public.loan_book()
returns setof public.loan_book_row
language plpgsql
stable
security invoker
set search_path = ''
as $$
begin
  if auth.uid() is null or not (public.vault_role() in ('cl_spv_admin', 'mfo_admin') or public.vault_is_admin()) then
    raise exception using errcode = '42501', message = 'only cl_spv_admin, mfo_admin or an administrator may read the loan book';
  end if;
  return query
    with today as (select (now() at time zone 'UTC')::date as d),
    -- The principal as loan_principal_cents reads it (that helper is not the caller's to execute).
    principal as (
      select l.id as loan_id,
             case when l.amount ~ '[0-9]' then round(nullif(regexp_replace(l.amount, '[^0-9.]', '', 'g'), '')::numeric * 100)::bigint end as cents
      from public.loans l
    ),
    paid as (
      select r.loan_id, sum(r.amount_cents)::bigint as paid_cents from public.loan_repayments r group by r.loan_id
    ),
    schedule as (
      select s.loan_id, s.due_on, s.amount_cents,
             sum(s.amount_cents) over (partition by s.loan_id order by s.due_on) as through
      from public.loan_schedule s
    ),
    due as (
      select s.loan_id,
             coalesce(sum(s.amount_cents) filter (where s.due_on < (select d from today)), 0)::bigint as due_cents,
             min(s.due_on) filter (where s.through > coalesce(p.paid_cents, 0)) as next_due_on
      from schedule s left join paid p on p.loan_id = s.loan_id
      group by s.loan_id
    )
    select l.id, l.borrower, l.amount,
           case
             when l.status = 'Pending' then 'Pending'
             when coalesce(p.paid_cents, 0) >= pr.cents then 'Repaid'
             when coalesce(d.due_cents, 0) > coalesce(p.paid_cents, 0) then 'Overdue'
             else 'Active'
           end,
           coalesce(d.due_cents, 0::bigint), coalesce(p.paid_cents, 0::bigint),
           case when coalesce(p.paid_cents, 0) >= pr.cents then null else d.next_due_on end,
           coalesce(d.due_cents, 0) > coalesce(p.paid_cents, 0)
    from public.loans l
    join principal pr on pr.loan_id = l.id
    left join due d on d.loan_id = l.id
    left join paid p on p.loan_id = l.id
    order by l.id;
end
$$;
revoke execute on function public.loan_book() from public, anon, service_role;
grant execute on function public.loan_book() to authenticated;

-- ---------------------------------------------------------------------------------------------
-- Assets: the status of a production asset (its id is its name), with a note kept in the trail;
-- on one of the caller's own SPVs' assets (another SPV's is an unknown asset).
create or replace function public.set_asset_status(asset_id text, status text, note text)
returns public.production_assets
language plpgsql
security definer
set search_path = ''
as $$
declare
  kept_note text := nullif(btrim(note), '');
  current_row public.production_assets;
  result public.production_assets;
begin
  if auth.uid() is null or not (public.vault_role() = 'production_spv' or public.vault_is_admin()) then
    raise exception using errcode = '42501', message = 'only production_spv or an administrator may change an asset''s status';
  end if;
  if status is null or status not in ('Operational', 'Under Maintenance') then
    raise exception using errcode = '22023', message = 'status must be Operational or Under Maintenance';
  end if;
  if kept_note is null then
    raise exception using errcode = '22023', message = 'a note is required';
  end if;
  if char_length(kept_note) > 500 then
    raise exception using errcode = '22023', message = 'note must be at most 500 characters';
  end if;
  select * into current_row from public.production_assets a where a.name = set_asset_status.asset_id for update;
  if not found or not public.vault_acts_for_spv(current_row.spv_id) then
    raise exception using errcode = '22023', message = 'unknown asset';
  end if;
  if current_row.status = set_asset_status.status then
    return current_row;
  end if;
  update public.production_assets a set status = set_asset_status.status
    where a.name = set_asset_status.asset_id returning * into result;
  -- An asset concerns no member: nobody to notify.
  perform public.audit_append(
    'asset.status_changed', null, 'asset', asset_id,
    jsonb_build_object('from', current_row.status, 'to', result.status, 'note', kept_note)
  );
  return result;
end
$$;
revoke execute on function public.set_asset_status(text, text, text) from public, anon, service_role;
grant execute on function public.set_asset_status(text, text, text) to authenticated;

-- /investments' queue and /reports' exports (docs/backend.md "Consoles"), over the investments
-- of 08_investments.sql.
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
      reason text,
      -- When it may be confirmed: the end of a retail investor's reflection period.
      window_ends_at timestamptz
    );
  end if;
end
$$;

-- Every member's investments, Pending first (or one status), keyset paged: `after` is the last
-- id of the previous page; an SPV administrator's own SPVs' only. Security definer: it reads the
-- investors' names and emails and every member's rows, which the members' own policy keeps to
-- themselves.
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
  every_spv boolean := public.vault_sees_every_spv();
  mine text[] := public.vault_spv_ids();
begin
  if auth.uid() is null or not (
    public.vault_role() in ('eq_spv_admin', 'cl_spv_admin', 'production_spv') or public.vault_is_admin()
  ) then
    raise exception using errcode = '42501', message = 'only an SPV''s administrators or an administrator may read subscriptions';
  end if;
  if wanted is not null and wanted not in ('Pending', 'Awaiting payment', 'Active', 'Matured', 'Rejected', 'Cancelled') then
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
             i.submitted_at, i.decided_at, i.reason, public.investment_window_ends_at(i)
      from public.investments i
      join auth.users u on u.id = i.user_id
      left join public.profiles p on p.id = i.user_id
      where i.status = wanted
        and (after_id is null or (i.submitted_at, i.id) > (after_row.submitted_at, after_row.id))
        and (every_spv or i.opportunity_id in (select o.id from public.opportunities o where o.spv_id = any (mine)))
      order by i.status, i.submitted_at, i.id
      limit size;
  else
    return query
      select i.id::text, i.user_id, coalesce(nullif(p.name, ''), u.email::text, ''), coalesce(u.email::text, ''),
             i.opportunity_id, i.opportunity_name, i.amount_cents, i.total_cents, i.method, i.status,
             i.submitted_at, i.decided_at, i.reason, public.investment_window_ends_at(i)
      from public.investments i
      join auth.users u on u.id = i.user_id
      left join public.profiles p on p.id = i.user_id
      where (after_id is null
         or ((i.status <> 'Pending'), i.submitted_at, i.id)
            > ((after_row.status <> 'Pending'), after_row.submitted_at, after_row.id))
        and (every_spv or i.opportunity_id in (select o.id from public.opportunities o where o.spv_id = any (mine)))
      order by (i.status <> 'Pending'), i.submitted_at, i.id
      limit size;
  end if;
end
$$;
revoke execute on function public.list_subscriptions(text, text, integer) from public, anon, service_role;
grant execute on function public.list_subscriptions(text, text, integer) to authenticated;

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
revoke execute on function public.csv_field(text) from public, anon, authenticated, service_role;

-- A row of fields as one CSV line.
create or replace function public.csv_line(variadic fields text[])
returns text
language sql
immutable
set search_path = ''
as $$
  select string_agg(public.csv_field(f), ',' order by n) from unnest(fields) with ordinality as t (f, n)
$$;
revoke execute on function public.csv_line(text[]) from public, anon, authenticated, service_role;

-- UTC ISO 8601, as every export writes a time.
create or replace function public.csv_time(at timestamptz)
returns text
language sql
immutable
set search_path = ''
as $$
  select to_char(at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')
$$;
revoke execute on function public.csv_time(timestamptz) from public, anon, authenticated, service_role;

-- Cents as euros with two decimals ('1234.50').
create or replace function public.csv_euros(cents bigint)
returns text
language sql
immutable
set search_path = ''
as $$
  select (cents::numeric / 100)::numeric(20, 2)::text
$$;
revoke execute on function public.csv_euros(bigint) from public, anon, authenticated, service_role;

-- A report over [from_at, to_at) (either may be null: open-ended), as CSV text: a header row,
-- then one line per row, oldest first. Which role may export which kind is the domain's
-- `reportExporters` (supabase/tests/consoles.test.ts holds this function to it); the admin flag
-- exports every kind; an SPV administrator's investments and repayments are their own SPVs'
-- only. Security definer: the reports read other members' rows and emails.
create or replace function public.export_report(kind text, from_at timestamptz default null, to_at timestamptz default null)
returns text
language plpgsql
security definer
set search_path = ''
as $$
declare
  caller_role text := public.vault_role();
  every_spv boolean := public.vault_sees_every_spv();
  mine text[] := public.vault_spv_ids();
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
        and (every_spv or i.opportunity_id in (select o.id from public.opportunities o where o.spv_id = any (mine)))
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
        and (every_spv or l.spv_id = any (mine))
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
revoke execute on function public.export_report(text, timestamptz, timestamptz) from public, anon, service_role;
grant execute on function public.export_report(text, timestamptz, timestamptz) to authenticated;


-- /compliance reads its alerts through one function, paged and filtered on the server
-- (docs/backend.md "Consoles"). Declared in packages/domain/src/backend/consoles.ts
-- (consoleFunctions, consoleServerActions). The embedded backend runs this function itself;
-- supabase/tests/list-alerts.test.ts holds its order, pages and filters.
--
-- public.list_alerts(status, after, page_size):
-- * checks its caller first: mfo_admin or the admin flag, as the route table opens /compliance
--   and as acknowledge_alert / resolve_alert accept (above); anyone
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

-- =============================================================================================
-- Repayments: the lender's reference (unique per loan), a date within the loan's life, and an
-- amount no more than what is outstanding.
-- * A loan's life starts on starts_on where it is known, else twelve months before its first
--   scheduled instalment, and ends today (no repayment is dated in the future).
-- * The principal is the loan's amount ("€1,250,000"), in cents.

create or replace function public.loan_principal_cents(amount text)
returns bigint
language sql
immutable
set search_path = ''
as $$
  select case when amount ~ '[0-9]'
    then round(nullif(regexp_replace(amount, '[^0-9.]', '', 'g'), '')::numeric * 100)::bigint
  end
$$;
revoke execute on function public.loan_principal_cents(text) from public, anon, authenticated, service_role;



-- =============================================================================================
-- Retention and personal data.
-- * Deleting an account keeps the regulated records: KYC cases, investor declarations,
--   appropriateness results, cooling-off periods, investments, payments and signatures have no
--   foreign key to auth.users (the member id stays, as a pseudonymous key), and the
--   member's name and email are kept in public.member_archive for the retention period (5 years
--   after the relationship ends for AML records, 7 for the audit trail).
-- * pseudonymise_member (compliance) erases the personal data of a deleted account: the archive,
--   free-text reasons, declaration answers, signer emails, and the personal values of its audit
--   events (hash_version 2), and records that it ran.

create table if not exists public.member_archive (
  member_id uuid primary key,
  email text check (email is null or char_length(email) <= 320),
  name text check (name is null or char_length(name) <= 200),
  deleted_at timestamptz not null default now(),
  pseudonymised_at timestamptz
);
alter table public.member_archive enable row level security;
revoke all on table public.member_archive from public, anon, authenticated, service_role;
grant select on table public.member_archive to authenticated;
drop policy if exists member_archive_read on public.member_archive;
create policy member_archive_read on public.member_archive
  for select to authenticated
  using ((select public.vault_role()) = 'compliance' or (select public.vault_is_admin()));

-- Before an account goes: its name and email into the archive, and member.deleted in the trail.
create or replace function public.archive_deleted_member()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into public.member_archive as a (member_id, email, name, deleted_at)
  values (
    old.id, left(old.email::text, 320),
    left(nullif((select p.name from public.profiles p where p.id = old.id), ''), 200),
    now()
  )
  on conflict (member_id) do update set email = excluded.email, name = excluded.name, deleted_at = excluded.deleted_at;
  perform public.audit_append('member.deleted', old.id, 'member', old.id::text, '{}'::jsonb);
  return old;
end
$$;
revoke execute on function public.archive_deleted_member() from public, anon, authenticated, service_role;
drop trigger if exists archive_deleted_member on auth.users;
create trigger archive_deleted_member
  before delete on auth.users
  for each row execute function public.archive_deleted_member();

-- Erases a deleted member's personal data where it is kept; returns what it changed.
create or replace function public.pseudonymise_member(member_id uuid, reason text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  me uuid := auth.uid();
  kept_reason text := nullif(btrim(reason), '');
  archived public.member_archive;
  events_erased integer;
  events_kept integer;
  result jsonb;
begin
  if me is null or public.vault_role() <> 'compliance' then
    raise exception using errcode = '42501', message = 'only compliance may pseudonymise a member';
  end if;
  if pseudonymise_member.member_id is null then
    raise exception using errcode = '22023', message = 'unknown member';
  end if;
  if pseudonymise_member.member_id = me then
    raise exception using errcode = '42501', message = 'nobody pseudonymises themselves';
  end if;
  if kept_reason is null or char_length(kept_reason) > 500 then
    raise exception using errcode = '22023', message = 'a reason is required (at most 500 characters)';
  end if;
  if exists (select 1 from auth.users u where u.id = pseudonymise_member.member_id) then
    raise exception using errcode = 'P0001', message = 'only a deleted account is pseudonymised';
  end if;
  select * into archived from public.member_archive a where a.member_id = pseudonymise_member.member_id for update;
  if not found then
    raise exception using errcode = '22023', message = 'unknown member';
  end if;
  if archived.pseudonymised_at is not null then
    return jsonb_build_object('member_id', pseudonymise_member.member_id, 'pseudonymised_at', archived.pseudonymised_at);
  end if;
  update public.member_archive a set email = null, name = null, pseudonymised_at = now()
    where a.member_id = pseudonymise_member.member_id;
  update public.kyc_cases c set reason = case when c.reason is null then null else '[erased]' end,
      provider_applicant_id = null, updated_at = now()
    where c.member_id = pseudonymise_member.member_id;
  update public.investor_profiles p set answers = '{}'::jsonb,
      professional_reason = case when p.professional_reason is null then null else '[erased]' end
    where p.member_id = pseudonymise_member.member_id;
  update public.appropriateness_assessments a set answers = '{}'::jsonb
    where a.member_id = pseudonymise_member.member_id;
  update public.document_signatures s set signer_email = ''
    where s.member_id = pseudonymise_member.member_id;
  -- The trail: each personal value becomes "[erased]", its digest kept for the hash.
  perform set_config('vault.audit_erasure', 'on', true);
  with erasing as (
    select e.id,
      (select jsonb_object_agg(d.key, case when d.key = any (public.audit_personal_keys()) then '"[erased]"'::jsonb else d.value end)
         from jsonb_each(e.details) d) as details,
      coalesce(e.erased, '{}'::jsonb) || coalesce((
        select jsonb_object_agg(d.key, encode(sha256(convert_to(d.value::text, 'UTF8')), 'hex'))
        from jsonb_each(e.details) d
        where d.key = any (public.audit_personal_keys()) and not (coalesce(e.erased, '{}'::jsonb) ? d.key)
      ), '{}'::jsonb) as erased
    from public.audit_events e
    where e.member_id = pseudonymise_member.member_id and e.hash_version = 2
      and exists (
        select 1 from jsonb_each(e.details) d
        where d.key = any (public.audit_personal_keys()) and d.value is distinct from '"[erased]"'::jsonb
      )
  )
  update public.audit_events e set details = erasing.details, erased = erasing.erased
    from erasing where e.id = erasing.id;
  get diagnostics events_erased = row_count;
  perform set_config('vault.audit_erasure', '', true);
  select count(*) into events_kept from public.audit_events e
    where e.member_id = pseudonymise_member.member_id and e.hash_version = 1
      and exists (select 1 from jsonb_each(e.details) d where d.key = any (public.audit_personal_keys()));
  result := jsonb_build_object(
    'member_id', pseudonymise_member.member_id,
    'pseudonymised_at', now(),
    'audit_events_erased', events_erased,
    'audit_events_before_erasure_support', events_kept
  );
  perform public.audit_append(
    'member.pseudonymised', pseudonymise_member.member_id, 'member', pseudonymise_member.member_id::text,
    jsonb_build_object('basis', kept_reason, 'audit_events_erased', events_erased,
                       'audit_events_before_erasure_support', events_kept)
  );
  return result;
end
$$;
revoke execute on function public.pseudonymise_member(uuid, text) from public, anon, service_role;
grant execute on function public.pseudonymise_member(uuid, text) to authenticated;


-- =============================================================================================
-- No client role holds any privilege on any sequence (the default privileges in
-- 01_identity_and_settings.sql keep later ones closed too).
revoke all on all sequences in schema public from public, anon, authenticated;
