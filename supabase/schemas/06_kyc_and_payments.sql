-- KYC that completes without the demo switch (docs/backend.md "KYC").
--
-- * profiles.kyc_status takes one of five values (packages/domain/src/backend/kyc.ts,
--   `kycStatuses`, a CHECK of 02_profiles.sql): not_started (the default), pending, approved,
--   rejected, resubmission_requested.
-- * public.kyc_cases holds what the status alone cannot show: the reviewer's or provider's
--   reason, when the member submitted, when it was decided, and, for a provider that keys
--   applicants by its own id, that id (written with the service role). One row per member.
-- * Three functions carry every transition, each with its audit event and a notification for
--   the member (the transitions: `kycTransitions` in the domain; the texts: `notificationTexts`):
--     start_kyc()                                  the member       (authenticated)
--     apply_kyc_result(member_id, result, reason, event_id)
--                                                  the provider     (service_role, webhook)
--     review_kyc(member_id, decision, reason)      compliance or the admin flag
--   demo_approve_kyc() is demo mode's shortcut and records kyc.approved too.
-- * Errors (packages/domain/src/backend/actionErrors.ts): 42501 for a caller who may not,
--   22023 for an argument that is not valid, P0001 for a valid request the current state refuses.
-- * Webhook events are processed once: public.provider_events keeps each (source, event_id); a
--   replayed event changes nothing and records nothing new.

create table if not exists public.kyc_cases (
  -- No foreign key to auth.users: the case is kept when the account is deleted (retention).
  member_id uuid primary key,
  reason text check (reason is null or char_length(reason) between 1 and 500),
  submitted_at timestamptz,
  decided_at timestamptz,
  provider_applicant_id text check (provider_applicant_id is null or char_length(provider_applicant_id) between 1 and 200),
  updated_at timestamptz not null default now(),
  -- The provider's event time of the last result applied (or a reviewer's decision time).
  last_result_at timestamptz,
  -- The country the provider verified, where it gives one.
  verified_country text check (verified_country is null or verified_country ~ '^[A-Z]{2}$')
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
  -- By the status reached: a case compliance reopens (kyc.reopened) gets the resubmission text.
  perform public.notify_member(kyc_transition.member_id, event, texts.title, texts.body)
  from public.notification_text(
    case new_status
      when 'pending' then 'kyc.submitted'
      when 'approved' then 'kyc.approved'
      when 'rejected' then 'kyc.rejected'
      when 'resubmission_requested' then 'kyc.resubmission_requested'
    end,
    jsonb_build_object('reason', kept_reason)
  ) texts;
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

-- Demo mode's stand-in for the provider (02_profiles.sql has the other demo functions), recorded like
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
revoke execute on function public.demo_approve_kyc() from public, anon;
grant execute on function public.demo_approve_kyc() to authenticated;

-- The first on-ramp through a payment record (docs/backend.md "Payments").
--
-- * public.payments: one row per provider payment (provider_ref, unique), in integer cents.
--   Members read their own; nobody but public.record_payment writes it.
-- * public.record_payment(...) is the payments webhook's one call (the payments-webhook edge
--   function, with the service role key, after verifying the provider's signature). Once per
--   event_id (public.provider_events, source 'payments'): a replay changes nothing and records
--   nothing new.
--   - A new provider_ref makes the row; a known one moves it from pending to settled or failed,
--     and from failed to settled (a declined attempt followed by a successful one on the same
--     provider payment). settled is final: a later, out-of-order event is taken (so the provider
--     stops retrying) and changes nothing.
--   - An event refused for its content (an unknown member, or a member, amount or currency that
--     differs from the payment recorded for provider_ref) is taken too, and kept for operators in
--     public.ledger_refusals (kind 'payment', with the reason, amount and currency; 11_ledger.sql,
--     read with list_ledger_refusals): nothing about the money is lost.
--   - settled records payment.settled; failed records payment.failed and tells the member.
--   - The member's first settled EUR payment of at least MIN_FIRST_ONRAMP_CENTS (2000) sets
--     profiles.first_onramp_ok, records onramp.completed and tells the member.
--   - settled credits the member's cash from the provider's clearing account in the ledger
--     (11_ledger.sql, docs/ledger.md), in the same transaction, which funds the member's
--     investments awaiting payment.
-- * refunded and charged_back (with reversed_at) are the provider's refund and dispute of a
--   settled payment: public.record_payment_reversal (11_ledger.sql).
-- * Payments are financial records kept with the audit trail: the member's account cannot be
--   deleted while they exist (the foreign key has no cascade).

create table if not exists public.payments (
  id uuid primary key default gen_random_uuid(),
  -- No foreign key to auth.users: payments are kept when the account is deleted (retention).
  member_id uuid not null,
  provider_ref text not null unique check (char_length(provider_ref) between 1 and 200),
  amount_cents bigint not null check (amount_cents > 0),
  currency text not null check (currency ~ '^[A-Z]{3}$'),
  status text not null check (status in ('pending', 'settled', 'failed', 'refunded', 'charged_back')),
  created_at timestamptz not null default now(),
  settled_at timestamptz,
  reversed_at timestamptz,
  check ((status in ('settled', 'refunded', 'charged_back')) = (settled_at is not null)),
  check ((status in ('refunded', 'charged_back')) = (reversed_at is not null))
);

create index if not exists payments_member_id_idx on public.payments (member_id);

alter table public.payments enable row level security;
revoke all on table public.payments from public, anon, authenticated, service_role;
grant select on table public.payments to authenticated, service_role;
drop policy if exists payments_select_own on public.payments;
create policy payments_select_own on public.payments
  for select to authenticated
  using (member_id = (select auth.uid()));

create or replace function public.record_payment(
  member_id uuid,
  provider_ref text,
  amount_cents bigint,
  currency text,
  status text,
  event_id text
)
returns public.payments
language plpgsql
security definer
set search_path = ''
as $$
declare
  payment public.payments;
  member public.profiles;
  event public.audit_events;
  details jsonb;
  refusal text;
begin
  if coalesce(auth.role(), '') <> 'service_role' then
    raise exception using errcode = '42501', message = 'only the service role may call record_payment';
  end if;
  if event_id is null or char_length(event_id) not between 1 and 200 then
    raise exception using errcode = '22023', message = 'event_id is required';
  end if;
  if provider_ref is null or char_length(provider_ref) not between 1 and 200 then
    raise exception using errcode = '22023', message = 'provider_ref is required';
  end if;
  if amount_cents is null or amount_cents <= 0 then
    raise exception using errcode = '22023', message = 'amount_cents must be a positive whole number of cents';
  end if;
  if currency is null or currency !~ '^[A-Z]{3}$' then
    raise exception using errcode = '22023', message = 'currency must be an ISO 4217 code such as EUR';
  end if;
  if status is null or status not in ('pending', 'settled', 'failed') then
    raise exception using errcode = '22023', message = 'status must be pending, settled or failed';
  end if;
  select * into member from public.profiles p where p.id = record_payment.member_id for update;
  select * into payment from public.payments p where p.provider_ref = record_payment.provider_ref for update;

  insert into public.provider_events (source, event_id) values ('payments', record_payment.event_id)
    on conflict do nothing;
  if not found then
    return payment;
  end if;

  refusal := case
    when member.id is null then 'unknown member'
    when payment.id is not null and payment.member_id <> record_payment.member_id
      then 'the payment recorded for provider_ref belongs to another member'
    when payment.id is not null and payment.amount_cents <> record_payment.amount_cents
      then 'the amount differs from the payment recorded for provider_ref'
    when payment.id is not null and payment.currency <> record_payment.currency
      then 'the currency differs from the payment recorded for provider_ref'
  end;
  if refusal is not null then
    insert into public.ledger_refusals (event_id, provider_ref, member_id, kind, reason, amount_cents, currency, status)
      values (record_payment.event_id, record_payment.provider_ref, record_payment.member_id, 'payment', refusal,
              record_payment.amount_cents, record_payment.currency, record_payment.status);
    return payment;
  end if;

  if payment.id is null then
    insert into public.payments (member_id, provider_ref, amount_cents, currency, status, settled_at)
    values (
      record_payment.member_id, record_payment.provider_ref, record_payment.amount_cents,
      record_payment.currency, record_payment.status,
      case when record_payment.status = 'settled' then now() end
    )
    returning * into payment;
  elsif (payment.status = 'pending' and record_payment.status <> 'pending')
     or (payment.status = 'failed' and record_payment.status = 'settled') then
    update public.payments p
      set status = record_payment.status,
          settled_at = case when record_payment.status = 'settled' then now() end
      where p.id = payment.id
      returning * into payment;
  else
    -- Settled already, failed again, or pending again: nothing changes.
    return payment;
  end if;

  details := jsonb_build_object(
    'provider_ref', payment.provider_ref, 'amount_cents', payment.amount_cents,
    'currency', payment.currency, 'event_id', record_payment.event_id
  );
  if payment.status = 'settled' then
    perform public.audit_append('payment.settled', payment.member_id, 'payment', payment.id::text, details);
    -- The cash is credited (and awaiting investments funded) in this transaction.
    perform public.ledger_credit_payment(payment);
    if not member.first_onramp_ok and payment.currency = 'EUR' and payment.amount_cents >= 2000 then
      update public.profiles p set first_onramp_ok = true where p.id = payment.member_id;
      event := public.audit_append('onramp.completed', payment.member_id, 'payment', payment.id::text, details);
      perform public.notify_member(payment.member_id, event, texts.title, texts.body)
      from public.notification_text('onramp.completed') texts;
    end if;
  elsif payment.status = 'failed' then
    event := public.audit_append('payment.failed', payment.member_id, 'payment', payment.id::text, details);
    perform public.notify_member(payment.member_id, event, texts.title, texts.body)
    from public.notification_text('payment.failed') texts;
  end if;
  return payment;
end
$$;
revoke execute on function public.record_payment(uuid, text, bigint, text, text, text) from public, anon, authenticated;
grant execute on function public.record_payment(uuid, text, bigint, text, text, text) to service_role;

-- =============================================================================================
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

-- Staff reads of a member's personal data are recorded (member.personal_data_viewed).
create or replace function public.record_personal_data_view(member_id uuid, view text, details jsonb default '{}'::jsonb)
returns void
language sql
security definer
set search_path = ''
as $$
  select null from public.audit_append(
    'member.personal_data_viewed', record_personal_data_view.member_id, 'member',
    coalesce(record_personal_data_view.member_id::text, view),
    jsonb_build_object('view', view) || coalesce(details, '{}'::jsonb)
  )
$$;
revoke execute on function public.record_personal_data_view(uuid, text, jsonb) from public, anon, authenticated, service_role;
