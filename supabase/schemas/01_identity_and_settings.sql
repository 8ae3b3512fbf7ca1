-- Who is asking, and the demo switch (docs/backend.md "Identity", "Demo mode and the demo accounts").
--
-- Identity is Supabase Auth. The Vault role is the JWT claim app_metadata.role and the admin
-- flag app_metadata.is_admin. Only the server writes app_metadata (service role or SQL), so a
-- member can never change their own role. Every policy reads the helpers below.
--
-- Every statement of the schema files can run twice (create or replace, if not exists, on
-- conflict, drop … if exists before a create), so applying the baseline again changes nothing.

-- anon gets nothing it does not need (docs/security.md "What anon can do"). Supabase grants anon
-- everything created in public (default privileges), and Postgres grants EXECUTE on every new
-- function to PUBLIC. Both are taken back before anything is created, so every table and
-- function below is closed to anon until its own grant opens it on purpose; authenticated and
-- service_role keep Supabase's defaults, narrowed per object.
alter default privileges in schema public revoke all on tables from anon;
alter default privileges in schema public revoke all on sequences from anon;
-- No client role holds any privilege on a sequence: a setval would make every audited write fail,
-- and survive a rollback.
alter default privileges in schema public revoke all on sequences from authenticated;
alter default privileges in schema public revoke all on functions from anon;
alter default privileges revoke execute on functions from public;

-- Bank identifiers as the server keeps them (docs/ledger.md "Bank accounts"): an IBAN as typed,
-- checked as `validateIban` in packages/domain/src/backend/bankAccounts.ts checks it (spaces
-- dropped, upper-cased; letters and digits, a country code and two check digits, the country's
-- length, ISO 7064 MOD 97-10 with check digits 00, 01 and 99 refused), with its messages; the
-- IBAN as stored, or a 22023 refusal. The platform's collection account (below) and the members'
-- linked accounts (link_bank_account, 11_ledger.sql) both go through it.
create or replace function public.iban_checked(iban text)
returns text
language plpgsql
immutable
parallel safe
set search_path = ''
as $$
declare
  compact text := replace(coalesce(iban, ''), ' ', '');
  normalised text;
  country text;
  expected integer;
  rearranged text;
  digit integer;
  remainder integer := 0;
begin
  if compact = '' then
    raise exception using errcode = '22023', message = 'an IBAN is required';
  end if;
  -- Before upper-casing: a letter outside A-Z may upper-case into something else.
  if compact !~ '^[A-Za-z0-9]+$' then
    raise exception using errcode = '22023', message = 'an IBAN has only letters, digits and spaces';
  end if;
  normalised := upper(compact);
  if normalised !~ '^[A-Z]{2}[0-9]{2}' then
    raise exception using errcode = '22023',
      message = 'an IBAN starts with a country code and two check digits, like DE89';
  end if;
  country := left(normalised, 2);
  expected := public.iban_length(country);
  if expected is null then
    raise exception using errcode = '22023', message = format('no IBAN starts with %s: check the country code', country);
  end if;
  if char_length(normalised) <> expected then
    raise exception using errcode = '22023', message = format('an IBAN from %s has %s characters', country, expected);
  end if;
  -- The first four characters moved to the end, each letter read as 10 to 35.
  rearranged := substr(normalised, 5) || left(normalised, 4);
  for i in 1 .. char_length(rearranged) loop
    digit := ascii(substr(rearranged, i, 1));
    digit := case when digit <= 57 then digit - 48 else digit - 55 end;
    remainder := case when digit >= 10 then (remainder * 100 + digit) % 97 else (remainder * 10 + digit) % 97 end;
  end loop;
  if substr(normalised, 3, 2) in ('00', '01', '99') or remainder <> 1 then
    raise exception using errcode = '22023', message = 'the IBAN''s check digits do not match the rest: check it for a typo';
  end if;
  return normalised;
end
$$;

-- A BIC (ISO 9362) as the server keeps it: spaces dropped, upper-cased, 8 or 11 characters
-- (`normaliseBic` in bankAccounts.ts); otherwise a 22023 refusal.
create or replace function public.bic_checked(bic text)
returns text
language plpgsql
immutable
parallel safe
set search_path = ''
as $$
declare
  compact text := replace(coalesce(bic, ''), ' ', '');
begin
  if compact !~ '^[A-Za-z0-9]+$' or upper(compact) !~ '^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$' then
    raise exception using errcode = '22023', message = 'a BIC has 8 or 11 letters and digits';
  end if;
  return upper(compact);
end
$$;
revoke execute on function public.iban_checked(text) from public, anon, authenticated, service_role;
revoke execute on function public.bic_checked(text) from public, anon, authenticated, service_role;

-- One row: whether demo mode is on, and the account members send bank transfers to. Demo mode
-- is off by default; seed.sql turns it on for local and demo projects. The app reads it (anon
-- and signed in) to decide whether to offer demo mode; no client writes it (change it with SQL:
-- update public.app_settings set demo_mode = false).
-- The collection account (beneficiary, IBAN, BIC) is the platform's account at its payment
-- provider, where a member's SEPA transfer for an investment awaiting payment goes, with the
-- investment's reference. Null until the operator sets it (update public.app_settings set
-- collection_beneficiary = …, collection_iban = …, collection_bic = …); members read it through
-- payment_collection_account(), never anon. The BIC may stay null: SEPA needs only the IBAN.
create table if not exists public.app_settings (
  id boolean primary key default true check (id),
  demo_mode boolean not null default false,
  collection_beneficiary text check (
    collection_beneficiary is null
    or (char_length(collection_beneficiary) between 1 and 140 and collection_beneficiary = btrim(collection_beneficiary))
  ),
  -- As stored: app_settings_collection_checked (below) checks and normalises what is written.
  collection_iban text check (collection_iban is null or collection_iban ~ '^[A-Z]{2}[0-9]{2}[A-Z0-9]{11,30}$'),
  collection_bic text check (collection_bic is null or collection_bic ~ '^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$'),
  constraint app_settings_collection_account_whole check (
    (collection_beneficiary is null) = (collection_iban is null) and (collection_bic is null or collection_iban is not null)
  )
);
insert into public.app_settings (id) values (true) on conflict (id) do nothing;

alter table public.app_settings enable row level security;
revoke all on table public.app_settings from anon, authenticated;
-- The demo switch only: the collection account is read through its function, by members.
grant select (id, demo_mode) on table public.app_settings to anon, authenticated;
grant all on table public.app_settings to service_role;
drop policy if exists app_settings_read on public.app_settings;
create policy app_settings_read on public.app_settings for select to anon, authenticated using (true);
comment on table public.app_settings is
  'anon and authenticated read id and demo_mode only, anon on purpose: the signed-out app asks whether to offer demo mode. No member data.';

-- The collection account's IBAN and BIC, checked and stored as iban_checked and bic_checked make
-- them, whoever writes them (the operator may type the IBAN with spaces). Security definer: the
-- checks are no client's to execute, and run only when these columns are written.
create or replace function public.app_settings_collection_checked()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.collection_iban is not null then
    new.collection_iban := public.iban_checked(new.collection_iban);
  end if;
  if new.collection_bic is not null then
    new.collection_bic := public.bic_checked(new.collection_bic);
  end if;
  return new;
end
$$;
revoke execute on function public.app_settings_collection_checked() from public, anon, authenticated, service_role;
drop trigger if exists app_settings_collection_checked on public.app_settings;
create trigger app_settings_collection_checked
  before insert or update of collection_iban, collection_bic on public.app_settings
  for each row execute function public.app_settings_collection_checked();

-- Where a member sends a bank transfer: the collection account's beneficiary, IBAN (as stored:
-- upper case, no spaces) and BIC (null when not set). One row, or none while the project has
-- not configured it (the app then says the details come by email). Any signed-in member.
create or replace function public.payment_collection_account()
returns table (beneficiary text, iban text, bic text)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if auth.uid() is null then
    raise exception using errcode = '42501', message = 'not signed in';
  end if;
  return query
    select s.collection_beneficiary, s.collection_iban, s.collection_bic
    from public.app_settings s
    where s.id and s.collection_iban is not null;
end
$$;
revoke execute on function public.payment_collection_account() from public, anon, service_role;
grant execute on function public.payment_collection_account() to authenticated;

create or replace function public.vault_demo_mode()
returns boolean
language sql
stable
set search_path = ''
as $$
  select coalesce((select s.demo_mode from public.app_settings s where s.id), false)
$$;

-- Staff demo accounts never outlive demo mode.
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
-- public.vault_role() and public.vault_is_admin() run inside every policy, once per query. As
-- SQL functions with their own search_path they would never be inlined, and PostgreSQL plans an
-- SQL function's body again on every query; in PL/pgSQL the statements keep their plans for the
-- session (docs/performance.md "Database"). As security definer the lock is read by the owner,
-- without the policies of app_settings and demo_accounts (which call these functions in turn):
-- the demo switch is public, and the only demo_accounts row read is the caller's own.
create or replace function public.vault_is_locked_demo_account()
returns boolean
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  return not coalesce((select s.demo_mode from public.app_settings s where s.id), false)
    and exists (select 1 from public.demo_accounts d where d.user_id = auth.uid());
end
$$;

-- The caller's Vault role: an investor for a locked demo account or an outdated token, else the
-- token's role when it is one of the six, else investor.
create or replace function public.vault_role()
returns text
language plpgsql
stable
set search_path = ''
as $$
declare
  claimed text := auth.jwt() -> 'app_metadata' ->> 'role';
begin
  if claimed is null or claimed = 'investor' then
    return 'investor';
  end if;
  if public.vault_is_locked_demo_account() or public.vault_token_outdated() then
    return 'investor';
  end if;
  return case
    when claimed = any (public.vault_roles()) then claimed
    else 'investor'
  end;
end
$$;

-- The admin flag: only a JSON true counts, never for a locked demo account or an outdated token.
create or replace function public.vault_is_admin()
returns boolean
language plpgsql
stable
set search_path = ''
as $$
begin
  if (auth.jwt() -> 'app_metadata' -> 'is_admin') is distinct from 'true'::jsonb then
    return false;
  end if;
  return not public.vault_is_locked_demo_account() and not public.vault_token_outdated();
end
$$;

-- Policies, check constraints and the app's calls run these as authenticated.
grant execute on function public.vault_demo_mode() to authenticated, service_role;
grant execute on function public.vault_is_locked_demo_account() to authenticated, service_role;
grant execute on function public.vault_role() to authenticated, service_role;
grant execute on function public.vault_is_admin() to authenticated, service_role;

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

-- GraphQL: the app speaks REST only. Where pg_graphql is installed, its endpoint is closed to
-- anon and authenticated (no usage of graphql_public), so no key lists the schema through it.
do $$
begin
  if exists (select 1 from pg_catalog.pg_namespace where nspname = 'graphql_public') then
    execute 'revoke usage on schema graphql_public from anon, authenticated';
  end if;
  if exists (select 1 from pg_catalog.pg_namespace where nspname = 'graphql') then
    execute 'revoke usage on schema graphql from anon, authenticated';
  end if;
end
$$;

-- =============================================================================================
-- Rights: a change of role or admin flag outdates every token issued before it.
-- The role and flag are JWT claims, copied from auth.users when a token is issued, so a token
-- issued before a change still carries the old ones until it expires. The change time is kept
-- here; vault_role() and vault_is_admin() give no staff rights to a token issued (iat) before it.
create table if not exists public.member_rights_changes (
  member_id uuid primary key,
  changed_at timestamptz not null
);
alter table public.member_rights_changes enable row level security;
revoke all on table public.member_rights_changes from public, anon, authenticated, service_role;

-- True when the caller's token was issued before their last change of rights (or carries no
-- issue time while a change exists). Whole seconds: a token issued in the second of the change
-- counts as older, so the old rights never survive it.
create or replace function public.vault_token_outdated()
returns boolean
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  changed timestamptz;
  issued text := auth.jwt() ->> 'iat';
begin
  select r.changed_at into changed from public.member_rights_changes r where r.member_id = auth.uid();
  if changed is null then
    return false;
  end if;
  if issued is null or issued !~ '^[0-9]{1,12}(\.[0-9]+)?$' then
    return true;
  end if;
  return to_timestamp(issued::numeric) < date_trunc('second', changed) + interval '1 second';
end
$$;
revoke execute on function public.vault_token_outdated() from public, anon;
grant execute on function public.vault_token_outdated() to authenticated, service_role;



-- Ends every session of a member at once: refresh tokens and sessions go, so no new access
-- token is issued with the old claims (where this Auth version keeps them).
create or replace function public.vault_end_sessions(member_id uuid)
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  if to_regclass('auth.refresh_tokens') is not null then
    execute 'delete from auth.refresh_tokens t where t.user_id::text = $1::text' using member_id;
  end if;
  if to_regclass('auth.sessions') is not null then
    execute 'delete from auth.sessions s where s.user_id = $1' using member_id;
  end if;
end
$$;
revoke execute on function public.vault_end_sessions(uuid) from public, anon, authenticated, service_role;
