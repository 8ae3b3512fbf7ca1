-- The first on-ramp through a payment record (docs/backend.md "Payments").
--
-- * public.payments: one row per provider payment (provider_ref, unique), in integer cents.
--   Members read their own; nobody but public.record_payment writes it.
-- * public.record_payment(...) is the payments webhook's one call (the payments-webhook edge
--   function, with the service role key, after verifying the provider's signature). Once per
--   event_id (public.provider_events, source 'payments'): a replay changes nothing and records
--   nothing new.
--   - A new provider_ref makes the row; a known one moves it from pending to settled or failed.
--     settled and failed are final: a later, out-of-order event for the same payment is taken
--     (so the provider stops retrying) and changes nothing.
--   - settled records payment.settled; failed records payment.failed and tells the member.
--   - The member's first settled EUR payment of at least MIN_FIRST_ONRAMP_CENTS (2000) sets
--     profiles.first_onramp_ok, records onramp.completed and tells the member.
-- * Payments are financial records kept with the audit trail: the member's account cannot be
--   deleted while they exist (the foreign key has no cascade).

create table if not exists public.payments (
  id uuid primary key default gen_random_uuid(),
  member_id uuid not null references auth.users (id),
  provider_ref text not null unique check (char_length(provider_ref) between 1 and 200),
  amount_cents bigint not null check (amount_cents > 0),
  currency text not null check (currency ~ '^[A-Z]{3}$'),
  status text not null check (status in ('pending', 'settled', 'failed')),
  created_at timestamptz not null default now(),
  settled_at timestamptz,
  check ((status = 'settled') = (settled_at is not null))
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

revoke execute on function public.record_payment(uuid, text, bigint, text, text, text) from public, anon, authenticated;
grant execute on function public.record_payment(uuid, text, bigint, text, text, text) to service_role;
