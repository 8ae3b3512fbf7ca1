import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { supabaseDir } from '../host/database';
import { baselineFile, deployedMigrations, schemaPaths } from '../scripts/baseline';
import { definitions } from '../scripts/definitions';
import { generateDomainSql, generatedDomainFile } from '../scripts/domain-sql';

/**
 * The schema is written once (docs/backend.md "Changing the schema"): every object is defined in
 * exactly one place among supabase/schemas and the migrations after the baseline (the baseline is
 * their generated copy), and a migration a project has received is never edited.
 */

const migrationsDir = join(supabaseDir, 'migrations');

function sources(): { path: string; sql: string }[] {
  const schemas = schemaPaths().map((path) => ({ path, sql: readFileSync(join(supabaseDir, path), 'utf8') }));
  const migrations = readdirSync(migrationsDir)
    .filter((f) => f.endsWith('.sql') && f !== baselineFile)
    .map((f) => ({ path: `migrations/${f}`, sql: readFileSync(join(migrationsDir, f), 'utf8') }));
  return [...schemas, ...migrations];
}

function duplicates(files: { path: string; sql: string }[]): string[] {
  const where = new Map<string, string[]>();
  for (const { path, sql } of files) {
    for (const key of definitions(sql)) where.set(key, [...(where.get(key) ?? []), path]);
  }
  return [...where].filter(([, paths]) => paths.length > 1).map(([key, paths]) => `${key}: ${paths.join(', ')}`);
}

describe('the schema files', () => {
  it('are every .sql file of supabase/schemas, each listed once in config.toml', () => {
    const listed = schemaPaths();
    const present = readdirSync(join(supabaseDir, 'schemas'))
      .filter((f) => f.endsWith('.sql'))
      .map((f) => `schemas/${f}`);
    expect([...listed].sort()).toEqual(present.sort());
    expect(new Set(listed).size).toBe(listed.length);
    expect(listed, 'apply order is name order').toEqual([...listed].sort());
  });

  it('begin with what `npm run gen:sql` makes from @vault/domain (no drift)', () => {
    expect(schemaPaths()[0]).toBe(generatedDomainFile);
    const committed = readFileSync(join(supabaseDir, generatedDomainFile), 'utf8');
    expect(committed === generateDomainSql(), `supabase/${generatedDomainFile} is stale: run npm run gen:sql`).toBe(
      true,
    );
  });

  it('define each table, view, function, policy, trigger, index, type and sequence once', () => {
    const files = sources();
    expect(definitions(files.map((f) => f.sql).join('\n')).length).toBeGreaterThan(100);
    expect(duplicates(files)).toEqual([]);
  });

  it('would show an object defined twice, by name and argument types', () => {
    const a = `create or replace function public.f(a text, b integer default 1) returns int language sql as $$ select 1 $$;
      create policy p on public.t for select using (true);
      -- create table public.commented_out ();
      create table if not exists public.t (x text default 'create table public.quoted ()');`;
    const b = `create function public.f(x text) returns int language sql as $$ select 2 $$;
      create function f(c text, d int4) returns int language sql as $$ select 3 $$;
      create policy p on t for select using (true);
      do $$ begin create type public.r as (x int); end $$;`;
    expect(definitions(a)).toEqual(['function public.f(text, integer)', 'policy p on public.t', 'table public.t']);
    expect(
      duplicates([
        { path: 'a.sql', sql: a },
        { path: 'b.sql', sql: b },
      ]),
    ).toEqual(['policy p on public.t: a.sql, b.sql']);
    expect(
      duplicates([
        { path: 'a.sql', sql: a },
        { path: 'c.sql', sql: a },
      ]),
    ).toHaveLength(3);
  });
});

describe('the deployed migrations (deployed-migrations.json)', () => {
  const frozen = deployedMigrations();

  it('are unchanged, byte for byte', () => {
    for (const [file, sha256] of Object.entries(frozen)) {
      const actual = createHash('sha256')
        .update(readFileSync(join(migrationsDir, file)))
        .digest('hex');
      expect(actual, `${file} was deployed: add a new migration instead of editing it`).toBe(sha256);
    }
  });

  it('come first: a new migration sorts after every deployed one', () => {
    const files = readdirSync(migrationsDir)
      .filter((f) => f.endsWith('.sql'))
      .sort();
    const deployed = files.filter((f) => f in frozen);
    expect(files.slice(0, deployed.length)).toEqual(deployed);
  });
});
