import type { PGlite } from '@electric-sql/pglite';
import { auditActions, serverActions } from '@vault/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { executeGrants, seededDb } from './db';

/**
 * The server actions the domain declares (packages/domain/src/backend/actions.ts) are the
 * database's: each function exists with these argument names in this order, with a fixed empty
 * search_path, and exactly the declared roles may execute it (anon never).
 */

let db: PGlite;

beforeAll(async () => {
  db = await seededDb();
});

afterAll(async () => {
  await db?.close();
});

interface FunctionRow {
  args: string[] | null;
  config: string[] | null;
  anon: boolean;
  authenticated: boolean;
  service_role: boolean;
}

describe.each(serverActions)('$name', (action) => {
  it('exists with the declared arguments, a fixed search_path and the declared EXECUTE grants', async () => {
    const { rows } = await db.query<FunctionRow>(
      `select p.proargnames as args, p.proconfig as config,
              has_function_privilege('anon', p.oid, 'execute') as anon,
              has_function_privilege('authenticated', p.oid, 'execute') as authenticated,
              has_function_privilege('service_role', p.oid, 'execute') as service_role
       from pg_proc p join pg_namespace n on n.oid = p.pronamespace
       where n.nspname = 'public' and p.proname = $1`,
      [action.name],
    );
    expect(rows).toHaveLength(1);
    const row = rows[0];
    // proargnames also names the OUT columns of a function returning a table: keep the inputs.
    expect((row?.args ?? []).slice(0, action.args.length)).toEqual(action.args);
    expect(row?.config).toContain('search_path=""');
    expect({ anon: row?.anon, authenticated: row?.authenticated, service_role: row?.service_role }).toEqual({
      anon: false,
      authenticated: action.executableBy.includes('authenticated'),
      service_role: action.executableBy.includes('service_role'),
    });
  });
});

describe('the audit actions', () => {
  it('are each recorded by a declared function, except those of the trigger and of the functions to come', () => {
    const recorded = new Set(serverActions.flatMap((a) => a.records));
    const elsewhere = auditActions.filter((a) => !recorded.has(a));
    expect(elsewhere).toEqual(['wallet.created', 'member.deleted']);
  });
});

describe('the internal helpers', () => {
  it.each([
    'audit_append',
    'audit_append_many',
    'audit_event_hash',
    'audit_actor_role',
    'audit_events_append_only',
    'profiles_wallet_created',
    'kyc_transition',
    'notify_member',
    'document_sha256',
    'vault_end_sessions',
    'audit_personal_keys',
    'audit_hashable_details',
    'audit_events_erasure_only',
    'audit_checkpoints_guard',
    'record_personal_data_view',
    'loan_principal_cents',
    'appropriateness_questionnaire',
    'effective_category',
    'previous_declaration_uk',
    'archive_deleted_member',
    'investment_window_ends_at',
  ])('%s is executable by no client role and not by the service role', async (name) => {
    expect(await executeGrants(db, name)).toEqual([{ anon: false, authenticated: false, service_role: false }]);
  });
});

describe('the tables of the server actions', () => {
  const tables = [
    'audit_events',
    'kyc_cases',
    'provider_events',
    'payments',
    'agreement_versions',
    'agreement_signatures',
    'document_signatures',
    'member_rights_changes',
    'audit_checkpoints',
    'member_archive',
    'subscription_acceptances',
    'ledger_refusals',
  ];

  it.each(tables)('%s has row-level security, an index for each foreign key and for member_id', async (table) => {
    const rls = await db.query<{ on: boolean }>(
      `select relrowsecurity as on from pg_class where oid = ('public.' || $1)::regclass`,
      [table],
    );
    expect(rls.rows).toEqual([{ on: true }]);
    // Each foreign key's columns, and member_id (every policy filters on it), lead some index.
    const { rows } = await db.query<{ columns: string[]; indexed: boolean }>(
      `with wanted as (
         select c.conkey as keys from pg_constraint c where c.conrelid = ('public.' || $1)::regclass and c.contype = 'f'
         union all
         select array[a.attnum] from pg_attribute a
         where a.attrelid = ('public.' || $1)::regclass and a.attname = 'member_id'
       )
       select (select array_agg(a.attname order by a.attnum) from pg_attribute a
               where a.attrelid = ('public.' || $1)::regclass and a.attnum = any (w.keys)) as columns,
              exists (select 1 from pg_index i where i.indrelid = ('public.' || $1)::regclass
                      and (i.indkey::int2[])[0:cardinality(w.keys) - 1] @> w.keys
                      and (i.indkey::int2[])[0:cardinality(w.keys) - 1] <@ w.keys) as indexed
       from wanted w`,
      [table],
    );
    for (const row of rows) expect(row.indexed, `${table} (${row.columns.join(', ')})`).toBe(true);
  });
});
