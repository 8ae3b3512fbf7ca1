import * as v from 'valibot';
import { auditActions } from '../backend/audit';
import { parseTable } from '../table';

/**
 * What the server's texts by kind share (notifications in texts.ts, compliance alerts in
 * alerts.ts): templates with `{name}` placeholders, kinds named after audit actions, and the
 * validation of a table of them.
 */

const placeholderPattern = /\{([^{}]*)\}/g;
const placeholderNamePattern = /^[a-z][a-zA-Z]*$/;
const kindPattern = /^[a-z_]+\.[a-z_]+(\.[a-z_]+)*$/;

/** A template's pieces in order: the text around the placeholders, and each placeholder's name. */
export function templateParts(template: string): ({ text: string } | { param: string })[] {
  const parts: ({ text: string } | { param: string })[] = [];
  let at = 0;
  for (const match of template.matchAll(placeholderPattern)) {
    if (match.index > at) parts.push({ text: template.slice(at, match.index) });
    parts.push({ param: match[1] ?? '' });
    at = match.index + match[0].length;
  }
  if (at < template.length) parts.push({ text: template.slice(at) });
  return parts;
}

export function placeholdersOf(template: string): string[] {
  return templateParts(template).flatMap((part) => ('param' in part ? [part.param] : []));
}

/** A brace that opens or closes no placeholder: a typo the template would send as it stands. */
function hasStrayBrace(template: string): boolean {
  return /[{}]/.test(template.replace(placeholderPattern, ''));
}

export const TemplateSchema = v.pipe(
  v.string(),
  v.nonEmpty(),
  v.check((t) => !hasStrayBrace(t), 'a brace outside a {placeholder}'),
  v.check((t) => placeholdersOf(t).every((name) => placeholderNamePattern.test(name)), 'a placeholder is {camelCase}'),
);

/** A kind: the audit action the text accompanies (`what`: a notification, an alert), then any variant. */
export function kindSchema(what: string) {
  return v.pipe(
    v.string(),
    v.regex(kindPattern, 'a kind is dot-separated lower-case words'),
    v.check(
      (kind) => auditActions.some((action) => kind === action || kind.startsWith(`${action}.`)),
      `a kind starts with the audit action its ${what} accompanies`,
    ),
  );
}

/** The placeholders an entry's templates use, each one a value every sender gives. */
export const ParamsSchema = v.pipe(
  v.array(v.pipe(v.string(), v.regex(placeholderNamePattern, 'a param is a camelCase word'))),
  v.check((names) => new Set(names).size === names.length, 'a param is declared twice'),
);

/** Validates a table of texts by kind: each entry, then that no kind is listed twice. */
export function parseKindTable<TSchema extends v.GenericSchema<unknown, { kind: string }>>(
  table: string,
  schema: TSchema,
  entries: readonly unknown[],
): v.InferOutput<TSchema>[] {
  const parsed = parseTable(table, schema, entries);
  const kinds = parsed.map((entry) => entry.kind);
  const twice = kinds.find((kind, i) => kinds.indexOf(kind) !== i);
  if (twice !== undefined) throw new Error(`Invalid ${table} entry "${twice}": the kind is listed twice`);
  return parsed;
}

/**
 * A template with each placeholder replaced by its param's value as given (no escaping: the texts
 * are shown as plain text). The SQL's text is null without a value; here the caller hears why.
 */
export function fillTemplate(
  label: string,
  template: string,
  params: Readonly<Record<string, string | undefined>>,
): string {
  return templateParts(template)
    .map((part) => {
      if ('text' in part) return part.text;
      const value = params[part.param];
      if (value === undefined) throw new RangeError(`${label} needs the param "${part.param}"`);
      return value;
    })
    .join('');
}
