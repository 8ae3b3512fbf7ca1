import {
  APP_SETTINGS_TABLE,
  type BackendTableName,
  type EntityRow,
  type EntityTableName,
  OPPORTUNITIES_LOADING_MS,
  type ProfileRow,
  RETRY_LOADING_MS,
  sampleMemberRows,
  sampleSharedRows,
} from '@vault/domain';
import { delay, type HttpHandler, HttpResponse, http, type JsonBodyType } from 'msw';
import { fn } from 'storybook/test';
import { callerOf } from './session';

/**
 * PostgREST's table reads for stories, answered from the domain's sample rows: the per-member
 * tables as the story's member's own copy, the shared tables as they are, the profile from the
 * token. Only the request's filters and column list shape the answer; who may read what is the
 * server's business, not a story's. A story that needs another answer sets `tableAnswers`.
 */

type Row = Record<string, unknown>;

const TABLE_PATH = '*/rest/v1/:table';

/** The header the app sends, in mock mode only, when a load is a Retry. */
export const RETRY_HEADER = 'x-vault-retry';
/** The profile answers quickly, as a small query would. */
const ROW_CALL_MS = 50;

/** Compliance alerts carry the id and status the consoles read; every sample alert is open. */
function alertRows(): Row[] {
  return sampleSharedRows.compliance_alerts.map((alert, index) => ({
    ...alert,
    id: index + 1,
    status: 'open',
    acknowledged_by: null,
    acknowledged_at: null,
    resolved_by: null,
    resolved_at: null,
    note: null,
  }));
}

/** The sample rows of a table as the story's member reads them (none where the domain has none). */
export function sampleRowsOf(table: string, memberId: string | null): Row[] {
  if (table === 'compliance_alerts') return alertRows();
  if (Object.hasOwn(sampleMemberRows, table)) {
    if (memberId === null) return [];
    const rows: readonly object[] = sampleMemberRows[table as keyof typeof sampleMemberRows];
    // A member's copy of the sample investments is marked sample, as the database marks it.
    return rows.map((row) => ({ ...row, user_id: memberId, ...(table === 'investments' ? { sample: true } : {}) }));
  }
  if (Object.hasOwn(sampleSharedRows, table)) {
    return sampleSharedRows[table as keyof typeof sampleSharedRows].map((row) => ({ ...row }));
  }
  return [];
}

const reserved = new Set(['select', 'limit', 'offset', 'order', 'on_conflict', 'columns']);

/** PostgREST's horizontal filters the app sends: eq, neq, in, is. */
function matches(row: Row, url: URL): boolean {
  for (const [column, raw] of url.searchParams.entries()) {
    if (reserved.has(column)) continue;
    const [op, ...rest] = raw.split('.');
    const value = rest.join('.');
    const cell = row[column];
    const text = cell === null || cell === undefined ? null : String(cell);
    if (op === 'eq' && text !== value) return false;
    if (op === 'neq' && text === value) return false;
    if (op === 'is' && !((value === 'null' && text === null) || text === value)) return false;
    if (
      op === 'in' &&
      (text === null ||
        !value
          .replace(/^\(|\)$/g, '')
          .split(',')
          .includes(text))
    )
      return false;
  }
  return true;
}

/** The request's filters, limit and column list applied to rows. */
function shape(rows: readonly Row[], url: URL): Row[] {
  const filtered = rows.filter((row) => matches(row, url));
  const limit = Number(url.searchParams.get('limit') ?? Number.NaN);
  const limited = Number.isFinite(limit) ? filtered.slice(0, limit) : filtered;
  const select = url.searchParams.get('select');
  if (!select || select.trim() === '*') return limited;
  const columns = select.split(',').map((c) => c.trim());
  return limited.map((row) => Object.fromEntries(columns.map((c) => [c, row[c] ?? null])));
}

/** Rows as PostgREST answers them: an array, or one object when the client asked for `.single()`. */
function rowsAnswer(request: Request, rows: Row[]): Response {
  if (!(request.headers.get('Accept') ?? '').includes('application/vnd.pgrst.object+json')) {
    return HttpResponse.json(rows as JsonBodyType);
  }
  if (rows.length !== 1) {
    return HttpResponse.json(
      {
        code: 'PGRST116',
        message: 'JSON object requested, multiple (or no) rows returned',
        details: `The result contains ${rows.length} rows`,
        hint: null,
      },
      { status: 406 },
    );
  }
  return HttpResponse.json(rows[0] as JsonBodyType);
}

/** A table read answered from `rowsOf(caller's profile)`, shaped by the request. */
function readWith(table: string | undefined, rowsOf: (profile: ProfileRow | null, table: string) => readonly Row[]) {
  return http.get(TABLE_PATH, async ({ request, params }) => {
    const name = String(params.table);
    if (table !== undefined && name !== table) return undefined;
    const caller = await callerOf(request);
    return rowsAnswer(request, shape(rowsOf(caller?.profile ?? null, name), new URL(request.url)));
  });
}

/**
 * The changes this story's demo functions made to the member's row (a Storybook spy, empty at every
 * story's start), so a later read of the profile shows them, as the server's row would.
 */
export const demoProfileWrites = fn<(changes: Partial<ProfileRow>) => void>().mockName('demo function');

const defaultRows = (profile: ProfileRow | null, table: string): readonly Row[] => {
  if (table === APP_SETTINGS_TABLE) return [{ demo_mode: true }];
  if (table === 'profiles')
    return profile ? [Object.assign({ ...profile }, ...demoProfileWrites.mock.calls.map(([changes]) => changes))] : [];
  return sampleRowsOf(table, profile?.id ?? null);
};

const defaultRead = http.get(TABLE_PATH, async ({ request, params }) => {
  const name = String(params.table);
  // A sample table takes as long as the product's loading timings say, so its loading state shows.
  if (name === 'profiles') await delay(ROW_CALL_MS);
  else if (name !== APP_SETTINGS_TABLE)
    await delay(request.headers.get(RETRY_HEADER) === '1' ? RETRY_LOADING_MS : OPPORTUNITIES_LOADING_MS);
  const caller = await callerOf(request);
  return rowsAnswer(request, shape(defaultRows(caller?.profile ?? null, name), new URL(request.url)));
});

type ProfileChanges = Record<string, unknown>;

/**
 * The profile PATCH: the member's row from the token with `earlier` changes and the sent columns,
 * as `return=representation` answers; `record` sees the sent columns.
 */
const profilePatchWith = (earlier: () => readonly ProfileChanges[], record?: (changes: ProfileChanges) => void) =>
  http.patch('*/rest/v1/profiles', async ({ request }) => {
    const caller = await callerOf(request);
    if (!caller) {
      return HttpResponse.json({ code: '42501', message: 'permission denied for table profiles' }, { status: 401 });
    }
    await delay(ROW_CALL_MS);
    const body: unknown = await request.json().catch(() => ({}));
    const changes = typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as ProfileChanges) : {};
    record?.(changes);
    const row: Row = { ...caller.profile, ...Object.assign({}, ...earlier()), ...changes };
    row.updated_at = caller.profile.updated_at;
    if (!(request.headers.get('Prefer') ?? '').includes('return=representation')) {
      return new HttpResponse(null, { status: 204 });
    }
    return rowsAnswer(request, shape([row], new URL(request.url)));
  });

const profilePatch = profilePatchWith(() => []);

/**
 * A profile that keeps this story's writes: each PATCH is recorded (`patches`, a Storybook spy,
 * empty at every story's start) and every later read of the row answers it with them applied.
 */
function profileKeepingWrites() {
  const patches = fn<(changes: ProfileChanges) => void>().mockName('profile PATCH');
  const written = () => patches.mock.calls.map(([changes]) => changes);
  return {
    patches,
    handlers: [
      profilePatchWith(written, patches),
      readWith('profiles', (profile) => (profile ? [{ ...profile, ...Object.assign({}, ...written()) }] : [])),
    ],
  };
}

type TableName = BackendTableName | typeof APP_SETTINGS_TABLE | 'kyc_cases';

/** One table (or, without a name, every table but the profile) in one state, for a story. */
const only = (table: TableName | undefined, answer: () => Promise<Response> | Response | undefined): HttpHandler =>
  http.get(TABLE_PATH, ({ params }) => {
    const name = String(params.table);
    if (table === undefined ? name === 'profiles' || name === APP_SETTINGS_TABLE : name !== table) return undefined;
    return answer();
  });

/** The answers a story may give a table read instead of the sample rows. */
export const tableAnswers = {
  /** The read never answers: the screen's loading state. */
  loading: (table?: TableName): HttpHandler =>
    only(table, async () => {
      await delay('infinite');
      return HttpResponse.json([]);
    }),
  /** The server fails (HTTP 500). */
  error: (table?: TableName): HttpHandler =>
    only(table, () => HttpResponse.json({ message: 'Service unavailable' }, { status: 500 })),
  /** No rows. */
  empty: (table?: TableName): HttpHandler => only(table, () => HttpResponse.json([])),
  /** These rows (or, from a function, the rows at the time of each read), shaped by the request's filters and columns. */
  rows: <T extends EntityTableName>(
    table: T,
    rows: readonly (EntityRow<T> | Row)[] | (() => readonly (EntityRow<T> | Row)[]),
  ): HttpHandler => readWith(table, () => (typeof rows === 'function' ? rows() : rows) as readonly Row[]),
  /** The first read of this story fails (HTTP 500); the later ones get the sample rows (a Retry that works). */
  failsFirst: (table: TableName): HttpHandler => {
    const reads = fn().mockName(`${table} reads`);
    return only(table, () => {
      reads();
      if (reads.mock.calls.length > 1) return undefined;
      return HttpResponse.json({ message: 'Service unavailable' }, { status: 500 });
    });
  },
  /** Rows of a table outside the sample data (a server-written table such as `kyc_cases`), shaped by the request. */
  serverRows: (table: TableName, rows: readonly Row[]): HttpHandler => readWith(table, () => rows),
  profileKeepingWrites,
  /**
   * The profile row from the token with `changes`, once `called` (a spy of this story) has been
   * called; before, the read goes on to the next answer.
   */
  profileOnceCalled: (called: { mock: { calls: readonly unknown[] } }, changes: Partial<ProfileRow>): HttpHandler =>
    http.get('*/rest/v1/profiles', async ({ request }) => {
      if (called.mock.calls.length === 0) return undefined;
      const caller = await callerOf(request);
      const rows = caller ? [{ ...caller.profile, ...changes }] : [];
      return rowsAnswer(request, shape(rows, new URL(request.url)));
    }),
  /** The profile row from the token with these columns changed (or, from a function, the changes at the time of each read). */
  profile: (changes: Partial<ProfileRow> | (() => Partial<ProfileRow>)): HttpHandler =>
    readWith('profiles', (profile) =>
      profile ? [{ ...profile, ...(typeof changes === 'function' ? changes() : changes) }] : [],
    ),
};

export const storyRestHandlers: HttpHandler[] = [profilePatch, defaultRead];
