import type { SupabaseClient } from '@supabase/supabase-js';
import {
  type Actor,
  type ActorId,
  actors,
  answerMismatch,
  conformanceScenarios,
  demoEmail,
  otherActor,
  ownerColumn,
  type Scenario,
  type ScenarioValue,
} from '@vault/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MOCK_DEMO_PASSWORD, mockAdminPair, mockDb, mockSettings } from '../../../../mocks';
import { server } from '../../../../mocks/node';
import { testClient } from '../test-support/mockBackend';

/**
 * The conformance scenarios (packages/domain/src/backend/conformance.ts) played against the
 * embedded backend: supabase-js in Node, signing in through the mock's /auth/v1, answered by the
 * same handlers the browser worker runs. supabase/tests plays the same table on PGlite with the
 * migrations, so the mock and the SQL policies cannot drift apart.
 */

const investorEmails: Partial<Record<ActorId, string>> = {
  investorA: 'investor.a@conformance.test',
  investorB: 'investor.b@conformance.test',
};

function credentials(a: Actor): { email: string; password: string } | null {
  if (!a.role) return null;
  if (a.id === 'admin') return mockAdminPair;
  const email = investorEmails[a.id];
  if (email) return { email, password: 'conformance' };
  return { email: demoEmail(a.role), password: MOCK_DEMO_PASSWORD };
}

const clients = new Map<ActorId, { client: SupabaseClient; userId: string | null }>();

/** The accounts every scenario starts from: fresh profiles, each with its copy of the sample rows. */
function resetFixture(): void {
  mockDb.reset();
  for (const email of Object.values(investorEmails)) mockDb.signIn(email, 'conformance');
}

beforeAll(async () => {
  server.listen({ onUnhandledRequest: 'error' });
  mockSettings.latency = false;
  resetFixture();
  for (const a of actors) {
    const client = testClient();
    const login = credentials(a);
    let userId: string | null = null;
    if (login) {
      const { data, error } = await client.auth.signInWithPassword(login);
      if (error || !data.session) throw new Error(`${a.id} could not sign in: ${error?.message}`);
      userId = data.session.user.id;
    }
    clients.set(a.id, { client, userId });
  }
});

afterAll(() => {
  mockSettings.latency = true;
  mockSettings.demoMode = true;
  server.close();
});

function idOf(actorId: ActorId): string {
  const id = clients.get(actorId)?.userId;
  if (!id) throw new Error(`${actorId} has no user id`);
  return id;
}

function substitute(values: Record<string, ScenarioValue> | undefined, own: string | null, other: string) {
  const out: Record<string, ScenarioValue> = {};
  for (const [key, value] of Object.entries(values ?? {})) {
    out[key] = value === '$own' ? own : value === '$other' ? other : value;
  }
  return out;
}

interface Answer {
  status: number;
  rows: number | null;
  error: { code: string; message: string } | null;
  /** An rpc's answer, for an expectation of its fields. */
  data?: unknown;
}

async function play(scenario: Scenario): Promise<Answer> {
  const entry = clients.get(scenario.actor);
  if (!entry) throw new Error(`no client for ${scenario.actor}`);
  const { client, userId } = entry;
  const other = idOf(otherActor(scenario.actor));
  const values = substitute(scenario.values, userId, other);
  // The scenario's setup: server actions, each by its actor's client.
  for (const call of scenario.before ?? []) {
    const caller = clients.get(call.actor);
    if (!caller) throw new Error(`${scenario.name}: no client for ${call.actor}`);
    // '$own' and '$other' as for the scenario, seen from the setup call's actor.
    const setupValues = substitute(call.values, caller.userId, idOf(otherActor(call.actor)));
    const { error } = await caller.client.rpc(call.fn, setupValues);
    if (error) throw new Error(`${scenario.name}: ${call.actor} ${call.fn} failed: ${error.message}`);
  }
  if (scenario.op === 'rpc') {
    const { data, error, status } = await client.rpc(scenario.target, values);
    // A set-returning function (list_members) answers an array; the others one value.
    return { status, rows: Array.isArray(data) ? data.length : data === null ? null : 1, error, data };
  }
  const table = scenario.target;
  const owner = ownerColumn(table as Parameters<typeof ownerColumn>[0]) ?? 'id';
  const rowId = scenario.rows === 'own' ? userId : scenario.rows === 'other' ? other : null;
  let answer: { data: unknown; error: { code: string; message: string } | null; status: number };
  switch (scenario.op) {
    case 'select': {
      const query = client.from(table).select('*');
      answer = await (rowId === null ? query : query.eq(owner, rowId ?? ''));
      break;
    }
    case 'insert':
      answer = await client.from(table).insert(values);
      break;
    case 'update': {
      const query = client.from(table).update(values);
      answer = await (rowId === null ? query : query.eq(owner, rowId ?? '')).select();
      break;
    }
    case 'delete': {
      const query = client.from(table).delete();
      answer = await (rowId === null ? query : query.eq(owner, rowId ?? '')).select();
      break;
    }
  }
  return {
    status: answer.status,
    rows: Array.isArray(answer.data) ? answer.data.length : null,
    error: answer.error,
  };
}

function check(scenario: Scenario, answer: Answer): void {
  // The embedded backend's own answer where it differs by design (its demo wallet PATCH).
  const wanted = scenario.embedded ?? scenario.expect;
  const signedIn = scenario.actor !== 'anon';
  if ('rows' in wanted) {
    expect(answer.error).toBeNull();
    expect(answer.rows).toBe(wanted.rows);
  } else if ('minRows' in wanted) {
    expect(answer.error).toBeNull();
    expect(answer.rows).toBeGreaterThanOrEqual(wanted.minRows);
  } else if ('ok' in wanted) {
    expect(answer.error).toBeNull();
    if (wanted.answers) expect(answerMismatch(answer.data, wanted.answers, new Date())).toBeNull();
  } else if ('denied' in wanted) {
    expect(answer.error?.code).toBe('42501');
    expect(answer.status).toBe(signedIn ? 403 : 401);
    if (wanted.message) expect(answer.error?.message).toBe(wanted.message);
  } else {
    expect(answer.error?.code).toBe(wanted.error);
    if (wanted.message) expect(answer.error?.message).toBe(wanted.message);
  }
}

describe('conformance: the embedded backend', () => {
  it('plays scenarios for every actor, table and demo function', () => {
    expect(conformanceScenarios.length).toBeGreaterThan(500);
    expect(new Set(conformanceScenarios.map((s) => s.actor)).size).toBe(actors.length);
  });

  it.each(conformanceScenarios.map((s) => [s.name, s] as const))('%s', async (_name, scenario) => {
    resetFixture();
    mockSettings.demoMode = scenario.demoMode !== 'off';
    check(scenario, await play(scenario));
  });
});
