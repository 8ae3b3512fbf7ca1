/**
 * The SQL objects a text defines, each by a key that names it once: `function public.f(text, int)`
 * (name and argument types, so overloads differ), `policy p on public.t`, `table public.t`, and
 * so on. Used by tests/schema-files.test.ts to find an object defined twice. Comments and string
 * literals are left out first, so a commented-out or quoted `create` does not count; dollar-quoted
 * bodies are kept, since a DO block may create a type.
 */
export function definitions(sql: string): string[] {
  const text = stripCommentsAndStrings(sql).toLowerCase();
  const keys: string[] = [];
  const pattern =
    /\bcreate\s+(?:or\s+replace\s+)?(?:unique\s+)?(function|procedure|table|view|materialized\s+view|policy|trigger|index|type|sequence)\s+(?:if\s+not\s+exists\s+)?("?[\w.]+"?(?:\."?\w+"?)?)/g;
  for (const m of text.matchAll(pattern)) {
    const kind = (m[1] ?? '').replace(/\s+/g, ' ');
    const name = qualify((m[2] ?? '').replace(/"/g, ''));
    const rest = text.slice((m.index ?? 0) + m[0].length);
    if (kind === 'function' || kind === 'procedure') {
      keys.push(`${kind} ${name}(${argumentTypes(rest).join(', ')})`);
    } else if (kind === 'policy' || kind === 'trigger') {
      const on = /\bon\s+("?[\w.]+"?(?:\."?\w+"?)?)/.exec(rest);
      keys.push(`${kind} ${name.replace(/^public\./, '')} on ${qualify((on?.[1] ?? '?').replace(/"/g, ''))}`);
    } else {
      keys.push(`${kind} ${name}`);
    }
  }
  return keys;
}

function qualify(name: string): string {
  return name.includes('.') ? name : `public.${name}`;
}

const modes = new Set(['in', 'out', 'inout', 'variadic']);

/** The identity argument types of `(a text, b integer default 1)`: text, integer (OUT ones left out). */
function argumentTypes(rest: string): string[] {
  const open = rest.indexOf('(');
  if (open < 0) return [];
  let depth = 0;
  let end = open;
  for (let i = open; i < rest.length; i++) {
    if (rest[i] === '(') depth += 1;
    if (rest[i] === ')') depth -= 1;
    if (depth === 0) {
      end = i;
      break;
    }
  }
  const inner = rest.slice(open + 1, end);
  const params: string[] = [];
  let current = '';
  depth = 0;
  for (const ch of inner) {
    if (ch === '(') depth += 1;
    if (ch === ')') depth -= 1;
    if (ch === ',' && depth === 0) {
      params.push(current);
      current = '';
    } else current += ch;
  }
  if (current.trim()) params.push(current);
  const types: string[] = [];
  for (const param of params) {
    const words = param
      .replace(/\s+(default\b|=).*$/s, '')
      .trim()
      .split(/\s+/);
    if (words[0] === 'out') continue;
    if (words[0] && modes.has(words[0])) words.shift();
    types.push((words.length > 1 ? words.slice(1) : words).join(' '));
  }
  return types;
}

function stripCommentsAndStrings(sql: string): string {
  let out = '';
  let i = 0;
  while (i < sql.length) {
    const c = sql[i];
    if (c === '-' && sql[i + 1] === '-') {
      const e = sql.indexOf('\n', i);
      i = e < 0 ? sql.length : e;
    } else if (c === '/' && sql[i + 1] === '*') {
      const e = sql.indexOf('*/', i + 2);
      i = e < 0 ? sql.length : e + 2;
    } else if (c === "'") {
      i += 1;
      while (i < sql.length && !(sql[i] === "'" && sql[i + 1] !== "'")) i += sql[i] === "'" ? 2 : 1;
      i += 1;
      out += "''";
    } else {
      out += c;
      i += 1;
    }
  }
  return out;
}
