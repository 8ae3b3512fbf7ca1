import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import {
  type ComplianceAlertKind,
  complianceAlertText,
  complianceAlertTexts,
  type NotificationKind,
  type NotificationParam,
  notificationText,
  notificationTexts,
} from '@vault/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schemaPaths } from '../scripts/baseline';
import { generatedDomainFile } from '../scripts/domain-sql';
import { seededDb, supabaseDir } from './db';

/**
 * The notification texts are written once, in `notificationTexts` (@vault/domain): the SQL's
 * generated `public.notification_text(kind, params)` gives, for every kind, what the domain's
 * `notificationText(kind, params)` gives, and no schema file writes a notification's title or body
 * itself. The same for the compliance alerts' issues, in `complianceAlertTexts` and
 * `public.compliance_alert_text(kind, params)`.
 */

let db: PGlite;

beforeAll(async () => {
  db = await seededDb();
});

afterAll(async () => {
  await db?.close();
});

/** Values a text must carry through untouched: quotes, percent signs, backslashes, non-ASCII. */
const samples: [Record<NotificationParam, string>, Record<NotificationParam, string>] = [
  {
    amount: '€1,234.50',
    date: '2026-03-31',
    end: '2026-06-30',
    fee: '€12',
    gross: '€1,246.50',
    holders: '3',
    impact: 'Emissions avoided: 1.2 tCO2e avoided',
    kind: 'income',
    offering: `L'Atelier "Été" — 100% Ørsted`,
    price: '€125',
    reason: String.raw`It's 50% off\n, C:\path\to, ''quoted'' and $1 $& {reason}`,
    role: 'compliance',
    start: '2026-04-01',
    tax: '€3',
    time: '2026-05-01 09:30',
    units: '40',
  },
  {
    amount: '€0.01',
    date: 'Straße ⅓',
    end: '日本語',
    fee: '%s%%',
    gross: '\\',
    holders: "'",
    impact: '"',
    kind: '\\x27',
    offering: "O'Brien & Søn's \\ fund",
    price: '%',
    reason: 'Ünïcödé 🌱 reason.',
    role: 'spv_admin',
    start: '-- not a comment',
    tax: "'; select 1; --",
    time: '$$',
    units: '0',
  },
];

async function sqlText(kind: string, params: Record<string, string>) {
  const { rows } = await db.query<{ title: string | null; body: string | null }>(
    'select title, body from public.notification_text($1, $2::jsonb)',
    [kind, JSON.stringify(params)],
  );
  return rows[0];
}

function declared(
  params: readonly NotificationParam[],
  sample: Record<NotificationParam, string>,
): Record<string, string> {
  return Object.fromEntries(params.map((name) => [name, sample[name]]));
}

describe('public.notification_text', () => {
  it('gives every kind the texts the domain gives, with its declared params only', async () => {
    expect(notificationTexts.length).toBeGreaterThan(30);
    for (const sample of samples) {
      for (const text of notificationTexts) {
        expect(await sqlText(text.kind, declared(text.params, sample)), text.kind).toEqual(
          notificationText<NotificationKind>(text.kind, sample),
        );
      }
    }
  });

  it('is null where a param is missing, and for a kind the domain does not have', async () => {
    for (const text of notificationTexts) {
      for (const missing of text.params) {
        const params = declared(
          text.params.filter((name) => name !== missing),
          samples[0],
        );
        const got = await sqlText(text.kind, params);
        const uses = (template: string) => template.includes(`{${missing}}`);
        expect(got?.title === null, `${text.kind} title without ${missing}`).toBe(uses(text.title));
        expect(got?.body === null, `${text.kind} body without ${missing}`).toBe(uses(text.body));
      }
    }
    expect(await sqlText('no.such_kind', {})).toEqual({ title: null, body: null });
  });
});

describe('public.compliance_alert_text', () => {
  /** Values an issue must carry through untouched, as for the notifications. */
  const alertSamples = [
    { payment: `pi_'x' 100%`, withdrawal: '7d1c9a4e-0000-4000-8000-000000000001', amountCents: '0', owedCents: '\\' },
    { payment: 'Ünïcödé 🌱', withdrawal: "'; select 1; --", amountCents: '9007199254740991', owedCents: '$$' },
  ];

  async function sqlAlert(kind: string, params: Record<string, string>) {
    const { rows } = await db.query<{ issue: string | null; priority: string | null }>(
      'select issue, priority from public.compliance_alert_text($1, $2::jsonb)',
      [kind, JSON.stringify(params)],
    );
    return rows[0];
  }

  it('gives every kind the issue and priority the domain gives, and null without a param or for another kind', async () => {
    expect(complianceAlertTexts.length).toBeGreaterThan(1);
    for (const sample of alertSamples) {
      for (const alert of complianceAlertTexts) {
        const params = Object.fromEntries(alert.params.map((name) => [name, sample[name]]));
        expect(await sqlAlert(alert.kind, params), alert.kind).toEqual(
          complianceAlertText(alert.kind as ComplianceAlertKind, params as never),
        );
        for (const missing of alert.params) {
          const without = Object.fromEntries(Object.entries(params).filter(([name]) => name !== missing));
          expect((await sqlAlert(alert.kind, without))?.issue, `${alert.kind} without ${missing}`).toBeNull();
        }
      }
    }
    expect(await sqlAlert('no.such_kind', {})).toEqual({ issue: null, priority: null });
  });
});

// ---- The schema files: every notification's title and body comes from notification_text. ----

const notifiers = ['notify_member', 'offering_notify_members', 'offering_notify_spv', 'offering_notify_reviewers'];

/** The schema files by path, their comments blanked (string literals kept: they are what is looked for). */
function schemaFiles(): { path: string; sql: string }[] {
  return schemaPaths()
    .filter((path) => path !== generatedDomainFile)
    .map((path) => ({ path, sql: withoutComments(readFileSync(join(supabaseDir, path), 'utf8')) }));
}

function withoutComments(sql: string): string {
  let out = '';
  let i = 0;
  while (i < sql.length) {
    if (sql[i] === "'") {
      const end = literalEnd(sql, i);
      out += sql.slice(i, end);
      i = end;
    } else if (sql.startsWith('--', i)) {
      const end = sql.indexOf('\n', i);
      i = end < 0 ? sql.length : end;
    } else if (sql.startsWith('/*', i)) {
      const end = sql.indexOf('*/', i) < 0 ? sql.length : sql.indexOf('*/', i) + 2;
      out += sql.slice(i, end).replace(/[^\n]/g, '');
      i = end;
    } else {
      out += sql[i];
      i += 1;
    }
  }
  return out;
}

/** The index just past the single-quoted literal opening at `start` ('' is a quote inside it). */
function literalEnd(sql: string, start: number): number {
  let i = start + 1;
  while (i < sql.length) {
    if (sql[i] === "'" && sql[i + 1] === "'") i += 2;
    else if (sql[i] === "'") return i + 1;
    else i += 1;
  }
  return i;
}

/** The top-level, comma-separated arguments of the call whose `(` is at `open`. */
function callArguments(sql: string, open: number): string[] {
  const args: string[] = [];
  let depth = 0;
  let current = '';
  let i = open;
  while (i < sql.length) {
    const ch = sql[i] ?? '';
    if (ch === "'") {
      const end = literalEnd(sql, i);
      current += sql.slice(i, end);
      i = end;
      continue;
    }
    if (ch === '(') {
      depth += 1;
      if (depth === 1) {
        i += 1;
        continue;
      }
    }
    if (ch === ')') {
      depth -= 1;
      if (depth === 0) break;
    }
    if (ch === ',' && depth === 1) {
      args.push(current.trim());
      current = '';
    } else current += ch;
    i += 1;
  }
  args.push(current.trim());
  return args;
}

function lineOf(sql: string, at: number): number {
  return sql.slice(0, at).split('\n').length;
}

/** The function whose body holds `at`: the last `create ... function public.<name>(` before it. */
function enclosingFunction(sql: string, at: number): string {
  const before = sql.slice(0, at);
  const found = [...before.matchAll(/create\s+(?:or\s+replace\s+)?function\s+public\.(\w+)\s*\(/gi)].at(-1);
  return found?.[1] ?? '';
}

/** A title or body argument that reads the matching column of a notification_text row. */
const readsText = (arg: string | undefined, column: 'title' | 'body') =>
  arg !== undefined && !arg.includes("'") && new RegExp(`^\\w+\\.${column}$`).test(arg);

/** Where a notification's title or body is written in SQL: `<file>:<line> <what>`. */
function textsWrittenInSql(files: { path: string; sql: string }[]): string[] {
  const found: string[] = [];
  for (const { path, sql } of files) {
    for (const m of sql.matchAll(new RegExp(`\\b(?:public\\.)?(${notifiers.join('|')})\\s*\\(`, 'gi'))) {
      const at = m.index;
      // The functions' own definitions and grants name them without calling them.
      if (/function\s+(?:public\.)?$/i.test(sql.slice(Math.max(0, at - 40), at))) continue;
      const args = callArguments(sql, at + m[0].length - 1);
      if (!readsText(args[2], 'title') || !readsText(args[3], 'body')) {
        found.push(`${path}:${lineOf(sql, at)} ${m[1]}(…, ${args[2]}, ${args[3]})`);
      }
    }
    for (const m of sql.matchAll(/insert\s+into\s+public\.notifications\s*\([^)]*\)\s*select\b/gi)) {
      const at = m.index;
      if (notifiers.includes(enclosingFunction(sql, at))) continue;
      const selectList = callArguments(`(${sql.slice(at + m[0].length).split(/\bfrom\b/i)[0] ?? ''})`, 0);
      if (!readsText(selectList[2], 'title') || !readsText(selectList[3], 'body')) {
        found.push(
          `${path}:${lineOf(sql, at)} insert into public.notifications (…, ${selectList[2]}, ${selectList[3]})`,
        );
      }
    }
    for (const m of sql.matchAll(/insert\s+into\s+public\.notifications\s*\([^)]*\)\s*values\b/gi)) {
      if (!notifiers.includes(enclosingFunction(sql, m.index))) {
        found.push(`${path}:${lineOf(sql, m.index)} insert into public.notifications values (…)`);
      }
    }
  }
  return found;
}

/**
 * Where a compliance alert's issue or priority is written in SQL rather than read from a
 * compliance_alert_text row: `<file>:<line> <column> = <expression>`.
 */
function alertTextsWrittenInSql(files: { path: string; sql: string }[]): string[] {
  const found: string[] = [];
  for (const { path, sql } of files) {
    for (const m of sql.matchAll(/insert\s+into\s+public\.compliance_alerts\s*\(([^)]*)\)\s*(values|select)\b/gi)) {
      const columns = (m[1] ?? '').split(',').map((column) => column.trim().replace(/"/g, ''));
      const rest = sql.slice(m.index + m[0].length);
      const list =
        m[2]?.toLowerCase() === 'values'
          ? callArguments(rest, rest.indexOf('('))
          : callArguments(`(${rest.split(/\bfrom\b/i)[0] ?? ''})`, 0);
      for (const column of ['issue', 'priority']) {
        const expression = list[columns.indexOf(column)];
        if (expression === undefined || !new RegExp(`^\\w+\\.${column}$`).test(expression)) {
          found.push(`${path}:${lineOf(sql, m.index)} ${column} = ${expression}`);
        }
      }
    }
  }
  return found;
}

/** The kinds the schema files pass to notification_text, as string literals in its first argument. */
function kindsSent(files: { path: string; sql: string }[]): Map<string, string> {
  const kinds = new Map<string, string>();
  for (const { path, sql } of files) {
    for (const m of sql.matchAll(/\bnotification_text\s*\(/gi)) {
      const [kindArgument = ''] = callArguments(sql, m.index + m[0].length - 1);
      for (const literal of kindArgument.matchAll(/'([a-z_]+(?:\.[a-z_]+)+)'/g)) {
        kinds.set(literal[1] ?? '', `${path}:${lineOf(sql, m.index)}`);
      }
    }
  }
  return kinds;
}

describe('the schema files', () => {
  it('take every notification title and body from notification_text, never from a string of their own', () => {
    const files = schemaFiles();
    expect(files.length).toBeGreaterThan(10);
    expect(textsWrittenInSql(files)).toEqual([]);
  });

  it('send only kinds the domain has, and every kind it has', () => {
    const sent = kindsSent(schemaFiles());
    const known = new Set<string>(notificationTexts.map((t) => t.kind));
    expect([...sent].filter(([kind]) => !known.has(kind)).map(([kind, where]) => `${where} ${kind}`)).toEqual([]);
    expect([...known].filter((kind) => !sent.has(kind))).toEqual([]);
  });

  it('take every compliance alert’s issue and priority from compliance_alert_text', () => {
    expect(alertTextsWrittenInSql(schemaFiles())).toEqual([]);
    const sql = withoutComments(`
      insert into public.compliance_alerts ("user", issue, priority) values (m, 'Chargeback ' || ref, 'High');
      insert into public.compliance_alerts ("user", issue, priority, member_id)
        select u.email, texts.issue, texts.priority, u.id from auth.users u
        cross join public.compliance_alert_text('withdrawal.overdue', '{}') texts;`);
    expect(alertTextsWrittenInSql([{ path: 'x.sql', sql }])).toEqual([
      "x.sql:2 issue = 'Chargeback ' || ref",
      "x.sql:2 priority = 'High'",
    ]);
  });

  it('would show a text written in SQL, in a call or in an insert', () => {
    const sql = withoutComments(`
      create or replace function public.notify_member(member_id uuid, event public.audit_events, title text, body text)
      returns void language sql as $$
        insert into public.notifications (user_id, id, title, body, at, read) values (member_id, 'x', title, body, 'now', false)
      $$;
      create or replace function public.f() returns void language plpgsql as $$
      begin
        -- perform public.notify_member(m, e, 'Commented out', 'not a call');
        perform public.notify_member(m, e, texts.title, texts.body) from public.notification_text('kyc.approved') texts;
        perform public.notify_member(m, e, 'Welcome', texts.body) from public.notification_text('kyc.approved') texts;
        perform public.offering_notify_spv(o.spv_id, e, texts.title, o.name || ': it''s done');
        insert into public.notifications (user_id, id, title, body, at, read)
          select p.member_id, 'evt-1', 'Hello', texts.body, 'now', false from public.positions p;
        insert into public.notifications (user_id, id, title, body, at, read) values (m, 'evt-2', 'Hi', 'there', 'now', false);
      end $$;
      revoke execute on function public.offering_notify_spv(text, public.audit_events, text, text) from public;`);
    expect(textsWrittenInSql([{ path: 'x.sql', sql }])).toEqual([
      "x.sql:10 notify_member(…, 'Welcome', texts.body)",
      "x.sql:11 offering_notify_spv(…, texts.title, o.name || ': it''s done')",
      "x.sql:12 insert into public.notifications (…, 'Hello', texts.body)",
      'x.sql:14 insert into public.notifications values (…)',
    ]);
    expect([...kindsSent([{ path: 'x.sql', sql }]).keys()]).toEqual(['kyc.approved']);
  });
});
