-- Staff demo accounts never outlive demo mode (docs/backend.md "Demo mode and the demo accounts").
--
-- * public.demo_accounts lists the accounts seed.sql makes (one per role). The seed registers
--   them; nothing else writes it.
-- * While demo mode is off every listed account is banned (auth.users.banned_until), so Supabase
--   Auth refuses its sign-in and its token refresh. Switching demo mode (an UPDATE of
--   public.app_settings.demo_mode) bans or unbans them in the same transaction, through the
--   trigger below; registering an account applies the current state to it at once.
-- * An access token issued before the switch stays valid until it expires, so the Vault role
--   itself (public.vault_role(), public.vault_is_admin()) counts a demo account as a plain
--   investor without the admin flag while demo mode is off: every staff read (the role tables,
--   public.list_members) refuses it.

create table if not exists public.demo_accounts (
  user_id uuid primary key references auth.users (id) on delete cascade
);
alter table public.demo_accounts enable row level security;
revoke all on table public.demo_accounts from anon, authenticated;
-- A member may learn whether they themselves are a demo account (vault_role reads it with the
-- caller's rights, so no security definer helper is needed); no one reads anyone else's row.
grant select on table public.demo_accounts to authenticated;
grant all on table public.demo_accounts to service_role;
drop policy if exists demo_accounts_select_own on public.demo_accounts;
create policy demo_accounts_select_own on public.demo_accounts
  for select to authenticated
  using (user_id = (select auth.uid()));
comment on table public.demo_accounts is
  'The seeded demo accounts: banned, and without staff rights, whenever app_settings.demo_mode is off.';

-- True when the caller is a demo account and demo mode is off: such a caller has no staff rights.
create or replace function public.vault_is_locked_demo_account()
returns boolean
language sql
stable
set search_path = ''
as $$
  select not public.vault_demo_mode()
    and exists (select 1 from public.demo_accounts d where d.user_id = auth.uid())
$$;

-- The caller's Vault role, as in 20261123180000, except that a demo account with demo mode off
-- is an investor whatever its token says.
create or replace function public.vault_role()
returns text
language sql
stable
set search_path = ''
as $$
  select case
    when public.vault_is_locked_demo_account() then 'investor'
    when auth.jwt() -> 'app_metadata' ->> 'role'
      in ('investor', 'mfo_admin', 'cl_spv_admin', 'eq_spv_admin', 'production_spv', 'compliance')
      then auth.jwt() -> 'app_metadata' ->> 'role'
    else 'investor'
  end
$$;

-- The admin flag: only a JSON true counts, and never for a demo account with demo mode off.
create or replace function public.vault_is_admin()
returns boolean
language sql
stable
set search_path = ''
as $$
  select coalesce((auth.jwt() -> 'app_metadata' -> 'is_admin') = 'true'::jsonb, false)
    and not public.vault_is_locked_demo_account()
$$;

-- Bans (demo mode off) or unbans (demo mode on) every registered demo account. Security
-- definer: it runs inside the operator's UPDATE of app_settings and writes auth.users.
-- A far date rather than 'infinity', which Supabase Auth's Go code cannot read.
create or replace function public.vault_sync_demo_bans()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  demo_on boolean := public.vault_demo_mode();
begin
  if demo_on then
    update auth.users u set banned_until = null
      where u.id in (select d.user_id from public.demo_accounts d) and u.banned_until is not null;
  else
    update auth.users u set banned_until = now() + interval '100 years'
      where u.id in (select d.user_id from public.demo_accounts d)
        and (u.banned_until is null or u.banned_until < now() + interval '50 years');
    -- Their refresh tokens go too (where this Auth version keeps them), so no session outlives
    -- the switch beyond its access token's expiry.
    if to_regclass('auth.refresh_tokens') is not null then
      execute 'delete from auth.refresh_tokens t where t.user_id::uuid in (select d.user_id from public.demo_accounts d)';
    end if;
    if to_regclass('auth.sessions') is not null then
      execute 'delete from auth.sessions s where s.user_id in (select d.user_id from public.demo_accounts d)';
    end if;
  end if;
  return null;
end
$$;
revoke execute on function public.vault_sync_demo_bans() from public, anon, authenticated;

drop trigger if exists app_settings_demo_bans on public.app_settings;
create trigger app_settings_demo_bans
  after insert or update of demo_mode on public.app_settings
  for each row execute function public.vault_sync_demo_bans();

drop trigger if exists demo_accounts_demo_bans on public.demo_accounts;
create trigger demo_accounts_demo_bans
  after insert on public.demo_accounts
  for each statement execute function public.vault_sync_demo_bans();

-- The demo accounts' password. The seed gives them a random one nobody knows; an operator who
-- runs a public demo sets one with `select public.vault_set_demo_password('…');` (SQL editor or
-- psql, as postgres or the service role). Never callable from the app.
create or replace function public.vault_set_demo_password(password text)
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  changed integer;
begin
  if password is null or char_length(password) < 12 then
    raise exception using errcode = '22023', message = 'the demo password must have at least 12 characters';
  end if;
  update auth.users u
    set encrypted_password = extensions.crypt(password, extensions.gen_salt('bf', 10)), updated_at = now()
    where u.id in (select d.user_id from public.demo_accounts d);
  get diagnostics changed = row_count;
  return changed;
end
$$;
revoke execute on function public.vault_set_demo_password(text) from public, anon, authenticated;
grant execute on function public.vault_set_demo_password(text) to service_role;

-- A project seeded before this migration: its demo accounts (the fixed ids of
-- packages/domain/src/backend/accounts.ts) are registered, so the switch governs them, and the
-- password the old seed gave them, published in the docs, no longer opens them (each gets a
-- random one, as the seed now gives).
insert into public.demo_accounts (user_id)
  select u.id from auth.users u
  where u.id in (
    '00000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-000000000002',
    '00000000-0000-4000-8000-000000000003', '00000000-0000-4000-8000-000000000004',
    '00000000-0000-4000-8000-000000000005', '00000000-0000-4000-8000-000000000006'
  )
  and u.email like 'demo.%@vault.example'
on conflict (user_id) do nothing;

do $$
begin
  if exists (
    select 1 from auth.users u
    where u.encrypted_password = '$2a$10$OgWoikXLbgIY6dnL1jkPUeM5MRvHE.Le9PAhORjKA0K/gp/5TUsOe'
  ) then
    execute $sql$
      update auth.users u
        set encrypted_password = extensions.crypt(encode(extensions.gen_random_bytes(32), 'base64'), extensions.gen_salt('bf', 10))
        where u.encrypted_password = '$2a$10$OgWoikXLbgIY6dnL1jkPUeM5MRvHE.Le9PAhORjKA0K/gp/5TUsOe'
    $sql$;
  end if;
end
$$;
