import type { PGlite, Transaction } from '@electric-sql/pglite';
import { actionErrors } from '@vault/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asOwner, become, type CallerName, type Callers, callerNames, createCallers, whoIs } from './actors';
import { asActor, seededDb, tryQuery } from './db';

/**
 * The audit trail (docs/security.md "Rules the server holds", L3 and L4): the event time is taken
 * under the chain's lock, so time and order agree; the daily checkpoint is written only by
 * audit_checkpoint(); audit_verify() fails when the chain is shorter than the last checkpoint;
 * no client role holds a privilege on any sequence.
 */

let db: PGlite;
let callers: Callers;

beforeAll(async () => {
  db = await seededDb();
  callers = await createCallers(db);
});

afterAll(async () => {
  await db?.close();
});

async function append(tx: Transaction, n: number): Promise<void> {
  for (let i = 0; i < n; i += 1) {
    await tx.query(`select public.audit_append('wallet.created', null, 'test', $1, '{}')`, [`s-${i}`]);
  }
}

async function verify(tx: Transaction): Promise<number | null> {
  await become(tx, 'service_role');
  const { rows } = await tx.query<{ broken: string | null }>('select public.audit_verify() as broken');
  await tx.exec('reset role');
  const broken = rows[0]?.broken;
  return broken === null || broken === undefined ? null : Number(broken);
}

describe('time and order agree', () => {
  it('an event appended later in a transaction that began earlier has a later time', async () => {
    // now() is the transaction's start: a transaction begun before another's append, appending
    // after it, used to carry the earlier time with the later id.
    await asOwner(db, async (tx) => {
      await append(tx, 3);
      const { rows } = await tx.query<{ ordered: boolean; strictly_after_start: boolean }>(
        `select bool_and(occurred_at >= lag_at) as ordered, bool_and(occurred_at > now()) as strictly_after_start
         from (select occurred_at, lag(occurred_at) over (order by id) as lag_at from public.audit_events
               where id > (select max(id) - 3 from public.audit_events)) e`,
      );
      expect(rows).toEqual([{ ordered: true, strictly_after_start: true }]);
    });
  });
});

describe('checkpoints', () => {
  it('audit_verify fails when the newest events are removed after a checkpoint', async () => {
    await asOwner(db, async (tx) => {
      await append(tx, 3);
      await become(tx, 'service_role');
      const { rows } = await tx.query<{ last_id: string; event_count: string }>(
        'select last_id, event_count from public.audit_checkpoint()',
      );
      const last = Number(rows[0]?.last_id);
      expect(await verify(tx)).toBeNull();
      // Removing the tail needs the append-only trigger out of the way: the owner can do that,
      // and the checkpoint still notices.
      await tx.exec('alter table public.audit_events disable trigger audit_events_append_only');
      await tx.query('delete from public.audit_events where id > $1 - 2', [last]);
      await tx.exec('alter table public.audit_events enable trigger audit_events_append_only');
      expect(await verify(tx)).toBe(last);
    });
  });

  it('takes one checkpoint a day: a second call returns the first', async () => {
    await asActor(db, 'service_role', async (tx) => {
      const first = await tx.query('select * from public.audit_checkpoint()');
      await tx.exec('reset role');
      await append(tx, 1);
      await become(tx, 'service_role');
      const second = await tx.query('select * from public.audit_checkpoint()');
      expect(second.rows).toEqual(first.rows);
    });
  });

  it('is written only by audit_checkpoint(): the owner’s own insert, update or delete is refused', async () => {
    await asOwner(db, async (tx) => {
      await tx.query('select public.audit_checkpoint()');
      for (const sql of [
        `insert into public.audit_checkpoints values (current_date + 1, now(), 0, null, null)`,
        'update public.audit_checkpoints set event_count = 0',
        'delete from public.audit_checkpoints',
        'truncate public.audit_checkpoints',
      ]) {
        expect(await tryQuery(tx, sql), sql).toMatchObject({ ok: false, ...actionErrors.checkpointsReadOnly });
      }
    });
  });

  it.each(callerNames)('audit_checkpoint as %s', async (name: CallerName) => {
    const result = await asActor(db, whoIs(callers, name), (tx) =>
      tryQuery(tx, 'select day from public.audit_checkpoint()'),
    );
    if (name === 'service_role') expect(result).toMatchObject({ ok: true });
    else expect(result).toMatchObject({ ok: false, ...actionErrors.functionDenied('audit_checkpoint') });
  });

  it.each(callerNames)('audit_checkpoints_export as %s', async (name: CallerName) => {
    const result = await asActor(db, whoIs(callers, name), async (tx) => {
      await tx.exec('reset role');
      await tx.query(`select set_config('request.jwt.claims', '', true)`);
      await append(tx, 1);
      const taken = await tx.query<{ last_hash: string }>('select last_hash from public.audit_checkpoint()');
      await become(tx, whoIs(callers, name));
      return {
        taken: taken.rows[0]?.last_hash,
        csv: await tryQuery<{ csv: string }>(tx, 'select public.audit_checkpoints_export() as csv'),
      };
    });
    if (name === 'anon') {
      expect(result.csv).toMatchObject({ ok: false, ...actionErrors.functionDenied('audit_checkpoints_export') });
    } else if (['compliance', 'mfo_admin', 'adminFlag', 'service_role'].includes(name)) {
      expect(result.csv.ok).toBe(true);
      const lines = result.csv.ok ? (result.csv.value.rows[0]?.csv ?? '').split('\n') : [];
      expect(lines[0]).toBe('day,taken_at,event_count,last_id,last_hash');
      expect(lines.at(-1)).toMatch(new RegExp(`,${result.taken}$`));
    } else {
      expect(result.csv).toMatchObject({ ok: false, ...actionErrors.auditVerifyDenied });
    }
  });
});

describe('sequences', () => {
  it('no client role holds any privilege on any sequence', async () => {
    const { rows } = await db.query<{ seq: string; role: string }>(
      `select c.relname as seq, r.rolname as role
       from pg_class c join pg_namespace n on n.oid = c.relnamespace, pg_roles r
       where n.nspname = 'public' and c.relkind = 'S' and r.rolname in ('anon', 'authenticated')
         and (has_sequence_privilege(r.oid, c.oid, 'USAGE') or has_sequence_privilege(r.oid, c.oid, 'SELECT')
              or has_sequence_privilege(r.oid, c.oid, 'UPDATE'))`,
    );
    expect(rows).toEqual([]);
  });

  it('authenticated cannot setval the audit sequence', async () => {
    const result = await asActor(db, callers.investorA, (tx) =>
      tryQuery(tx, `select setval(pg_get_serial_sequence('public.audit_events', 'id'), 1)`),
    );
    expect(result).toMatchObject({ ok: false, code: '42501' });
  });
});
