import type { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { policyCalls, unwrappedCalls } from '../lint/lint';
import { seededDb } from './db';

/**
 * Every policy evaluates its function calls once per query: each call sits inside a
 * `(select …)` (an initplan), read from the stored policy expressions of pg_policy, which
 * pg_policies shows as text (docs/backend.md "Row-level security").
 */

let db: PGlite;

beforeAll(async () => {
  db = await seededDb();
});

afterAll(async () => {
  await db?.close();
});

describe('policies', () => {
  it('wrap every function call in (select …), on every table', async () => {
    const policies = await policyCalls(db);
    const { rows } = await db.query<{ n: number }>(
      `select count(*)::int as n from pg_policies where schemaname = 'public'`,
    );
    expect(policies.length).toBe(rows[0]?.n);
    // The role tables' policies call vault_role() and vault_is_admin(): the check has calls to see.
    expect(policies.filter((p) => p.calls >= 2).length).toBeGreaterThanOrEqual(7);
    expect(policies.filter((p) => p.unwrapped.length > 0).map((p) => `${p.table}.${p.policy}: ${p.unwrapped}`)).toEqual(
      [],
    );
  });

  it('show the wrapping in pg_policies too', async () => {
    const { rows } = await db.query<{ tablename: string; qual: string }>(
      `select tablename, qual from pg_policies where schemaname = 'public' and qual like '%vault_role()%'`,
    );
    expect(rows.length).toBeGreaterThanOrEqual(7);
    for (const row of rows) expect(row.qual, row.tablename).toMatch(/SELECT vault_role\(\)/);
  });

  it('are read by a check that does find an unwrapped call', async () => {
    await db.transaction(async (tx) => {
      await tx.exec(`create policy lint_probe on public.loans for select to authenticated
        using (public.vault_role() = 'mfo_admin' and id = (select auth.uid())::text)`);
      const tree = (
        await tx.query<{ t: string }>(`select polqual::text as t from pg_policy where polname = 'lint_probe'`)
      ).rows[0]?.t;
      const fn = (await tx.query<{ oid: number }>(`select 'public.vault_role()'::regprocedure::oid as oid`)).rows[0]
        ?.oid;
      expect(unwrappedCalls(tree ?? '')).toEqual([fn]);
      await tx.rollback();
    });
  });
});
