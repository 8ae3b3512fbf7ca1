-- The scheduled jobs (vault_scheduled_jobs(), from packages/domain/src/backend/schedule.ts), handed
-- to pg_cron where it is installed: scheduling a job again replaces the job of that name, so this
-- runs safely with every migration, and once more by hand after pg_cron is enabled later
-- (docs/backend.md "Scheduled jobs"). Without pg_cron it schedules nothing and answers 0.
create or replace function public.vault_schedule_jobs()
returns integer
language plpgsql
set search_path = ''
as $$
declare
  job record;
  n integer := 0;
begin
  if not exists (select 1 from pg_catalog.pg_extension where extname = 'pg_cron') then
    return 0;
  end if;
  for job in select * from public.vault_scheduled_jobs() loop
    execute 'select cron.schedule($1, $2, $3)' using job.name, job.cron, job.command;
    n := n + 1;
  end loop;
  return n;
end
$$;
revoke execute on function public.vault_schedule_jobs() from public, anon, authenticated, service_role;

select public.vault_schedule_jobs();
