/**
 * PostgREST (`/rest/v1`) over a PGlite database, for the part of the API the app and the edge
 * functions use: table reads (column list, the filters eq, neq, gt, gte, lt, lte, like, ilike,
 * in, is, with `not.`; order; limit and offset or a Range header; `Prefer: count=exact`; one row
 * with `Accept: application/vnd.pgrst.object+json`), inserts, updates and deletes with
 * `Prefer: return=representation`, and `POST /rpc/<fn>` with named arguments.
 *
 * Each request is one transaction run as the caller's role with the JWT's claims in
 * `request.jwt.claims`, so grants, row-level security and the SQL functions' own checks decide,
 * as on a Supabase project. The JSON is made by Postgres itself (json_agg), as PostgREST makes it,
 * so numbers, timestamps and nested JSON come out the same. Identifiers are quoted; every value
 * is a parameter.
 */
import type { PGliteInterface, Transaction } from '@electric-sql/pglite';
import { type Caller, type DbRole, isRecord, jsonResponse, type PgErrorFields, pgErrorFields } from './http.ts';

const SCHEMA = 'public';
const OBJECT_TYPE = 'application/vnd.pgrst.object+json';

/** An identifier as Postgres reads it back unchanged, whatever it holds. */
function quoteIdent(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

interface ApiError {
  code: string;
  message: string;
  details: string | null;
  hint: string | null;
}

class RequestError extends Error {
  constructor(
    readonly status: number,
    readonly body: ApiError,
  ) {
    super(body.message);
  }
}

const pgrst = (
  status: number,
  code: string,
  message: string,
  details: string | null = null,
  hint: string | null = null,
) => new RequestError(status, { code, message, details, hint });

/** PostgREST's table of SQLSTATE to HTTP status (docs: "Errors", HTTP Status Codes). */
function httpStatusOf(code: string, role: DbRole): number {
  if (code === '42501') return role === 'anon' ? 401 : 403;
  if (code === 'P0001') return 400;
  if (code === '23503' || code === '23505') return 409;
  if (code === '25006') return 405;
  if (code === '42883' || code === '42P01') return 404;
  if (code === '42P17') return 500;
  if (code === '53400') return 500;
  const byClass: Record<string, number> = {
    '08': 503,
    '09': 500,
    '0L': 403,
    '0P': 403,
    '25': 500,
    '28': 403,
    '2D': 500,
    '38': 500,
    '39': 500,
    '3B': 500,
    '40': 500,
    '53': 503,
    '54': 500,
    '55': 500,
    '57': 500,
    '58': 500,
    F0: 500,
    HV: 500,
    P0: 500,
    XX: 500,
  };
  return byClass[code.slice(0, 2)] ?? 400;
}

function errorResponse(status: number, body: ApiError): Response {
  const headers: Record<string, string> = status === 401 ? { 'WWW-Authenticate': 'Bearer' } : {};
  return jsonResponse(body, status, headers);
}

function pgErrorResponse(error: PgErrorFields, role: DbRole): Response {
  return errorResponse(httpStatusOf(error.code, role), {
    code: error.code,
    message: error.message,
    details: error.detail,
    hint: error.hint,
  });
}

/** The refusal of a bearer that is not a valid token, as PostgREST answers it. */
export function jwtRefusal(reason: 'invalid' | 'expired'): Response {
  return errorResponse(
    401,
    reason === 'expired'
      ? { code: 'PGRST303', message: 'JWT expired', details: null, hint: null }
      : { code: 'PGRST301', message: 'JWSError JWSInvalidSignature', details: null, hint: null },
  );
}

/** Query parameters that are not filters. */
const RESERVED = new Set(['select', 'order', 'limit', 'offset', 'columns', 'on_conflict']);

/** SQL text with its parameters, numbered as they are added. */
class Sql {
  readonly params: string[] = [];
  param(value: string): string {
    this.params.push(value);
    return `$${this.params.length}::text`;
  }
}

type Columns = Map<string, string>;

/** The cast of a text parameter to a column's type; a column not found is left to Postgres to refuse. */
function typed(sql: Sql, value: string, columns: Columns, column: string): string {
  const type = columns.get(column);
  return type ? `(${sql.param(value)})::${type}` : sql.param(value);
}

/** `in.(a,"b,c")`: the list's items, quotes and backslash escapes removed. */
function parseList(raw: string): string[] | null {
  if (!raw.startsWith('(') || !raw.endsWith(')')) return null;
  const inner = raw.slice(1, -1);
  if (inner === '') return [];
  const items: string[] = [];
  let current = '';
  let quoted = false;
  let wasQuoted = false;
  for (let i = 0; i < inner.length; i++) {
    const ch = inner[i] as string;
    if (quoted) {
      if (ch === '\\' && i + 1 < inner.length) current += inner[++i];
      else if (ch === '"') quoted = false;
      else current += ch;
    } else if (ch === '"') {
      quoted = true;
      wasQuoted = true;
    } else if (ch === ',') {
      items.push(wasQuoted ? current : current.trim());
      current = '';
      wasQuoted = false;
    } else current += ch;
  }
  items.push(wasQuoted ? current : current.trim());
  return items;
}

/** A Postgres array literal of texts, each element quoted. */
function arrayLiteral(items: string[]): string {
  return `{${items.map((item) => `"${item.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`).join(',')}}`;
}

const COMPARISONS: Record<string, string> = { eq: '=', neq: '<>', gt: '>', gte: '>=', lt: '<', lte: '<=' };
const IS_VALUES: Record<string, string> = { null: 'null', true: 'true', false: 'false', unknown: 'unknown' };

/** One horizontal filter (`column=op.value`) as a SQL condition on `qualifier.column`. */
function filterSql(sql: Sql, columns: Columns, qualifier: string, column: string, raw: string): string {
  let expression = raw;
  let negate = false;
  if (expression.startsWith('not.')) {
    negate = true;
    expression = expression.slice(4);
  }
  const dot = expression.indexOf('.');
  if (dot < 0) throw pgrst(400, 'PGRST100', `"failed to parse filter (${raw})" (line 1, column 1)`);
  const op = expression.slice(0, dot);
  const value = expression.slice(dot + 1);
  const target = `${qualifier}.${quoteIdent(column)}`;
  let condition: string;
  const comparison = COMPARISONS[op];
  if (comparison) condition = `${target} ${comparison} ${typed(sql, value, columns, column)}`;
  else if (op === 'like' || op === 'ilike') {
    condition = `${target}::text ${op} ${sql.param(value.replaceAll('*', '%'))}`;
  } else if (op === 'in') {
    const items = parseList(value);
    if (!items) throw pgrst(400, 'PGRST100', `"failed to parse filter (${raw})" (line 1, column 4)`);
    const type = columns.get(column);
    condition = `${target} = any((${sql.param(arrayLiteral(items))})::${type ? `${type}[]` : 'text[]'})`;
  } else if (op === 'is') {
    const keyword = IS_VALUES[value.toLowerCase()];
    if (!keyword) throw pgrst(400, 'PGRST100', `"failed to parse filter (${raw})" (line 1, column 4)`);
    condition = `${target} is ${keyword}`;
  } else throw pgrst(400, 'PGRST100', `"failed to parse filter (${raw})" (line 1, column 1)`);
  return negate ? `not (${condition})` : condition;
}

function whereSql(sql: Sql, url: URL, columns: Columns, qualifier: string): string {
  const conditions: string[] = [];
  for (const [key, raw] of url.searchParams) {
    if (RESERVED.has(key)) continue;
    if (key === 'or' || key === 'and' || key.startsWith('not.')) {
      throw pgrst(400, 'PGRST100', `logic filters ("${key}") are not served by this host`);
    }
    conditions.push(filterSql(sql, columns, qualifier, key, raw));
  }
  return conditions.length > 0 ? ` where ${conditions.join(' and ')}` : '';
}

const CAST = /^[A-Za-z_][A-Za-z0-9_ ]*(\[\])?$/;

/** `select=a,alias:b,c::text`: the projection over `qualifier`, or `qualifier.*`. */
function selectSql(select: string | null, qualifier: string): string {
  const text = (select ?? '*').trim();
  if (text === '' || text === '*') return `${qualifier}.*`;
  if (/[()]/.test(text)) throw pgrst(400, 'PGRST100', 'embedded resources are not served by this host');
  return text
    .split(',')
    .map((item) => {
      const part = item.trim();
      if (part === '*') return `${qualifier}.*`;
      const colon = part.indexOf(':');
      const aliased = colon > 0 && part[colon + 1] !== ':';
      const alias = aliased ? part.slice(0, colon) : null;
      const rest = aliased ? part.slice(colon + 1) : part;
      const [column = '', cast] = rest.split('::');
      if (column === '' || (cast !== undefined && !CAST.test(cast))) {
        throw pgrst(400, 'PGRST100', `"failed to parse select parameter (${text})" (line 1, column 1)`);
      }
      const expression = `${qualifier}.${quoteIdent(column)}${cast ? `::${cast}` : ''}`;
      const name = alias ?? column;
      return `${expression} as ${quoteIdent(name)}`;
    })
    .join(', ');
}

/** `order=a.desc.nullslast,b` */
function orderSql(order: string | null, qualifier: string): string {
  if (!order) return '';
  const terms = order.split(',').map((term) => {
    const [column = '', ...modifiers] = term.trim().split('.');
    if (column === '') throw pgrst(400, 'PGRST100', `"failed to parse order (${order})" (line 1, column 1)`);
    const parts = [`${qualifier}.${quoteIdent(column)}`];
    for (const modifier of modifiers) {
      if (modifier === 'asc' || modifier === 'desc') parts.push(modifier);
      else if (modifier === 'nullsfirst') parts.push('nulls first');
      else if (modifier === 'nullslast') parts.push('nulls last');
      else throw pgrst(400, 'PGRST100', `"failed to parse order (${order})" (line 1, column 1)`);
    }
    return parts.join(' ');
  });
  return ` order by ${terms.join(', ')}`;
}

interface Range {
  offset: number;
  limit: number | null;
}

function rangeOf(request: Request, url: URL): Range {
  const number = (text: string | null): number | null => {
    if (text === null) return null;
    if (!/^\d+$/.test(text)) throw pgrst(400, 'PGRST100', `"failed to parse limit/offset (${text})"`);
    return Number(text);
  };
  let offset = number(url.searchParams.get('offset')) ?? 0;
  let limit = number(url.searchParams.get('limit'));
  const header = /^(?:items=)?(\d+)-(\d*)$/.exec(request.headers.get('range') ?? '');
  if (header && request.method === 'GET') {
    const from = Number(header[1]);
    const to = header[2] === '' ? null : Number(header[2]);
    offset = Math.max(offset, from);
    const headerLimit = to === null ? null : Math.max(0, to - from + 1);
    limit = limit === null ? headerLimit : headerLimit === null ? limit : Math.min(limit, headerLimit);
  }
  return { offset, limit };
}

function limitSql(range: Range): string {
  return `${range.limit === null ? '' : ` limit ${range.limit}`}${range.offset > 0 ? ` offset ${range.offset}` : ''}`;
}

function preferences(request: Request): Set<string> {
  return new Set(
    (request.headers.get('prefer') ?? '')
      .split(',')
      .map((p) => p.trim())
      .filter(Boolean),
  );
}

function wantsObject(request: Request): boolean {
  return (request.headers.get('accept') ?? '').includes(OBJECT_TYPE);
}

/** The body PostgREST sends for `json_agg` rows: an array, or the one row as an object. */
function bodySql(object: boolean, expression = '_postgrest_t'): string {
  return object
    ? `coalesce((json_agg(${expression})->0)::text, 'null')`
    : `coalesce(json_agg(${expression}), '[]')::text`;
}

function singleRowError(count: number): RequestError {
  return pgrst(
    406,
    'PGRST116',
    'Cannot coerce the result to a single JSON object',
    `The result contains ${count} rows`,
  );
}

interface Outcome {
  status: number;
  body: string | null;
  headers: Record<string, string>;
}

type Work = (tx: Transaction) => Promise<Outcome>;

export interface RestOptions {
  db: PGliteInterface;
}

/** Runs `work` in one transaction as the caller; any error rolls it back and is answered as PostgREST would. */
async function asCaller(db: PGliteInterface, caller: Extract<Caller, { ok: true }>, readOnly: boolean, work: Work) {
  let outcome: Outcome | undefined;
  let failure: unknown;
  await db
    .transaction(async (tx) => {
      if (readOnly) await tx.exec('set transaction read only');
      await tx.query(`select set_config('request.jwt.claims', $1, true)`, [JSON.stringify(caller.claims)]);
      await tx.exec(`set local role ${caller.role}`);
      try {
        outcome = await work(tx);
      } catch (error) {
        failure = error;
      }
      if (failure !== undefined || (outcome && outcome.status >= 400)) await tx.rollback();
    })
    .catch((error: unknown) => {
      failure ??= error;
    });
  if (failure !== undefined) return failureResponse(failure, caller.role);
  if (!outcome) return errorResponse(500, { code: 'PGRST000', message: 'no answer', details: null, hint: null });
  return new Response(outcome.body, { status: outcome.status, headers: outcome.headers });
}

function failureResponse(failure: unknown, role: DbRole): Response {
  if (failure instanceof RequestError) return errorResponse(failure.status, failure.body);
  const pg = pgErrorFields(failure);
  if (pg) return pgErrorResponse(pg, role);
  return errorResponse(500, {
    code: 'PGRST000',
    message: failure instanceof Error ? failure.message : String(failure),
    details: null,
    hint: null,
  });
}

/** A table's or view's columns and their types, or null when `public` has no such relation. */
async function columnsOf(db: PGliteInterface, table: string): Promise<Columns | null> {
  const { rows } = await db.query<{ attname: string | null; type: string | null }>(
    `select a.attname, format_type(a.atttypid, a.atttypmod) as type
       from pg_catalog.pg_class c
       join pg_catalog.pg_namespace n on n.oid = c.relnamespace
       left join pg_catalog.pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
      where n.nspname = $1 and c.relname = $2 and c.relkind in ('r', 'v', 'm', 'f', 'p')
      order by a.attnum`,
    [SCHEMA, table],
  );
  if (rows.length === 0) return null;
  return new Map(rows.flatMap((row) => (row.attname && row.type ? [[row.attname, row.type] as const] : [])));
}

function tableNotFound(table: string): RequestError {
  return pgrst(404, 'PGRST205', `Could not find the table '${SCHEMA}.${table}' in the schema cache`);
}

const contentType = (object: boolean) => `${object ? OBJECT_TYPE : 'application/json'}; charset=utf-8`;

async function read(request: Request, url: URL, table: string, columns: Columns): Promise<Work> {
  const relation = `${quoteIdent(SCHEMA)}.${quoteIdent(table)}`;
  const sql = new Sql();
  const projection = selectSql(url.searchParams.get('select'), relation);
  const where = whereSql(sql, url, columns, relation);
  const range = rangeOf(request, url);
  const prefer = preferences(request);
  const counted = prefer.has('count=exact') || prefer.has('count=planned') || prefer.has('count=estimated');
  const object = wantsObject(request);
  const text = `with pgrst_source as (select ${projection} from ${relation}${where}${orderSql(url.searchParams.get('order'), relation)}${limitSql(range)})
    select ${counted ? `(select pg_catalog.count(*) from ${relation}${where})::text` : 'null::text'} as total,
      pg_catalog.count(_postgrest_t)::int as page_total, ${bodySql(object)} as body
    from (select * from pgrst_source) _postgrest_t`;
  return async (tx) => {
    const { rows } = await tx.query<{ total: string | null; page_total: number; body: string }>(text, sql.params);
    const row = rows[0];
    if (!row) throw new Error('no result row');
    if (object && row.page_total !== 1) throw singleRowError(row.page_total);
    const total = row.total === null ? null : Number(row.total);
    const to = range.offset + row.page_total - 1;
    const contentRange = `${row.page_total === 0 ? '*' : `${range.offset}-${to}`}/${total ?? '*'}`;
    let status = 200;
    if (total !== null && range.offset > total && total > 0) {
      throw pgrst(
        416,
        'PGRST103',
        'Requested range not satisfiable',
        `An offset of ${range.offset} was requested, but there are only ${total} rows.`,
      );
    }
    if (total !== null && row.page_total < total && !object) status = 206;
    return {
      status,
      body: request.method === 'HEAD' ? null : row.body,
      headers: { 'Content-Type': contentType(object), 'Content-Range': contentRange },
    };
  };
}

async function jsonBody(request: Request): Promise<unknown> {
  const text = await request.text();
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    throw pgrst(400, 'PGRST102', 'Empty or invalid json');
  }
}

function returning(prefer: Set<string>): 'representation' | 'minimal' {
  return prefer.has('return=representation') ? 'representation' : 'minimal';
}

/** A write's answer: the rows it returned (as the select asks), or nothing. */
function writeWork(request: Request, text: string, sql: Sql, emptyStatus: number, fullStatus: number): Work {
  const prefer = preferences(request);
  const represent = returning(prefer) === 'representation';
  const object = represent && wantsObject(request);
  return async (tx): Promise<Outcome> => {
    const { rows } = await tx.query<{ page_total: number; body: string }>(
      `with pgrst_source as (${text})
       select pg_catalog.count(_postgrest_t)::int as page_total, ${represent ? bodySql(object) : `''`} as body
       from (select * from pgrst_source) _postgrest_t`,
      sql.params,
    );
    const row = rows[0];
    if (!row) throw new Error('no result row');
    if (object && row.page_total !== 1) throw singleRowError(row.page_total);
    const contentRange = `${row.page_total === 0 ? '*' : `0-${row.page_total - 1}`}/*`;
    if (!represent) return { status: emptyStatus, body: null, headers: { 'Content-Range': contentRange } };
    return {
      status: fullStatus,
      body: row.body,
      headers: {
        'Content-Type': contentType(object),
        'Content-Range': contentRange,
        'Preference-Applied': 'return=representation',
      },
    };
  };
}

function knownColumns(keys: string[], columns: Columns, table: string): void {
  for (const key of keys) {
    if (!columns.has(key)) {
      throw pgrst(400, 'PGRST204', `Could not find the '${key}' column of '${table}' in the schema cache`);
    }
  }
}

async function update(request: Request, url: URL, table: string, columns: Columns): Promise<Work> {
  const body = await jsonBody(request);
  if (!isRecord(body)) throw pgrst(400, 'PGRST102', 'Empty or invalid json');
  const keys = Object.keys(body);
  knownColumns(keys, columns, table);
  const relation = `${quoteIdent(SCHEMA)}.${quoteIdent(table)}`;
  const sql = new Sql();
  const bodyParam = sql.param(JSON.stringify(body));
  const where = whereSql(sql, url, columns, relation);
  const projection = selectSql(url.searchParams.get('select'), relation);
  if (keys.length === 0) {
    // Nothing to set: PostgREST answers without writing.
    return writeWork(request, `select ${projection} from ${relation} where false`, sql, 204, 200);
  }
  const assignments = keys.map((key) => `${quoteIdent(key)} = pgrst_body.${quoteIdent(key)}`).join(', ');
  const text = `update ${relation} set ${assignments}
    from (select * from json_populate_record(null::${relation}, (${bodyParam})::json)) pgrst_body${where}
    returning ${projection}`;
  return writeWork(request, text, sql, 204, 200);
}

async function insert(request: Request, url: URL, table: string, columns: Columns): Promise<Work> {
  const body = await jsonBody(request);
  const rows = Array.isArray(body) ? body : [body];
  if (rows.length === 0 || !rows.every(isRecord)) throw pgrst(400, 'PGRST102', 'Empty or invalid json');
  const named = url.searchParams.get('columns');
  const keys = named
    ? named.split(',').map((c) => c.trim())
    : [...new Set(rows.flatMap((row) => Object.keys(row as Record<string, unknown>)))];
  knownColumns(keys, columns, table);
  const relation = `${quoteIdent(SCHEMA)}.${quoteIdent(table)}`;
  const sql = new Sql();
  const bodyParam = sql.param(JSON.stringify(rows));
  const list = keys.map(quoteIdent).join(', ');
  const projection = selectSql(url.searchParams.get('select'), relation);
  const text =
    keys.length === 0
      ? `insert into ${relation} default values returning ${projection}`
      : `insert into ${relation} (${list})
         select ${list} from json_populate_recordset(null::${relation}, (${bodyParam})::json) returning ${projection}`;
  return writeWork(request, text, sql, 201, 201);
}

function remove(request: Request, url: URL, table: string, columns: Columns): Work {
  const relation = `${quoteIdent(SCHEMA)}.${quoteIdent(table)}`;
  const sql = new Sql();
  const where = whereSql(sql, url, columns, relation);
  const projection = selectSql(url.searchParams.get('select'), relation);
  return writeWork(request, `delete from ${relation}${where} returning ${projection}`, sql, 204, 200);
}

interface FunctionInfo {
  inNames: string[];
  inTypes: string[];
  required: number;
  returnsSet: boolean;
  returnsVoid: boolean;
  composite: boolean;
}

async function functionsNamed(db: PGliteInterface, name: string): Promise<FunctionInfo[]> {
  const { rows } = await db.query<{
    arg_names: string[] | null;
    arg_modes: string[] | null;
    in_types: string[] | null;
    nargs: number;
    ndefaults: number;
    proretset: boolean;
    returns_void: boolean;
    ret_typtype: string;
    ret_type: string;
  }>(
    `select p.proargnames as arg_names, p.proargmodes::text[] as arg_modes,
        array(select format_type(t.oid, null) from unnest(p.proargtypes::oid[]) with ordinality as u(oid, i)
              join pg_catalog.pg_type t on t.oid = u.oid order by u.i) as in_types,
        p.pronargs::int as nargs, p.pronargdefaults::int as ndefaults, p.proretset,
        p.prorettype = 'pg_catalog.void'::regtype as returns_void, rt.typtype::text as ret_typtype,
        format_type(p.prorettype, null) as ret_type
       from pg_catalog.pg_proc p
       join pg_catalog.pg_namespace n on n.oid = p.pronamespace
       join pg_catalog.pg_type rt on rt.oid = p.prorettype
      where n.nspname = $1 and p.proname = $2 and p.prokind = 'f'`,
    [SCHEMA, name],
  );
  return rows.map((row) => {
    const names = row.arg_names ?? [];
    const modes = row.arg_modes;
    const inNames = modes
      ? names.filter((_, i) => ['i', 'b', 'v'].includes(modes[i] ?? 'i'))
      : names.slice(0, row.nargs);
    const hasOut = modes ? modes.some((m) => m === 'o' || m === 'b' || m === 't') : false;
    return {
      inNames,
      inTypes: row.in_types ?? [],
      required: row.nargs - row.ndefaults,
      returnsSet: row.proretset,
      returnsVoid: row.returns_void,
      composite: row.ret_typtype === 'c' || (row.ret_type === 'record' && hasOut),
    };
  });
}

async function rpc(db: PGliteInterface, request: Request, name: string): Promise<Work> {
  const body = (await jsonBody(request)) ?? {};
  if (!isRecord(body)) throw pgrst(400, 'PGRST102', 'Empty or invalid json');
  const keys = Object.keys(body);
  const candidates = (await functionsNamed(db, name)).filter(
    (fn) =>
      keys.every((key) => fn.inNames.includes(key)) && fn.inNames.slice(0, fn.required).every((n) => keys.includes(n)),
  );
  const fn = candidates.sort((a, b) => a.inNames.length - b.inNames.length)[0];
  if (!fn) {
    const sorted = [...keys].sort();
    throw pgrst(
      404,
      'PGRST202',
      `Could not find the function ${SCHEMA}.${name}${sorted.length > 0 ? `(${sorted.join(', ')})` : ' without parameters'} in the schema cache`,
      `Searched for the function ${SCHEMA}.${name}${sorted.length > 0 ? ` with parameters ${sorted.join(', ')}` : ' without parameters'} or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.`,
    );
  }
  const sql = new Sql();
  const callee = `${quoteIdent(SCHEMA)}.${quoteIdent(name)}`;
  const passed = fn.inNames
    .map((argName, i) => ({ argName, type: fn.inTypes[i] ?? 'text' }))
    .filter((a) => keys.includes(a.argName));
  const args = passed.map((a) => `${quoteIdent(a.argName)} := pgrst_args.${quoteIdent(a.argName)}`).join(', ');
  const from =
    passed.length > 0
      ? ` from json_to_record((${sql.param(JSON.stringify(body))})::json) as pgrst_args(${passed
          .map((a) => `${quoteIdent(a.argName)} ${a.type}`)
          .join(', ')})`
      : '';
  const object = wantsObject(request);
  const url = new URL(request.url);
  const range = rangeOf(request, url);
  if (fn.returnsVoid) {
    return async (tx) => {
      await tx.query(`select ${callee}(${args})${from}`, sql.params);
      return { status: 204, body: null, headers: {} };
    };
  }
  const call = fn.composite
    ? `select pgrst_call.*${from || ' from'}${from ? ', lateral' : ''} ${callee}(${args}) pgrst_call`
    : `select ${callee}(${args}) as pgrst_scalar${from}`;
  const single = !fn.returnsSet || object;
  const expression = fn.composite ? '_postgrest_t' : '_postgrest_t.pgrst_scalar';
  const order = fn.returnsSet ? orderSql(url.searchParams.get('order'), 'pgrst_source') : '';
  const text = `with pgrst_source as (${call})
    select pg_catalog.count(_postgrest_t)::int as page_total, ${bodySql(single, expression)} as body
    from (select * from pgrst_source${order}${fn.returnsSet ? limitSql(range) : ''}) _postgrest_t`;
  return async (tx) => {
    const { rows } = await tx.query<{ page_total: number; body: string }>(text, sql.params);
    const row = rows[0];
    if (!row) throw new Error('no result row');
    if (object && row.page_total !== 1) throw singleRowError(row.page_total);
    return { status: 200, body: row.body, headers: { 'Content-Type': contentType(object) } };
  };
}

/**
 * Answers one `/rest/v1/<path>` request (path without the prefix, query in `url`), as the
 * caller. The caller is decided by the host (http.ts callerOf).
 */
export async function handleRest(
  options: RestOptions,
  request: Request,
  path: string,
  caller: Caller,
): Promise<Response> {
  if (!caller.ok) return jwtRefusal(caller.reason);
  const { db } = options;
  const url = new URL(request.url);
  try {
    const rpcMatch = /^rpc\/([^/]+)$/.exec(path);
    if (rpcMatch) {
      if (request.method !== 'POST') throw pgrst(405, 'PGRST117', `Unsupported HTTP method: ${request.method}`);
      const work = await rpc(db, request, decodeURIComponent(rpcMatch[1] ?? ''));
      return await asCaller(db, caller, false, work);
    }
    const table = decodeURIComponent(path);
    if (table === '' || table.includes('/')) throw tableNotFound(table);
    const columns = await columnsOf(db, table);
    if (!columns) throw tableNotFound(table);
    switch (request.method) {
      case 'GET':
      case 'HEAD':
        return await asCaller(db, caller, true, await read(request, url, table, columns));
      case 'PATCH':
        return await asCaller(db, caller, false, await update(request, url, table, columns));
      case 'POST':
        return await asCaller(db, caller, false, await insert(request, url, table, columns));
      case 'DELETE':
        return await asCaller(db, caller, false, remove(request, url, table, columns));
      default:
        throw pgrst(405, 'PGRST117', `Unsupported HTTP method: ${request.method}`);
    }
  } catch (error) {
    return failureResponse(error, caller.role);
  }
}
