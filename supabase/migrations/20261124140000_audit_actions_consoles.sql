-- The audit actions of the operators' consoles (docs/backend.md "Consoles"), added to the closed
-- list of public.audit_events.action (packages/domain/src/backend/audit.ts, `auditActions`):
--   alert.acknowledged     acknowledge_alert
--   alert.resolved         resolve_alert
--   repayment.recorded     record_repayment
--   asset.status_changed   set_asset_status
--   report.exported        export_report
-- (member.role_changed, recorded by set_member_role, is in the list since the trail began.)
-- The constraint is rebuilt from the names it already lists plus these, so the actions other
-- migrations add, before or after this one, all stay.
do $$
declare
  kept text[];
begin
  select coalesce(array_agg(distinct m[1]), '{}')
    into kept
    from pg_constraint c,
         regexp_matches(pg_get_constraintdef(c.oid), '''([a-z_]+\.[a-z_]+)''', 'g') as m
    where c.conname = 'audit_events_action_check' and c.conrelid = 'public.audit_events'::regclass;
  kept := array(
    select distinct a from unnest(kept || array[
      'alert.acknowledged',
      'alert.resolved',
      'repayment.recorded',
      'asset.status_changed',
      'report.exported'
    ]) as a order by a
  );
  alter table public.audit_events drop constraint if exists audit_events_action_check;
  execute format(
    'alter table public.audit_events add constraint audit_events_action_check check (action in (%s))',
    (select string_agg(quote_literal(a), ', ') from unnest(kept) as a)
  );
end
$$;
