import type { PGlite, Transaction } from '@electric-sql/pglite';
import {
  type ActorId,
  actors,
  answerMismatch,
  conformanceScenarios,
  demoFunctions,
  type Expectation,
  listMembers,
  otherActor,
  ownerColumn,
  type Scenario,
  type ScenarioValue,
  serverActions,
} from '@vault/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { become, runSampleSpv } from './actors';
import { type Account, type Attempt, asActor, createUser, seededDb, setDemoMode, tryQuery } from './db';

/**
 * The PGlite runner of the conformance scenarios (packages/domain/src/backend/conformance.ts):
 * each scenario as SQL, run as its actor the way PostgREST would (role, request.jwt.claims,
 * the request's filters in the WHERE clause), in its own rolled-back transaction. The embedded
 * mock has a runner of its own over the same table.
 */

let db: PGlite;
const accounts = new Map<ActorId, Account>();
const nobody = '00000000-0000-0000-0000-000000000000';

beforeAll(async () => {
  db = await seededDb();
  // The fixture: one fresh account per signed-in actor, made while demo mode is on.
  for (const a of actors) {
    if (a.role) accounts.set(a.id, await createUser(db, { role: a.role, isAdmin: a.isAdmin }));
  }
  // Each SPV actor runs the sample SPV of its kind, as its demo account does (seed.sql).
  for (const a of actors) {
    const account = accounts.get(a.id);
    if (account && !a.isAdmin && ['cl_spv_admin', 'eq_spv_admin', 'production_spv'].includes(account.role))
      await runSampleSpv(db, account);
  }
});

afterAll(async () => {
  await db?.close();
});

function idOf(actor: ActorId): string {
  return accounts.get(actor)?.id ?? nobody;
}

function resolve(value: ScenarioValue, s: Scenario): ScenarioValue {
  if (value === '$own') return idOf(s.actor);
  if (value === '$other') return idOf(otherActor(s.actor));
  return value;
}

/** The request's row filter as PostgREST would add it: `<owner column>=eq.<uid>`. */
function where(s: Scenario, params: unknown[]): string {
  if (!s.rows || s.rows === 'all') return '';
  const column = ownerColumn(s.target as Parameters<typeof ownerColumn>[0]) ?? 'id';
  params.push(s.rows === 'own' ? idOf(s.actor) : idOf(otherActor(s.actor)));
  return ` where "${column}" = $${params.length}`;
}

/** The arguments a function declares, in order (a server action, list_members or a demo function). */
function declaredArgs(fn: string): readonly string[] {
  if (fn === listMembers.name) return listMembers.args;
  return serverActions.find((a) => a.name === fn)?.args ?? demoFunctions.find((f) => f.name === fn)?.args ?? [];
}

function sqlFor(s: Scenario): { sql: string; params: unknown[] } {
  const params: unknown[] = [];
  const values = Object.entries(s.values ?? {}).map(([k, v]) => [k, resolve(v, s)] as const);
  const table = `public.${s.target}`;
  switch (s.op) {
    case 'select':
      return { sql: `select * from ${table}${where(s, params)}`, params };
    case 'insert': {
      // The given columns only, as PostgREST names them (an identity column is never named).
      params.push(JSON.stringify(Object.fromEntries(values)));
      const columns = values.map(([k]) => `"${k}"`).join(', ');
      return {
        sql: `insert into ${table} (${columns}) select ${columns} from jsonb_populate_record(null::${table}, $1) returning *`,
        params,
      };
    }
    case 'update': {
      const set = values.map(([k, v]) => {
        params.push(typeof v === 'object' && v !== null ? JSON.stringify(v) : v);
        return `"${k}" = $${params.length}`;
      });
      return { sql: `update ${table} set ${set.join(', ')}${where(s, params)} returning *`, params };
    }
    case 'delete':
      return { sql: `delete from ${table}${where(s, params)} returning *`, params };
    case 'rpc': {
      // Named arguments, as PostgREST passes a JSON body; an argument left out takes its default.
      const args = declaredArgs(s.target)
        .filter((name) => s.values !== undefined && name in s.values)
        .map((name) => {
          params.push(resolve(s.values?.[name] ?? null, s));
          return `${name} => $${params.length}`;
        });
      return { sql: `select * from ${table}(${args.join(', ')})`, params };
    }
  }
}

async function run(s: Scenario): Promise<Attempt<{ rows: unknown[] }>> {
  const account = accounts.get(s.actor);
  return asActor(db, account ?? 'anon', async (tx: Transaction) => {
    // The seed leaves demo mode on; turn it off inside the transaction when the scenario says so.
    if (s.demoMode === 'off') {
      await tx.exec('reset role');
      await setDemoMode(tx, false);
      await tx.exec(`set local role ${account ? 'authenticated' : 'anon'}`);
    }
    // The scenario's setup: server actions, each as its actor, then back to the scenario's.
    for (const call of s.before ?? []) {
      const caller = accounts.get(call.actor);
      if (!caller) throw new Error(`${s.name}: no account for ${call.actor}`);
      await become(tx, caller);
      const { sql, params } = sqlFor({ ...s, actor: call.actor, op: 'rpc', target: call.fn, values: call.values });
      await tx.query(sql, params);
    }
    if (s.before?.length) await become(tx, account ?? 'anon');
    const { sql, params } = sqlFor(s);
    return tryQuery(tx, sql, params);
  });
}

function check(result: Attempt<{ rows: unknown[] }>, expectation: Expectation, s: Scenario, calledAt: Date): void {
  if ('rows' in expectation) expect(result).toMatchObject({ ok: true, value: { rows: { length: expectation.rows } } });
  else if ('minRows' in expectation) {
    expect(result.ok).toBe(true);
    if (result.ok) expect(result.value.rows.length).toBeGreaterThanOrEqual(expectation.minRows);
  } else if ('ok' in expectation) {
    expect(result).toMatchObject({ ok: true });
    // A function returning one value answers it in a column named after the function.
    const row = result.ok ? (result.value.rows[0] as Record<string, unknown> | undefined) : undefined;
    if (expectation.answers) expect(answerMismatch(row?.[s.target] ?? row, expectation.answers, calledAt)).toBeNull();
  } else if ('denied' in expectation)
    expect(result).toMatchObject({
      ok: false,
      code: expectation.denied,
      ...(expectation.message ? { message: expectation.message } : {}),
    });
  else
    expect(result).toMatchObject({
      ok: false,
      code: expectation.error,
      ...(expectation.message ? { message: expectation.message } : {}),
    });
}

describe('conformance scenarios on PGlite', () => {
  it('cover every actor, from the fixture they assume (demo mode on)', async () => {
    expect(new Set(conformanceScenarios.map((s) => s.actor))).toEqual(new Set(actors.map((a) => a.id)));
    expect((await db.query('select demo_mode from public.app_settings')).rows).toEqual([{ demo_mode: true }]);
  });

  // One test per table or function keeps the report readable; each scenario is named on failure.
  const groups = groupBy(conformanceScenarios);
  it.each([...groups.keys()])('%s', async (key) => {
    for (const s of groups.get(key) ?? []) {
      const calledAt = new Date();
      const result = await run(s);
      try {
        check(result, s.expect, s, calledAt);
      } catch (error) {
        throw new Error(
          `${s.name}: expected ${JSON.stringify(s.expect)}, got ${JSON.stringify(result).slice(0, 300)}`,
          {
            cause: error,
          },
        );
      }
    }
  });
});

function groupBy(scenarios: readonly Scenario[]): Map<string, Scenario[]> {
  const out = new Map<string, Scenario[]>();
  for (const s of scenarios) {
    const key = `${s.op === 'rpc' ? 'rpc' : 'table'} ${s.target}`;
    out.set(key, [...(out.get(key) ?? []), s]);
  }
  return out;
}
