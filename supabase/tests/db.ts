import type { PGlite, Transaction } from '@electric-sql/pglite';
import type { Role } from '@vault/domain';
import { inject } from 'vitest';
import { loadDb } from '../host/database';

export * from '../host/database';

/**
 * The test databases: one per test file, loaded from the dumps tests/global-setup.ts makes.
 * Each case runs as an actor in a transaction that is rolled back (`asActor`), so cases cannot
 * leak into one another.
 */

/** The empty starting point: what Supabase provides, no migration yet. */
export function shimDb(): Promise<PGlite> {
  return loadDb(inject('pgliteDumps').shim);
}

/** Shim, migrations and seed (demo mode on, the demo accounts, the sample data). */
export function seededDb(): Promise<PGlite> {
  return loadDb(inject('pgliteDumps').seeded);
}

export async function setDemoMode(db: PGlite | Transaction, on: boolean): Promise<void> {
  await db.query('update public.app_settings set demo_mode = $1', [on]);
}

export interface Account {
  id: string;
  email: string;
  role: Role;
  isAdmin: boolean;
}

let counter = 0;

/** A new auth user, inserted as Supabase Auth would (the new-user trigger makes the profile). */
export async function createUser(
  db: PGlite | Transaction,
  options: { role?: Role; isAdmin?: boolean; email?: string; id?: string } = {},
): Promise<Account> {
  counter += 1;
  const role = options.role ?? 'investor';
  const isAdmin = options.isAdmin ?? false;
  const email = options.email ?? `member${counter}.${Date.now().toString(36)}@example.test`;
  const appMetadata: Record<string, unknown> = { provider: 'email', providers: ['email'], role };
  if (isAdmin) appMetadata.is_admin = true;
  const result = await db.query<{ id: string }>(
    `insert into auth.users (id, aud, role, email, raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
     values (coalesce($1::uuid, gen_random_uuid()), 'authenticated', 'authenticated', $2, $3, '{}', now(), now())
     returning id`,
    [options.id ?? null, email, JSON.stringify(appMetadata)],
  );
  const id = result.rows[0]?.id;
  if (!id) throw new Error('createUser: no id');
  return { id, email, role, isAdmin };
}

/** The claims PostgREST would set for this account's access token. */
function claimsOf(account: Account): Record<string, unknown> {
  const appMetadata: Record<string, unknown> = { provider: 'email', providers: ['email'], role: account.role };
  if (account.isAdmin) appMetadata.is_admin = true;
  return {
    sub: account.id,
    role: 'authenticated',
    aud: 'authenticated',
    email: account.email,
    app_metadata: appMetadata,
    user_metadata: {},
  };
}

export type Who = Account | 'anon' | 'service_role';

/**
 * Runs `body` as PostgREST would for this caller: in a transaction, with `request.jwt.claims`
 * set and the role switched to anon, authenticated or service_role. The transaction is always
 * rolled back, so nothing the body does survives. A Postgres error rejects with its code.
 */
export async function asActor<T>(db: PGlite, who: Who, body: (tx: Transaction) => Promise<T>): Promise<T> {
  let out: T | undefined;
  let failure: unknown;
  await db
    .transaction(async (tx) => {
      const claims =
        who === 'anon' ? { role: 'anon' } : who === 'service_role' ? { role: 'service_role' } : claimsOf(who);
      await tx.query(`select set_config('request.jwt.claims', $1, true)`, [JSON.stringify(claims)]);
      await tx.exec(
        `set local role ${who === 'anon' ? 'anon' : who === 'service_role' ? 'service_role' : 'authenticated'}`,
      );
      try {
        out = await body(tx);
      } catch (error) {
        failure = error;
      }
      await tx.rollback();
    })
    .catch((error: unknown) => {
      failure ??= error;
    });
  if (failure !== undefined) throw failure;
  return out as T;
}

/** The SQLSTATE of a Postgres error PGlite raised, or null. */
function sqlState(error: unknown): string | null {
  if (typeof error === 'object' && error !== null && 'code' in error) {
    const code = (error as { code: unknown }).code;
    return typeof code === 'string' ? code : null;
  }
  return null;
}

export type Attempt<T> = { ok: true; value: T } | { ok: false; code: string | null; message: string };

/**
 * Runs one statement inside a savepoint, so a refused statement leaves the transaction usable
 * for the checks that follow; answers its result or its error, never throwing.
 */
export async function tryQuery<T = Record<string, unknown>>(
  tx: Transaction,
  sql: string,
  params: unknown[] = [],
): Promise<Attempt<{ rows: T[] }>> {
  await tx.exec('savepoint attempt');
  try {
    const { rows } = await tx.query<T>(sql, params);
    await tx.exec('release savepoint attempt');
    return { ok: true, value: { rows } };
  } catch (error) {
    await tx.exec('rollback to savepoint attempt');
    return { ok: false, code: sqlState(error), message: (error as Error).message };
  }
}

/** Whether each API role may execute the public function `name`: a row per overload. */
export async function executeGrants(
  db: PGlite | Transaction,
  name: string,
): Promise<{ anon: boolean; authenticated: boolean; service_role: boolean }[]> {
  const { rows } = await db.query<{ anon: boolean; authenticated: boolean; service_role: boolean }>(
    `select has_function_privilege('anon', p.oid, 'execute') as anon,
            has_function_privilege('authenticated', p.oid, 'execute') as authenticated,
            has_function_privilege('service_role', p.oid, 'execute') as service_role
     from pg_proc p join pg_namespace n on n.oid = p.pronamespace
     where n.nspname = 'public' and p.proname = $1`,
    [name],
  );
  return rows;
}
