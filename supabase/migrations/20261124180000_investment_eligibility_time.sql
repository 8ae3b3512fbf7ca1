-- investment_eligibility answers the refusal's time with its code, so a screen shows a UK
-- first-time investor's cooling-off countdown from the server after a reload
-- (docs/eligibility.md). It returns null when nothing refuses, else
-- {"code": <refusal>, "at": <timestamptz or null>}: `at` is the decision's time
-- (`eligibilityAnswerOf` in packages/domain/src/eligibility/decision.ts): when the cooling-off ends
-- (COOLING_OFF_ACTIVE, null before it has started) or when a failed UK test may be taken again
-- (APPROPRIATENESS_REQUIRED). The return type changes, so the function is dropped and made again
-- with the same grants.
drop function if exists public.investment_eligibility(text, bigint);

create function public.investment_eligibility(opportunity_id text, amount_cents bigint)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  me uuid := auth.uid();
  decision record;
begin
  if me is null then
    raise exception using errcode = '42501', message = 'not signed in';
  end if;
  if amount_cents is null or amount_cents <= 0 then
    raise exception using errcode = '22023', message = 'amount_cents must be a positive whole number of cents';
  end if;
  select e.code, e.at_time into decision from public.member_eligibility(me, opportunity_id, amount_cents) e;
  if decision.code is null then
    return null;
  end if;
  return jsonb_build_object('code', decision.code, 'at', decision.at_time);
end
$$;
revoke execute on function public.investment_eligibility(text, bigint) from public, anon, service_role;
grant execute on function public.investment_eligibility(text, bigint) to authenticated;
