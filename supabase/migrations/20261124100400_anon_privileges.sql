-- anon gets nothing it does not need (docs/security.md "What anon can do").
-- Signed out, the app reads one thing: public.app_settings (whether to offer demo mode). Every
-- other table held a SELECT grant anon could use only to learn its columns (row-level security
-- returned no rows), through PostgREST's OpenAPI and, with pg_graphql on, GraphQL
-- introspection. The helpers were executable by anyone.

revoke all on all tables in schema public from anon;
revoke all on all sequences in schema public from anon;
grant select on table public.app_settings to anon;
comment on table public.app_settings is
  'Readable by anon on purpose: the signed-out app asks whether to offer demo mode. One row, one flag, no member data.';

-- Functions: nothing for anon or PUBLIC; authenticated keeps what policies, check constraints
-- and the app's RPCs call.
revoke execute on all functions in schema public from public, anon;
grant execute on function
  public.vault_role(),
  public.vault_is_admin(),
  public.vault_demo_mode(),
  public.vault_is_locked_demo_account(),
  public.vault_is_boolean_map(jsonb)
to authenticated, service_role;

-- Supabase grants anon everything a migration creates in public (default privileges), and
-- Postgres grants EXECUTE on every new function to PUBLIC. Take both back for what the
-- migration role creates from here on: a later table or function is closed to anon until a
-- migration grants it on purpose. authenticated and service_role keep Supabase's defaults.
alter default privileges in schema public revoke all on tables from anon;
alter default privileges in schema public revoke all on sequences from anon;
alter default privileges in schema public revoke all on functions from anon;
alter default privileges revoke execute on functions from public;

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
