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
    const { path, message } = mostSpecific(result.issues[0]);
    const field = path.length > 0 ? path.join('.') : '(entry)';
    throw new Error(`Invalid ${table} entry ${entryName(entry, index)}: field "${field}": ${message}`);
  });
}

/**
 * A union reports its own failure, with each option's issues nested under it and their paths
 * relative to the union. The deepest nested issue names the field that is actually wrong.
 */
function mostSpecific(issue: v.BaseIssue<unknown>): { path: string[]; message: string } {
  const own = (issue.path ?? []).map((item) => String(item.key));
  let best = { path: own, message: issue.message };
  for (const nested of issue.issues ?? []) {
    const candidate = mostSpecific(nested);
    if (candidate.path.length > 0 && own.length + candidate.path.length > best.path.length) {
      best = { path: [...own, ...candidate.path], message: candidate.message };
    }
  }
  return best;
}

function entryName(entry: unknown, index: number): string {
  if (typeof entry === 'object' && entry !== null) {
    for (const key of ['id', 'path', 'label', 'kind'] as const) {
      const value = (entry as Record<string, unknown>)[key];
      if (typeof value === 'string' && value !== '') return `"${value}"`;
    }
  }
  return `#${index}`;
}
