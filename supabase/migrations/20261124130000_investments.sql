-- Investments that are stored (docs/backend.md "Investments").
--
-- * public.investments gets its real model: a uuid per investment, the opportunity's id, the
--   amounts in integer cents (the fees computed by public.investment_quote, never sent by a
--   client), the method, a status (Pending, Active, Matured, Rejected, Cancelled), when it was
--   submitted and decided (timestamptz), the reviewer's reason, and the client's idempotency key
--   (one investment per key and member: a double click or a retry makes one investment).
--   The statuses, methods and the cancellation window are data in @vault/domain
--   (packages/domain/src/investments.ts); the refusals are in actionErrors.ts.
-- * The old rows (text amounts such as '€10,000', text dates such as '2025-02-14', the
--   opportunity's name) are converted, in the members' tables and in the sample rows a new member
--   receives while demo mode is on. A method was never recorded: they become bank transfers.
-- * opportunity_id carries no foreign key on purpose: the catalogue is operator content that may
--   change, an investment is a record that outlives it; submit_investment checks the opportunity
--   exists and is open when the member invests.
-- * Three functions carry every change, each with its audit event:
--     submit_investment(opportunity_id, amount_cents, method, idempotency_key)  the investor
--     review_investment(investment_id, decision, reason)   eq_spv_admin or the admin flag
--     cancel_investment(investment_id)                      the investor, within 4 days
-- * Errors: 42501 for a caller who may not, 22023 for an argument that is not valid, P0001 for a
--   valid request the current state refuses.

-- A text amount such as '€10,000' or '€2,500.50' in cents; a text date 'YYYY-MM-DD' (or an
-- ISO timestamp) as a timestamptz at UTC midnight. Used by this migration only, then dropped.
create or replace function public.investments_legacy_cents(amount text)
returns bigint
language sql
immutable
set search_path = ''
as $$
  select case
    when regexp_replace(coalesce(amount, ''), '[^0-9.]', '', 'g') ~ '^[0-9]+(\.[0-9]{1,2})?$'
      then round(regexp_replace(amount, '[^0-9.]', '', 'g')::numeric * 100)::bigint
  end
$$;

create or replace function public.investments_legacy_time(value text)
returns timestamptz
language sql
stable
set search_path = ''
as $$
  select case
    when value ~ '^\d{4}-\d{2}-\d{2}$' then (value || 'T00:00:00Z')::timestamptz
    when value ~ '^\d{4}-\d{2}-\d{2}T' then value::timestamptz
  end
$$;

do $$
begin
  -- Only while the old text-typed table is still in place (a re-run finds the new one).
  if exists (
    select 1 from information_schema.columns c
    where c.table_schema = 'public' and c.table_name = 'investments' and c.column_name = 'amount'
  ) then
    -- The new table beside the old one, the rows converted, then the old one dropped.
    create table public.investments_stored (
      id uuid primary key default gen_random_uuid(),
      user_id uuid not null references auth.users (id) on delete cascade,
      opportunity_id text not null check (char_length(opportunity_id) between 1 and 200),
      -- The opportunity's name when the member invested: the list shows what they invested in,
      -- whatever the catalogue says later.
      opportunity_name text not null check (char_length(opportunity_name) between 1 and 200),
      amount_cents bigint not null check (amount_cents > 0),
      management_fee_cents bigint not null check (management_fee_cents >= 0),
      card_fee_cents bigint not null check (card_fee_cents >= 0),
      total_cents bigint not null check (total_cents = amount_cents + management_fee_cents + card_fee_cents),
      method text not null check (method in ('bank', 'card')),
      status text not null default 'Pending' check (status in ('Pending', 'Active', 'Matured', 'Rejected', 'Cancelled')),
      submitted_at timestamptz not null default now(),
      decided_at timestamptz,
      reason text check (reason is null or char_length(reason) between 1 and 500),
      idempotency_key uuid not null default gen_random_uuid(),
      constraint investments_user_idempotency_key unique (user_id, idempotency_key)
    );

    insert into public.investments_stored (
      user_id, opportunity_id, opportunity_name, amount_cents, management_fee_cents, card_fee_cents, total_cents,
      method, status, submitted_at, decided_at
    )
    select
      legacy.user_id,
      coalesce((select o.id from public.opportunities o where o.name = legacy.name order by o.id limit 1), legacy.id),
      legacy.name,
      cents.amount_cents,
      quote.management_fee_cents,
      quote.card_fee_cents,
      quote.total_cents,
      'bank',
      legacy.status,
      coalesce(public.investments_legacy_time(legacy.date), now()),
      coalesce(public.investments_legacy_time(legacy.date), now())
    from public.investments legacy
    cross join lateral (select public.investments_legacy_cents(legacy.amount) as amount_cents) cents
    cross join lateral public.investment_quote(cents.amount_cents, 'bank') quote
    where cents.amount_cents > 0;
    drop table public.investments;
    alter table public.investments_stored rename to investments;
    alter index public.investments_stored_pkey rename to investments_pkey;
  end if;
end
$$;

-- The sample rows a new member receives (demo mode): the same conversion, as jsonb. Rows already
-- in the new shape (a seed generated from the current domain) are left as they are.
update public.sample_member_rows s
set data = jsonb_build_object(
  'id', s.id,
  'opportunity_id',
  coalesce((select o.id from public.opportunities o where o.name = s.data ->> 'name' order by o.id limit 1), s.id),
  'opportunity_name', s.data ->> 'name',
  'amount_cents', q.amount_cents,
  'management_fee_cents', quote.management_fee_cents,
  'card_fee_cents', quote.card_fee_cents,
  'total_cents', quote.total_cents,
  'method', 'bank',
  'status', s.data ->> 'status',
  'submitted_at', to_char(public.investments_legacy_time(s.data ->> 'date') at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'),
  'decided_at', to_char(public.investments_legacy_time(s.data ->> 'date') at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'),
  'reason', null
)
from (select s2.id, public.investments_legacy_cents(s2.data ->> 'amount') as amount_cents
      from public.sample_member_rows s2 where s2.table_name = 'investments') q
cross join lateral public.investment_quote(q.amount_cents, 'bank') quote
where s.table_name = 'investments' and s.id = q.id and s.data ? 'amount' and q.amount_cents > 0;

drop function public.investments_legacy_cents(text);
drop function public.investments_legacy_time(text);

-- The member's list is read newest first; review and cancel find a row by id (the primary key).
create index if not exists investments_user_id_submitted_at_idx on public.investments (user_id, submitted_at desc);
create index if not exists investments_opportunity_id_idx on public.investments (opportunity_id);

alter table public.investments enable row level security;
-- As every table since 20261124100400_anon_privileges.sql: nothing for anon.
revoke all on table public.investments from public, anon, authenticated;
grant select on table public.investments to authenticated;
grant all on table public.investments to service_role;
drop policy if exists investments_select_own on public.investments;
create policy investments_select_own on public.investments
  for select to authenticated
  using (user_id = (select auth.uid()));

-- A new member's sample investments (demo mode on): each copy gets its own id and idempotency key,
-- so the sample rows' keys ('inv-groningen') are not copied. The rest of the trigger is unchanged
-- (20261123180400_new_user_and_members.sql).
create or replace function public.handle_new_user()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into public.profiles (id, name)
  values (
    new.id,
    left(coalesce(new.raw_user_meta_data ->> 'name', new.raw_user_meta_data ->> 'full_name', ''), 200)
  )
  on conflict (id) do nothing;

  if public.vault_demo_mode() then
    insert into public.documents
      select (jsonb_populate_record(null::public.documents, s.data || jsonb_build_object('user_id', new.id))).*
      from public.sample_member_rows s where s.table_name = 'documents'
      on conflict do nothing;
    insert into public.investments (
      user_id, opportunity_id, opportunity_name, amount_cents, management_fee_cents, card_fee_cents, total_cents,
      method, status, submitted_at, decided_at, reason
    )
      select new.id, r.opportunity_id, r.opportunity_name, r.amount_cents, r.management_fee_cents, r.card_fee_cents, r.total_cents,
        r.method, r.status, r.submitted_at, r.decided_at, r.reason
      from public.sample_member_rows s
      cross join lateral jsonb_populate_record(null::public.investments, s.data - 'id' - 'user_id' - 'idempotency_key') r
      where s.table_name = 'investments';
    insert into public.notifications
      select (jsonb_populate_record(null::public.notifications, s.data || jsonb_build_object('user_id', new.id))).*
      from public.sample_member_rows s where s.table_name = 'notifications'
      on conflict do nothing;
    insert into public.upcoming_actions
      select (jsonb_populate_record(null::public.upcoming_actions, s.data || jsonb_build_object('user_id', new.id))).*
      from public.sample_member_rows s where s.table_name = 'upcoming_actions'
      on conflict do nothing;
  end if;
  return new;
end
$$;
revoke execute on function public.handle_new_user() from public, anon, authenticated;

-- The audit trail's actions gain investment.cancelled (packages/domain/src/backend/audit.ts).
alter table public.audit_events drop constraint if exists audit_events_action_check;
alter table public.audit_events add constraint audit_events_action_check check (action in (
  'wallet.created',
  'kyc.submitted', 'kyc.approved', 'kyc.rejected', 'kyc.resubmission_requested',
  'payment.settled', 'payment.failed', 'onramp.completed',
  'agreement.signed', 'document.signed',
  'investment.submitted', 'investment.confirmed', 'investment.rejected', 'investment.cancelled',
  'member.role_changed'
));

-- The investor submits an investment. Sections, in order: the caller, the arguments, a retry
-- (the same idempotency key answers the first row), the opportunity, the readiness gate, the
-- eligibility checks (a later migration replaces this function to fill that section), then the
-- fees (computed here), the row and its audit event.
create or replace function public.submit_investment(
  opportunity_id text,
  amount_cents bigint,
  method text,
  idempotency_key uuid
)
returns public.investments
language plpgsql
security definer
set search_path = ''
as $$
declare
  me uuid := auth.uid();
  member public.profiles;
  opportunity public.opportunities;
  quote record;
  result public.investments;
begin
  -- 1. The caller: a signed-in investor (the admin flag on an investor included).
  if me is null then
    raise exception using errcode = '42501', message = 'not signed in';
  end if;
  if public.vault_role() is distinct from 'investor' then
    raise exception using errcode = '42501', message = 'only an investor may submit an investment';
  end if;

  -- 2. The arguments.
  if idempotency_key is null then
    raise exception using errcode = '22023', message = 'idempotency_key is required';
  end if;
  if amount_cents is null or amount_cents <= 0 or amount_cents > 9007199254740991 then
    raise exception using errcode = '22023', message = 'amount_cents must be a positive whole number of cents';
  end if;
  if method is null or method not in ('bank', 'card') then
    raise exception using errcode = '22023', message = 'method must be bank or card';
  end if;

  -- 3. A retry: the same key answers the investment it made, whatever has changed since.
  select * into result from public.investments i
    where i.user_id = me and i.idempotency_key = submit_investment.idempotency_key;
  if found then
    return result;
  end if;

  -- 4. The opportunity.
  select * into opportunity from public.opportunities o where o.id = submit_investment.opportunity_id;
  if not found then
    raise exception using errcode = '22023', message = 'unknown opportunity';
  end if;
  if not opportunity.open then
    raise exception using errcode = 'P0001', message = 'this opportunity is not open for investment';
  end if;

  -- 5. The readiness gate, in the domain's order (gateNeeds in packages/domain/src/readiness.ts).
  select * into member from public.profiles p where p.id = me;
  if not found or member.crossmint_wallet_id is null or member.crossmint_wallet_id = '' then
    raise exception using errcode = 'P0001', message = 'create your wallet before investing';
  end if;
  if member.kyc_status <> 'approved' then
    raise exception using errcode = 'P0001', message = 'your KYC must be approved before investing';
  end if;
  if not member.first_onramp_ok then
    raise exception using errcode = 'P0001', message = 'make your first on-ramp before investing';
  end if;

  -- 6. Eligibility (who may invest in what): checks go here, after the readiness gate and before
  --    anything is written. `member` and `opportunity` are loaded.

  -- 7. The fees, the row and its audit event.
  select * into quote from public.investment_quote(submit_investment.amount_cents, submit_investment.method);
  insert into public.investments as i (
    user_id, opportunity_id, opportunity_name, amount_cents, management_fee_cents, card_fee_cents, total_cents,
    method, status, idempotency_key
  )
  values (
    me, opportunity.id, opportunity.name, submit_investment.amount_cents, quote.management_fee_cents, quote.card_fee_cents,
    quote.total_cents, submit_investment.method, 'Pending', submit_investment.idempotency_key
  )
  -- Two concurrent first calls with one key: the second waits, then answers the first's row.
  on conflict on constraint investments_user_idempotency_key do nothing
  returning * into result;
  if result.id is null then
    select * into result from public.investments i
      where i.user_id = me and i.idempotency_key = submit_investment.idempotency_key;
    return result;
  end if;
  perform public.audit_append(
    'investment.submitted', me, 'investment', result.id::text,
    jsonb_build_object(
      'opportunity_id', result.opportunity_id, 'amount_cents', result.amount_cents,
      'total_cents', result.total_cents, 'method', result.method
    )
  );
  return result;
end
$$;

-- The SPV administrator's (or an administrator's) decision on a pending investment:
-- confirmed makes it Active, rejected (with a reason) Rejected. The member is notified.
create or replace function public.review_investment(
  investment_id uuid,
  decision text,
  reason text
)
returns public.investments
language plpgsql
security definer
set search_path = ''
as $$
declare
  me uuid := auth.uid();
  current_row public.investments;
  result public.investments;
  kept_reason text := nullif(btrim(reason), '');
  event public.audit_events;
begin
  if me is null or not (public.vault_role() = 'eq_spv_admin' or public.vault_is_admin()) then
    raise exception using errcode = '42501', message = 'only eq_spv_admin or an administrator may review investments';
  end if;
  if investment_id is null then
    raise exception using errcode = '22023', message = 'investment_id is required';
  end if;
  if decision is null or decision not in ('confirmed', 'rejected') then
    raise exception using errcode = '22023', message = 'decision must be confirmed or rejected';
  end if;
  if decision = 'rejected' and kept_reason is null then
    raise exception using errcode = '22023', message = 'a reason is required when rejecting';
  end if;
  if char_length(reason) > 500 then
    raise exception using errcode = '22023', message = 'reason must be at most 500 characters';
  end if;
  select * into current_row from public.investments i where i.id = review_investment.investment_id for update;
  if not found then
    raise exception using errcode = 'P0001', message = 'no such investment';
  end if;
  if current_row.status <> 'Pending' then
    raise exception using errcode = 'P0001', message = 'only a pending investment can be reviewed';
  end if;
  update public.investments i
    set status = case when decision = 'confirmed' then 'Active' else 'Rejected' end,
        decided_at = now(),
        reason = case when decision = 'rejected' then kept_reason end
    where i.id = current_row.id
    returning * into result;
  event := public.audit_append(
    case when decision = 'confirmed' then 'investment.confirmed' else 'investment.rejected' end,
    result.user_id, 'investment', result.id::text,
    jsonb_build_object('status', result.status, 'opportunity_id', result.opportunity_id)
      || case when result.reason is null then '{}'::jsonb else jsonb_build_object('reason', result.reason) end
  );
  perform public.notify_member(
    result.user_id,
    event,
    case when decision = 'confirmed' then 'Investment confirmed' else 'Investment not accepted' end,
    case when decision = 'confirmed'
      then 'Your investment in ' || result.opportunity_name || ' is confirmed and now active.'
      else 'Your investment in ' || result.opportunity_name || ' was not accepted. Reason: ' || result.reason
    end
  );
  return result;
end
$$;

-- The investor withdraws their own pending investment, within CANCELLATION_WINDOW_DAYS (4) of
-- submitting it. Already cancelled: the row comes back and nothing new is recorded.
create or replace function public.cancel_investment(investment_id uuid)
returns public.investments
language plpgsql
security definer
set search_path = ''
as $$
declare
  me uuid := auth.uid();
  current_row public.investments;
  result public.investments;
begin
  if me is null then
    raise exception using errcode = '42501', message = 'not signed in';
  end if;
  if investment_id is null then
    raise exception using errcode = '22023', message = 'investment_id is required';
  end if;
  select * into current_row from public.investments i
    where i.id = cancel_investment.investment_id and i.user_id = me
    for update;
  if not found then
    -- Another member's investment answers the same: its existence is not the caller's to learn.
    raise exception using errcode = 'P0001', message = 'no such investment';
  end if;
  if current_row.status = 'Cancelled' then
    return current_row;
  end if;
  if current_row.status <> 'Pending' then
    raise exception using errcode = 'P0001', message = 'only a pending investment can be cancelled';
  end if;
  if now() >= current_row.submitted_at + interval '4 days' then
    raise exception using errcode = 'P0001', message = 'the cancellation window is over';
  end if;
  update public.investments i
    set status = 'Cancelled', decided_at = now()
    where i.id = current_row.id
    returning * into result;
  perform public.audit_append(
    'investment.cancelled', me, 'investment', result.id::text,
    jsonb_build_object('opportunity_id', result.opportunity_id, 'amount_cents', result.amount_cents)
  );
  return result;
end
$$;

revoke execute on function public.submit_investment(text, bigint, text, uuid) from public, anon, service_role;
grant execute on function public.submit_investment(text, bigint, text, uuid) to authenticated;
revoke execute on function public.review_investment(uuid, text, text) from public, anon, service_role;
grant execute on function public.review_investment(uuid, text, text) to authenticated;
revoke execute on function public.cancel_investment(uuid) from public, anon, service_role;
grant execute on function public.cancel_investment(uuid) to authenticated;
