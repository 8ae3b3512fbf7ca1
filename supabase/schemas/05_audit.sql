-- The audit trail: append-only and tamper-evident (docs/backend.md "The audit trail").
--
-- * One row per server-side event. The action names are a closed list, declared once in
--   @vault/domain (packages/domain/src/backend/audit.ts, `auditActions`); a test checks that the
--   CHECK constraint below lists the same names.
-- * Each row's hash is SHA-256 (hex) of the previous row's hash followed by the row's canonical
--   content (public.audit_event_hash), so the rows form a chain: changing, removing or inserting
--   a row anywhere but at the end breaks every hash after it, and public.audit_verify() names the
--   first row that no longer matches. The first row's prev_hash is 64 zeros.
-- * Only public.audit_append() writes it, and public.audit_append_many() for a batch (security
--   definer, executable by no client role and not by the service role either): the server
--   functions and triggers call them. It takes an EXCLUSIVE
--   lock on the table, so two transactions never chain onto the same predecessor; readers are not
--   blocked.
-- * No UPDATE, DELETE or TRUNCATE, from anyone. Privileges cannot say that: a table's owner (the
--   role that runs migrations) and superusers are not bound by grants, and the owner could grant
--   them back. A trigger binds every role, owner and service_role included, so the refusal is a
--   statement-level trigger. Only the owner can disable a trigger, and doing so is itself
--   visible (the chain breaks at the first altered row); docs/backend.md says how an operator
--   anchors the latest hash outside the database.
-- * Retention: 7 years (AUDIT_TRAIL_YEARS). There is no deletion path at all. member_id and
--   actor_id carry no foreign key on purpose: the trail outlives the accounts it mentions.

create table if not exists public.audit_events (
  id bigint generated always as identity primary key,
  occurred_at timestamptz not null default now(),
  actor_id uuid,
  actor_role text not null check (char_length(actor_role) between 1 and 50),
  -- One of the domain's `auditActions` (00_generated_domain.sql).
  action text not null check (action = any (public.audit_action_names())),
  member_id uuid,
  subject_type text check (subject_type is null or char_length(subject_type) between 1 and 50),
  subject_id text check (subject_id is null or char_length(subject_id) between 1 and 200),
  -- A payload over 8 KB is refused: the trail cannot be deleted, so nothing large enters it.
  details jsonb not null default '{}'::jsonb
    check (jsonb_typeof(details) = 'object' and octet_length(details::text) <= 8192),
  prev_hash text not null check (prev_hash ~ '^[0-9a-f]{64}$'),
  hash text not null unique check (hash ~ '^[0-9a-f]{64}$'),
  -- 2: the hash covers the digest of each personal value (audit_hashable_details, below).
  hash_version smallint not null default 1 check (hash_version in (1, 2)),
  -- The digests of the personal values erased by pseudonymise_member.
  erased jsonb check (erased is null or (hash_version = 2 and jsonb_typeof(erased) = 'object'))
);

-- The canonical content of a row: a jsonb object of every column but the two hashes, written out
-- as jsonb's text (keys in jsonb's fixed order, one space after ':' and ','), with occurred_at as
-- UTC ISO 8601 with microseconds so the text does not depend on the session's TimeZone or
-- DateStyle. The hash is SHA-256 of prev_hash || that text, UTF-8, as lower-case hex.
-- PL/pgSQL, as audit_actor_role and audit_personal_keys: a SQL function with its own search_path
-- is parsed and planned again in every transaction, and every event calls these.
create or replace function public.audit_event_hash(
  prev_hash text,
  id bigint,
  occurred_at timestamptz,
  actor_id uuid,
  actor_role text,
  action text,
  member_id uuid,
  subject_type text,
  subject_id text,
  details jsonb
)
returns text
language plpgsql
immutable
set search_path = ''
as $$
begin
  return encode(sha256(convert_to($1 || jsonb_build_object(
    'id', $2,
    'occurred_at', to_char($3 at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'),
    'actor_id', $4,
    'actor_role', $5,
    'action', $6,
    'member_id', $7,
    'subject_type', $8,
    'subject_id', $9,
    'details', $10
  )::text, 'UTF8')), 'hex');
end
$$;
revoke execute on function public.audit_event_hash(text, bigint, timestamptz, uuid, text, text, uuid, text, text, jsonb) from public, anon, authenticated, service_role;

-- Who is acting, as the trail records it: the service role (a provider's webhook through an edge
-- function), a signed-in member ('admin' when the admin flag is set, else their Vault role), or
-- 'system' (a migration, an operator's SQL, a trigger with no request).
create or replace function public.audit_actor_role()
returns text
language plpgsql
stable
set search_path = ''
as $$
begin
  return case
    when auth.role() = 'service_role' then 'service_role'
    when auth.uid() is not null then
      case when public.vault_is_admin() then 'admin' else public.vault_role() end
    else 'system'
  end;
end
$$;
revoke execute on function public.audit_actor_role() from public, anon, authenticated, service_role;

-- The writer (and audit_append_many, below, for a batch). The actor is read from the request (auth.uid(), the claims), never passed in.
-- The id is drawn and the time read once the lock is held (never before the previous event's),
-- so time and order agree; the row is written once, whole, with its hash (version 2: each
-- personal value by its digest, so it can be erased).
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
  -- Without a personal key the hashable payload is the payload itself: the aggregate is skipped.
  event.hash := public.audit_event_hash(
    event.prev_hash, event.id, event.occurred_at, event.actor_id, event.actor_role, event.action,
    event.member_id, event.subject_type, event.subject_id,
    case when event.details ?| public.audit_personal_keys()
      then public.audit_hashable_details(event.details, null) else event.details end
  );
  insert into public.audit_events overriding system value select event.*;
  return event;
end
$$;
revoke execute on function public.audit_append(text, uuid, text, text, jsonb) from public, anon, authenticated, service_role;

-- Many events of one action at once, in the arrays' order (a batch of ledger transfers): the rows
-- audit_append would write one after the other, with the same ids, times and chained hashes, but
-- the actor and the chain's end read once and every row written by one insert, so n events cost n
-- hashes, not n lookups and inserts. Answers each event's id and time, in order.
create or replace function public.audit_append_many(
  action text,
  member_ids uuid[],
  subject_type text,
  subject_ids text[],
  details jsonb[]
)
returns table (id bigint, occurred_at timestamptz)
language plpgsql
security definer
set search_path = ''
as $$
declare
  previous public.audit_events;
  actor uuid;
  actor_role text;
  personal text[] := public.audit_personal_keys();
  n integer := coalesce(cardinality(subject_ids), 0);
  e record;
  k integer := 0;
  ids bigint[] := '{}';
  times timestamptz[] := '{}';
  prev_hashes text[] := '{}';
  hashes text[] := '{}';
  prev text;
  at_time timestamptz;
begin
  if coalesce(cardinality(member_ids), 0) <> n or coalesce(cardinality(details), 0) <> n then
    raise exception using errcode = '22023', message = 'the events'' arrays must have the same length';
  end if;
  lock table public.audit_events in exclusive mode;
  select * into previous from public.audit_events x order by x.id desc limit 1;
  actor := case when auth.role() = 'service_role' then null else auth.uid() end;
  actor_role := public.audit_actor_role();
  prev := coalesce(previous.hash, repeat('0', 64));
  at_time := previous.occurred_at;
  -- unnest, not subscripts: the k-th element of a text or jsonb array is found by walking the array.
  for e in select u.member_id, u.subject_id, u.details from unnest(member_ids, subject_ids, details) as u (member_id, subject_id, details) loop
    k := k + 1;
    ids[k] := nextval(pg_get_serial_sequence('public.audit_events', 'id'));
    at_time := greatest(clock_timestamp(), at_time);
    times[k] := at_time;
    prev_hashes[k] := prev;
    prev := public.audit_event_hash(
      prev, ids[k], at_time, actor, actor_role, audit_append_many.action, e.member_id,
      audit_append_many.subject_type, e.subject_id,
      -- Without a personal key the hashable payload is the payload itself (a transfer's, always).
      case when e.details ?| personal then public.audit_hashable_details(e.details, null)
           else coalesce(e.details, '{}'::jsonb) end
    );
    hashes[k] := prev;
  end loop;
  insert into public.audit_events (
    id, occurred_at, actor_id, actor_role, action, member_id, subject_type, subject_id, details, prev_hash, hash,
    hash_version, erased
  ) overriding system value
  select u.id, u.at_time, actor, actor_role, audit_append_many.action, u.member_id, audit_append_many.subject_type,
         u.subject_id, coalesce(u.details, '{}'::jsonb), u.prev_hash, u.hash, 2, null
  from unnest(ids, times, prev_hashes, hashes, member_ids, subject_ids, details) with ordinality
    as u (id, at_time, prev_hash, hash, member_id, subject_id, details, k)
  order by u.k;
  return query select u.id, u.at_time from unnest(ids, times) with ordinality as u (id, at_time, k) order by u.k;
end
$$;
revoke execute on function public.audit_append_many(text, uuid[], text, text[], jsonb[]) from public, anon, authenticated, service_role;

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
revoke execute on function public.audit_events_append_only() from public, anon, authenticated, service_role;
drop trigger if exists audit_events_append_only on public.audit_events;
create trigger audit_events_append_only
  before update or delete or truncate on public.audit_events
  for each statement execute function public.audit_events_append_only();

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

alter table public.audit_events enable row level security;
revoke all on table public.audit_events from public, anon, authenticated, service_role;
grant select on table public.audit_events to authenticated, service_role;
drop policy if exists audit_events_read on public.audit_events;
create policy audit_events_read on public.audit_events
  for select to authenticated
  using (
    member_id = (select auth.uid())
    or (select public.vault_role()) in ('compliance', 'mfo_admin')
    or (select public.vault_is_admin())
  );

comment on table public.audit_events is
  'Append-only, hash-chained audit trail, kept 7 years; no deletion path exists (docs/backend.md "The audit trail").';

-- wallet.created: when a member's wallet id is first set (the wallet function, or
-- demo_create_wallet). Security definer so it may call audit_append whoever made the change.
create or replace function public.profiles_wallet_created()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform public.audit_append('wallet.created', new.id, 'wallet', new.crossmint_wallet_id, '{}'::jsonb);
  return null;
end
$$;
revoke execute on function public.profiles_wallet_created() from public, anon, authenticated, service_role;
drop trigger if exists profiles_wallet_created on public.profiles;
create trigger profiles_wallet_created
  after update of crossmint_wallet_id on public.profiles
  for each row
  when (old.crossmint_wallet_id is null and new.crossmint_wallet_id is not null)
  execute function public.profiles_wallet_created();

-- =============================================================================================
-- The audit trail.
-- * Time and order agree: the time is read after the chain's lock is taken (clock_timestamp(),
--   never before the previous event's), so a later id never has an earlier time.
-- * Personal data in payloads can be erased without breaking the chain: from hash_version 2 the
--   hash covers, for each personal key (audit_personal_keys()), the SHA-256 of its value rather
--   than the value. Erasure (pseudonymise_member) replaces the value with "[erased]" and keeps
--   that digest in `erased`, so audit_verify() still recomputes every hash. Events written
--   before hash_version 2 hash their values directly and keep them.

-- The top-level payload keys that may carry a member's personal data.
create or replace function public.audit_personal_keys()
returns text[]
language plpgsql
immutable
set search_path = ''
as $$
begin
  return array['answers', 'email', 'name', 'note', 'reason', 'user'];
end
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

revoke execute on function public.audit_verify() from public, anon;
grant execute on function public.audit_verify() to authenticated, service_role;

revoke execute on function public.audit_append(text, uuid, text, text, jsonb) from public, anon, authenticated, service_role;
revoke execute on function public.audit_append_many(text, uuid[], text, text[], jsonb[]) from public, anon, authenticated, service_role;
revoke execute on function public.audit_events_append_only() from public, anon, authenticated, service_role;
revoke execute on function public.audit_personal_keys() from public, anon, authenticated, service_role;
revoke execute on function public.audit_hashable_details(jsonb, jsonb) from public, anon, authenticated, service_role;
