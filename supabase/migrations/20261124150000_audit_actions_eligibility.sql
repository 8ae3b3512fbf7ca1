-- The audit actions of investor eligibility (docs/eligibility.md), added to the closed list of
-- public.audit_events.action (packages/domain/src/backend/audit.ts, `auditActions`):
--   investor.classified                   save_investor_profile
--   appropriateness.submitted             submit_appropriateness
--   appropriateness.warning_acknowledged  acknowledge_appropriateness_warning
--   investment.cooling_off_started        request_to_invest
-- The constraint is rebuilt from the names it already lists plus these, so actions added by
-- other migrations before this one stay.
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
      'investor.classified',
      'appropriateness.submitted',
      'appropriateness.warning_acknowledged',
      'investment.cooling_off_started'
    ]) as a order by a
  );
  alter table public.audit_events drop constraint if exists audit_events_action_check;
  execute format(
    'alter table public.audit_events add constraint audit_events_action_check check (action in (%s))',
    (select string_agg(quote_literal(a), ', ') from unnest(kept) as a)
  );
end
$$;
