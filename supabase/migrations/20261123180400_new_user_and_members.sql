-- Vault backend, part 5: a profile for every new auth user, demo rows while demo mode is on,
-- and the member list behind /users.

-- On sign-up: the member's profile row, and, only while demo mode is on, a copy of the sample
-- per-member rows (documents, investments, notifications, upcoming actions). With demo mode
-- off a new member starts with none (the app shows 'No documents yet').
-- security definer: it runs inside Supabase Auth's insert and writes tables no client may write.
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
    insert into public.investments
      select (jsonb_populate_record(null::public.investments, s.data || jsonb_build_object('user_id', new.id))).*
      from public.sample_member_rows s where s.table_name = 'investments'
      on conflict do nothing;
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

drop trigger if exists on_auth_user_created on auth.users;
create trigger on_auth_user_created
  after insert on auth.users
  for each row execute function public.handle_new_user();

-- The member list behind /users: every profile with its email, role and status, but only for
-- mfo_admin and the admin flag; everyone else gets an empty list. It must read auth.users,
-- which no client may, so it runs with its owner's rights (a plain view, not security_invoker),
-- and the WHERE clause is the guard. security_barrier keeps a caller's own functions in a
-- filter from seeing rows before that WHERE clause has removed them.
create or replace view public.members with (security_barrier = true) as
  select
    p.id::text as id,
    coalesce(nullif(p.name, ''), u.email::text, '') as name,
    coalesce(u.email::text, '') as email,
    case
      when u.raw_app_meta_data ->> 'role'
        in ('investor', 'mfo_admin', 'cl_spv_admin', 'eq_spv_admin', 'production_spv', 'compliance')
        then u.raw_app_meta_data ->> 'role'
      else 'investor'
    end as role,
    case when p.kyc_status = 'approved' then 'Active' else 'Pending' end as status,
    to_char(u.created_at at time zone 'UTC', 'YYYY-MM-DD') as joined
  from public.profiles p
  join auth.users u on u.id = p.id
  where public.vault_role() = 'mfo_admin' or public.vault_is_admin();

revoke all on table public.members from anon, authenticated;
grant select on table public.members to authenticated;
grant select on table public.members to service_role;

-- A join view is not updatable, and Postgres would answer a write with 55000 (HTTP 500 through
-- PostgREST). With an INSTEAD OF trigger the privilege check comes first, so a client's write
-- answers 42501 'permission denied for view members' like every other table; the trigger
-- itself refuses anyone who does hold the privilege.
create or replace function public.members_read_only()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  raise exception using errcode = '42501', message = 'members is read-only';
end
$$;
revoke execute on function public.members_read_only() from public, anon, authenticated;

drop trigger if exists members_read_only on public.members;
create trigger members_read_only
  instead of insert or update or delete on public.members
  for each row execute function public.members_read_only();
