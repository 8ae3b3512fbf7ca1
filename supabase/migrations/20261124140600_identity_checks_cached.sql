-- The caller's role and demo-account lock, computed with cached plans and without row-level
-- security on the way (docs/performance.md "Database"). public.vault_role() and
-- public.vault_is_admin() run inside every policy, once per query. As SQL functions with their
-- own search_path they are never inlined, and PostgreSQL plans an SQL function's body again on
-- every query; public.vault_is_locked_demo_account() also read public.app_settings and the
-- caller's row of public.demo_accounts through those tables' own policies, which call these
-- functions in turn. That was most of what row-level security cost a console page. In PL/pgSQL
-- the statements keep their plans for the session, and as security definer the lock is read by
-- the owner, as the table owner's queries always did. The answers are those of
-- 20261124100000_demo_accounts_locked.sql: the demo switch is public, and the only demo_accounts
-- row read is the caller's own (auth.uid()).
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

-- The caller's Vault role: an investor for a locked demo account, else the token's role when it
-- is one of the six, else investor.
create or replace function public.vault_role()
returns text
language plpgsql
stable
set search_path = ''
as $$
declare
  claimed text := auth.jwt() -> 'app_metadata' ->> 'role';
begin
  if public.vault_is_locked_demo_account() then
    return 'investor';
  end if;
  return case
    when claimed in ('investor', 'mfo_admin', 'cl_spv_admin', 'eq_spv_admin', 'production_spv', 'compliance') then claimed
    else 'investor'
  end;
end
$$;
