import type { PGlite, Transaction } from '@electric-sql/pglite';
import {
  type AlertStatus,
  alertStatuses,
  consoleErrors,
  consoleFunctions,
  mayCallConsoleFunction,
  type Role,
  roleIds,
} from '@vault/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Account, asActor, createUser, seededDb, tryQuery, type Who } from './db';

/**
 * public.list_alerts, /compliance's list (10_consoles.sql): only mfo_admin and
 * the admin flag; open, then acknowledged, then resolved (their order in the domain's
 * alertStatuses), newest first within each; filtered by status and paged by keyset on the server.
 * The order and the pages of seven known alerts are written out below; the many alerts of
 * beforeAll check that every alert is reached once, whatever the page size.
 */

let db: PGlite;
let callers: Record<Role, Account> & { adminFlag: Account };
const ALERTS = 260;

interface AlertRow {
  id: number;
  status: AlertStatus;
  user: string;
  issue: string;
}

beforeAll(async () => {
  db = await seededDb();
  const accounts: Partial<Record<Role, Account>> = {};
  for (const role of roleIds) accounts[role] = await createUser(db, { role });
  callers = { ...(accounts as Record<Role, Account>), adminFlag: await createUser(db, { isAdmin: true }) };
  // Many alerts in every status, interleaved, on top of the seed's (all open).
  await db.query(
    `insert into public.compliance_alerts ("user", issue, priority, status)
     select 'member' || i || '@example.test', 'Alert ' || i, case when i % 2 = 0 then 'High' else 'Medium' end,
       case i % 3 when 0 then 'open' when 1 then 'acknowledged' else 'resolved' end
     from generate_series(1, $1::int) as i`,
    [ALERTS],
  );
  await db.exec('analyze public.compliance_alerts');
});

afterAll(async () => {
  await db?.close();
});

async function list(who: Who, args: Record<string, unknown>): Promise<AlertRow[]> {
  const names = Object.keys(args);
  const sql = `select id::int as id, status, "user", issue from public.list_alerts(${names
    .map((n, i) => `${n} => $${i + 1}`)
    .join(', ')})`;
  return asActor(db, who, async (tx) => (await tx.query<AlertRow>(sql, Object.values(args))).rows);
}

async function everyAlert(): Promise<AlertRow[]> {
  return (await db.query<AlertRow>('select id::int as id, status, "user", issue from public.compliance_alerts')).rows;
}

/** Every page of one filter, following the cursor. */
async function walk(who: Who, status: string | null, pageSize: number): Promise<number[]> {
  const seen: number[] = [];
  let after: string | null = null;
  for (;;) {
    const rows = await list(who, { status, after, page_size: pageSize });
    if (rows.length === 0) break;
    expect(rows.length).toBeLessThanOrEqual(pageSize);
    seen.push(...rows.map((r) => r.id));
    after = String(rows.at(-1)?.id);
  }
  return seen;
}

describe('list_alerts: who may call it', () => {
  type CallerName = Role | 'adminFlag' | 'anon' | 'service_role';
  const names: readonly CallerName[] = [...roleIds, 'adminFlag', 'anon', 'service_role'];
  const denied = consoleFunctions.find((f) => f.name === 'list_alerts')?.denied;

  it('is declared for mfo_admin (and the admin flag), as the route table opens /compliance', () => {
    expect(denied).toEqual(consoleErrors.alertReadDenied);
    expect(roleIds.filter((role) => mayCallConsoleFunction('list_alerts', { role, isAdmin: false }))).toEqual([
      'mfo_admin',
    ]);
  });

  it.each(names)('as %s', async (name) => {
    const who: Who = name === 'anon' || name === 'service_role' ? name : callers[name];
    const result = await asActor(db, who, (tx) => tryQuery(tx, 'select * from public.list_alerts()'));
    if (name === 'mfo_admin' || name === 'adminFlag') {
      expect(result).toMatchObject({ ok: true });
      expect(result.ok && result.value.rows.length).toBe(50);
    } else if (name === 'anon' || name === 'service_role') {
      // No EXECUTE for either: the function's own words never run.
      expect(result).toMatchObject({ ok: false, code: '42501', message: 'permission denied for function list_alerts' });
    } else {
      expect(result).toMatchObject({ ok: false, ...consoleErrors.alertReadDenied });
    }
  });
});

describe('list_alerts: order, filter and pages', () => {
  it('pages every alert once, open first, newest first within a status', async () => {
    const all = await everyAlert();
    expect(all.length).toBeGreaterThan(ALERTS);
    const expected = [...all]
      .sort((a, b) => alertStatuses.indexOf(a.status) - alertStatuses.indexOf(b.status) || b.id - a.id)
      .map((a) => a.id);
    const seen = await walk(callers.mfo_admin, null, 37);
    expect(seen).toEqual(expected);
    // The statuses come in blocks: every open alert before any acknowledged, before any resolved.
    const statuses = (await list(callers.mfo_admin, { page_size: 200 })).map((r) => r.status);
    expect(statuses.indexOf('acknowledged')).toBeGreaterThan(statuses.lastIndexOf('open'));
  });

  it.each(alertStatuses)('filters to %s only, paged by id', async (status) => {
    const all = await everyAlert();
    const expected = all
      .filter((a) => a.status === status)
      .map((a) => a.id)
      .sort((a, b) => b - a);
    expect(expected.length).toBeGreaterThan(50);
    expect(await walk(callers.adminFlag, status, 41)).toEqual(expected);
  });

  it('keeps the page within 1..200, 50 by default', async () => {
    expect((await list(callers.mfo_admin, {})).length).toBe(50);
    expect((await list(callers.mfo_admin, { page_size: 100_000 })).length).toBe(200);
    expect((await list(callers.mfo_admin, { page_size: 0 })).length).toBe(1);
    expect((await list(callers.mfo_admin, { page_size: -5 })).length).toBe(1);
    expect((await list(callers.mfo_admin, { status: '' })).length).toBe(50);
  });

  it('refuses a status or a cursor that is none with 22023', async () => {
    const cases: [Record<string, unknown>, { code: string; message: string }][] = [
      [{ status: 'closed' }, consoleErrors.badAlertStatus],
      [{ status: 'OPEN' }, consoleErrors.badAlertStatus],
      [{ after: '999999' }, consoleErrors.badAlertCursor],
      [{ after: '-1' }, consoleErrors.badAlertCursor],
      [{ after: '1 or true' }, consoleErrors.badAlertCursor],
    ];
    for (const [args, error] of cases) {
      const names = Object.keys(args);
      const result = await asActor(db, callers.mfo_admin, (tx) =>
        tryQuery(tx, `select * from public.list_alerts(${names[0]} => $1)`, Object.values(args)),
      );
      expect(result, JSON.stringify(args)).toMatchObject({ ok: false, ...error });
    }
  });

  it('goes on from a filtered cursor whose alert was acted on since, by id', async () => {
    await asActor(db, callers.mfo_admin, async (tx) => {
      const page = async (status: string, after: string | null, size: number) =>
        (
          await tx.query<AlertRow>('select id::int as id, status, "user", issue from public.list_alerts($1, $2, $3)', [
            status,
            after,
            size,
          ])
        ).rows;
      const firstTen = (await page('open', null, 10)).map((r) => r.id);
      expect(firstTen.length).toBe(10);
      const last = firstTen[4] ?? 0;
      await tx.query('select * from public.acknowledge_alert($1, $2)', [last, 'On it']);
      // The page after the fifth open alert is the sixth to the tenth, as before it was acted on.
      const next = await page('open', String(last), 5);
      expect(next.map((r) => r.id)).toEqual(firstTen.slice(5));
      expect((await page('acknowledged', null, 200)).map((r) => r.id)).toContain(last);
    });
  });

  it('reads the index that holds its order, with no sort', async () => {
    const { rows } = await db.query<{ 'QUERY PLAN': unknown }>(
      `explain (format json) select a.* from public.compliance_alerts a
       where public.alert_status_rank(a.status) between 0 and 2
         and (public.alert_status_rank(a.status), -a.id) > (0, -9223372036854775807)
       order by public.alert_status_rank(a.status), -a.id limit 50`,
    );
    const plan = JSON.stringify(rows[0]?.['QUERY PLAN']);
    expect(plan).toContain('compliance_alerts_list_idx');
    expect(plan).not.toContain('"Sort"');
  });
});

describe('list_alerts on seven alerts, its answers written out', () => {
  // Ids 1 to 7 in these statuses: open 6, 4, 2; acknowledged 7, 3; resolved 5, 1.
  const seven: readonly [number, AlertStatus][] = [
    [1, 'resolved'],
    [2, 'open'],
    [3, 'acknowledged'],
    [4, 'open'],
    [5, 'resolved'],
    [6, 'open'],
    [7, 'acknowledged'],
  ];

  /** Runs `body` as mfo_admin over exactly the seven alerts (rolled back after). */
  async function withSeven<T>(
    body: (ids: (args: Record<string, unknown>) => Promise<number[]>, tx: Transaction) => Promise<T>,
  ) {
    return asActor(db, callers.mfo_admin, async (tx) => {
      await tx.exec('reset role');
      await tx.exec('delete from public.compliance_alerts');
      for (const [id, status] of seven) {
        await tx.query(
          `insert into public.compliance_alerts (id, "user", issue, priority, status) values ($1, $2, $3, 'High', $4)`,
          [id, `alert${id}@example.test`, `Alert ${id}`, status],
        );
      }
      await tx.exec('set local role authenticated');
      const ids = async (args: Record<string, unknown>) => {
        const names = Object.keys(args);
        const sql = `select id::int as id from public.list_alerts(${names.map((n, i) => `${n} => $${i + 1}`).join(', ')})`;
        return (await tx.query<{ id: number }>(sql, Object.values(args))).rows.map((r) => r.id);
      };
      return body(ids, tx);
    });
  }

  it('orders them open, then acknowledged, then resolved, newest first within each', async () => {
    await withSeven(async (ids) => {
      expect(await ids({})).toEqual([6, 4, 2, 7, 3, 5, 1]);
      expect(await ids({ page_size: 0 })).toEqual([6]);
      expect(await ids({ status: '' })).toEqual([6, 4, 2, 7, 3, 5, 1]);
    });
  });

  it('pages them by keyset, across the statuses when unfiltered', async () => {
    await withSeven(async (ids) => {
      expect(await ids({ page_size: 2 })).toEqual([6, 4]);
      expect(await ids({ after: '4', page_size: 2 })).toEqual([2, 7]);
      expect(await ids({ after: '7', page_size: 2 })).toEqual([3, 5]);
      expect(await ids({ after: '5', page_size: 2 })).toEqual([1]);
      expect(await ids({ after: '1', page_size: 2 })).toEqual([]);
    });
  });

  it('filters to one status, and pages within it by id', async () => {
    await withSeven(async (ids) => {
      expect(await ids({ status: 'open' })).toEqual([6, 4, 2]);
      expect(await ids({ status: ' open ' })).toEqual([6, 4, 2]);
      expect(await ids({ status: 'acknowledged' })).toEqual([7, 3]);
      expect(await ids({ status: 'resolved' })).toEqual([5, 1]);
      expect(await ids({ status: 'acknowledged', after: '7' })).toEqual([3]);
      expect(await ids({ status: 'open', after: '6', page_size: 1 })).toEqual([4]);
      // A cursor of another status: within the filter's status, the alerts older than it.
      expect(await ids({ status: 'resolved', after: '6' })).toEqual([5, 1]);
    });
  });

  it('places a cursor whose alert was acted on since by its current status, or by id when filtered', async () => {
    await withSeven(async (ids, tx) => {
      await tx.query('select * from public.acknowledge_alert($1, $2)', [4, 'On it']);
      expect(await ids({})).toEqual([6, 2, 7, 4, 3, 5, 1]);
      expect(await ids({ after: '4' })).toEqual([3, 5, 1]);
      expect(await ids({ status: 'open', after: '4' })).toEqual([2]);
      expect(await ids({ status: 'acknowledged' })).toEqual([7, 4, 3]);
    });
  });

  it('refuses a cursor that names no alert, and a status that is none', async () => {
    const cases: [string | null, string, { code: string; message: string }][] = [
      [null, '8', consoleErrors.badAlertCursor],
      ['open', '8', consoleErrors.badAlertCursor],
      // The status is checked before the cursor.
      ['closed', '4', consoleErrors.badAlertStatus],
    ];
    for (const [status, after, error] of cases) {
      const result = await withSeven((_ids, tx) =>
        tryQuery(tx, 'select * from public.list_alerts($1, $2)', [status, after]),
      );
      expect(result, `${status} ${after}`).toMatchObject({ ok: false, ...error });
    }
  });

  it("ranks each status by its place in the domain's alertStatuses", async () => {
    const { rows } = await db.query<{ status: string; rank: number }>(
      'select s as status, public.alert_status_rank(s) as rank from unnest($1::text[]) as s',
      [[...alertStatuses]],
    );
    expect(rows).toEqual([
      { status: 'open', rank: 0 },
      { status: 'acknowledged', rank: 1 },
      { status: 'resolved', rank: 2 },
    ]);
  });
});
