-- The audit trail: append-only and tamper-evident (docs/backend.md "The audit trail").
--
-- * One row per server-side event. The action names are a closed list, declared once in
--   @vault/domain (packages/domain/src/backend/audit.ts, `auditActions`); a test checks that the
--   CHECK constraint below lists the same names.
-- * Each row's hash is SHA-256 (hex) of the previous row's hash followed by the row's canonical
--   content (public.audit_event_hash), so the rows form a chain: changing, removing or inserting
--   a row anywhere but at the end breaks every hash after it, and public.audit_verify() names the
--   first row that no longer matches. The first row's prev_hash is 64 zeros.
-- * Only public.audit_append() writes it (security definer, executable by no client role and not
--   by the service role either): the server functions and triggers call it. It takes an EXCLUSIVE
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
  -- `auditActions` in packages/domain/src/backend/audit.ts, in code point order.
  action text not null check (action in (
    'agreement.signed',
    'alert.acknowledged',
    'alert.resolved',
    'appropriateness.submitted',
    'appropriateness.warning_acknowledged',
    'asset.status_changed',
    'document.signed',
    'investment.cancelled',
    'investment.confirmed',
    'investment.cooling_off_started',
    'investment.rejected',
    'investment.submitted',
    'investor.classified',
    'kyc.approved',
    'kyc.rejected',
    'kyc.resubmission_requested',
    'kyc.submitted',
    'member.role_changed',
    'offering.approved',
    'offering.created',
    'offering.failed',
    'offering.issued',
    'offering.opened',
    'offering.returned',
    'offering.submitted',
    'offering.updated',
    'offering.withdrawn',
    'onramp.completed',
    'payment.failed',
    'payment.settled',
    'repayment.recorded',
    'report.exported',
    'wallet.created'
  )),
  member_id uuid,
  subject_type text check (subject_type is null or char_length(subject_type) between 1 and 50),
  subject_id text check (subject_id is null or char_length(subject_id) between 1 and 200),
  details jsonb not null default '{}'::jsonb check (jsonb_typeof(details) = 'object'),
  prev_hash text not null check (prev_hash ~ '^[0-9a-f]{64}$'),
  hash text not null unique check (hash ~ '^[0-9a-f]{64}$')
);

-- The canonical content of a row: a jsonb object of every column but the two hashes, written out
-- as jsonb's text (keys in jsonb's fixed order, one space after ':' and ','), with occurred_at as
-- UTC ISO 8601 with microseconds so the text does not depend on the session's TimeZone or
-- DateStyle. The hash is SHA-256 of prev_hash || that text, UTF-8, as lower-case hex.
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
language sql
immutable
set search_path = ''
as $$
  select encode(sha256(convert_to($1 || jsonb_build_object(
    'id', $2,
    'occurred_at', to_char($3 at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'),
    'actor_id', $4,
    'actor_role', $5,
    'action', $6,
    'member_id', $7,
    'subject_type', $8,
    'subject_id', $9,
    'details', $10
  )::text, 'UTF8')), 'hex')
$$;
revoke execute on function public.audit_event_hash(text, bigint, timestamptz, uuid, text, text, uuid, text, text, jsonb) from public, anon, authenticated, service_role;

-- Who is acting, as the trail records it: the service role (a provider's webhook through an edge
-- function), a signed-in member ('admin' when the admin flag is set, else their Vault role), or
-- 'system' (a migration, an operator's SQL, a trigger with no request).
create or replace function public.audit_actor_role()
returns text
language sql
stable
set search_path = ''
as $$
  select case
    when auth.role() = 'service_role' then 'service_role'
    when auth.uid() is not null then
      case when public.vault_is_admin() then 'admin' else public.vault_role() end
    else 'system'
  end
$$;
revoke execute on function public.audit_actor_role() from public, anon, authenticated, service_role;

-- The one writer. The actor is read from the request (auth.uid(), the claims), never passed in.
-- The id is drawn and the time fixed before the insert, so the row is written once, whole, with
-- its hash.
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
  previous text;
  event public.audit_events;
begin
  lock table public.audit_events in exclusive mode;
  select e.hash into previous from public.audit_events e order by e.id desc limit 1;
  event.id := nextval(pg_get_serial_sequence('public.audit_events', 'id'));
  event.occurred_at := now();
  event.actor_id := case when auth.role() = 'service_role' then null else auth.uid() end;
  event.actor_role := public.audit_actor_role();
  event.action := audit_append.action;
  event.member_id := audit_append.member_id;
  event.subject_type := audit_append.subject_type;
  event.subject_id := audit_append.subject_id;
  event.details := coalesce(audit_append.details, '{}'::jsonb);
  event.prev_hash := coalesce(previous, repeat('0', 64));
  event.hash := public.audit_event_hash(
    event.prev_hash, event.id, event.occurred_at, event.actor_id, event.actor_role, event.action,
    event.member_id, event.subject_type, event.subject_id, event.details
  );
  insert into public.audit_events overriding system value select event.*;
  return event;
end
$$;
revoke execute on function public.audit_append(text, uuid, text, text, jsonb) from public, anon, authenticated, service_role;

-- Refuses every UPDATE, DELETE and TRUNCATE, whoever runs it (see the header for why a trigger).
-- Statement-level, so even a statement that would touch no row is refused.
create or replace function public.audit_events_append_only()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  raise exception using errcode = '42501', message = 'audit_events is append-only';
end
$$;
revoke execute on function public.audit_events_append_only() from public, anon, authenticated, service_role;
drop trigger if exists audit_events_append_only on public.audit_events;
create trigger audit_events_append_only
  before update or delete or truncate on public.audit_events
  for each statement execute function public.audit_events_append_only();

-- The id of the first event whose prev_hash is not the previous event's hash, or whose hash is
-- not the hash of its own content; null when the whole chain holds. Security definer so the
-- whole chain is read whatever the caller may see; only compliance, mfo_admin, the admin flag and
-- the service role may call it.
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
        e.subject_type, e.subject_id, e.details
      ) then
      return e.id;
    end if;
    expected_prev := e.hash;
  end loop;
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
