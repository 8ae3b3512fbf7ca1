-- Role checks run once per query, not once per row (docs/backend.md "Row-level security").
-- A function with its own search_path is never inlined, so `public.vault_role() = …` in a
-- policy is called for every row; `(select public.vault_role()) = …` is an initplan, evaluated
-- once. Every policy that calls a function wraps it so; supabase/tests/initplan.test.ts checks
-- every policy in pg_policies, and the database lint (supabase/lint) keeps it so.

do $$
declare
  r record;
begin
  for r in
    select * from (values
      ('loans', array['cl_spv_admin', 'mfo_admin']),
      ('repayments', array['cl_spv_admin', 'mfo_admin']),
      ('equity_holdings', array['eq_spv_admin', 'mfo_admin']),
      ('production_assets', array['production_spv', 'mfo_admin']),
      ('compliance_alerts', array['compliance', 'mfo_admin']),
      ('audit_logs', array['compliance', 'mfo_admin']),
      ('activity', array['mfo_admin'])
    ) as t (name, readers)
  loop
    execute format('drop policy if exists %I on public.%I', r.name || '_read', r.name);
    execute format(
      'create policy %I on public.%I for select to authenticated '
      'using ((select public.vault_role()) = any (%L::text[]) or (select public.vault_is_admin()))',
      r.name || '_read', r.name, r.readers
    );
  end loop;
end
$$;
