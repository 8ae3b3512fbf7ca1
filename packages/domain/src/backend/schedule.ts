import * as v from 'valibot';

/**
 * The server's time-driven work, as data: each job is one SQL call, run on its cron schedule.
 * On a Supabase project pg_cron runs them (supabase/schemas/15_schedule.sql schedules every job
 * where the extension is installed); the local and embedded hosts run the same calls as their
 * clock passes a scheduled minute (supabase/host/schedule.ts). docs/backend.md "Scheduled jobs".
 */

/**
 * A cron expression of the subset both runners read: minute and hour are `*`, `*\/n` or a
 * number; day of month, month and day of week are `*`.
 */
const CronSchema = v.pipe(
  v.string(),
  v.regex(/^(\*|\*\/[1-9]\d?|[0-5]?\d) (\*|\*\/[1-9]\d?|1?\d|2[0-3]) \* \* \*$/, 'a minute and an hour, then * * *'),
);

const ScheduledJobSchema = v.object({
  /** pg_cron's job name: scheduling it again replaces the job of that name. */
  name: v.pipe(v.string(), v.regex(/^vault-[a-z-]+$/)),
  cron: CronSchema,
  /** A call of one function that takes no argument or only defaulted ones. */
  call: v.pipe(v.string(), v.regex(/^public\.[a-z_]+\(\)$/)),
  /** What it does, for the docs and the operators. */
  does: v.pipe(v.string(), v.nonEmpty()),
});
export type ScheduledJob = v.InferOutput<typeof ScheduledJobSchema>;

export const scheduledJobs: readonly ScheduledJob[] = v.parse(v.array(ScheduledJobSchema), [
  {
    name: 'vault-offering-schedule',
    cron: '* * * * *',
    call: 'public.run_offering_schedule()',
    does: 'Opens, closes, fails, issues and matures offerings at their dates.',
  },
  {
    name: 'vault-ledger-expiries',
    cron: '*/5 * * * *',
    call: 'public.ledger_run_expiries()',
    does: 'Expires pending transfers, cancels investments still awaiting payment, reports overdue withdrawals.',
  },
  {
    name: 'vault-statements',
    cron: '15 0 * * *',
    call: 'public.issue_due_statements()',
    does: 'Issues the quarterly and yearly statements that have fallen due.',
  },
  {
    name: 'vault-audit-checkpoint',
    cron: '5 0 * * *',
    call: 'public.audit_checkpoint()',
    does: 'Records the audit chain’s daily checkpoint.',
  },
]);

/** One cron field against a value: `*`, `*\/n` or a number. */
function fieldMatches(field: string, value: number): boolean {
  if (field === '*') return true;
  if (field.startsWith('*/')) return value % Number(field.slice(2)) === 0;
  return Number(field) === value;
}

/** Whether a job's schedule names this minute (UTC, as pg_cron reads it by default). */
export function cronMatches(cron: string, minute: Date): boolean {
  const [minutes = '', hours = ''] = cron.split(' ');
  return fieldMatches(minutes, minute.getUTCMinutes()) && fieldMatches(hours, minute.getUTCHours());
}

const MINUTE_MS = 60_000;

/**
 * The jobs whose schedule names a minute in (since, until]: what pg_cron would have run in that
 * time. Each job once, however many of its minutes passed: every job catches up on all that is
 * due when it runs.
 */
export function jobsDue(since: Date, until: Date, jobs: readonly ScheduledJob[] = scheduledJobs): ScheduledJob[] {
  const first = Math.floor(since.getTime() / MINUTE_MS) + 1;
  const last = Math.floor(until.getTime() / MINUTE_MS);
  const due: ScheduledJob[] = [];
  for (const job of jobs) {
    // A day has every schedule's minutes: past a day, every job is due.
    for (let m = first; m <= last && m < first + 24 * 60; m++) {
      if (cronMatches(job.cron, new Date(m * MINUTE_MS))) {
        due.push(job);
        break;
      }
    }
  }
  return due;
}
