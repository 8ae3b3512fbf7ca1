-- KYC that completes without the demo switch (docs/backend.md "KYC").
--
-- * profiles.kyc_status takes one of five values (packages/domain/src/backend/kyc.ts,
--   `kycStatuses`): not_started (the default), pending, approved, rejected,
--   resubmission_requested. Rows that held anything else ('unknown', the old default, or a value
--   typed by hand) become not_started: only 'approved' ever counted.
-- * public.kyc_cases holds what the status alone cannot show: the reviewer's or provider's
--   reason, when the member submitted, when it was decided, and, for a provider that keys
--   applicants by its own id, that id (written with the service role). One row per member.
-- * Three functions carry every transition, each with its audit event and a notification for
--   the member (the transitions and texts: `kycTransitions`, `kycNotification` in the domain):
--     start_kyc()                                  the member       (authenticated)
--     apply_kyc_result(member_id, result, reason, event_id)
--                                                  the provider     (service_role, webhook)
--     review_kyc(member_id, decision, reason)      compliance or the admin flag
--   demo_approve_kyc() stays for demo mode and records kyc.approved too.
-- * Errors (packages/domain/src/backend/actionErrors.ts): 42501 for a caller who may not,
--   22023 for an argument that is not valid, P0001 for a valid request the current state refuses.
-- * Webhook events are processed once: public.provider_events keeps each (source, event_id); a
--   replayed event changes nothing and records nothing new.

-- The statuses.
alter table public.profiles alter column kyc_status set default 'not_started';
update public.profiles
  set kyc_status = 'not_started'
  where kyc_status not in ('not_started', 'pending', 'approved', 'rejected', 'resubmission_requested');
alter table public.profiles drop constraint if exists profiles_kyc_status_check;
alter table public.profiles add constraint profiles_kyc_status_check
  check (kyc_status in ('not_started', 'pending', 'approved', 'rejected', 'resubmission_requested'));

create table if not exists public.kyc_cases (
  member_id uuid primary key references auth.users (id) on delete cascade,
  reason text check (reason is null or char_length(reason) between 1 and 500),
  submitted_at timestamptz,
  decided_at timestamptz,
  provider_applicant_id text check (provider_applicant_id is null or char_length(provider_applicant_id) between 1 and 200),
  updated_at timestamptz not null default now()
);

alter table public.kyc_cases enable row level security;
revoke all on table public.kyc_cases from public, anon, authenticated;
grant select on table public.kyc_cases to authenticated;
grant select, insert, update on table public.kyc_cases to service_role;

-- The member reads their own case; compliance, mfo_admin and the admin flag read every case.
drop policy if exists kyc_cases_read on public.kyc_cases;
create policy kyc_cases_read on public.kyc_cases
  for select to authenticated
  using (
    member_id = (select auth.uid())
    or (select public.vault_role()) in ('compliance', 'mfo_admin')
    or (select public.vault_is_admin())
  );

-- Every provider webhook event processed, by source: a replay finds its row and does nothing.
create table if not exists public.provider_events (
  source text not null check (source in ('kyc', 'payments')),
  event_id text not null check (char_length(event_id) between 1 and 200),
  processed_at timestamptz not null default now(),
  primary key (source, event_id)
);
alter table public.provider_events enable row level security;
revoke all on table public.provider_events from public, anon, authenticated;
grant select on table public.provider_events to service_role;

-- A notification row for the member. Its id names the audit event it tells about, and `at` is
-- UTC ISO 8601 like the other rows of public.notifications.
create or replace function public.notify_member(
  member_id uuid,
  event public.audit_events,
  title text,
  body text
)
returns void
language sql
security definer
set search_path = ''
as $$
  insert into public.notifications (user_id, id, title, body, at, read)
  values (
    notify_member.member_id,
    'evt-' || (notify_member.event).id,
    notify_member.title,
    notify_member.body,
    to_char((notify_member.event).occurred_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'),
    false
  )
$$;
revoke execute on function public.notify_member(uuid, public.audit_events, text, text) from public, anon, authenticated, service_role;

-- One KYC transition: the status, the case, the audit event and the notification. Internal: the
-- three public functions check the caller and the input, then call this.
create or replace function public.kyc_transition(
  member_id uuid,
  new_status text,
  reason text,
  details jsonb
)
returns public.profiles
language plpgsql
security definer
set search_path = ''
as $$
declare
  action text := case new_status
    when 'pending' then 'kyc.submitted'
    when 'approved' then 'kyc.approved'
    when 'rejected' then 'kyc.rejected'
    when 'resubmission_requested' then 'kyc.resubmission_requested'
  end;
  kept_reason text := case when new_status in ('rejected', 'resubmission_requested') then nullif(btrim(reason), '') end;
  result public.profiles;
  event public.audit_events;
begin
  if action is null then
    raise exception using errcode = '22023', message = 'unknown KYC status';
  end if;
  update public.profiles p set kyc_status = new_status where p.id = kyc_transition.member_id returning * into result;
  insert into public.kyc_cases as c (member_id, reason, submitted_at, decided_at, updated_at)
  values (
    kyc_transition.member_id,
    kept_reason,
    case when new_status = 'pending' then now() end,
    case when new_status <> 'pending' then now() end,
    now()
  )
  on conflict on constraint kyc_cases_pkey do update set
    reason = excluded.reason,
    submitted_at = case when new_status = 'pending' then now() else c.submitted_at end,
    decided_at = case when new_status = 'pending' then null else now() end,
    updated_at = now();
  event := public.audit_append(
    action, kyc_transition.member_id, 'kyc', kyc_transition.member_id::text,
    coalesce(details, '{}'::jsonb) || jsonb_build_object('status', new_status)
      || case when kept_reason is null then '{}'::jsonb else jsonb_build_object('reason', kept_reason) end
  );
  perform public.notify_member(
    kyc_transition.member_id,
    event,
    case new_status
      when 'pending' then 'Verification submitted'
      when 'approved' then 'Identity verified'
      when 'rejected' then 'Verification not approved'
      else 'Verification needs more information'
    end,
    case new_status
      when 'pending' then 'We have your identity verification and will tell you once it is reviewed.'
      when 'approved' then 'Your identity verification is approved.'
      when 'rejected' then 'Your identity verification was not approved. You can start it again. Reason: ' || kept_reason
      else 'Please submit your identity verification again. Reason: ' || kept_reason
    end
  );
  return result;
end
$$;
revoke execute on function public.kyc_transition(uuid, text, text, jsonb) from public, anon, authenticated, service_role;

-- The member submits their verification: from not_started, rejected or resubmission_requested
-- to pending. Already pending: nothing changes and the row comes back (a retry is harmless).
-- Approved: refused.
create or replace function public.start_kyc()
returns public.profiles
language plpgsql
security definer
set search_path = ''
as $$
declare
  me uuid := auth.uid();
  current_row public.profiles;
begin
  if me is null then
    raise exception using errcode = '42501', message = 'not signed in';
  end if;
  select * into current_row from public.profiles p where p.id = me for update;
  if not found then
    raise exception using errcode = '42501', message = 'not signed in';
  end if;
  if current_row.kyc_status = 'pending' then
    return current_row;
  end if;
  if current_row.kyc_status = 'approved' then
    raise exception using errcode = 'P0001', message = 'KYC is already approved';
  end if;
  return public.kyc_transition(me, 'pending', null, jsonb_build_object('from', current_row.kyc_status));
end
$$;

-- The provider's answer, from its webhook (the kyc-webhook edge function, with the service
-- role key, after it has verified the provider's signature). Once per event_id.
create or replace function public.apply_kyc_result(
  member_id uuid,
  result text,
  reason text,
  event_id text
)
returns public.profiles
language plpgsql
security definer
set search_path = ''
as $$
declare
  current_row public.profiles;
begin
  if coalesce(auth.role(), '') <> 'service_role' then
    raise exception using errcode = '42501', message = 'only the service role may call apply_kyc_result';
  end if;
  if event_id is null or char_length(event_id) not between 1 and 200 then
    raise exception using errcode = '22023', message = 'event_id is required';
  end if;
  if result is null or result not in ('approved', 'rejected', 'resubmission_requested') then
    raise exception using errcode = '22023', message = 'result must be approved, rejected or resubmission_requested';
  end if;
  if char_length(reason) > 500 then
    raise exception using errcode = '22023', message = 'reason must be at most 500 characters';
  end if;
  select * into current_row from public.profiles p where p.id = apply_kyc_result.member_id for update;
  if not found then
    raise exception using errcode = '22023', message = 'unknown member';
  end if;
  insert into public.provider_events (source, event_id) values ('kyc', apply_kyc_result.event_id)
    on conflict do nothing;
  if not found then
    return current_row;
  end if;
  return public.kyc_transition(
    apply_kyc_result.member_id, result, coalesce(nullif(btrim(reason), ''), 'No reason given by the provider'),
    jsonb_build_object('from', current_row.kyc_status, 'event_id', event_id, 'by', 'provider')
  );
end
$$;

-- A compliance officer's (or an administrator's) decision on a pending verification. A reason
-- is required unless approving; nobody reviews their own.
create or replace function public.review_kyc(
  member_id uuid,
  decision text,
  reason text
)
returns public.profiles
language plpgsql
security definer
set search_path = ''
as $$
declare
  me uuid := auth.uid();
  current_row public.profiles;
begin
  if me is null or not (public.vault_role() = 'compliance' or public.vault_is_admin()) then
    raise exception using errcode = '42501', message = 'only compliance or an administrator may review KYC';
  end if;
  if review_kyc.member_id = me then
    raise exception using errcode = '42501', message = 'nobody reviews their own KYC';
  end if;
  if decision is null or decision not in ('approved', 'rejected', 'resubmission_requested') then
    raise exception using errcode = '22023', message = 'decision must be approved, rejected or resubmission_requested';
  end if;
  if decision <> 'approved' and nullif(btrim(reason), '') is null then
    raise exception using errcode = '22023', message = 'a reason is required unless approving';
  end if;
  if char_length(reason) > 500 then
    raise exception using errcode = '22023', message = 'reason must be at most 500 characters';
  end if;
  select * into current_row from public.profiles p where p.id = review_kyc.member_id for update;
  if not found then
    raise exception using errcode = '22023', message = 'unknown member';
  end if;
  if current_row.kyc_status <> 'pending' then
    raise exception using errcode = 'P0001', message = 'only a pending KYC can be reviewed';
  end if;
  return public.kyc_transition(
    review_kyc.member_id, decision, reason,
    jsonb_build_object('from', current_row.kyc_status, 'by', 'reviewer')
  );
end
$$;

-- Demo mode's stand-in for the provider (20261123180500_demo_functions.sql), now recorded like
-- any approval. Already approved: nothing new is recorded.
create or replace function public.demo_approve_kyc()
returns public.profiles
language plpgsql
security definer
set search_path = ''
as $$
declare
  me uuid := public.vault_demo_guard();
  current_row public.profiles;
begin
  select * into current_row from public.profiles p where p.id = me for update;
  if current_row.kyc_status = 'approved' then
    return current_row;
  end if;
  return public.kyc_transition(me, 'approved', null, jsonb_build_object('from', current_row.kyc_status, 'by', 'demo'));
end
$$;

revoke execute on function public.start_kyc() from public, anon, service_role;
grant execute on function public.start_kyc() to authenticated;
revoke execute on function public.apply_kyc_result(uuid, text, text, text) from public, anon, authenticated;
grant execute on function public.apply_kyc_result(uuid, text, text, text) to service_role;
revoke execute on function public.review_kyc(uuid, text, text) from public, anon, service_role;
grant execute on function public.review_kyc(uuid, text, text) to authenticated;
revoke execute on function public.demo_approve_kyc() from public, anon;
grant execute on function public.demo_approve_kyc() to authenticated;
