import type { PGliteInterface } from '@electric-sql/pglite';
import { jobsDue, type ScheduledJob, scheduledJobs } from '@vault/domain';
import type { Logger } from '../functions/_shared/logger.ts';

/**
 * pg_cron's part, for a host that has no pg_cron (docs/backend.md "Scheduled jobs"): before the
 * host answers a request, every job whose schedule named a minute since the last check runs, as
 * the database owner, each in its own transaction, in the table's order. The clock is the host's
 * `Date`, which the embedded worker sets from each page's clock, so a test that moves the page's
 * clock moves the jobs too. The first check only starts the clock: nothing ran before the host.
 */
export interface Scheduler {
  /** Runs what is due at `now`; concurrent callers share one run. */
  runDue(now?: Date): Promise<ScheduledJob[]>;
}

export function createScheduler(
  db: PGliteInterface,
  logger: Logger,
  jobs: readonly ScheduledJob[] = scheduledJobs,
): Scheduler {
  let last: Date | null = null;
  let running: Promise<ScheduledJob[]> | null = null;
  const run = async (now: Date): Promise<ScheduledJob[]> => {
    const since = last;
    last = now;
    if (!since) return [];
    const due = jobsDue(since, now, jobs);
    for (const job of due) {
      try {
        await db.transaction((tx) => tx.query(`select ${job.call}`));
      } catch (error) {
        // As pg_cron records a failed run and keeps the schedule: the next minute tries again.
        logger.error('scheduled job failed', {
          job: job.name,
          error: error instanceof Error ? error.message : String(error),
        });
      }
    }
    return due;
  };
  return {
    runDue(now = new Date()) {
      running ??= run(now).finally(() => {
        running = null;
      });
      return running;
    },
  };
}
