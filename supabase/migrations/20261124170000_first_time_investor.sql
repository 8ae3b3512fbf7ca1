-- A UK first-time investor (COBS 4.12A cooling-off, docs/eligibility.md) is one who has not yet
-- invested through Vault. The copies of the sample investments every member receives while demo
-- mode is on are illustration, not investments they made: they do not count. Only an investment
-- the member submitted (submit_investment) that was not rejected or cancelled does
-- (`countsAsPriorInvestment` in packages/domain/src/eligibility/decision.ts).
--
-- * public.investments.sample: true on a demo copy of a sample row. The new-user trigger sets it;
--   submit_investment leaves the default, false.
-- * The copies made before this migration are marked: a row equal to one of the sample rows (the
--   same opportunity, amount, status and submission time) with no investment.submitted event in
--   the audit trail.
-- * public.is_first_time_investor(member_id) counts the member's own investments only.

alter table public.investments add column if not exists sample boolean not null default false;

update public.investments i
set sample = true
where not i.sample
  and exists (
    select 1 from public.sample_member_rows s
    where s.table_name = 'investments'
      and s.data ->> 'opportunity_id' = i.opportunity_id
      and s.data ->> 'status' = i.status
      and (s.data ->> 'amount_cents')::bigint = i.amount_cents
      and (s.data ->> 'submitted_at')::timestamptz = i.submitted_at
  )
  and not exists (
    select 1 from public.audit_events e
    where e.action = 'investment.submitted' and e.subject_id = i.id::text
  );

-- The new-user trigger of 20261124130000_investments.sql, its sample investments marked.
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
      method, status, submitted_at, decided_at, reason, sample
    )
      select new.id, r.opportunity_id, r.opportunity_name, r.amount_cents, r.management_fee_cents, r.card_fee_cents, r.total_cents,
        r.method, r.status, r.submitted_at, r.decided_at, r.reason, true
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

create or replace function public.is_first_time_investor(member_id uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select not exists (
    select 1 from public.investments i
    where i.user_id = is_first_time_investor.member_id
      and not i.sample
      and i.status not in ('Rejected', 'Cancelled')
  )
$$;
revoke execute on function public.is_first_time_investor(uuid) from public, anon, authenticated, service_role;
