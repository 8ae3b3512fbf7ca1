-- cancel_investment's refusal after the 4-day window tells the investor what to do next
-- (`actionErrors.cancellationWindowOver` in packages/domain/src/backend/actionErrors.ts, whose
-- text this must equal). The function is otherwise that of 20261124130000_investments.sql.
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
    raise exception using errcode = 'P0001',
      message = 'The 4 days to cancel are over. Your investment now goes to review; contact support if you need to withdraw it.';
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
revoke execute on function public.cancel_investment(uuid) from public, anon, service_role;
grant execute on function public.cancel_investment(uuid) to authenticated;
