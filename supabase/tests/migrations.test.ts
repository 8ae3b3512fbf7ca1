import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import {
  backendTables,
  clientPrivileges,
  demoAccounts,
  profileUpdateGrant,
  sampleMemberRows,
  sampleSharedRows,
  tableRowSchemas,
} from '@vault/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baselineFile, baselineFrozen, generateBaseline, schemaPaths } from '../scripts/baseline';
import { generateSeed } from '../scripts/seed';
import { applyMigrations, applySeed, migrationFiles, readSql, shimDb, supabaseDir } from './db';
import { schemaSnapshot } from './snapshot';

/** The demo password earlier releases printed and compiled in (the embedded backend's own still): it must open no seeded account. */
const PUBLISHED_DEMO_PASSWORD = 'vault-demo-2025';

/**
 * The migrations on a real Postgres (PGlite): they apply cleanly from an empty database, twice
 * in a row, and again on top of themselves and the seed; the schema they make is the one the
 * domain declares; the committed seed is what the generator makes, and applies twice.
 */

let first: PGlite;

beforeAll(async () => {
  first = await shimDb();
  await applyMigrations(first);
});

afterAll(async () => {
  await first?.close();
});

describe('the migrations', () => {
  it('are plain SQL files named <timestamp>_<name>.sql, in order, the baseline first', () => {
    const files = migrationFiles();
    expect(files[0]).toBe(baselineFile);
    for (const f of files) expect(f).toMatch(/^\d{14}_[a-z0-9_]+\.sql$/);
  });

  it('begin with the baseline that `npm run gen:baseline` makes from supabase/schemas, until it is deployed', () => {
    const committed = readFileSync(join(supabaseDir, 'migrations', baselineFile), 'utf8');
    expect(
      baselineFrozen() || committed === generateBaseline(),
      `supabase/migrations/${baselineFile} is stale: run npm run gen:baseline`,
    ).toBe(true);
  });

  it('apply cleanly twice in a row from an empty database, with the same result', async () => {
    const second = await shimDb();
    try {
      await applyMigrations(second);
      expect(await schemaSnapshot(second)).toEqual(await schemaSnapshot(first));
    } finally {
      await second.close();
    }
  });

  it('make the database the schema files make (a change in one is made in the other)', async () => {
    const fromSchemas = await shimDb();
    try {
      for (const path of schemaPaths()) await fromSchemas.exec(readSql(join(supabaseDir, path)));
      expect(await schemaSnapshot(fromSchemas)).toEqual(await schemaSnapshot(first));
    } finally {
      await fromSchemas.close();
    }
  });

  it('apply, with the seed, to a Postgres whose auth schema has only the core columns', async () => {
    // An auth shim smaller than Supabase's: no identities table, none of the token columns.
    const small = await shimDb();
    try {
      await small.exec(`
        drop table auth.identities;
        alter table auth.users drop column confirmed_at;
        alter table auth.users drop column instance_id, drop column email_confirmed_at, drop column confirmation_token,
          drop column recovery_token, drop column email_change_token_new, drop column email_change;
      `);
      await applyMigrations(small);
      await applySeed(small);
      const { rows } = await small.query<{ n: number }>(
        `select count(*)::int as n from auth.users u join public.profiles p on p.id = u.id where u.email like 'demo.%'`,
      );
      expect(rows[0]?.n).toBe(demoAccounts.length);
    } finally {
      await small.close();
    }
  });

  it('enable row-level security on every table in public', async () => {
    const { rows } = await first.query<{ relname: string; relrowsecurity: boolean }>(
      `select relname, relrowsecurity from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = 'public' and c.relkind in ('r', 'p')`,
    );
    expect(rows.length).toBeGreaterThanOrEqual(backendTables.length);
    expect(rows.filter((r) => !r.relrowsecurity).map((r) => r.relname)).toEqual([]);
  });

  it('create every table and view of the contract with the columns of its row schema', async () => {
    for (const spec of backendTables) {
      const { rows } = await first.query<{ column_name: string }>(
        'select column_name from information_schema.columns where table_schema = $1 and table_name = $2',
        ['public', spec.name],
      );
      const columns = rows.map((r) => r.column_name).sort();
      expect(columns, spec.name).toEqual(Object.keys(tableRowSchemas[spec.name].entries).sort());
      const { rows: kind } = await first.query<{ relkind: string }>(
        `select c.relkind from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'public' and c.relname = $1`,
        [spec.name],
      );
      expect(kind[0]?.relkind, spec.name).toBe(spec.relation === 'view' ? 'v' : 'r');
    }
  });

  it('key every table as the contract declares', async () => {
    for (const spec of backendTables.filter((t) => t.relation === 'table')) {
      const { rows } = await first.query<{ column_name: string }>(
        `select a.attname as column_name from pg_index i
         join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any (i.indkey)
         where i.indrelid = ('public.' || quote_ident($1))::regclass and i.indisprimary`,
        [spec.name],
      );
      expect(rows.map((r) => r.column_name).sort(), spec.name).toEqual([...spec.key].sort());
    }
  });

  it('grant anon and authenticated exactly the privileges the contract lists, despite Supabase’s default grants', async () => {
    for (const spec of backendTables) {
      for (const role of ['anon', 'authenticated'] as const) {
        const { rows } = await first.query<{ privilege_type: string }>(
          `select privilege_type from information_schema.role_table_grants
           where table_schema = 'public' and table_name = $1 and grantee = $2`,
          [spec.name, role],
        );
        const held = rows.map((r) => r.privilege_type.toLowerCase()).sort();
        const expected = clientPrivileges(spec.name, role).filter((p) => p !== 'update');
        expect(held, `${role} on ${spec.name}`).toEqual([...expected].sort());
      }
    }
    const { rows } = await first.query<{ column_name: string }>(
      `select column_name from information_schema.column_privileges
       where table_schema = 'public' and table_name = 'profiles' and grantee = 'authenticated' and privilege_type = 'UPDATE'`,
    );
    expect(rows.map((r) => r.column_name).sort()).toEqual([...profileUpdateGrant].sort());
  });

  it('let only authenticated execute the demo functions', async () => {
    const { rows } = await first.query<{ proname: string; anon: boolean; auth: boolean }>(
      `select p.proname, has_function_privilege('anon', p.oid, 'execute') as anon,
              has_function_privilege('authenticated', p.oid, 'execute') as auth
       from pg_proc p join pg_namespace n on n.oid = p.pronamespace
       where n.nspname = 'public' and p.proname like 'demo\\_%'`,
    );
    expect(rows.map((r) => r.proname).sort()).toEqual([
      'demo_approve_kyc',
      'demo_complete_first_onramp',
      'demo_create_wallet',
      'demo_reset_first_onramp',
    ]);
    for (const r of rows) expect([r.proname, r.anon, r.auth]).toEqual([r.proname, false, true]);
  });

  it('start with demo mode off, in one settings row', async () => {
    const { rows } = await first.query<{ demo_mode: boolean }>('select demo_mode from public.app_settings');
    expect(rows).toEqual([{ demo_mode: false }]);
  });
});

describe('the seed', () => {
  it('is what `npm run gen:seed` makes from the domain’s sample data (no drift)', () => {
    const committed = readFileSync(join(supabaseDir, 'seed.sql'), 'utf8');
    expect(committed === generateSeed(), 'supabase/seed.sql is stale: run npm run gen:seed').toBe(true);
  });

  it('applies twice (and the migrations again on top), turns demo mode on, fills the shared tables and makes one account per role', async () => {
    // The migrated database of the tests above (they run first, in file order).
    const db = first;
    const schemaBefore = await schemaSnapshot(db);
    await applySeed(db);
    await applySeed(db);
    await applyMigrations(db);
    {
      expect(await schemaSnapshot(db), 'the migrations re-run on a seeded database change nothing').toEqual(
        schemaBefore,
      );
      expect((await db.query('select demo_mode from public.app_settings')).rows).toEqual([{ demo_mode: true }]);
      for (const [table, rows] of Object.entries(sampleSharedRows)) {
        const { rows: count } = await db.query<{ n: number }>(`select count(*)::int as n from public.${table}`);
        expect(count[0]?.n, table).toBe(rows.length);
      }
      // The columns the sample writes (starts_on, the loan's first day, is not in the samples).
      const { rows: loans } = await db.query(
        'select id, borrower, amount, status, spv_id, opportunity_id from public.loans order by id',
      );
      expect(loans).toEqual([...sampleSharedRows.loans].sort((a, b) => a.id.localeCompare(b.id)));
      const { rows: opportunities } = await db.query<Record<string, unknown>>('select * from public.opportunities');
      expect(opportunities.map((o) => ({ ...o, ratings: Number(o.ratings) }))).toEqual(
        expect.arrayContaining([...sampleSharedRows.opportunities]),
      );

      const { rows: users } = await db.query<{
        id: string;
        email: string;
        role: string;
        aud: string;
        app_role: string;
        password_ok: boolean;
        bcrypt: boolean;
        registered: boolean;
        confirmed: boolean;
        identities: number;
        name: string;
        kyc_status: string;
      }>(
        `select u.id, u.email, u.role, u.aud, u.raw_app_meta_data ->> 'role' as app_role,
                extensions.crypt($1, u.encrypted_password) = u.encrypted_password as password_ok,
                u.encrypted_password like '$2_$10$%' as bcrypt,
                exists (select 1 from public.demo_accounts d where d.user_id = u.id) as registered,
                u.email_confirmed_at is not null as confirmed,
                (select count(*)::int from auth.identities i where i.user_id = u.id) as identities,
                p.name, p.kyc_status
         from auth.users u join public.profiles p on p.id = u.id order by u.email`,
        [PUBLISHED_DEMO_PASSWORD],
      );
      expect(users).toEqual(
        [...demoAccounts]
          .sort((a, b) => a.email.localeCompare(b.email))
          .map((a) => ({
            id: a.id,
            email: a.email,
            role: 'authenticated',
            aud: 'authenticated',
            app_role: a.role,
            // A random password nobody knows (the old documented one opens nothing).
            password_ok: false,
            bcrypt: true,
            registered: true,
            confirmed: true,
            identities: 1,
            name: a.name,
            kyc_status: a.kycStatus,
          })),
      );
      // The demo investor owns the sample history (its investments once, though the seed ran
      // twice); every other demo account only the agreement to sign, as any new member does.
      const investor = demoAccounts.find((a) => a.role === 'investor')?.id;
      const toSign = sampleMemberRows.documents.filter((d) => d.status === 'Pending').length;
      for (const [table, rows] of Object.entries(sampleMemberRows)) {
        const { rows: count } = await db.query<{ investor: number; others: number }>(
          `select count(*) filter (where user_id = $1)::int as investor, count(*) filter (where user_id <> $1)::int as others
           from public.${table}`,
          [investor],
        );
        expect(count[0], table).toEqual({
          investor: rows.length,
          others: table === 'documents' ? toSign * (demoAccounts.length - 1) : 0,
        });
      }
      expect((await db.query('select count(*)::int as n from public.payments')).rows).toEqual([{ n: 1 }]);
    }
  });

  it('gives each demo account its own random password, kept on a re-run', async () => {
    const hashes = async () =>
      (
        await first.query<{ h: string }>('select encrypted_password as h from auth.users where id = any($1::uuid[])', [
          demoAccounts.map((a) => a.id),
        ])
      ).rows.map((r) => r.h);
    const before = await hashes();
    expect(new Set(before).size).toBe(demoAccounts.length);
    await applySeed(first);
    expect(await hashes()).toEqual(before);
  });
});
