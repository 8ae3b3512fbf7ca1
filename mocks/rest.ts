import {
  APP_SETTINGS_TABLE,
  type BackendError,
  type BackendTableName,
  backendErrors,
  clientPrivileges,
  DEMO_WALLET_PREFIX,
  demoFunctions,
  demoWalletPatchAllowed,
  embeddedProfileUpdateGrant,
  httpStatusFor,
  isBackendTable,
  KYC_APPROVED,
  type ListedMember,
  ListMembersArgsSchema,
  listMembers,
  listMembersErrors,
  listMembersPage,
  MIN_FIRST_ONRAMP_CENTS,
  mayListMembers,
  memberReadiness,
  OPPORTUNITIES_LOADING_MS,
  ownerColumn,
  type PlatformUser,
  PreferencesSchema,
  RETRY_LOADING_MS,
  readScope,
  sampleMemberRows,
  sampleSharedRows,
  stableHash,
  tableSpec,
} from '@vault/domain';
import { delay, type HttpHandler, HttpResponse, http, type JsonBodyType } from 'msw';
import * as v from 'valibot';
import {
  complianceAlertRows,
  documentRowsOf,
  investmentRowsOf,
  type MockAction,
  mockActions,
  productionAssetRows,
} from './actions';
import { roleOf } from './actions/consoles';
import { demoApproveKyc } from './actions/kyc';
import { type Caller, identify } from './identity';
import { currentTableScenario, type TableScenario } from './scenario';
import { latency, mockSettings } from './settings';
import { type MockProfile, mockDb } from './state';

/**
 * PostgREST (`/rest/v1`) as far as the app uses it, enforcing the same rules as the SQL policies,
 * read from the contract in @vault/domain (`clientPrivileges`, `readScope`, `embeddedProfileUpdateGrant`,
 * the profile column rules and the error answers), never restated here:
 * - no token, no private data; a member reads and writes only their own rows;
 * - a privilege the role lacks (an insert, a delete, a server-owned column) is 42501;
 * - role tables are served only to their roles, mfo_admin and the admin flag;
 * - the member list is `list_members` (keyset pages, from the domain's `listMembersPage`);
 * - `crossmint_wallet_id`: the database grants it to no client; this backend's demo mode alone
 *   takes the demo PATCH (`profileColumns.embeddedDemoPatch`), by `demoWalletPatchAllowed`.
 */

/** The header the app sends, in mock mode only, when a load is a Retry. */
const RETRY_HEADER = 'x-vault-retry';
/** Own-row calls (profile, demo functions) answer quickly, as a small query would. */
const ROW_CALL_MS = 50;

type Row = Record<string, unknown>;

function errorBody(error: BackendError): Row {
  return { code: error.code, message: error.message, details: null, hint: null };
}

/** A Postgres error as PostgREST answers it: 42501 is 401 for anon, 403 for a member. */
function pgError(error: BackendError, caller: Caller): Response {
  return HttpResponse.json(errorBody(error), { status: httpStatusFor(error.code, caller.kind === 'member') });
}

function refusedToken(reason: 'invalid' | 'expired'): Response {
  const error = reason === 'expired' ? backendErrors.jwtExpired : backendErrors.jwtInvalid;
  return HttpResponse.json(errorBody(error), { status: 401, headers: { 'WWW-Authenticate': 'Bearer' } });
}

/**
 * Every member as `list_members` sees them: one row per account (the database's profiles joined
 * with auth.users), named as the function names them.
 */
function memberRows(): ListedMember[] {
  const profiles = new Map(mockDb.profiles().map((p) => [p.id, p]));
  return mockDb.accounts().map((account) => {
    const profile = profiles.get(account.id);
    const row: PlatformUser = {
      id: account.id,
      name: profile?.name || account.email,
      email: account.email,
      role: roleOf(account.role),
      status: profile?.kyc_status === KYC_APPROVED ? 'Active' : 'Pending',
      joined: account.createdAt.slice(0, 10),
    };
    // Where the member stands on the readiness gate, from the same profile columns the SQL reads.
    const readiness = memberReadiness({
      ...row,
      kycStatus: profile?.kyc_status ?? 'unknown',
      firstOnrampOk: profile?.first_onramp_ok ?? false,
      ...(profile?.crossmint_wallet_id ? { crossmintWalletId: profile.crossmint_wallet_id } : {}),
    });
    return { ...row, readiness };
  });
}

/** Every row of a table before row-level security. */
function allRows(table: BackendTableName): Row[] {
  if (table === 'profiles') return mockDb.profiles().map((p) => ({ ...p }));
  // A document's status reflects its signature's evidence (sign_document, mocks/actions/signatures.ts).
  if (table === 'documents') return mockDb.accounts().flatMap((account) => documentRowsOf(account.id));
  // The sample investments plus those submitted (mocks/actions/investments.ts).
  if (table === 'investments') return mockDb.accounts().flatMap((account) => investmentRowsOf(account.id));
  // The alerts' ids and statuses and the assets' statuses as the consoles set them (mocks/actions/consoles.ts).
  if (table === 'compliance_alerts') return complianceAlertRows();
  if (table === 'production_assets') return productionAssetRows();
  if (Object.hasOwn(sampleMemberRows, table)) {
    // Every account got its copy of the sample rows when it was made (demo mode is on).
    const sample: readonly object[] = sampleMemberRows[table as keyof typeof sampleMemberRows];
    const copies = mockDb.accounts().flatMap((account) => sample.map((row) => ({ ...row, user_id: account.id })));
    // Then the rows server actions added (the notifications of KYC, payments and reviews), newest first.
    return [...mockDb.serverRows(table).reverse(), ...copies];
  }
  if (Object.hasOwn(sampleSharedRows, table)) {
    return sampleSharedRows[table as keyof typeof sampleSharedRows].map((row) => ({ ...row }));
  }
  // The rows server actions write: the audit trail, the signatures' evidence.
  return mockDb.serverRows(table);
}

/** The rows a caller may see: row-level security, from the contract's read scope. */
function visibleRows(table: BackendTableName, caller: Caller): Row[] {
  const reader = caller.kind === 'member' ? caller.reader : null;
  const scope = readScope(table, reader);
  if (scope === 'none' || caller.kind !== 'member') return scope === 'all' ? allRows(table) : [];
  if (scope === 'all') return allRows(table);
  const owner = ownerColumn(table);
  return owner ? allRows(table).filter((row) => row[owner] === caller.id) : [];
}

const reserved = new Set(['select', 'limit', 'offset', 'order', 'on_conflict', 'columns']);

/** PostgREST's horizontal filters the app and the tests use: eq, neq, in, is. */
function matchesFilters(row: Row, url: URL): boolean {
  for (const [column, raw] of url.searchParams.entries()) {
    if (reserved.has(column)) continue;
    const [op, ...rest] = raw.split('.');
    const value = rest.join('.');
    const cell = row[column];
    const text = cell === null || cell === undefined ? null : String(cell);
    if (op === 'eq' && text !== value) return false;
    if (op === 'neq' && text === value) return false;
    if (op === 'is' && !((value === 'null' && text === null) || text === value)) return false;
    if (op === 'in') {
      const list = value.replace(/^\(|\)$/g, '').split(',');
      if (text === null || !list.includes(text)) return false;
    }
  }
  return true;
}

function project(rows: Row[], url: URL): Row[] {
  const select = url.searchParams.get('select');
  const limit = Number(url.searchParams.get('limit') ?? Number.NaN);
  const limited = Number.isFinite(limit) ? rows.slice(0, limit) : rows;
  if (!select || select.trim() === '*') return limited;
  const columns = select.split(',').map((c) => c.trim());
  return limited.map((row) => Object.fromEntries(columns.filter((c) => c in row).map((c) => [c, row[c]])));
}

function wantsObject(request: Request): boolean {
  return (request.headers.get('Accept') ?? '').includes('application/vnd.pgrst.object+json');
}

function wantsRepresentation(request: Request): boolean {
  return (request.headers.get('Prefer') ?? '').includes('return=representation');
}

/** The answer to a read, as an array, or as one object when the client asked for `.single()`. */
function rowsAnswer(request: Request, rows: Row[], status = 200): Response {
  if (!wantsObject(request)) return HttpResponse.json(rows, { status });
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
  return HttpResponse.json(rows[0], { status });
}

async function jsonBody(request: Request): Promise<unknown> {
  try {
    return await request.json();
  } catch {
    return undefined;
  }
}

function invalidBody(): Response {
  return HttpResponse.json(
    { code: 'PGRST102', message: 'Empty or invalid json', details: null, hint: null },
    { status: 400 },
  );
}

/** The first checks of every table request: a refused token, an unknown table. */
async function begin(request: Request, table: string): Promise<{ caller: Caller; table: BackendTableName } | Response> {
  const caller = await identify(request);
  if (caller.kind === 'refused') return refusedToken(caller.reason);
  if (!isBackendTable(table)) return pgError(backendErrors.unknownTable(table), caller);
  return { caller, table };
}

function pgRoleOf(caller: Caller): 'anon' | 'authenticated' {
  return caller.kind === 'member' ? 'authenticated' : 'anon';
}

const TABLE_PATH = '*/rest/v1/:table';

async function readAnswer(request: Request, name: string, scenario: TableScenario): Promise<Response> {
  if (name === APP_SETTINGS_TABLE) {
    const caller = await identify(request);
    if (caller.kind === 'refused') return refusedToken(caller.reason);
    return rowsAnswer(request, project([{ demo_mode: mockSettings.demoMode }], new URL(request.url)));
  }
  const started = await begin(request, name);
  if (started instanceof Response) return started;
  const { caller, table } = started;
  if (table === 'profiles') {
    await latency(ROW_CALL_MS);
  } else {
    // Stories show the loading state; the request never answers.
    if (scenario === 'loading') await delay('infinite');
    await latency(request.headers.get(RETRY_HEADER) === '1' ? RETRY_LOADING_MS : OPPORTUNITIES_LOADING_MS);
    if (scenario === 'error') return HttpResponse.json({ message: 'Service unavailable' }, { status: 500 });
    if (scenario === 'empty') return HttpResponse.json([]);
  }
  const spec = tableSpec(table);
  if (!clientPrivileges(table, pgRoleOf(caller)).includes('select')) {
    return pgError(backendErrors.permissionDenied(table, spec.relation), caller);
  }
  const url = new URL(request.url);
  return rowsAnswer(
    request,
    project(
      visibleRows(table, caller).filter((row) => matchesFilters(row, url)),
      url,
    ),
  );
}

const tableRead = (fixed?: TableScenario, only?: string): HttpHandler =>
  http.get(TABLE_PATH, ({ request, params }) => {
    const table = String(params.table);
    const scenario =
      fixed !== undefined && (only === undefined || only === table) ? fixed : currentTableScenario(table);
    return readAnswer(request, table, scenario);
  });

const NameSchema = v.pipe(v.string(), v.maxLength(200));

/** A profile UPDATE after the grant check: row-level security, then the BEFORE UPDATE trigger. */
function updateProfiles(targets: Row[], body: Record<string, unknown>, caller: Caller): Response | MockProfile[] {
  const changes: Partial<MockProfile> = {};
  if ('name' in body) {
    const name = v.safeParse(NameSchema, body.name);
    if (!name.success)
      return HttpResponse.json(
        {
          code: '23514',
          message: 'new row for relation "profiles" violates check constraint "profiles_name_check"',
          details: null,
          hint: null,
        },
        { status: 400 },
      );
    changes.name = name.output;
  }
  if ('preferences' in body) {
    const preferences = v.safeParse(PreferencesSchema, body.preferences);
    // The server's check constraint refuses anything but a map of booleans (a list too).
    if (!preferences.success) return pgError(backendErrors.checkViolation('preferences'), caller);
    changes.preferences = preferences.output;
  }
  const updated: MockProfile[] = [];
  for (const row of targets) {
    const id = String(row.id);
    if ('crossmint_wallet_id' in body && body.crossmint_wallet_id !== row.crossmint_wallet_id) {
      // Only reachable in demo mode (the grant check came first): demo_create_wallet's rule.
      const wallet = body.crossmint_wallet_id;
      const allowed = demoWalletPatchAllowed({
        demoMode: mockSettings.demoMode,
        current: typeof row.crossmint_wallet_id === 'string' ? row.crossmint_wallet_id : null,
        value: wallet,
        takenByOther: mockDb.profiles().some((p) => p.id !== id && p.crossmint_wallet_id === wallet),
      });
      if (!allowed || typeof wallet !== 'string') return pgError(backendErrors.walletServerOwned, caller);
      changes.crossmint_wallet_id = wallet;
    }
    // updated_at: the trigger sets it whatever the client sent (writeProfile stamps it).
    const written = mockDb.writeProfile(id, changes);
    if (written) updated.push(written);
  }
  return updated;
}

const tableWrites: HttpHandler[] = [
  http.patch(TABLE_PATH, async ({ request, params }) => {
    const started = await begin(request, String(params.table));
    if (started instanceof Response) return started;
    const { caller, table } = started;
    await latency(ROW_CALL_MS);
    const spec = tableSpec(table);
    const body = await jsonBody(request);
    if (typeof body !== 'object' || body === null || Array.isArray(body)) return invalidBody();
    const granted: readonly string[] = table === 'profiles' ? embeddedProfileUpdateGrant(mockSettings.demoMode) : [];
    const columns = Object.keys(body);
    if (!clientPrivileges(table, pgRoleOf(caller)).includes('update') || columns.some((c) => !granted.includes(c))) {
      return pgError(backendErrors.permissionDenied(table, spec.relation), caller);
    }
    const url = new URL(request.url);
    const targets = visibleRows(table, caller).filter((row) => matchesFilters(row, url));
    const result = updateProfiles(targets, body as Record<string, unknown>, caller);
    if (result instanceof Response) return result;
    if (!wantsRepresentation(request)) return new HttpResponse(null, { status: 204 });
    return rowsAnswer(request, project(result as unknown as Row[], url));
  }),
  http.delete(TABLE_PATH, async ({ request, params }) => {
    const started = await begin(request, String(params.table));
    if (started instanceof Response) return started;
    const { caller, table } = started;
    // No client role holds DELETE on any table (clientPrivileges).
    if (!clientPrivileges(table, pgRoleOf(caller)).includes('delete')) {
      return pgError(backendErrors.permissionDenied(table, tableSpec(table).relation), caller);
    }
    return new HttpResponse(null, { status: 204 });
  }),
  http.post(TABLE_PATH, async ({ request, params }) => {
    const started = await begin(request, String(params.table));
    if (started instanceof Response) return started;
    const { caller, table } = started;
    // No client role holds INSERT on any table: rows are made by triggers and the seed.
    if (!clientPrivileges(table, pgRoleOf(caller)).includes('insert')) {
      return pgError(backendErrors.permissionDenied(table, tableSpec(table).relation), caller);
    }
    return pgError(backendErrors.rlsViolation(table), caller);
  }),
];

function demoWalletFor(userId: string): string {
  return `${DEMO_WALLET_PREFIX}${stableHash(userId).toString(36)}-${Date.now().toString(36)}`;
}

/**
 * Reads of the ledger, the offerings' life and the statements that this browser backend does not
 * implement (only the SQL does, docs/decisions.md (14)): they answer "nothing yet", so the screens show
 * their empty states in `npm start` until the browser runs the SQL itself.
 */
const readsThisBackendLacks: Record<string, JsonBodyType> = {
  // As the SQL answers a member with no money yet: one row of zeros.
  my_balance: [{ available_cents: 0, held_cents: 0, total_cents: 0 }],
  my_positions: [],
  my_ledger_lines: [],
  my_statements: [],
  offering_progress: [],
  list_offerings: [],
  offering_spvs: [],
  offering_subscriptions: [],
  audit_names: [],
  staff_queues: {},
  // No ledger here, so no evidence of held funds: the panel says none is recorded.
  subscription_evidence: null,
};

/** The demo functions (security definer): the caller's own row only, demo mode only. */
const rpcHandler: HttpHandler = http.post('*/rest/v1/rpc/:fn', async ({ request, params }) => {
  const caller = await identify(request);
  if (caller.kind === 'refused') return refusedToken(caller.reason);
  const name = String(params.fn);
  if (name === listMembers.name) return listMembersAnswer(request, caller);
  const action = Object.hasOwn(mockActions, name) ? mockActions[name] : undefined;
  if (action) return actionAnswer(request, caller, action);
  if (Object.hasOwn(readsThisBackendLacks, name)) {
    if (caller.kind !== 'member') return pgError(backendErrors.functionDenied(name), caller);
    await latency(ROW_CALL_MS);
    return HttpResponse.json(readsThisBackendLacks[name] ?? null);
  }
  const fn = demoFunctions.find((f) => f.name === name);
  if (!fn) {
    return HttpResponse.json(
      {
        code: 'PGRST202',
        message: `Could not find the function public.${name} without parameters in the schema cache`,
        details: null,
        hint: null,
      },
      { status: 404 },
    );
  }
  if (caller.kind !== 'member') return pgError(backendErrors.functionDenied(name), caller);
  await latency(ROW_CALL_MS);
  if (!mockSettings.demoMode) return pgError(backendErrors.demoModeOff, caller);
  const profile = mockDb.profile(caller.id);
  if (!profile) return pgError(backendErrors.notSignedIn, caller);
  const args = (await jsonBody(request)) as Record<string, unknown> | undefined;
  switch (fn.name) {
    case 'demo_approve_kyc': {
      const answer = demoApproveKyc({ kind: 'member', id: caller.id, reader: caller.reader });
      return answer.ok ? HttpResponse.json(answer.value) : pgError(answer.error, caller);
    }
    case 'demo_complete_first_onramp': {
      const cents = args?.amount_cents;
      if (typeof cents !== 'number' || !Number.isInteger(cents) || cents < MIN_FIRST_ONRAMP_CENTS) {
        return pgError(backendErrors.onrampTooSmall, caller);
      }
      return HttpResponse.json(mockDb.writeProfile(caller.id, { first_onramp_ok: true }));
    }
    case 'demo_reset_first_onramp':
      return HttpResponse.json(mockDb.writeProfile(caller.id, { first_onramp_ok: false }));
    case 'demo_create_wallet': {
      const walletId = profile.crossmint_wallet_id ?? demoWalletFor(caller.id);
      if (!profile.crossmint_wallet_id) mockDb.writeProfile(caller.id, { crossmint_wallet_id: walletId });
      return HttpResponse.json(walletId);
    }
  }
});

/** A server action of mocks/actions/: its JSON arguments in, its value or its error out, as PostgREST answers. */
async function actionAnswer(
  request: Request,
  caller: Exclude<Caller, { kind: 'refused' }>,
  action: MockAction,
): Promise<Response> {
  await latency(ROW_CALL_MS);
  const body = (await jsonBody(request)) ?? {};
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return invalidBody();
  const answer = action(
    caller.kind === 'member' ? { kind: 'member', id: caller.id, reader: caller.reader } : { kind: 'anon' },
    body as Record<string, unknown>,
  );
  if (!answer.ok) return pgError(answer.error, caller);
  return HttpResponse.json(answer.value);
}

/** `list_members`: the caller first (42501), then one page from the domain's `listMembersPage`. */
async function listMembersAnswer(request: Request, caller: Exclude<Caller, { kind: 'refused' }>): Promise<Response> {
  if (caller.kind !== 'member' || !mayListMembers(caller.reader)) return pgError(listMembersErrors.denied, caller);
  await latency(ROW_CALL_MS);
  const args = v.safeParse(ListMembersArgsSchema, (await jsonBody(request)) ?? {});
  if (!args.success) return invalidBody();
  const page = listMembersPage(memberRows(), args.output);
  if (!page.ok) return pgError(page.error, caller);
  return rowsAnswer(request, page.rows as unknown as Row[]);
}

/** The REST handlers, in the order they are matched. */
export const restHandlers: HttpHandler[] = [rpcHandler, tableRead(), ...tableWrites];
