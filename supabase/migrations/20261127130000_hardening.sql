-- Hardening of the operating backend (docs/security.md "Rules the server holds"): who may grant
-- which rights, the order of KYC results, four eyes on KYC and alerts, declarations that cannot
-- be escaped by moving, bounded input, the audit trail's time, checkpoints and sequences, and
-- what an account's deletion keeps. Each function below is a complete definition.

-- =============================================================================================
-- The audit actions this file records, added to the closed list (packages/domain/src/backend/audit.ts).
do $$
declare
  kept text[];
begin
  select coalesce(array_agg(distinct m[1]), '{}')
    into kept
    from pg_constraint c,
         regexp_matches(pg_get_constraintdef(c.oid), '''([a-z_]+\.[a-z_]+)''', 'g') as m
    where c.conname = 'audit_events_action_check' and c.conrelid = 'public.audit_events'::regclass;
  kept := array(
    select distinct a from unnest(kept || array[
      'kyc.result_ignored',
      'kyc.reopened',
      'investor.professional_reviewed',
      'member.deleted',
      'member.pseudonymised',
      'personal_data.viewed'
    ]) as a order by a
  );
  alter table public.audit_events drop constraint if exists audit_events_action_check;
  execute format(
    'alter table public.audit_events add constraint audit_events_action_check check (action in (%s))',
    (select string_agg(quote_literal(a), ', ') from unnest(kept) as a)
  );
end
$$;

-- =============================================================================================
-- Rights: a change of role or admin flag outdates every token issued before it.
-- The role and flag are JWT claims, copied from auth.users when a token is issued, so a token
-- issued before a change still carries the old ones until it expires. The change time is kept
-- here; vault_role() and vault_is_admin() give no staff rights to a token issued (iat) before it.
create table if not exists public.member_rights_changes (
  member_id uuid primary key,
  changed_at timestamptz not null
);
alter table public.member_rights_changes enable row level security;
revoke all on table public.member_rights_changes from public, anon, authenticated, service_role;

-- True when the caller's token was issued before their last change of rights (or carries no
-- issue time while a change exists). Whole seconds: a token issued in the second of the change
-- counts as older, so the old rights never survive it.
create or replace function public.vault_token_outdated()
returns boolean
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  changed timestamptz;
  issued text := auth.jwt() ->> 'iat';
begin
  select r.changed_at into changed from public.member_rights_changes r where r.member_id = auth.uid();
  if changed is null then
    return false;
  end if;
  if issued is null or issued !~ '^[0-9]{1,12}(\.[0-9]+)?$' then
    return true;
  end if;
  return to_timestamp(issued::numeric) < date_trunc('second', changed) + interval '1 second';
end
$$;
revoke execute on function public.vault_token_outdated() from public, anon;
grant execute on function public.vault_token_outdated() to authenticated, service_role;

-- The caller's Vault role: an investor for a locked demo account or an outdated token, else the
-- token's role when it is one of the six, else investor.
create or replace function public.vault_role()
returns text
language plpgsql
stable
set search_path = ''
as $$
declare
  claimed text := auth.jwt() -> 'app_metadata' ->> 'role';
begin
  if claimed is null or claimed = 'investor' then
    return 'investor';
  end if;
  if public.vault_is_locked_demo_account() or public.vault_token_outdated() then
    return 'investor';
  end if;
  return case
    when claimed in ('investor', 'mfo_admin', 'cl_spv_admin', 'eq_spv_admin', 'production_spv', 'compliance') then claimed
    else 'investor'
  end;
end
$$;

-- The admin flag: only a JSON true counts, never for a locked demo account or an outdated token.
create or replace function public.vault_is_admin()
returns boolean
language plpgsql
stable
set search_path = ''
as $$
begin
  if (auth.jwt() -> 'app_metadata' -> 'is_admin') is distinct from 'true'::jsonb then
    return false;
  end if;
  return not public.vault_is_locked_demo_account() and not public.vault_token_outdated();
end
$$;

-- Ends every session of a member at once: refresh tokens and sessions go, so no new access
-- token is issued with the old claims (where this Auth version keeps them).
create or replace function public.vault_end_sessions(member_id uuid)
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  if to_regclass('auth.refresh_tokens') is not null then
    execute 'delete from auth.refresh_tokens t where t.user_id::text = $1::text' using member_id;
  end if;
  if to_regclass('auth.sessions') is not null then
    execute 'delete from auth.sessions s where s.user_id = $1' using member_id;
  end if;
end
$$;
revoke execute on function public.vault_end_sessions(uuid) from public, anon, authenticated, service_role;

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
  if set_member_role.role is null or set_member_role.role not in ('investor', 'mfo_admin', 'cl_spv_admin', 'eq_spv_admin', 'production_spv', 'compliance') then
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
    when old_meta ->> 'role' in ('investor', 'mfo_admin', 'cl_spv_admin', 'eq_spv_admin', 'production_spv', 'compliance')
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
  perform public.notify_member(
    set_member_role.member_id, event, 'Your access changed',
    'Your role is now ' || set_member_role.role || case when set_member_role.is_admin then ', with administrator rights' else '' end
      || '. Sign in again to use it.'
  );
  return jsonb_build_object('id', set_member_role.member_id, 'role', set_member_role.role, 'is_admin', set_member_role.is_admin);
end
$$;
revoke execute on function public.set_member_role(uuid, text, boolean) from public, anon, service_role;
grant execute on function public.set_member_role(uuid, text, boolean) to authenticated;

-- =============================================================================================
-- The audit trail.
-- * Time and order agree: the time is read after the chain's lock is taken (clock_timestamp(),
--   never before the previous event's), so a later id never has an earlier time.
-- * Personal data in payloads can be erased without breaking the chain: from hash_version 2 the
--   hash covers, for each personal key (audit_personal_keys()), the SHA-256 of its value rather
--   than the value. Erasure (pseudonymise_member) replaces the value with "[erased]" and keeps
--   that digest in `erased`, so audit_verify() still recomputes every hash. Events written
--   before hash_version 2 hash their values directly and keep them.
alter table public.audit_events add column if not exists hash_version smallint not null default 1;
alter table public.audit_events add column if not exists erased jsonb;
alter table public.audit_events drop constraint if exists audit_events_hash_version_check;
alter table public.audit_events add constraint audit_events_hash_version_check check (hash_version in (1, 2));
alter table public.audit_events drop constraint if exists audit_events_erased_check;
alter table public.audit_events add constraint audit_events_erased_check
  check (erased is null or (hash_version = 2 and jsonb_typeof(erased) = 'object'));
-- A payload over 8 KB is refused: the trail cannot be deleted, so nothing large enters it.
alter table public.audit_events drop constraint if exists audit_events_details_size_check;
alter table public.audit_events add constraint audit_events_details_size_check
  check (octet_length(details::text) <= 8192) not valid;

-- The top-level payload keys that may carry a member's personal data.
create or replace function public.audit_personal_keys()
returns text[]
language sql
immutable
set search_path = ''
as $$
  select array['answers', 'email', 'name', 'note', 'reason', 'user']
$$;

-- The payload as the version 2 hash covers it: each personal key's value replaced by the
-- SHA-256 (hex) of its jsonb text, or by the digest kept when it was erased.
create or replace function public.audit_hashable_details(details jsonb, erased jsonb)
returns jsonb
language sql
immutable
set search_path = ''
as $$
  select coalesce(jsonb_object_agg(
    e.key,
    case when e.key = any (public.audit_personal_keys())
      then to_jsonb(coalesce(erased ->> e.key, encode(sha256(convert_to(e.value::text, 'UTF8')), 'hex')))
      else e.value
    end
  ), '{}'::jsonb)
  from jsonb_each(details) e
$$;

-- The one writer (see 20261124120000_audit_events.sql), with the time taken under the lock and
-- hash version 2.
create or replace function public.audit_append(
  action text,
  member_id uuid,
  subject_type text,
  subject_id text,
  details jsonb default '{}'::jsonb
)
returns public.audit_events
language plpgsql
security definer
set search_path = ''
as $$
declare
  previous public.audit_events;
  event public.audit_events;
begin
  lock table public.audit_events in exclusive mode;
  select * into previous from public.audit_events e order by e.id desc limit 1;
  event.id := nextval(pg_get_serial_sequence('public.audit_events', 'id'));
  event.occurred_at := greatest(clock_timestamp(), previous.occurred_at);
  event.actor_id := case when auth.role() = 'service_role' then null else auth.uid() end;
  event.actor_role := public.audit_actor_role();
  event.action := audit_append.action;
  event.member_id := audit_append.member_id;
  event.subject_type := audit_append.subject_type;
  event.subject_id := audit_append.subject_id;
  event.details := coalesce(audit_append.details, '{}'::jsonb);
  event.hash_version := 2;
  event.erased := null;
  event.prev_hash := coalesce(previous.hash, repeat('0', 64));
  event.hash := public.audit_event_hash(
    event.prev_hash, event.id, event.occurred_at, event.actor_id, event.actor_role, event.action,
    event.member_id, event.subject_type, event.subject_id, public.audit_hashable_details(event.details, null)
  );
  insert into public.audit_events overriding system value select event.*;
  return event;
end
$$;

-- Deletes and truncates are refused whoever runs them. Updates are refused too, except the
-- erasure of personal values by pseudonymise_member (which sets vault.audit_erasure for its
-- own statement); the row trigger below then allows nothing else to change.
create or replace function public.audit_events_append_only()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if tg_op = 'UPDATE' and coalesce(current_setting('vault.audit_erasure', true), '') = 'on' then
    return null;
  end if;
  raise exception using errcode = '42501', message = 'audit_events is append-only';
end
$$;

create or replace function public.audit_events_erasure_only()
returns trigger
language plpgsql
set search_path = ''
as $$
declare
  k text;
begin
  if (new.id, new.occurred_at, new.actor_id, new.actor_role, new.action, new.member_id, new.subject_type,
      new.subject_id, new.prev_hash, new.hash, new.hash_version)
     is distinct from
     (old.id, old.occurred_at, old.actor_id, old.actor_role, old.action, old.member_id, old.subject_type,
      old.subject_id, old.prev_hash, old.hash, old.hash_version)
     or old.hash_version <> 2
     or (select array_agg(x order by x) from jsonb_object_keys(new.details) x)
        is distinct from (select array_agg(x order by x) from jsonb_object_keys(old.details) x) then
    raise exception using errcode = '42501', message = 'audit_events is append-only';
  end if;
  for k in select jsonb_object_keys(old.details) loop
    if new.details -> k is distinct from old.details -> k then
      if not (k = any (public.audit_personal_keys()))
         or new.details -> k is distinct from '"[erased]"'::jsonb
         or (new.erased ->> k) is distinct from coalesce(
              old.erased ->> k, encode(sha256(convert_to((old.details -> k)::text, 'UTF8')), 'hex')) then
        raise exception using errcode = '42501', message = 'audit_events is append-only';
      end if;
    elsif (new.erased ->> k) is distinct from (old.erased ->> k) then
      raise exception using errcode = '42501', message = 'audit_events is append-only';
    end if;
  end loop;
  return new;
end
$$;
revoke execute on function public.audit_events_erasure_only() from public, anon, authenticated, service_role;

drop trigger if exists audit_events_erasure_only on public.audit_events;
create trigger audit_events_erasure_only
  before update on public.audit_events
  for each row execute function public.audit_events_erasure_only();

-- The daily checkpoint: the count of events, the last id and its hash. Written only by
-- audit_checkpoint() (a trigger refuses every other write, the owner's included); an operator
-- copies audit_checkpoints_export() elsewhere so the chain can be checked against it.
create table if not exists public.audit_checkpoints (
  day date primary key,
  taken_at timestamptz not null,
  event_count bigint not null check (event_count >= 0),
  last_id bigint,
  last_hash text check (last_hash is null or last_hash ~ '^[0-9a-f]{64}$')
);
alter table public.audit_checkpoints enable row level security;
revoke all on table public.audit_checkpoints from public, anon, authenticated, service_role;

create or replace function public.audit_checkpoints_guard()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' and coalesce(current_setting('vault.audit_checkpoint', true), '') = 'on' then
    return null;
  end if;
  raise exception using errcode = '42501', message = 'audit_checkpoints is written only by audit_checkpoint()';
end
$$;
revoke execute on function public.audit_checkpoints_guard() from public, anon, authenticated, service_role;
drop trigger if exists audit_checkpoints_guard on public.audit_checkpoints;
create trigger audit_checkpoints_guard
  before insert or update or delete or truncate on public.audit_checkpoints
  for each statement execute function public.audit_checkpoints_guard();

-- Today's checkpoint (UTC), once: a second call the same day returns the first.
create or replace function public.audit_checkpoint()
returns public.audit_checkpoints
language plpgsql
security definer
set search_path = ''
as $$
declare
  result public.audit_checkpoints;
  today date := (now() at time zone 'UTC')::date;
begin
  if auth.uid() is not null and coalesce(auth.role(), '') <> 'service_role' then
    raise exception using errcode = '42501', message = 'only the service role or a scheduled job may take an audit checkpoint';
  end if;
  lock table public.audit_events in exclusive mode;
  select * into result from public.audit_checkpoints c where c.day = today;
  if found then
    return result;
  end if;
  result.day := today;
  result.taken_at := clock_timestamp();
  select count(*) into result.event_count from public.audit_events;
  select e.id, e.hash into result.last_id, result.last_hash from public.audit_events e order by e.id desc limit 1;
  perform set_config('vault.audit_checkpoint', 'on', true);
  insert into public.audit_checkpoints select result.*;
  perform set_config('vault.audit_checkpoint', '', true);
  return result;
end
$$;
revoke execute on function public.audit_checkpoint() from public, anon, authenticated;
grant execute on function public.audit_checkpoint() to service_role;

-- Every checkpoint as CSV (day, taken_at, event_count, last_id, last_hash), for an operator to
-- store outside the database.
create or replace function public.audit_checkpoints_export()
returns text
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if not (
    auth.role() = 'service_role'
    or (auth.uid() is not null and (public.vault_role() in ('compliance', 'mfo_admin') or public.vault_is_admin()))
  ) then
    raise exception using errcode = '42501', message = 'only compliance, mfo_admin or an administrator may verify the audit trail';
  end if;
  return 'day,taken_at,event_count,last_id,last_hash' || coalesce((
    select string_agg(
      e'\n' || c.day::text || ',' || to_char(c.taken_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') || ','
        || c.event_count::text || ',' || coalesce(c.last_id::text, '') || ',' || coalesce(c.last_hash, ''),
      '' order by c.day)
    from public.audit_checkpoints c
  ), '');
end
$$;
revoke execute on function public.audit_checkpoints_export() from public, anon;
grant execute on function public.audit_checkpoints_export() to authenticated, service_role;

-- Where pg_cron is installed, the checkpoint runs each day at 00:05 UTC.
do $$
begin
  if exists (select 1 from pg_catalog.pg_extension where extname = 'pg_cron') then
    execute $cron$select cron.schedule('vault-audit-checkpoint', '5 0 * * *', 'select public.audit_checkpoint()')$cron$;
  end if;
end
$$;

-- The id of the first event that does not match its predecessor or its content; or, when the
-- chain is shorter than the last checkpoint or no longer holds its last event, that event's id;
-- null when everything holds.
create or replace function public.audit_verify()
returns bigint
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  expected_prev text := repeat('0', 64);
  e public.audit_events;
  checkpoint public.audit_checkpoints;
  total bigint := 0;
begin
  if not (
    auth.role() = 'service_role'
    or (auth.uid() is not null and (public.vault_role() in ('compliance', 'mfo_admin') or public.vault_is_admin()))
  ) then
    raise exception using errcode = '42501', message = 'only compliance, mfo_admin or an administrator may verify the audit trail';
  end if;
  for e in select * from public.audit_events order by id loop
    if e.prev_hash is distinct from expected_prev
      or e.hash is distinct from public.audit_event_hash(
        e.prev_hash, e.id, e.occurred_at, e.actor_id, e.actor_role, e.action, e.member_id,
        e.subject_type, e.subject_id,
        case when e.hash_version = 2 then public.audit_hashable_details(e.details, e.erased) else e.details end
      ) then
      return e.id;
    end if;
    expected_prev := e.hash;
    total := total + 1;
  end loop;
  select * into checkpoint from public.audit_checkpoints c order by c.day desc limit 1;
  if found and checkpoint.last_id is not null and (
    total < checkpoint.event_count
    or not exists (select 1 from public.audit_events x where x.id = checkpoint.last_id and x.hash = checkpoint.last_hash)
  ) then
    return checkpoint.last_id;
  end if;
  return null;
end
$$;
revoke execute on function public.audit_verify() from public, anon;
grant execute on function public.audit_verify() to authenticated, service_role;

revoke execute on function public.audit_append(text, uuid, text, text, jsonb) from public, anon, authenticated, service_role;
revoke execute on function public.audit_events_append_only() from public, anon, authenticated, service_role;
revoke execute on function public.audit_personal_keys() from public, anon, authenticated, service_role;
revoke execute on function public.audit_hashable_details(jsonb, jsonb) from public, anon, authenticated, service_role;

-- No client role holds any privilege on a sequence: a setval would make every audited write
-- fail, and survive a rollback. Later sequences start closed too.
revoke all on all sequences in schema public from public, anon, authenticated;
alter default privileges in schema public revoke all on sequences from anon, authenticated;

-- =============================================================================================
-- KYC in order (docs/backend.md "KYC").
-- * A provider result applies only to a case under review (pending), and only when its event
--   time (occurred_at) is later than the last result applied to the case (a provider's or a
--   reviewer's); any other is recorded (kyc.result_ignored) and changes nothing.
-- * A final rejection is final for the member: start_kyc refuses it; compliance reopens it with
--   a reason (reopen_kyc), which asks the member to submit again.
-- * The queue shows every earlier decision of a case, from the trail.
alter table public.kyc_cases add column if not exists last_result_at timestamptz;
alter table public.kyc_cases add column if not exists verified_country text;
alter table public.kyc_cases drop constraint if exists kyc_cases_verified_country_check;
alter table public.kyc_cases add constraint kyc_cases_verified_country_check
  check (verified_country is null or verified_country ~ '^[A-Z]{2}$');

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
  reopening boolean := coalesce(details ->> 'by', '') = 'reopen';
  action text := case
    when reopening then 'kyc.reopened'
    when new_status = 'pending' then 'kyc.submitted'
    when new_status = 'approved' then 'kyc.approved'
    when new_status = 'rejected' then 'kyc.rejected'
    when new_status = 'resubmission_requested' then 'kyc.resubmission_requested'
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
      when 'rejected' then 'Your identity verification was not approved. Reason: ' || kept_reason
        || '. Contact support if you think this is wrong.'
      else 'Please submit your identity verification again. Reason: ' || kept_reason
    end
  );
  return result;
end
$$;
revoke execute on function public.kyc_transition(uuid, text, text, jsonb) from public, anon, authenticated, service_role;

-- The member submits: from not_started or resubmission_requested to pending. Pending: nothing
-- changes (a retry). Approved, or rejected (final until compliance reopens it): refused.
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
  if current_row.kyc_status = 'rejected' then
    raise exception using errcode = 'P0001', message = 'a rejected verification is reopened only by compliance';
  end if;
  return public.kyc_transition(me, 'pending', null, jsonb_build_object('from', current_row.kyc_status));
end
$$;
revoke execute on function public.start_kyc() from public, anon, service_role;
grant execute on function public.start_kyc() to authenticated;

-- The provider's answer, with the provider's own event time, from its webhook (service role).
-- Once per event_id. verified_country: the country the provider verified, where it gives one.
drop function if exists public.apply_kyc_result(uuid, text, text, text);
create or replace function public.apply_kyc_result(
  member_id uuid,
  result text,
  reason text,
  event_id text,
  occurred_at timestamptz,
  verified_country text default null
)
returns public.profiles
language plpgsql
security definer
set search_path = ''
as $$
declare
  current_row public.profiles;
  kyc_case public.kyc_cases;
  outcome public.profiles;
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
  if occurred_at is null or occurred_at > now() + interval '5 minutes' then
    raise exception using errcode = '22023', message = 'occurred_at must be the provider''s event time, not in the future';
  end if;
  if verified_country is not null and not public.is_iso_country(verified_country) then
    raise exception using errcode = '22023', message = 'country must be an ISO 3166-1 alpha-2 code such as DE or GB';
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
  select * into kyc_case from public.kyc_cases c where c.member_id = apply_kyc_result.member_id;
  if current_row.kyc_status <> 'pending'
     or (kyc_case.last_result_at is not null and apply_kyc_result.occurred_at <= kyc_case.last_result_at) then
    perform public.audit_append(
      'kyc.result_ignored', apply_kyc_result.member_id, 'kyc', apply_kyc_result.member_id::text,
      jsonb_build_object(
        'result', result, 'event_id', event_id, 'occurred_at', apply_kyc_result.occurred_at,
        'status', current_row.kyc_status,
        'why', case when current_row.kyc_status <> 'pending' then 'not_under_review' else 'older_than_last_result' end
      )
    );
    return current_row;
  end if;
  outcome := public.kyc_transition(
    apply_kyc_result.member_id, result, coalesce(nullif(btrim(reason), ''), 'No reason given by the provider'),
    jsonb_build_object('from', current_row.kyc_status, 'event_id', event_id, 'by', 'provider',
                       'occurred_at', apply_kyc_result.occurred_at)
  );
  update public.kyc_cases c
    set last_result_at = apply_kyc_result.occurred_at,
        verified_country = coalesce(apply_kyc_result.verified_country, c.verified_country)
    where c.member_id = apply_kyc_result.member_id;
  return outcome;
end
$$;
revoke execute on function public.apply_kyc_result(uuid, text, text, text, timestamptz, text) from public, anon, authenticated;
grant execute on function public.apply_kyc_result(uuid, text, text, text, timestamptz, text) to service_role;

-- A compliance officer's (or an administrator's) decision on a pending verification; nobody
-- reviews their own. A provider result older than this decision no longer applies.
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
  outcome public.profiles;
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
  outcome := public.kyc_transition(
    review_kyc.member_id, decision, reason,
    jsonb_build_object('from', current_row.kyc_status, 'by', 'reviewer')
  );
  update public.kyc_cases c set last_result_at = greatest(c.last_result_at, now())
    where c.member_id = review_kyc.member_id;
  return outcome;
end
$$;
revoke execute on function public.review_kyc(uuid, text, text) from public, anon, service_role;
grant execute on function public.review_kyc(uuid, text, text) to authenticated;

-- Compliance (or an administrator) reopens a final rejection, with a reason the member reads:
-- the member is asked to submit again. Nobody reopens their own.
create or replace function public.reopen_kyc(member_id uuid, reason text)
returns public.profiles
language plpgsql
security definer
set search_path = ''
as $$
declare
  me uuid := auth.uid();
  current_row public.profiles;
  outcome public.profiles;
begin
  if me is null or not (public.vault_role() = 'compliance' or public.vault_is_admin()) then
    raise exception using errcode = '42501', message = 'only compliance or an administrator may review KYC';
  end if;
  if reopen_kyc.member_id = me then
    raise exception using errcode = '42501', message = 'nobody reviews their own KYC';
  end if;
  if nullif(btrim(reason), '') is null then
    raise exception using errcode = '22023', message = 'a reason is required to reopen a verification';
  end if;
  if char_length(reason) > 500 then
    raise exception using errcode = '22023', message = 'reason must be at most 500 characters';
  end if;
  select * into current_row from public.profiles p where p.id = reopen_kyc.member_id for update;
  if not found then
    raise exception using errcode = '22023', message = 'unknown member';
  end if;
  if current_row.kyc_status <> 'rejected' then
    raise exception using errcode = 'P0001', message = 'only a rejected verification can be reopened';
  end if;
  outcome := public.kyc_transition(
    reopen_kyc.member_id, 'resubmission_requested', reason,
    jsonb_build_object('from', current_row.kyc_status, 'by', 'reopen')
  );
  update public.kyc_cases c set last_result_at = greatest(c.last_result_at, now())
    where c.member_id = reopen_kyc.member_id;
  return outcome;
end
$$;
revoke execute on function public.reopen_kyc(uuid, text) from public, anon, service_role;
grant execute on function public.reopen_kyc(uuid, text) to authenticated;

-- Staff reads of a member's personal data are recorded (personal_data.viewed).
create or replace function public.record_personal_data_view(member_id uuid, view text, details jsonb default '{}'::jsonb)
returns void
language sql
security definer
set search_path = ''
as $$
  select null from public.audit_append(
    'personal_data.viewed', record_personal_data_view.member_id, 'member',
    coalesce(record_personal_data_view.member_id::text, view),
    jsonb_build_object('view', view) || coalesce(details, '{}'::jsonb)
  )
$$;
revoke execute on function public.record_personal_data_view(uuid, text, jsonb) from public, anon, authenticated, service_role;

-- The queue's rows carry every earlier decision of the case (oldest first).
do $$
begin
  if not exists (
    select 1 from pg_catalog.pg_attribute a
    where a.attrelid = 'public.kyc_queue_row'::regclass and a.attname = 'decisions' and not a.attisdropped
  ) then
    alter type public.kyc_queue_row add attribute decisions jsonb;
  end if;
end
$$;

-- The members whose KYC is pending, oldest submission first, each with its earlier decisions;
-- the read is recorded (personal_data.viewed, the members listed). Security definer: it reads
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

-- One member as /users shows them; the read is recorded (personal_data.viewed). Security
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
  perform public.record_personal_data_view(member_detail.member_id, 'member_detail');
  return result;
end
$$;
revoke execute on function public.member_detail(uuid) from public, anon, service_role;
grant execute on function public.member_detail(uuid) to authenticated;

-- =============================================================================================
-- Alerts: four eyes. An alert names the member it concerns (member_id, where known); nobody
-- acknowledges or resolves an alert about themselves.
alter table public.compliance_alerts add column if not exists member_id uuid;
create index if not exists compliance_alerts_member_id_idx on public.compliance_alerts (member_id);

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

-- =============================================================================================
-- Repayments: the lender's reference (unique per loan), a date within the loan's life, and an
-- amount no more than what is outstanding.
-- * A loan's life starts on starts_on where it is known, else twelve months before its first
--   scheduled instalment, and ends today (no repayment is dated in the future).
-- * The principal is the loan's amount ("€1,250,000"), in cents.
alter table public.loans add column if not exists starts_on date;

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

alter table public.loan_repayments add column if not exists reference text;
update public.loan_repayments set reference = 'legacy-' || id where reference is null;
alter table public.loan_repayments alter column reference set not null;
alter table public.loan_repayments drop constraint if exists loan_repayments_reference_check;
alter table public.loan_repayments add constraint loan_repayments_reference_check
  check (char_length(reference) between 1 and 100);
alter table public.loan_repayments drop constraint if exists loan_repayments_once;
alter table public.loan_repayments add constraint loan_repayments_once unique (loan_id, reference);

drop function if exists public.record_repayment(text, bigint, date);
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
  if not found then
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
    select (min(make_date(substr(r.due, 1, 4)::int, substr(r.due, 6, 2)::int, substr(r.due, 9, 2)::int)) - interval '12 months')::date
    from public.repayments r where r.borrower = loan.borrower and r.due ~ '^\d{4}-\d{2}-\d{2}'
  ));
  if life_starts is null or paid_on < life_starts then
    raise exception using errcode = '22023', message = 'paid_on must be within the loan''s life';
  end if;
  outstanding := public.loan_principal_cents(loan.amount)
    - coalesce((select sum(r.amount_cents) from public.loan_repayments r where r.loan_id = loan.id), 0);
  if outstanding is null or amount_cents > outstanding then
    raise exception using errcode = '22023', message = 'amount_cents is more than the loan''s outstanding amount';
  end if;
  insert into public.loan_repayments (loan_id, amount_cents, paid_on, recorded_by, reference)
    values (record_repayment.loan_id, record_repayment.amount_cents, record_repayment.paid_on, auth.uid(), kept_reference)
    returning * into result;
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

-- =============================================================================================
-- Declarations (docs/eligibility.md).
-- * The questionnaire the client reads has no scoring; the server scores with its own copy.
-- * The declared country must be the one KYC verified, where the provider gave one.
-- * A change of country or category keeps the stricter rules of the declaration it replaces
--   for 30 days (previous_*): its cooling-off and its appropriateness rules still apply.
-- * A professional status declared by a member without an approved one waits for compliance
--   (professional_status pending); until approved the member counts as retail.
-- * answers is bounded: at most 1 KB, only the declaration's keys, each a boolean.
alter table public.investor_profiles add column if not exists previous_country text;
alter table public.investor_profiles add column if not exists previous_category text;
alter table public.investor_profiles add column if not exists previous_until timestamptz;
alter table public.investor_profiles add column if not exists professional_status text;
alter table public.investor_profiles add column if not exists professional_reason text;
alter table public.investor_profiles drop constraint if exists investor_profiles_professional_status_check;
alter table public.investor_profiles add constraint investor_profiles_professional_status_check
  check (professional_status is null or professional_status in ('pending', 'approved', 'rejected'));
alter table public.investor_profiles drop constraint if exists investor_profiles_professional_reason_check;
alter table public.investor_profiles add constraint investor_profiles_professional_reason_check
  check (professional_reason is null or char_length(professional_reason) between 1 and 500);
-- Professional statuses declared before this review existed wait for it too.
update public.investor_profiles set professional_status = 'pending'
  where category = 'professional' and professional_status is null;
-- Compliance reviews professional requests: it reads every declaration (20261124170100).
create index if not exists investor_profiles_professional_pending_idx on public.investor_profiles (declared_at)
  where professional_status = 'pending';

-- The questionnaire with its scoring, as `currentQuestionnaire` in the domain. Internal.
create or replace function public.appropriateness_questionnaire()
returns jsonb
language sql
immutable
set search_path = ''
as $questionnaire$
  select $json${
  "version": "appropriateness-2026-1",
  "passMark": 4,
  "questions": [
    {
      "id": "what_you_buy",
      "topic": "knowledge",
      "text": "What do you own when you invest in an opportunity on Vault?",
      "options": [
        {
          "id": "share_of_private_asset",
          "text": "A share of a private asset, whose value can fall to nothing",
          "points": 1
        },
        {
          "id": "bank_deposit",
          "text": "A bank deposit covered by a guarantee scheme",
          "points": 0
        },
        {
          "id": "guaranteed_return",
          "text": "A fixed amount I am sure to get back",
          "points": 0
        }
      ]
    },
    {
      "id": "selling",
      "topic": "knowledge",
      "text": "Can you sell your investment whenever you want?",
      "options": [
        {
          "id": "not_always",
          "text": "Not always: there may be no buyer until the term ends",
          "points": 1
        },
        {
          "id": "any_time",
          "text": "Yes, at any time, for at least what I paid",
          "points": 0
        }
      ]
    },
    {
      "id": "private_investments_made",
      "topic": "experience",
      "text": "How many times have you invested in unlisted assets (private companies, private loans, crowdfunding) in the last three years?",
      "options": [
        {
          "id": "never",
          "text": "Never",
          "points": 0
        },
        {
          "id": "one_to_four",
          "text": "One to four times",
          "points": 1
        },
        {
          "id": "five_or_more",
          "text": "Five times or more",
          "points": 1
        }
      ]
    },
    {
      "id": "market_experience",
      "topic": "experience",
      "text": "Have you bought shares, bonds or funds yourself, or worked in finance?",
      "options": [
        {
          "id": "yes",
          "text": "Yes",
          "points": 1
        },
        {
          "id": "no",
          "text": "No",
          "points": 0
        }
      ]
    },
    {
      "id": "losing_everything",
      "topic": "loss_capacity",
      "text": "If you lost all the money you invest here, how would it affect you?",
      "options": [
        {
          "id": "no_change",
          "text": "My standard of living would not change",
          "points": 1
        },
        {
          "id": "must_change",
          "text": "I would have to change how I live",
          "points": 0
        }
      ]
    }
  ]
}$json$::jsonb
$questionnaire$;
revoke execute on function public.appropriateness_questionnaire() from public, anon, authenticated, service_role;

-- The questionnaire as the member reads it: version, questions and options, no points and no
-- pass mark, so the answers that pass cannot be read off it. Security definer: it reads the
-- scored copy, which no client may.
create or replace function public.current_questionnaire()
returns jsonb
language sql
immutable
security definer
set search_path = ''
as $$
  select jsonb_build_object(
    'version', q -> 'version',
    'questions', (
      select jsonb_agg(
        jsonb_build_object(
          'id', question -> 'id', 'topic', question -> 'topic', 'text', question -> 'text',
          'options', (select jsonb_agg(o - 'points' order by n) from jsonb_array_elements(question -> 'options') with ordinality as x (o, n))
        ) order by i)
      from jsonb_array_elements(q -> 'questions') with ordinality as y (question, i)
    )
  )
  from (select public.appropriateness_questionnaire() as q) s
$$;
revoke execute on function public.current_questionnaire() from public, anon, service_role;
grant execute on function public.current_questionnaire() to authenticated;

-- The score of the options chosen, or null when the answers are not one known option for every
-- question and nothing else (`scoreAppropriateness`), or are over 2 KB.
create or replace function public.appropriateness_score(answers jsonb)
returns integer
language sql
immutable
set search_path = ''
as $$
  select case
    when jsonb_typeof(answers) is distinct from 'object' then null
    when octet_length(answers::text) > 2048 then null
    when (select count(*) from jsonb_object_keys(answers))
         <> jsonb_array_length(public.appropriateness_questionnaire() -> 'questions') then null
    when exists (
      select 1 from jsonb_array_elements(public.appropriateness_questionnaire() -> 'questions') q
      where not exists (
        select 1 from jsonb_array_elements(q -> 'options') o
        where o ->> 'id' = answers ->> (q ->> 'id') and jsonb_typeof(answers -> (q ->> 'id')) = 'string'
      )
    ) then null
    else (
      select sum((o ->> 'points')::integer)::integer
      from jsonb_array_elements(public.appropriateness_questionnaire() -> 'questions') q,
           jsonb_array_elements(q -> 'options') o
      where o ->> 'id' = answers ->> (q ->> 'id')
    )
  end
$$;
revoke execute on function public.appropriateness_score(jsonb) from public, anon, authenticated, service_role;

-- The category the rules apply to: a professional status not (yet) approved counts as retail.
create or replace function public.effective_category(investor public.investor_profiles)
returns text
language sql
immutable
set search_path = ''
as $$
  select case
    when (investor).category = 'professional' and (investor).professional_status is distinct from 'approved' then 'retail'
    else (investor).category
  end
$$;
revoke execute on function public.effective_category(public.investor_profiles) from public, anon, authenticated, service_role;

-- Whether the declaration the member replaced less than 30 days ago was a UK one.
create or replace function public.previous_declaration_uk(investor public.investor_profiles, at_time timestamptz)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select coalesce((investor).previous_until > at_time
    and (investor).previous_category in ('uk_restricted', 'uk_high_net_worth', 'uk_sophisticated'), false)
$$;
revoke execute on function public.previous_declaration_uk(public.investor_profiles, timestamptz) from public, anon, authenticated, service_role;

create or replace function public.member_eligibility(
  member_id uuid,
  opportunity_id text,
  amount_cents bigint,
  out code text,
  out at_time timestamptz
)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  opportunity public.opportunities;
  investor public.investor_profiles;
  latest public.appropriateness_assessments;
  cooling_off_started_at timestamptz;
  questionnaire text;
  first_time boolean;
  decision record;
  earlier record;
begin
  select * into opportunity from public.opportunities o where o.id = member_eligibility.opportunity_id;
  if not found then
    raise exception using errcode = '22023', message = 'unknown opportunity';
  end if;
  select * into investor from public.investor_profiles p where p.member_id = member_eligibility.member_id;
  select * into latest from public.appropriateness_assessments a
    where a.member_id = member_eligibility.member_id
    order by a.submitted_at desc, a.id desc limit 1;
  select c.started_at into cooling_off_started_at from public.cooling_off_periods c
    where c.member_id = member_eligibility.member_id;
  questionnaire := case
    when latest.id is null then 'not_taken'
    when latest.passed then 'passed'
    when latest.acknowledged_at is not null then 'acknowledged'
    else 'failed'
  end;
  first_time := public.is_first_time_investor(member_eligibility.member_id);
  select * into decision from public.eligibility_decision(
    case when investor.member_id is null then null else public.effective_category(investor) end,
    investor.country, investor.declared_at, now(),
    opportunity.eligible_countries, opportunity.eligible_categories, opportunity.min_ticket_cents,
    member_eligibility.amount_cents,
    questionnaire, latest.submitted_at, cooling_off_started_at, first_time
  );
  code := decision.code;
  at_time := decision.at_time;
  -- Within 30 days of a change, the replaced declaration's cooling-off and appropriateness
  -- rules still hold.
  if code is null and investor.previous_until > now() then
    select * into earlier from public.eligibility_decision(
      case when investor.previous_category = 'professional' then 'retail' else investor.previous_category end,
      investor.previous_country, now(), now(),
      null, null, null, member_eligibility.amount_cents,
      questionnaire, latest.submitted_at, cooling_off_started_at, first_time
    );
    if earlier.code in ('COOLING_OFF_ACTIVE', 'APPROPRIATENESS_REQUIRED') then
      code := earlier.code;
      at_time := earlier.at_time;
    end if;
  end if;
end
$$;
revoke execute on function public.member_eligibility(uuid, text, bigint) from public, anon, authenticated, service_role;

create or replace function public.save_investor_profile(country text, category text, answers jsonb)
returns public.investor_profiles
language plpgsql
security definer
set search_path = ''
as $$
declare
  me uuid := auth.uid();
  uk_category boolean;
  verified text;
  existing public.investor_profiles;
  result public.investor_profiles;
  changed boolean;
  keep_previous boolean;
begin
  if me is null then
    raise exception using errcode = '42501', message = 'not signed in';
  end if;
  if country is null or not public.is_iso_country(country) then
    raise exception using errcode = '22023', message = 'country must be an ISO 3166-1 alpha-2 code such as DE or GB';
  end if;
  if category is null or category not in (
    'retail', 'professional', 'corporate', 'uk_restricted', 'uk_high_net_worth', 'uk_sophisticated'
  ) then
    raise exception using errcode = '22023',
      message = 'category must be retail, professional, corporate, uk_restricted, uk_high_net_worth or uk_sophisticated';
  end if;
  if jsonb_typeof(answers) is distinct from 'object' then
    raise exception using errcode = '22023', message = 'answers must be a JSON object';
  end if;
  if octet_length(answers::text) > 1024
     or exists (
       select 1 from jsonb_each(answers) e
       where e.key not in ('portfolio_over_500k', 'ten_trades_a_quarter', 'one_year_in_finance', 'statement_signed')
          or jsonb_typeof(e.value) <> 'boolean'
     ) then
    raise exception using errcode = '22023',
      message = 'answers may hold only portfolio_over_500k, ten_trades_a_quarter, one_year_in_finance and statement_signed, each true or false';
  end if;
  uk_category := category in ('uk_restricted', 'uk_high_net_worth', 'uk_sophisticated');
  if (country = 'GB') <> uk_category then
    raise exception using errcode = '22023', message = 'UK residents take a UK category, and only UK residents do';
  end if;
  if category = 'professional' and (
    select count(*) from unnest(array['portfolio_over_500k', 'ten_trades_a_quarter', 'one_year_in_finance']) k
    where answers -> k = 'true'::jsonb
  ) < 2 then
    raise exception using errcode = '22023', message = 'a professional investor declares at least two of the three criteria';
  end if;
  if uk_category and answers -> 'statement_signed' is distinct from 'true'::jsonb then
    raise exception using errcode = '22023', message = 'this category needs its signed statement (statement_signed: true)';
  end if;
  select c.verified_country into verified from public.kyc_cases c where c.member_id = me;
  if verified is not null and verified <> save_investor_profile.country then
    raise exception using errcode = 'P0001', message = 'your country must be the one your identity verification confirmed';
  end if;
  select * into existing from public.investor_profiles p where p.member_id = me for update;
  changed := existing.member_id is not null
    and (existing.country <> save_investor_profile.country or existing.category <> save_investor_profile.category);
  -- An earlier UK declaration still in force is the stricter one: moving on keeps it.
  keep_previous := public.previous_declaration_uk(existing, now())
    and existing.category not in ('uk_restricted', 'uk_high_net_worth', 'uk_sophisticated');
  insert into public.investor_profiles as p (
    member_id, country, category, answers, declared_at, professional_status
  )
  values (
    me, save_investor_profile.country, save_investor_profile.category, save_investor_profile.answers, now(),
    case when save_investor_profile.category = 'professional' then 'pending' end
  )
  on conflict on constraint investor_profiles_pkey do update set
    country = excluded.country, category = excluded.category, answers = excluded.answers, declared_at = excluded.declared_at,
    previous_country = case when changed and not keep_previous then p.country else p.previous_country end,
    previous_category = case when changed and not keep_previous then p.category else p.previous_category end,
    previous_until = case when changed and not keep_previous then now() + interval '30 days' else p.previous_until end,
    -- An approved professional status stays approved when the member declares it again.
    professional_status = case
      when excluded.category <> 'professional' then null
      when p.category = 'professional' and p.professional_status = 'approved' then 'approved'
      else 'pending'
    end,
    professional_reason = case
      when excluded.category = 'professional' and p.category = 'professional' and p.professional_status = 'approved'
        then p.professional_reason
    end
  returning * into result;
  perform public.audit_append(
    'investor.classified', me, 'investor_profile', me::text,
    jsonb_build_object('country', result.country, 'category', result.category, 'answers', result.answers,
                       'professional_status', result.professional_status)
  );
  return result;
end
$$;
revoke execute on function public.save_investor_profile(text, text, jsonb) from public, anon, service_role;
grant execute on function public.save_investor_profile(text, text, jsonb) to authenticated;

-- Compliance (or an administrator) decides on a declared professional status; a reason is
-- required unless approving; nobody reviews their own.
create or replace function public.review_professional_status(member_id uuid, decision text, reason text)
returns public.investor_profiles
language plpgsql
security definer
set search_path = ''
as $$
declare
  me uuid := auth.uid();
  kept_reason text := nullif(btrim(reason), '');
  investor public.investor_profiles;
  event public.audit_events;
begin
  if me is null or not (public.vault_role() = 'compliance' or public.vault_is_admin()) then
    raise exception using errcode = '42501', message = 'only compliance or an administrator may review a professional status';
  end if;
  if review_professional_status.member_id = me then
    raise exception using errcode = '42501', message = 'nobody reviews their own professional status';
  end if;
  if decision is null or decision not in ('approved', 'rejected') then
    raise exception using errcode = '22023', message = 'decision must be approved or rejected';
  end if;
  if decision = 'rejected' and kept_reason is null then
    raise exception using errcode = '22023', message = 'a reason is required when rejecting';
  end if;
  if char_length(kept_reason) > 500 then
    raise exception using errcode = '22023', message = 'reason must be at most 500 characters';
  end if;
  select * into investor from public.investor_profiles p where p.member_id = review_professional_status.member_id for update;
  if not found or investor.professional_status is distinct from 'pending' then
    raise exception using errcode = 'P0001', message = 'there is no professional status waiting for review';
  end if;
  update public.investor_profiles p
    set professional_status = decision, professional_reason = kept_reason
    where p.member_id = review_professional_status.member_id
    returning * into investor;
  event := public.audit_append(
    'investor.professional_reviewed', review_professional_status.member_id, 'investor_profile',
    review_professional_status.member_id::text,
    jsonb_build_object('decision', decision)
      || case when kept_reason is null then '{}'::jsonb else jsonb_build_object('reason', kept_reason) end
  );
  perform public.notify_member(
    review_professional_status.member_id, event,
    case when decision = 'approved' then 'Professional status approved' else 'Professional status not approved' end,
    case when decision = 'approved'
      then 'You are now treated as a professional investor.'
      else 'You are still treated as a retail investor. Reason: ' || kept_reason
    end
  );
  return investor;
end
$$;
revoke execute on function public.review_professional_status(uuid, text, text) from public, anon, service_role;
grant execute on function public.review_professional_status(uuid, text, text) to authenticated;

create or replace function public.submit_appropriateness(version text, answers jsonb)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  me uuid := auth.uid();
  investor public.investor_profiles;
  latest public.appropriateness_assessments;
  questionnaire jsonb := public.appropriateness_questionnaire();
  score integer;
  saved public.appropriateness_assessments;
  uk_rules boolean;
begin
  if me is null then
    raise exception using errcode = '42501', message = 'not signed in';
  end if;
  if version is distinct from questionnaire ->> 'version' then
    raise exception using errcode = '22023', message = 'this is not the current questionnaire';
  end if;
  score := public.appropriateness_score(answers);
  if score is null then
    raise exception using errcode = '22023', message = 'answers must give one of its options for every question';
  end if;
  select * into investor from public.investor_profiles p where p.member_id = me;
  if not found then
    raise exception using errcode = 'P0001', message = 'tell us your country and investor category first';
  end if;
  if public.effective_category(investor) in ('professional', 'corporate') then
    raise exception using errcode = 'P0001', message = 'professional and corporate investors are not asked the questionnaire';
  end if;
  uk_rules := investor.category in ('uk_restricted', 'uk_high_net_worth', 'uk_sophisticated')
    or public.previous_declaration_uk(investor, now());
  -- One submission at a time per member, so the retake rule sees the latest.
  perform 1 from public.profiles p where p.id = me for update;
  select * into latest from public.appropriateness_assessments a
    where a.member_id = me order by a.submitted_at desc, a.id desc limit 1;
  if uk_rules and latest.id is not null and not latest.passed and now() < latest.submitted_at + interval '24 hours' then
    raise exception using errcode = 'P0001', message = 'a failed test can be taken again 24 hours after it';
  end if;
  insert into public.appropriateness_assessments (member_id, version, answers, score, passed)
  values (me, submit_appropriateness.version, submit_appropriateness.answers, score,
          score >= (questionnaire ->> 'passMark')::integer)
  returning * into saved;
  perform public.audit_append(
    'appropriateness.submitted', me, 'appropriateness_assessment', saved.id::text,
    jsonb_build_object('version', saved.version, 'score', saved.score, 'passed', saved.passed)
  );
  return jsonb_build_object(
    'version', saved.version,
    'score', saved.score,
    'passed', saved.passed,
    'submitted_at', saved.submitted_at,
    'retake_at', case
      when not saved.passed and uk_rules then saved.submitted_at + interval '24 hours'
    end
  );
end
$$;
revoke execute on function public.submit_appropriateness(text, jsonb) from public, anon, service_role;
grant execute on function public.submit_appropriateness(text, jsonb) to authenticated;

create or replace function public.acknowledge_appropriateness_warning()
returns public.appropriateness_assessments
language plpgsql
security definer
set search_path = ''
as $$
declare
  me uuid := auth.uid();
  investor public.investor_profiles;
  latest public.appropriateness_assessments;
begin
  if me is null then
    raise exception using errcode = '42501', message = 'not signed in';
  end if;
  select * into investor from public.investor_profiles p where p.member_id = me;
  if not found then
    raise exception using errcode = 'P0001', message = 'tell us your country and investor category first';
  end if;
  if investor.category in ('uk_restricted', 'uk_high_net_worth', 'uk_sophisticated')
     or public.previous_declaration_uk(investor, now()) then
    raise exception using errcode = 'P0001', message = 'UK investors must pass the test; a warning cannot be acknowledged';
  end if;
  select * into latest from public.appropriateness_assessments a
    where a.member_id = me order by a.submitted_at desc, a.id desc limit 1 for update;
  if latest.id is null or latest.passed then
    raise exception using errcode = 'P0001', message = 'there is no appropriateness warning to acknowledge';
  end if;
  if latest.acknowledged_at is not null then
    return latest;
  end if;
  update public.appropriateness_assessments a set acknowledged_at = now() where a.id = latest.id returning * into latest;
  perform public.audit_append(
    'appropriateness.warning_acknowledged', me, 'appropriateness_assessment', latest.id::text,
    jsonb_build_object('version', latest.version, 'score', latest.score)
  );
  return latest;
end
$$;
revoke execute on function public.acknowledge_appropriateness_warning() from public, anon, service_role;
grant execute on function public.acknowledge_appropriateness_warning() to authenticated;

-- A UK first-time investor's first request starts the 24-hour cooling-off; so does one whose
-- UK declaration was replaced less than 30 days ago.
create or replace function public.request_to_invest(opportunity_id text)
returns timestamptz
language plpgsql
security definer
set search_path = ''
as $$
declare
  me uuid := auth.uid();
  investor public.investor_profiles;
  started timestamptz;
begin
  if me is null then
    raise exception using errcode = '42501', message = 'not signed in';
  end if;
  if opportunity_id is null or not exists (select 1 from public.opportunities o where o.id = request_to_invest.opportunity_id) then
    raise exception using errcode = '22023', message = 'unknown opportunity';
  end if;
  select * into investor from public.investor_profiles p where p.member_id = me;
  if not found
     or not (investor.country = 'GB' or coalesce(investor.previous_country = 'GB' and investor.previous_until > now(), false))
     or not public.is_first_time_investor(me) then
    return null;
  end if;
  insert into public.cooling_off_periods (member_id, opportunity_id) values (me, request_to_invest.opportunity_id)
    on conflict do nothing
    returning started_at into started;
  if started is not null then
    perform public.audit_append(
      'investment.cooling_off_started', me, 'opportunity', request_to_invest.opportunity_id,
      jsonb_build_object('ends_at', started + interval '24 hours')
    );
  else
    select c.started_at into started from public.cooling_off_periods c where c.member_id = me;
  end if;
  return started + interval '24 hours';
end
$$;
revoke execute on function public.request_to_invest(text) from public, anon, service_role;
grant execute on function public.request_to_invest(text) to authenticated;

-- =============================================================================================
-- Retention and personal data.
-- * Deleting an account keeps the regulated records: KYC cases, investor declarations,
--   appropriateness results, cooling-off periods, investments, payments and signatures lose
--   their foreign key to auth.users (the member id stays, as a pseudonymous key), and the
--   member's name and email are kept in public.member_archive for the retention period (5 years
--   after the relationship ends for AML records, 7 for the audit trail).
-- * pseudonymise_member (compliance) erases the personal data of a deleted account: the archive,
--   free-text reasons, declaration answers, signer emails, and the personal values of its audit
--   events (hash_version 2), and records that it ran.
do $$
declare
  r record;
begin
  for r in
    select c.conname, cl.relname
    from pg_catalog.pg_constraint c
    join pg_catalog.pg_class cl on cl.oid = c.conrelid
    join pg_catalog.pg_namespace n on n.oid = cl.relnamespace
    where c.contype = 'f' and c.confrelid = 'auth.users'::regclass and n.nspname = 'public'
      and cl.relname in ('kyc_cases', 'investor_profiles', 'appropriateness_assessments', 'cooling_off_periods',
                         'investments', 'payments', 'agreement_signatures', 'document_signatures')
  loop
    execute format('alter table public.%I drop constraint %I', r.relname, r.conname);
  end loop;
end
$$;

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
