-- Investments that are stored (docs/backend.md "Investments"). Three functions carry every
-- change, each with its audit event:
--     submit_investment(opportunity_id, amount_cents, method, idempotency_key)  the investor
--     review_investment(investment_id, decision, reason)   eq_spv_admin or the admin flag, never on their own
--     cancel_investment(investment_id)                      the investor, within 4 days
-- A subscription records the investor's acceptance of the offering's subscription terms
-- (public.subscription_acceptances); a retail investor's is confirmed only after its 4-day
-- reflection period (public.investment_window_ends_at, 09_eligibility.sql).
-- Errors: 42501 for a caller who may not, 22023 for an argument that is not valid, P0001 for a
-- valid request the current state refuses.

-- The investment fees, computed on the server (docs/backend.md "Fees"). The same figures as
-- investmentQuote in @vault/domain (packages/domain/src/money.ts): a management fee of
-- MANAGEMENT_FEE_BPS (100 bps, 1%) of the amount, and for cards a card fee of CARD_FEE_BPS
-- (150 bps, 1.5%); each in whole cents, rounded half up; the total is the amount plus both fees.
-- supabase/tests/fees.test.ts checks it against every case of the domain's own fee tests
-- (packages/domain/src/backend/fees.ts). The investment functions below call it.

create or replace function public.investment_quote(amount_cents bigint, method text)
returns table (management_fee_cents bigint, card_fee_cents bigint, total_cents bigint)
language plpgsql
immutable
set search_path = ''
as $$
declare
  management bigint;
  card bigint;
begin
  -- The upper bound is JavaScript's largest safe integer, as investmentQuote's.
  if amount_cents is null or amount_cents < 0 or amount_cents > 9007199254740991 then
    raise exception using errcode = '22023', message = 'amount_cents must be a whole, non-negative number of cents';
  end if;
  if method is null or method not in ('bank', 'card') then
    raise exception using errcode = '22023', message = 'method must be bank or card';
  end if;
  -- Integer division of non-negative numbers rounds down, so + 5000 rounds half up.
  management := (amount_cents * 100 + 5000) / 10000;
  card := case when method = 'card' then (amount_cents * 150 + 5000) / 10000 else 0 end;
  return query select management, card, amount_cents + management + card;
end
$$;
revoke execute on function public.investment_quote(bigint, text) from public, anon;
grant execute on function public.investment_quote(bigint, text) to authenticated, service_role;

-- Each investment: a uuid, the opportunity's id, the amounts in integer cents (the fees computed
-- by public.investment_quote, never sent by a client), the method, a status (Pending, Awaiting
-- payment, Active, Matured, Rejected, Cancelled), when it was submitted and decided, the
-- reviewer's reason, and the client's idempotency key (one investment per key and member: a double click or a retry makes
-- one investment). The statuses, methods and the cancellation window are data in @vault/domain
-- (packages/domain/src/investments.ts); the refusals are in actionErrors.ts. opportunity_id
-- carries no foreign key on purpose: the catalogue is operator content that may change, an
-- investment is a record that outlives it; submit_investment checks the opportunity exists and
-- is open when the member invests.
create table if not exists public.investments (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null,  -- kept when the account is deleted (retention)
  opportunity_id text not null check (char_length(opportunity_id) between 1 and 200),
  -- The opportunity's name when the member invested: the list shows what they invested in,
  -- whatever the catalogue says later.
  opportunity_name text not null check (char_length(opportunity_name) between 1 and 200),
  amount_cents bigint not null check (amount_cents > 0),
  management_fee_cents bigint not null check (management_fee_cents >= 0),
  card_fee_cents bigint not null check (card_fee_cents >= 0),
  total_cents bigint not null check (total_cents = amount_cents + management_fee_cents + card_fee_cents),
  method text not null check (method in ('bank', 'card')),
  status text not null default 'Pending'
    check (status in ('Pending', 'Awaiting payment', 'Active', 'Matured', 'Rejected', 'Cancelled')),
  submitted_at timestamptz not null default now(),
  decided_at timestamptz,
  reason text check (reason is null or char_length(reason) between 1 and 500),
  idempotency_key uuid not null default gen_random_uuid(),
  -- True on a demo copy of a sample row (the new-user trigger sets it): illustration, never an
  -- investment the member made, so it does not count for a first-time investor.
  sample boolean not null default false,
  constraint investments_user_idempotency_key unique (user_id, idempotency_key)
);

-- The member's list is read newest first; review and cancel find a row by id (the primary key).
create index if not exists investments_user_id_submitted_at_idx on public.investments (user_id, submitted_at desc);
create index if not exists investments_opportunity_id_idx on public.investments (opportunity_id);

-- The SEPA reference of an investment awaiting a bank transfer: unique to it (the index below
-- holds it so) and short enough for any bank's remittance field (`investmentPaymentReference`).
create or replace function public.investment_payment_reference(investment_id uuid)
returns text
language sql
immutable
set search_path = ''
as $$
  select 'VLT-' || upper(substr(replace(investment_id::text, '-', ''), 1, 16))
$$;
revoke execute on function public.investment_payment_reference(uuid) from public, anon;
grant execute on function public.investment_payment_reference(uuid) to authenticated, service_role;
create unique index if not exists investments_payment_reference_key
  on public.investments (public.investment_payment_reference(id));
-- The investments a payment may fund (ledger_fund_awaiting), oldest first.
create index if not exists investments_awaiting_idx on public.investments (user_id, submitted_at)
  where status = 'Awaiting payment';

alter table public.investments enable row level security;
revoke all on table public.investments from public, anon, authenticated;
grant select on table public.investments to authenticated;
grant all on table public.investments to service_role;
drop policy if exists investments_select_own on public.investments;
create policy investments_select_own on public.investments
  for select to authenticated
  using (user_id = (select auth.uid()));

-- The investor's acceptance of the offering's subscription terms, made by the same call that
-- submits the investment ("Confirm Investment" is the signature): the SHA-256 of the terms and
-- their version (the offering's `subscription_terms` document, its name as the version; an
-- offering without one: the SHA-256 of its terms as offering_terms gives them, version
-- 'offering-terms'), and when. An open offering's terms do not change, so these are the ones the
-- investor saw. The investor reads their own; compliance, mfo_admin and the admin flag read all.
create table if not exists public.subscription_acceptances (
  investment_id uuid primary key references public.investments (id) on delete restrict,
  member_id uuid not null,  -- kept when the account is deleted (retention)
  opportunity_id text not null check (char_length(opportunity_id) between 1 and 200),
  terms_version text not null check (char_length(terms_version) between 1 and 200),
  terms_sha256 text not null check (terms_sha256 ~ '^[0-9a-f]{64}$'),
  accepted_at timestamptz not null default now()
);
create index if not exists subscription_acceptances_member_id_idx on public.subscription_acceptances (member_id);
alter table public.subscription_acceptances enable row level security;
revoke all on table public.subscription_acceptances from public, anon, authenticated, service_role;
grant select on table public.subscription_acceptances to authenticated, service_role;
drop policy if exists subscription_acceptances_read on public.subscription_acceptances;
create policy subscription_acceptances_read on public.subscription_acceptances
  for select to authenticated
  using (
    member_id = (select auth.uid())
    or (select public.vault_role()) in ('compliance', 'mfo_admin')
    or (select public.vault_is_admin())
  );

-- The investor submits an investment. Sections, in order: the caller, the arguments, a retry
-- (the same idempotency key answers the first row), the opportunity, the readiness gate, the
-- eligibility checks, then the row (its fees computed here, its total at most €100,000,000), the
-- hold on the member's cash in the ledger (11_ledger.sql: Pending when the available cash covers
-- the total, else Awaiting payment until a payment funds it) and its audit event.
-- The eligibility step refuses an investor who may not invest in this opportunity
-- (docs/eligibility.md): before anything is written, it asks member_eligibility
-- (09_eligibility.sql, the twin of `decideEligibility` in @vault/domain) and raises the first
-- refusal as errcode P0001 with the message '<CODE>: <text>', the code one of NOT_CLASSIFIED,
-- DECLARATION_EXPIRED, COUNTRY_NOT_ELIGIBLE, CATEGORY_NOT_ELIGIBLE, BELOW_MINIMUM,
-- COOLING_OFF_ACTIVE or APPROPRIATENESS_REQUIRED (`eligibilityRefusalError` in the domain).

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
  terms record;
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

  -- 3. A retry: the same key answers the investment it made, whatever has changed since; the
  --    same key with other arguments is refused.
  select * into result from public.investments i
    where i.user_id = me and i.idempotency_key = submit_investment.idempotency_key;
  if found then
    if (result.opportunity_id, result.amount_cents, result.method)
        is distinct from (submit_investment.opportunity_id, submit_investment.amount_cents, submit_investment.method) then
      raise exception using errcode = '22023', message = 'idempotency_key was used for another investment';
    end if;
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
  -- The offering's ticket limits and what is left of its maximum (12_offerings.sql); it locks the
  -- offering's row, so concurrent subscriptions never take it past its maximum.
  perform public.offering_accepts(opportunity.id, submit_investment.amount_cents);

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
    if (result.opportunity_id, result.amount_cents, result.method)
        is distinct from (submit_investment.opportunity_id, submit_investment.amount_cents, submit_investment.method) then
      raise exception using errcode = '22023', message = 'idempotency_key was used for another investment';
    end if;
    return result;
  end if;
  -- The signature: the investor accepts the offering's subscription terms with this call.
  select d ->> 'name' as version, d ->> 'sha256' as sha256 into terms from jsonb_array_elements(opportunity.documents) d
    where d ->> 'kind' = 'subscription_terms' limit 1;
  insert into public.subscription_acceptances (investment_id, member_id, opportunity_id, terms_version, terms_sha256)
    values (
      result.id, me, opportunity.id, coalesce(terms.version, 'offering-terms'),
      coalesce(terms.sha256, encode(sha256(convert_to(public.offering_terms(opportunity)::text, 'UTF8')), 'hex'))
    );
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
      'total_cents', result.total_cents, 'method', result.method, 'status', result.status,
      'terms_version', coalesce(terms.version, 'offering-terms')
    )
  );
  return result;
end
$$;
revoke execute on function public.submit_investment(text, bigint, text, uuid) from public, anon, service_role;
grant execute on function public.submit_investment(text, bigint, text, uuid) to authenticated;

-- The SPV's decision on a pending subscription of one of its offerings; nobody reviews their own.
-- Confirming waits for the investor's reflection period and checks again that their KYC is
-- approved and the opportunity open. Rejecting (with a reason) works before the offering closes; confirming only for a sample opportunity, whose
-- subscriptions are confirmed one by one and issued units at once (an offering with a deadline
-- confirms its subscriptions when it closes). Confirming posts the hold (the money goes to escrow and the fee
-- accounts); rejecting voids it (the money is available again at once). The member is notified.
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
  o public.opportunities;
  result public.investments;
  kept_reason text := nullif(btrim(reason), '');
  event public.audit_events;
  quote record;
begin
  if me is null or not (
    public.vault_role() in ('eq_spv_admin', 'cl_spv_admin', 'production_spv') or public.vault_is_admin()
  ) then
    raise exception using errcode = '42501', message = 'only an SPV''s administrators or an administrator may review investments';
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
  if found then
    select * into o from public.opportunities x where x.id = current_row.opportunity_id;
  end if;
  -- Another SPV's subscription answers as an unknown one: its existence is not the caller's to learn.
  if current_row.id is null or not public.vault_acts_for_spv(o.spv_id) then
    raise exception using errcode = 'P0001', message = 'no such investment';
  end if;
  if current_row.user_id = me then
    raise exception using errcode = '42501', message = 'nobody reviews their own investment';
  end if;
  if current_row.status <> 'Pending' then
    raise exception using errcode = 'P0001', message = 'only a pending investment can be reviewed';
  end if;
  if decision = 'confirmed' and o.deadline_at is not null then
    raise exception using errcode = 'P0001', message = 'closing the offering confirms its subscriptions; reject one with a reason instead';
  end if;
  -- Confirming checks again what submitting checked: time may have changed either.
  if decision = 'confirmed' then
    if now() < public.investment_window_ends_at(current_row) then
      raise exception using errcode = 'P0001', message = 'the investor''s 4-day reflection period has not ended';
    end if;
    if (select p.kyc_status from public.profiles p where p.id = current_row.user_id) is distinct from 'approved' then
      raise exception using errcode = 'P0001', message = 'the investor''s KYC is no longer approved';
    end if;
    if not o.open then
      raise exception using errcode = 'P0001', message = 'the opportunity no longer accepts investments';
    end if;
  end if;
  update public.investments i
    set status = case when decision = 'confirmed' then 'Active' else 'Rejected' end,
        decided_at = now(),
        reason = case when decision = 'rejected' then kept_reason end
    where i.id = current_row.id
    returning * into result;
  perform public.ledger_resolve_investment(result, case when decision = 'confirmed' then 'post' else 'void' end);
  if decision = 'confirmed' and o.unit_price_cents is not null then
    select * into quote from public.investment_quote((result.amount_cents / o.unit_price_cents) * o.unit_price_cents, result.method);
    perform public.offering_issue_units(
      result.user_id, o.id, result.amount_cents / o.unit_price_cents,
      (result.amount_cents / o.unit_price_cents) * o.unit_price_cents,
      quote.management_fee_cents + quote.card_fee_cents
    );
  end if;
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
revoke execute on function public.review_investment(uuid, text, text) from public, anon, service_role;
grant execute on function public.review_investment(uuid, text, text) to authenticated;

-- The investor cancels their own Pending (or Awaiting payment) investment within the 4-day
-- window; its hold is voided, so the money is available again at once. The refusal after
-- it tells the investor what to do next (`actionErrors.cancellationWindowOver` in
-- packages/domain/src/backend/actionErrors.ts, whose text this must equal).
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
revoke execute on function public.cancel_investment(uuid) from public, anon, service_role;
grant execute on function public.cancel_investment(uuid) to authenticated;
