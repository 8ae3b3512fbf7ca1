-- The actions of the operators' consoles (docs/backend.md "Consoles"). Each is one function that
-- checks its caller (42501), validates its input (22023), refuses what the current state does
-- not allow (P0001), changes nothing on a retry, writes its audit event, and notifies the member
-- it concerns where there is one. Security definer: only such functions may call audit_append,
-- and no client writes these tables. Declared in packages/domain/src/backend/actions.ts, errors
-- in actionErrors.ts.
--
--   set_member_role(member_id, role, is_admin)      mfo_admin or the admin flag     member.role_changed
--   acknowledge_alert(alert_id, note)               mfo_admin or the admin flag     alert.acknowledged
--   resolve_alert(alert_id, note)                   mfo_admin or the admin flag     alert.resolved
--   record_repayment(loan_id, amount_cents, paid_on) cl_spv_admin or the admin flag repayment.recorded
--   set_asset_status(asset_id, status, note)        production_spv or the admin flag asset.status_changed
--   loan_book()                                     the loans' readers (a read: each loan, what is due, what is paid, overdue)

-- ---------------------------------------------------------------------------------------------
-- Roles. The role and the admin flag live in auth.users.raw_app_meta_data, which Supabase Auth
-- copies into the next access token's app_metadata claim: the member's next token carries them.
create or replace function public.set_member_role(member_id uuid, role text, is_admin boolean)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  me uuid := auth.uid();
  old_meta jsonb;
  old_role text;
  old_admin boolean;
  event public.audit_events;
begin
  if me is null or not (public.vault_role() = 'mfo_admin' or public.vault_is_admin()) then
    raise exception using errcode = '42501', message = 'only mfo_admin or an administrator may change a member''s role';
  end if;
  if set_member_role.member_id = me then
    raise exception using errcode = '42501', message = 'nobody changes their own role';
  end if;
  if set_member_role.role is null or set_member_role.role not in ('investor', 'mfo_admin', 'cl_spv_admin', 'eq_spv_admin', 'production_spv', 'compliance') then
    raise exception using errcode = '22023', message = 'role is not a Vault role';
  end if;
  if set_member_role.is_admin is null then
    raise exception using errcode = '22023', message = 'is_admin must be true or false';
  end if;
  select coalesce(u.raw_app_meta_data, '{}'::jsonb) into old_meta
    from auth.users u where u.id = set_member_role.member_id for update;
  if not found then
    raise exception using errcode = '22023', message = 'unknown member';
  end if;
  old_role := case
    when old_meta ->> 'role' in ('investor', 'mfo_admin', 'cl_spv_admin', 'eq_spv_admin', 'production_spv', 'compliance')
      then old_meta ->> 'role'
    else 'investor'
  end;
  old_admin := coalesce((old_meta -> 'is_admin') = 'true'::jsonb, false);
  if old_role = set_member_role.role and old_admin = set_member_role.is_admin and old_meta ->> 'role' = set_member_role.role then
    return jsonb_build_object('id', set_member_role.member_id, 'role', set_member_role.role, 'is_admin', set_member_role.is_admin);
  end if;
  update auth.users u
    set raw_app_meta_data = old_meta || jsonb_build_object('role', set_member_role.role, 'is_admin', set_member_role.is_admin),
        updated_at = now()
    where u.id = set_member_role.member_id;
  event := public.audit_append(
    'member.role_changed', set_member_role.member_id, 'member', set_member_role.member_id::text,
    jsonb_build_object(
      'from', jsonb_build_object('role', old_role, 'is_admin', old_admin),
      'to', jsonb_build_object('role', set_member_role.role, 'is_admin', set_member_role.is_admin)
    )
  );
  perform public.notify_member(
    set_member_role.member_id, event, 'Your access changed',
    'Your role is now ' || set_member_role.role || case when set_member_role.is_admin then ', with administrator rights' else '' end
      || '. It applies the next time you sign in.'
  );
  return jsonb_build_object('id', set_member_role.member_id, 'role', set_member_role.role, 'is_admin', set_member_role.is_admin);
end
$$;

-- ---------------------------------------------------------------------------------------------
-- Compliance alerts: an id to act on and a status (open, acknowledged, resolved) with who and
-- when. Rows inserted without them (the seed's rows) get the next id and 'open'.
create sequence if not exists public.compliance_alerts_id_seq;
alter table public.compliance_alerts
  add column if not exists id bigint,
  add column if not exists status text,
  add column if not exists acknowledged_by uuid,
  add column if not exists acknowledged_at timestamptz,
  add column if not exists resolved_by uuid,
  add column if not exists resolved_at timestamptz,
  add column if not exists note text;
alter sequence public.compliance_alerts_id_seq owned by public.compliance_alerts.id;
update public.compliance_alerts set id = nextval('public.compliance_alerts_id_seq') where id is null;
update public.compliance_alerts set status = 'open' where status is null;
alter table public.compliance_alerts
  alter column id set default nextval('public.compliance_alerts_id_seq'),
  alter column id set not null,
  alter column status set default 'open',
  alter column status set not null;
alter table public.compliance_alerts drop constraint if exists compliance_alerts_status_check;
alter table public.compliance_alerts add constraint compliance_alerts_status_check
  check (status in ('open', 'acknowledged', 'resolved'));
alter table public.compliance_alerts drop constraint if exists compliance_alerts_note_check;
alter table public.compliance_alerts add constraint compliance_alerts_note_check
  check (note is null or char_length(note) between 1 and 500);
create unique index if not exists compliance_alerts_id_key on public.compliance_alerts (id);

-- A row written with every column named (jsonb_populate_recordset in seed.sql) names id and
-- status as null; the defaults apply to omitted columns only.
create or replace function public.compliance_alerts_defaults()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.id := coalesce(new.id, nextval('public.compliance_alerts_id_seq'));
  new.status := coalesce(new.status, 'open');
  return new;
end
$$;
revoke execute on function public.compliance_alerts_defaults() from public, anon, authenticated, service_role;
drop trigger if exists compliance_alerts_defaults on public.compliance_alerts;
create trigger compliance_alerts_defaults
  before insert on public.compliance_alerts
  for each row execute function public.compliance_alerts_defaults();

-- One alert transition, shared by the two actions below (internal).
create or replace function public.alert_transition(alert_id bigint, note text, new_status text)
returns public.compliance_alerts
language plpgsql
security definer
set search_path = ''
as $$
declare
  me uuid := auth.uid();
  kept_note text := nullif(btrim(note), '');
  current_row public.compliance_alerts;
  result public.compliance_alerts;
begin
  if me is null or not (public.vault_role() = 'mfo_admin' or public.vault_is_admin()) then
    raise exception using errcode = '42501', message = 'only mfo_admin or an administrator may act on compliance alerts';
  end if;
  if alert_id is null then
    raise exception using errcode = '22023', message = 'unknown alert';
  end if;
  if new_status = 'resolved' and kept_note is null then
    raise exception using errcode = '22023', message = 'a note is required to resolve an alert';
  end if;
  if char_length(kept_note) > 500 then
    raise exception using errcode = '22023', message = 'note must be at most 500 characters';
  end if;
  select * into current_row from public.compliance_alerts a where a.id = alert_transition.alert_id for update;
  if not found then
    raise exception using errcode = '22023', message = 'unknown alert';
  end if;
  -- A retry of the same step changes nothing and records nothing.
  if current_row.status = new_status then
    return current_row;
  end if;
  if current_row.status = 'resolved' then
    raise exception using errcode = 'P0001', message = 'the alert is already resolved';
  end if;
  update public.compliance_alerts a set
    status = new_status,
    acknowledged_by = case when new_status = 'acknowledged' then me else a.acknowledged_by end,
    acknowledged_at = case when new_status = 'acknowledged' then now() else a.acknowledged_at end,
    resolved_by = case when new_status = 'resolved' then me else a.resolved_by end,
    resolved_at = case when new_status = 'resolved' then now() else a.resolved_at end,
    note = coalesce(kept_note, a.note)
  where a.id = alert_transition.alert_id
  returning * into result;
  -- No notification: an alert (a screening match, a monitoring threshold) is not told to the
  -- member it concerns.
  perform public.audit_append(
    case new_status when 'acknowledged' then 'alert.acknowledged' else 'alert.resolved' end,
    null, 'compliance_alert', alert_id::text,
    jsonb_build_object('from', current_row.status, 'to', new_status, 'user', current_row."user", 'issue', current_row.issue)
      || case when kept_note is null then '{}'::jsonb else jsonb_build_object('note', kept_note) end
  );
  return result;
end
$$;
revoke execute on function public.alert_transition(bigint, text, text) from public, anon, authenticated, service_role;

create or replace function public.acknowledge_alert(alert_id bigint, note text default null)
returns public.compliance_alerts
language sql
security definer
set search_path = ''
as $$
  select * from public.alert_transition(alert_id, note, 'acknowledged')
$$;

create or replace function public.resolve_alert(alert_id bigint, note text)
returns public.compliance_alerts
language sql
security definer
set search_path = ''
as $$
  select * from public.alert_transition(alert_id, note, 'resolved')
$$;

-- ---------------------------------------------------------------------------------------------
-- Loans: the repayments received, in cents, against a loan of public.loans. The schedule
-- (public.repayments: what is due when) names its loan by borrower.
create table if not exists public.loan_repayments (
  id bigint generated always as identity primary key,
  loan_id text not null references public.loans (id) on delete restrict,
  amount_cents bigint not null check (amount_cents > 0),
  paid_on date not null,
  recorded_by uuid,
  recorded_at timestamptz not null default now(),
  -- The same amount on the same day for the same loan is one repayment: a retried call finds it.
  -- Its index leads with loan_id, the foreign key.
  constraint loan_repayments_once unique (loan_id, paid_on, amount_cents)
);
alter table public.loan_repayments enable row level security;
revoke all on table public.loan_repayments from public, anon, authenticated;
grant select on table public.loan_repayments to authenticated;
grant all on table public.loan_repayments to service_role;
drop policy if exists loan_repayments_read on public.loan_repayments;
create policy loan_repayments_read on public.loan_repayments
  for select to authenticated
  using ((select public.vault_role()) in ('cl_spv_admin', 'mfo_admin') or (select public.vault_is_admin()));

create or replace function public.record_repayment(loan_id text, amount_cents bigint, paid_on date)
returns public.loan_repayments
language plpgsql
security definer
set search_path = ''
as $$
declare
  loan public.loans;
  result public.loan_repayments;
begin
  if auth.uid() is null or not (public.vault_role() = 'cl_spv_admin' or public.vault_is_admin()) then
    raise exception using errcode = '42501', message = 'only cl_spv_admin or an administrator may record a repayment';
  end if;
  if amount_cents is null or amount_cents <= 0 then
    raise exception using errcode = '22023', message = 'amount_cents must be a positive whole number of cents';
  end if;
  if paid_on is null or paid_on > (now() at time zone 'UTC')::date then
    raise exception using errcode = '22023', message = 'paid_on must be a date, not in the future';
  end if;
  select * into loan from public.loans l where l.id = record_repayment.loan_id;
  if not found then
    raise exception using errcode = '22023', message = 'unknown loan';
  end if;
  if loan.status <> 'Active' then
    raise exception using errcode = 'P0001', message = 'only an active loan takes repayments';
  end if;
  insert into public.loan_repayments (loan_id, amount_cents, paid_on, recorded_by)
    values (record_repayment.loan_id, record_repayment.amount_cents, record_repayment.paid_on, auth.uid())
    on conflict on constraint loan_repayments_once do nothing
    returning * into result;
  if result.id is null then
    select * into result from public.loan_repayments r
      where r.loan_id = record_repayment.loan_id and r.paid_on = record_repayment.paid_on
        and r.amount_cents = record_repayment.amount_cents;
    return result;
  end if;
  -- The borrower is a company, not a member: nobody to notify.
  perform public.audit_append(
    'repayment.recorded', null, 'loan', loan.id,
    jsonb_build_object('repayment_id', result.id, 'amount_cents', result.amount_cents, 'paid_on', result.paid_on, 'borrower', loan.borrower)
  );
  return result;
end
$$;

do $$
begin
  if to_regtype('public.loan_book_row') is null then
    create type public.loan_book_row as (
      id text,
      borrower text,
      amount text,
      status text,
      due_cents bigint,
      paid_cents bigint,
      next_due_on date,
      overdue boolean
    );
  end if;
end
$$;

-- Each loan with what its schedule has made due by today, what was repaid, the next due date,
-- and whether it is overdue: an instalment's due date has passed and the repayments do not cover
-- what was due. Derived on read, never stored. Security invoker: the tables' policies apply.
create or replace function public.loan_book()
returns setof public.loan_book_row
language plpgsql
stable
security invoker
set search_path = ''
as $$
begin
  if auth.uid() is null or not (public.vault_role() in ('cl_spv_admin', 'mfo_admin') or public.vault_is_admin()) then
    raise exception using errcode = '42501', message = 'only cl_spv_admin, mfo_admin or an administrator may read the loan book';
  end if;
  return query
    with today as (select (now() at time zone 'UTC')::date as d),
    schedule as (
      select l.id as loan_id,
             round(nullif(regexp_replace(r.amount, '[^0-9.]', '', 'g'), '')::numeric * 100)::bigint as cents,
             case when r.due ~ '^\d{4}-\d{2}-\d{2}' then make_date(substr(r.due, 1, 4)::int, substr(r.due, 6, 2)::int, substr(r.due, 9, 2)::int) end as due_on
      from public.loans l join public.repayments r on r.borrower = l.borrower
    ),
    due as (
      select s.loan_id,
             coalesce(sum(s.cents) filter (where s.due_on < (select d from today)), 0)::bigint as due_cents,
             min(s.due_on) filter (where s.due_on >= (select d from today)) as next_due_on
      from schedule s group by s.loan_id
    ),
    paid as (
      select r.loan_id, sum(r.amount_cents)::bigint as paid_cents from public.loan_repayments r group by r.loan_id
    )
    select l.id, l.borrower, l.amount, l.status,
           coalesce(d.due_cents, 0::bigint), coalesce(p.paid_cents, 0::bigint), d.next_due_on,
           coalesce(d.due_cents, 0) > coalesce(p.paid_cents, 0)
    from public.loans l
    left join due d on d.loan_id = l.id
    left join paid p on p.loan_id = l.id
    order by l.id;
end
$$;

-- ---------------------------------------------------------------------------------------------
-- Assets: the status of a production asset (its id is its name), with a note kept in the trail.
create or replace function public.set_asset_status(asset_id text, status text, note text)
returns public.production_assets
language plpgsql
security definer
set search_path = ''
as $$
declare
  kept_note text := nullif(btrim(note), '');
  current_row public.production_assets;
  result public.production_assets;
begin
  if auth.uid() is null or not (public.vault_role() = 'production_spv' or public.vault_is_admin()) then
    raise exception using errcode = '42501', message = 'only production_spv or an administrator may change an asset''s status';
  end if;
  if status is null or status not in ('Operational', 'Under Maintenance') then
    raise exception using errcode = '22023', message = 'status must be Operational or Under Maintenance';
  end if;
  if kept_note is null then
    raise exception using errcode = '22023', message = 'a note is required';
  end if;
  if char_length(kept_note) > 500 then
    raise exception using errcode = '22023', message = 'note must be at most 500 characters';
  end if;
  select * into current_row from public.production_assets a where a.name = set_asset_status.asset_id for update;
  if not found then
    raise exception using errcode = '22023', message = 'unknown asset';
  end if;
  if current_row.status = set_asset_status.status then
    return current_row;
  end if;
  update public.production_assets a set status = set_asset_status.status
    where a.name = set_asset_status.asset_id returning * into result;
  -- An asset concerns no member: nobody to notify.
  perform public.audit_append(
    'asset.status_changed', null, 'asset', asset_id,
    jsonb_build_object('from', current_row.status, 'to', result.status, 'note', kept_note)
  );
  return result;
end
$$;

revoke execute on function public.set_member_role(uuid, text, boolean) from public, anon, service_role;
grant execute on function public.set_member_role(uuid, text, boolean) to authenticated;
revoke execute on function public.acknowledge_alert(bigint, text) from public, anon, service_role;
grant execute on function public.acknowledge_alert(bigint, text) to authenticated;
revoke execute on function public.resolve_alert(bigint, text) from public, anon, service_role;
grant execute on function public.resolve_alert(bigint, text) to authenticated;
revoke execute on function public.record_repayment(text, bigint, date) from public, anon, service_role;
grant execute on function public.record_repayment(text, bigint, date) to authenticated;
revoke execute on function public.loan_book() from public, anon, service_role;
grant execute on function public.loan_book() to authenticated;
revoke execute on function public.set_asset_status(text, text, text) from public, anon, service_role;
grant execute on function public.set_asset_status(text, text, text) to authenticated;
