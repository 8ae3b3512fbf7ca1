-- The ledger under every movement of money (docs/ledger.md), in the functions that move it.
-- This file holds only new columns and statuses of existing tables and complete redefinitions
-- of existing functions (each otherwise as its last definition), so each can later be folded
-- into its original definition:
--   record_payment               a settled payment credits the member's cash from clearing and
--                                funds the investments awaiting payment
--   demo_complete_first_onramp   the demo on-ramp takes the same path: a settled payment
--   submit_investment            the total at most €100,000,000; held as linked pending transfers
--                                (Pending), or Awaiting payment when the cash does not cover it
--   review_investment            confirmed posts the hold, rejected voids it
--   cancel_investment            a Pending or Awaiting payment investment; the hold is voided
--   list_subscriptions           'Awaiting payment' is a status to filter on

-- Payments can be refunded or charged back (record_payment_reversal).
alter table public.payments add column if not exists reversed_at timestamptz;
do $$
declare
  c record;
begin
  for c in
    select conname from pg_constraint
    where conrelid = 'public.payments'::regclass and contype = 'c' and pg_get_constraintdef(oid) ~ 'status'
  loop
    execute format('alter table public.payments drop constraint %I', c.conname);
  end loop;
end
$$;
alter table public.payments add constraint payments_status_check
  check (status in ('pending', 'settled', 'failed', 'refunded', 'charged_back'));
alter table public.payments add constraint payments_settled_at_check
  check ((status in ('settled', 'refunded', 'charged_back')) = (settled_at is not null));
alter table public.payments add constraint payments_reversed_at_check
  check ((status in ('refunded', 'charged_back')) = (reversed_at is not null));

-- An investment waits for its payment; its SEPA reference is unique to it.
do $$
declare
  c record;
begin
  for c in
    select conname from pg_constraint
    where conrelid = 'public.investments'::regclass and contype = 'c'
      and pg_get_constraintdef(oid) ~ 'status' and pg_get_constraintdef(oid) ~ 'Cancelled'
  loop
    execute format('alter table public.investments drop constraint %I', c.conname);
  end loop;
end
$$;
alter table public.investments add constraint investments_status_check
  check (status in ('Pending', 'Awaiting payment', 'Active', 'Matured', 'Rejected', 'Cancelled'));
create unique index if not exists investments_payment_reference_key
  on public.investments (public.investment_payment_reference(id));
create index if not exists investments_awaiting_idx on public.investments (user_id, submitted_at)
  where status = 'Awaiting payment';

-- The ledger's audit actions (packages/domain/src/backend/audit.ts), added to the closed list.
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
      'ledger.transferred',
      'payment.refunded',
      'payment.charged_back',
      'onramp.revoked',
      'withdrawal.requested',
      'withdrawal.paid',
      'withdrawal.failed',
      'investment.funded',
      'investment.expired'
    ]) as a order by a
  );
  alter table public.audit_events drop constraint if exists audit_events_action_check;
  execute format(
    'alter table public.audit_events add constraint audit_events_action_check check (action in (%s))',
    (select string_agg(quote_literal(a), ', ') from unnest(kept) as a)
  );
end
$$;

-- The payments webhook's call: as 20261124120200_payments.sql, and a settled payment credits the
-- member's cash from the provider's clearing account in the same transaction.
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
  if not found then
    raise exception using errcode = '22023', message = 'unknown member';
  end if;

  select * into payment from public.payments p where p.provider_ref = record_payment.provider_ref for update;
  if found and (payment.member_id, payment.amount_cents, payment.currency)
      is distinct from (record_payment.member_id, record_payment.amount_cents, record_payment.currency) then
    raise exception using errcode = '22023', message = 'the payment does not match the one recorded for provider_ref';
  end if;

  insert into public.provider_events (source, event_id) values ('payments', record_payment.event_id)
    on conflict do nothing;
  if not found then
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
  elsif payment.status = 'pending' and record_payment.status <> 'pending' then
    update public.payments p
      set status = record_payment.status,
          settled_at = case when record_payment.status = 'settled' then now() end
      where p.id = payment.id
      returning * into payment;
  else
    -- Final already, or pending again: nothing changes.
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
      perform public.notify_member(
        payment.member_id, event, 'First deposit received',
        'Your first deposit has arrived in your wallet. You can now invest.'
      );
    end if;
  elsif payment.status = 'failed' then
    event := public.audit_append('payment.failed', payment.member_id, 'payment', payment.id::text, details);
    perform public.notify_member(
      payment.member_id, event, 'Payment failed',
      'A payment to your wallet did not go through. Please try again.'
    );
  end if;
  return payment;
end
$$;

-- The demo on-ramp (demo mode only): a settled payment of the caller's, on the same path as a
-- provider's, so a demo member's balance is real too.
create or replace function public.demo_complete_first_onramp(amount_cents integer)
returns public.profiles
language plpgsql
security definer
set search_path = ''
as $$
declare
  me uuid := public.vault_demo_guard();
  member public.profiles;
  payment public.payments;
  details jsonb;
  event public.audit_events;
  result public.profiles;
begin
  if amount_cents is null or amount_cents < 2000 then
    raise exception using errcode = 'P0001', message = 'the first on-ramp must be at least €20';
  end if;
  select * into member from public.profiles p where p.id = me for update;
  insert into public.payments (member_id, provider_ref, amount_cents, currency, status, settled_at)
    values (me, 'demo:' || gen_random_uuid(), demo_complete_first_onramp.amount_cents, 'EUR', 'settled', now())
    returning * into payment;
  details := jsonb_build_object(
    'provider_ref', payment.provider_ref, 'amount_cents', payment.amount_cents,
    'currency', payment.currency, 'event_id', payment.provider_ref
  );
  perform public.audit_append('payment.settled', me, 'payment', payment.id::text, details);
  perform public.ledger_credit_payment(payment);
  if not member.first_onramp_ok then
    event := public.audit_append('onramp.completed', me, 'payment', payment.id::text, details);
    perform public.notify_member(
      me, event, 'First deposit received',
      'Your first deposit has arrived in your wallet. You can now invest.'
    );
  end if;
  update public.profiles set first_onramp_ok = true where id = me returning * into result;
  return result;
end
$$;

-- The investor submits an investment: as 20261124150300_submit_investment_eligibility.sql, with
-- the total bounded and held on the member's cash (or awaiting payment).
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
  refusal record;
  result public.investments;
  held boolean;
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
  -- LEDGER_MAX_INVESTMENT_TOTAL_CENTS: every sum of the ledger stays exact in a JavaScript number.
  select * into quote from public.investment_quote(submit_investment.amount_cents, submit_investment.method);
  if quote.total_cents > 10000000000 then
    raise exception using errcode = '22023', message = 'an investment''s total may not exceed €100,000,000';
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

  -- 6. Eligibility (who may invest in what): the first refusal of the domain's decision, raised
  --    as P0001 with the message '<CODE>: <text>' (docs/eligibility.md "Refusals").
  select * into refusal from public.member_eligibility(me, opportunity.id, submit_investment.amount_cents);
  if refusal.code is not null then
    raise exception using errcode = 'P0001',
      message = refusal.code || ': ' || public.eligibility_refusal_message(refusal.code, refusal.at_time);
  end if;

  -- 7. The row (its fees from the quote), the hold on the member's cash and its audit event.
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
  -- The total is held from available cash as linked pending transfers (Pending), or, when the
  -- cash does not cover it, nothing is held until a payment arrives (Awaiting payment). The
  -- ledger's lock makes concurrent submissions see each other's holds.
  held := public.ledger_hold_investment(result);
  if not held then
    update public.investments i set status = 'Awaiting payment' where i.id = result.id returning * into result;
  end if;
  perform public.audit_append(
    'investment.submitted', me, 'investment', result.id::text,
    jsonb_build_object(
      'opportunity_id', result.opportunity_id, 'amount_cents', result.amount_cents,
      'total_cents', result.total_cents, 'method', result.method, 'status', result.status
    )
  );
  return result;
end
$$;

-- The SPV administrator's (or an administrator's) decision on a pending investment:
-- confirmed makes it Active and posts its hold (the money goes to escrow and the fee accounts),
-- rejected (with a reason) makes it Rejected and voids the hold (the money is available again).
-- The member is notified.
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
  perform public.ledger_lock();
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
  perform public.ledger_resolve_investment(result, case when decision = 'confirmed' then 'post' else 'void' end);
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

-- The investor withdraws their own pending (or awaiting payment) investment within the window;
-- a hold is voided, so the money is available again at once. As
-- 20261124180100_cancellation_window_message.sql otherwise.
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
  perform public.ledger_lock();
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
  if current_row.status not in ('Pending', 'Awaiting payment') then
    raise exception using errcode = 'P0001', message = 'only a pending investment can be cancelled';
  end if;
  if now() >= current_row.submitted_at + interval '4 days' then
    raise exception using errcode = 'P0001',
      message = 'The 4 days to cancel are over. Your investment now goes to review; contact support if you need to withdraw it.';
  end if;
  update public.investments i
    set status = 'Cancelled', decided_at = now()
    where i.id = current_row.id
    returning * into result;
  perform public.ledger_resolve_investment(result, 'void');
  perform public.audit_append(
    'investment.cancelled', me, 'investment', result.id::text,
    jsonb_build_object('opportunity_id', result.opportunity_id, 'amount_cents', result.amount_cents)
  );
  return result;
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
