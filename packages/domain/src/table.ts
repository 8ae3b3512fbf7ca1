import * as v from 'valibot';

/**
 * Validates a table of declared data once, when its module loads. A malformed entry throws an
 * error that names the table, the entry (by its id, path or position) and the field at fault,
 * so a typo in a route or a readiness step fails loudly at start-up instead of quietly in a screen.
 */
export function parseTable<TSchema extends v.GenericSchema>(
  table: string,
  schema: TSchema,
  entries: readonly unknown[],
): v.InferOutput<TSchema>[] {
  return entries.map((entry, index) => {
    const result = v.safeParse(schema, entry);
    if (result.success) return result.output;
    const issue = result.issues[0];
    const field = v.getDotPath(issue) ?? '(entry)';
    throw new Error(`Invalid ${table} entry ${entryName(entry, index)}: field "${field}": ${issue.message}`);
  });
}

function entryName(entry: unknown, index: number): string {
  if (typeof entry === 'object' && entry !== null) {
    for (const key of ['id', 'path', 'label'] as const) {
      const value = (entry as Record<string, unknown>)[key];
      if (typeof value === 'string' && value !== '') return `"${value}"`;
    }
  }
  return `#${index}`;
}
