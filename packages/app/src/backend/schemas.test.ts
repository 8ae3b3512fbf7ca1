import { backendTableNames, isBackendTable, sampleMemberRows, sampleSharedRows, tableRowSchemas } from '@vault/domain';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { tableSchemas } from './schemas';

/** The sample rows the seed writes (supabase/seed.sql is generated from them). */
const sampleTables = { ...sampleSharedRows, ...sampleMemberRows } as const;

describe('the tables the screens read', () => {
  it('are all tables of the backend contract', () => {
    for (const name of Object.keys(tableSchemas)) expect(backendTableNames).toContain(name);
  });

  // Tables only server actions write (the agreement signatures, the investor profiles) have no sample rows.
  const sampled = Object.keys(tableSchemas).filter((name) => Object.hasOwn(sampleTables, name));

  it('leave out of the sample rows only the tables server actions write', () => {
    expect(Object.keys(tableSchemas).filter((name) => !sampled.includes(name))).toEqual([
      'agreement_signatures',
      'investor_profiles',
    ]);
  });

  it.each(sampled)('%s: the sample rows meet the contract and the screen schema', (name) => {
    const table = name as keyof typeof tableSchemas;
    const rows: readonly object[] = sampleTables[name as keyof typeof sampleTables];
    const screen = v.safeParse(v.array(tableSchemas[table]), rows);
    expect(screen.issues?.map((i) => `${v.getDotPath(i)}: ${i.message}`) ?? []).toEqual([]);
    if (!isBackendTable(table)) throw new Error(`${table} is not a table of the backend contract`);
    const contract = tableRowSchemas[table];
    const withOwner = rows.map((row) => ({ ...row, user_id: '00000000-0000-4000-8000-000000000001' }));
    expect(v.safeParse(v.array(contract), withOwner).success || v.safeParse(v.array(contract), rows).success).toBe(
      true,
    );
    expect(rows.length).toBeGreaterThan(0);
  });
});
