import type { PGlite } from '@electric-sql/pglite';
import { scheduledJobs } from '@vault/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seededDb } from '../tests/db';
import { createScheduler } from './schedule.ts';

let db: PGlite;

beforeAll(async () => {
  db = await seededDb();
});

afterAll(async () => {
  await db.close();
});

const at = (hhmm: string) => new Date(`2026-11-28T${hhmm}:00Z`);
const ticks = async () =>
  Number((await db.query<{ n: number }>('select count(*)::int as n from test_ticks')).rows[0]?.n);

describe("the host's scheduler (pg_cron's part)", () => {
  it('the SQL lists the domain’s jobs, and each command runs on the seeded database', async () => {
    const { rows } = await db.query<{ name: string; cron: string; command: string }>(
      'select * from public.vault_scheduled_jobs()',
    );
    expect(rows).toEqual(scheduledJobs.map((j) => ({ name: j.name, cron: j.cron, command: `select ${j.call}` })));
    for (const row of rows) await db.transaction((tx) => tx.query(row.command));
    // Without pg_cron, scheduling them schedules nothing.
    expect((await db.query<{ n: number }>('select public.vault_schedule_jobs() as n')).rows[0]?.n).toBe(0);
  });

  it('runs nothing on its first check, then each due job once per check, in its own transaction', async () => {
    const errors: string[] = [];
    const logger = {
      info: () => undefined,
      error: (_: string, fields: Record<string, unknown>) => errors.push(String(fields.job)),
    };
    // A job whose every run leaves a row.
    await db.exec(`create table test_ticks (n serial primary key);
      create function public.test_tick() returns void language sql as 'insert into test_ticks default values';`);
    const scheduler = createScheduler(db, logger, [
      { name: 'vault-tick', cron: '*/5 * * * *', call: 'public.test_tick()', does: 'a tick' },
      { name: 'vault-broken', cron: '* * * * *', call: 'public.no_such_function()', does: 'fails' },
    ]);
    expect(await scheduler.runDue(at('10:00'))).toEqual([]);
    expect((await scheduler.runDue(at('10:04'))).map((j) => j.name)).toEqual(['vault-broken']);
    expect(await ticks()).toBe(0);
    expect((await scheduler.runDue(at('10:20'))).map((j) => j.name)).toEqual(['vault-tick', 'vault-broken']);
    expect(await ticks()).toBe(1);
    // A failed job is logged and does not stop the others or the request.
    expect(errors).toEqual(['vault-broken', 'vault-broken']);
    // The same minute again: nothing is due.
    expect(await scheduler.runDue(at('10:20'))).toEqual([]);
    expect(await ticks()).toBe(1);
  });
});
