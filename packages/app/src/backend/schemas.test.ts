import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { sampleTables } from '../../../../mocks';
import { tableSchemas } from './schemas';

describe('the mock sample data', () => {
  it('serves every table the app reads, and nothing else', () => {
    expect(Object.keys(sampleTables).sort()).toEqual(Object.keys(tableSchemas).sort());
  });

  it.each(Object.keys(tableSchemas))('%s rows match the app schema', (name) => {
    const schema = tableSchemas[name as keyof typeof tableSchemas];
    const rows = sampleTables[name as keyof typeof sampleTables];
    const result = v.safeParse(v.array(schema), rows);
    expect(result.issues?.map((i) => `${v.getDotPath(i)}: ${i.message}`) ?? []).toEqual([]);
    expect(rows.length).toBeGreaterThan(0);
  });
});
