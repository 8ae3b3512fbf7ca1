import { describe, expect, it } from 'vitest';
import { cronMatches, jobsDue, scheduledJobs } from './schedule';

const day = Array.from({ length: 24 * 60 }, (_, m) => new Date(Date.UTC(2026, 10, 28, 0, m)));
const at = (hhmm: string) => new Date(`2026-11-28T${hhmm}:00Z`);
const names = (jobs: readonly { name: string }[]) => jobs.map((j) => j.name);

describe('the scheduled jobs', () => {
  it('run as often a day as their cron says (every minute of one UTC day)', () => {
    const runs = Object.fromEntries(
      scheduledJobs.map((j) => [j.name, day.filter((m) => cronMatches(j.cron, m)).length]),
    );
    expect(runs).toEqual({
      'vault-offering-schedule': 1440,
      'vault-ledger-expiries': 288,
      'vault-statements': 1,
      'vault-audit-checkpoint': 1,
    });
  });

  it('read a number, a step and a wildcard in the minute and the hour', () => {
    expect(cronMatches('15 0 * * *', at('00:15'))).toBe(true);
    expect(cronMatches('15 0 * * *', at('01:15'))).toBe(false);
    expect(cronMatches('*/5 * * * *', at('13:35'))).toBe(true);
    expect(cronMatches('*/5 * * * *', at('13:36'))).toBe(false);
    expect(cronMatches('0 */6 * * *', at('18:00'))).toBe(true);
    expect(cronMatches('0 */6 * * *', at('19:00'))).toBe(false);
  });

  it('are due once for the minutes passed since the last run, none twice, none for the same minute', () => {
    expect(names(jobsDue(at('10:00'), at('10:00')))).toEqual([]);
    expect(names(jobsDue(new Date(at('10:00').getTime() + 1_000), new Date(at('10:00').getTime() + 59_000)))).toEqual(
      [],
    );
    expect(names(jobsDue(at('10:00'), at('10:01')))).toEqual(['vault-offering-schedule']);
    expect(names(jobsDue(at('10:01'), at('10:05')))).toEqual(['vault-offering-schedule', 'vault-ledger-expiries']);
    expect(names(jobsDue(at('00:00'), at('00:05')))).toEqual([
      'vault-offering-schedule',
      'vault-ledger-expiries',
      'vault-audit-checkpoint',
    ]);
    expect(names(jobsDue(at('00:05'), at('00:14')))).toEqual(['vault-offering-schedule', 'vault-ledger-expiries']);
  });

  it('are all due once after days pass (the clock jumped), each once', () => {
    const later = new Date(at('10:00').getTime() + 4 * 24 * 60 * 60_000);
    expect(names(jobsDue(at('10:00'), later))).toEqual(names(scheduledJobs));
  });
});
