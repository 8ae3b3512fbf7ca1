-- public.investor_profiles joins the table contract as a member record (packages/domain/src/backend/tables.ts,
-- docs/eligibility.md): the member reads their own row (the app shows a UK first-time investor the
-- FCA's risk warning from its country), and compliance, mfo_admin and the admin flag read every
-- member's, as they read the other records about a member (the signatures, the audit trail).
-- Nobody writes it but save_investor_profile (20261124150100_investor_eligibility.sql).

revoke all on table public.investor_profiles from public, anon, authenticated, service_role;
grant select on table public.investor_profiles to authenticated, service_role;
drop policy if exists investor_profiles_own on public.investor_profiles;
drop policy if exists investor_profiles_read on public.investor_profiles;
create policy investor_profiles_read on public.investor_profiles
  for select to authenticated
  using (
    member_id = (select auth.uid())
    or (select public.vault_role()) in ('compliance', 'mfo_admin')
    or (select public.vault_is_admin())
  );
