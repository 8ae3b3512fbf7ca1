-- submit_investment refuses an investor who may not invest in this opportunity (docs/eligibility.md):
-- after the readiness gate and before anything is written, it asks member_eligibility
-- (20261124150100_investor_eligibility.sql, the twin of `decideEligibility` in @vault/domain) and
-- raises the first refusal as errcode P0001 with the message '<CODE>: <text>', the code one of
-- NOT_CLASSIFIED, DECLARATION_EXPIRED, COUNTRY_NOT_ELIGIBLE, CATEGORY_NOT_ELIGIBLE, BELOW_MINIMUM,
-- COOLING_OFF_ACTIVE or APPROPRIATENESS_REQUIRED (`eligibilityRefusalError` in the domain).
-- The rest of the function is 20261124130000_investments.sql's, unchanged.

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

  -- 6. Eligibility (who may invest in what): the first refusal of the domain's decision, raised
  --    as P0001 with the message '<CODE>: <text>' (docs/eligibility.md "Refusals").
  select * into refusal from public.member_eligibility(me, opportunity.id, submit_investment.amount_cents);
  if refusal.code is not null then
    raise exception using errcode = 'P0001',
      message = refusal.code || ': ' || public.eligibility_refusal_message(refusal.code, refusal.at_time);
  end if;

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

revoke execute on function public.submit_investment(text, bigint, text, uuid) from public, anon, service_role;
grant execute on function public.submit_investment(text, bigint, text, uuid) to authenticated;
