import type { PGlite } from '@electric-sql/pglite';
import { backendTableNames } from '@vault/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asActor, seededDb, tryQuery } from './db';

/**
 * anon, the signed-out API key, holds only what the signed-out app uses: SELECT on
 * app_settings. No other table, view, sequence or function, now or for what a later
 * migration creates (docs/security.md "What anon can do").
 */

let db: PGlite;

beforeAll(async () => {
  db = await seededDb();
});

afterAll(async () => {
  await db?.close();
});

describe('anon', () => {
  it('holds SELECT on app_settings and no other privilege on any relation in public', async () => {
    const { rows } = await db.query<{ relname: string; privilege: string }>(
      `select c.relname, p.privilege from pg_class c
       cross join unnest(array['SELECT', 'INSERT', 'UPDATE', 'DELETE', 'TRUNCATE', 'REFERENCES', 'TRIGGER']) as p (privilege)
       where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'v', 'm', 'p')
         and (has_table_privilege('anon', c.oid, p.privilege)
              or (p.privilege in ('SELECT', 'INSERT', 'UPDATE') and has_any_column_privilege('anon', c.oid, p.privilege)))
       order by 1, 2`,
    );
    expect(rows).toEqual([{ relname: 'app_settings', privilege: 'SELECT' }]);
  });

  it('may execute no function in public', async () => {
    const { rows } = await db.query<{ fn: string }>(
      `select p.oid::regprocedure::text as fn from pg_proc p
       where p.pronamespace = 'public'::regnamespace and has_function_privilege('anon', p.oid, 'EXECUTE')`,
    );
    expect(rows).toEqual([]);
  });

  it('is refused every table of the contract with 42501 and still reads app_settings', async () => {
    for (const table of backendTableNames) {
      const result = await asActor(db, 'anon', (tx) => tryQuery(tx, `select * from public.${table}`));
      expect(result, table).toMatchObject({ ok: false, code: '42501' });
    }
    for (const fn of ['vault_role()', 'vault_is_admin()', 'vault_demo_mode()']) {
      const result = await asActor(db, 'anon', (tx) => tryQuery(tx, `select public.${fn}`));
      expect(result, fn).toMatchObject({ ok: false, code: '42501' });
    }
    const settings = await asActor(db, 'anon', (tx) => tryQuery(tx, 'select demo_mode from public.app_settings'));
    expect(settings).toMatchObject({ ok: true, value: { rows: [{ demo_mode: true }] } });
  });

  it('gets nothing on what a later migration creates', async () => {
    await db.transaction(async (tx) => {
      await tx.exec(`create table public.later_table (id int primary key);
        create function public.later_function() returns int language sql set search_path = '' as 'select 1';`);
      const { rows } = await tx.query<{ t: boolean; f: boolean; a: boolean }>(
        `select has_table_privilege('anon', 'public.later_table', 'SELECT') as t,
                has_function_privilege('anon', 'public.later_function()', 'EXECUTE') as f,
                has_table_privilege('authenticated', 'public.later_table', 'SELECT') as a`,
      );
      expect(rows).toEqual([{ t: false, f: false, a: true }]);
      await tx.rollback();
    });
  });
});
