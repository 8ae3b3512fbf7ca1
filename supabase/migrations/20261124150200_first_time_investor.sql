-- A first-time investor (COBS 4.12A cooling-off, docs/eligibility.md) has no investment but
-- rejected or cancelled ones: a refused or withdrawn attempt does not make them experienced
-- (`countsAsPriorInvestment` in packages/domain/src/eligibility/decision.ts).
create or replace function public.is_first_time_investor(member_id uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select not exists (
    select 1 from public.investments i
    where i.user_id = is_first_time_investor.member_id and i.status not in ('Rejected', 'Cancelled')
  )
$$;
revoke execute on function public.is_first_time_investor(uuid) from public, anon, authenticated, service_role;
