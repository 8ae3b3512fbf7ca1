import { OPPORTUNITIES_LOADING_MS, RETRY_LOADING_MS } from '@vault/domain';
import { delay, type HttpHandler, HttpResponse, http } from 'msw';
import { mockDb, type ProfileRow } from './db';
import { currentTableScenario, currentWalletScenario, type TableScenario, type WalletScenario } from './scenario';
import { isSampleTable, sampleTables } from './tables';

/**
 * The embedded backend: the routes supabase-js calls, matched on any origin (`*`), so one set
 * serves the browser worker, Storybook and msw/node alike.
 */

/** The header the app sends, in mock mode only, when a load is a Retry. */
export const RETRY_HEADER = 'x-vault-retry';

const WALLET_PATH = '*/functions/v1/create-crossmint-wallet';
const PROFILES_PATH = '*/rest/v1/profiles';
const TABLE_PATH = '*/rest/v1/:table';

// ---------------------------------------------------------------------------------------------
// The wallet function

function walletIdFor(userId: string): string {
  let hash = 0;
  for (const ch of userId) hash = (Math.imul(hash, 31) + ch.charCodeAt(0)) >>> 0;
  return `cm-wallet-${hash.toString(36)}-${Date.now().toString(36)}`;
}

async function readUserId(request: Request): Promise<string | null> {
  try {
    const body: unknown = await request.json();
    const userId = typeof body === 'object' && body !== null ? (body as { userId?: unknown }).userId : undefined;
    return typeof userId === 'string' && userId !== '' ? userId : null;
  } catch {
    return null;
  }
}

async function walletAnswer(scenario: WalletScenario, request: Request): Promise<Response> {
  // Long enough for the 'creating' state to be seen, short enough for tests.
  await delay(300);
  switch (scenario) {
    case 'failure':
      return HttpResponse.json({ success: false, error: 'Wallet provider is temporarily unavailable' });
    case 'serverError':
      return HttpResponse.json({ error: 'Internal server error' }, { status: 500 });
    case 'networkError':
      return HttpResponse.error();
    case 'invalidJson':
      return new HttpResponse('{"success": true, "walletId": ', {
        headers: { 'Content-Type': 'application/json' },
      });
    case 'noWalletId':
      return HttpResponse.json({ success: true });
    case 'success': {
      const userId = await readUserId(request);
      if (!userId) return HttpResponse.json({ success: false, error: 'userId is required' }, { status: 400 });
      const walletId = walletIdFor(userId);
      // The real function stores the wallet on the profile row; so does the mock.
      mockDb.upsertProfile({ id: userId, crossmint_wallet_id: walletId });
      return HttpResponse.json({ success: true, walletId });
    }
  }
}

const walletHandler = (fixed?: WalletScenario): HttpHandler =>
  http.post(WALLET_PATH, ({ request }) => walletAnswer(fixed ?? currentWalletScenario(), request));

/** The wallet function, one handler per answer, for stories and tests (`server.use(walletHandlers.failure)`). */
export const walletHandlers = {
  success: walletHandler('success'),
  failure: walletHandler('failure'),
  serverError: walletHandler('serverError'),
  networkError: walletHandler('networkError'),
  invalidJson: walletHandler('invalidJson'),
  noWalletId: walletHandler('noWalletId'),
} satisfies Record<WalletScenario, HttpHandler>;

// ---------------------------------------------------------------------------------------------
// profiles: GET, PATCH and upsert (POST with merge-duplicates), filtered PostgREST-style by id=eq.

function idFilter(request: Request): string | null {
  const value = new URL(request.url).searchParams.get('id');
  return value?.startsWith('eq.') ? value.slice(3) : null;
}

const profileFields = ['crossmint_wallet_id', 'kyc_status', 'first_onramp_ok', 'updated_at'] as const;

function profilePatch(value: unknown): Partial<ProfileRow> {
  const patch: Partial<ProfileRow> = {};
  if (typeof value !== 'object' || value === null) return patch;
  const source = value as Record<string, unknown>;
  for (const field of profileFields) {
    const v = source[field];
    if (field === 'first_onramp_ok') {
      if (typeof v === 'boolean' || v === null) patch.first_onramp_ok = v;
    } else if (typeof v === 'string' || (v === null && field !== 'updated_at')) {
      Object.assign(patch, { [field]: v });
    }
  }
  return patch;
}

function wantsRepresentation(request: Request): boolean {
  return (request.headers.get('Prefer') ?? '').includes('return=representation');
}

function written(request: Request, rows: ProfileRow[], created: boolean): Response {
  if (wantsRepresentation(request)) return HttpResponse.json(rows, { status: created ? 201 : 200 });
  return new HttpResponse(null, { status: created ? 201 : 204 });
}

export const profileHandlers: HttpHandler[] = [
  http.get(PROFILES_PATH, async ({ request }) => {
    await delay(50);
    const id = idFilter(request);
    const rows = id === null ? mockDb.listProfiles() : [mockDb.getProfile(id)].filter((r) => r !== undefined);
    return HttpResponse.json(rows);
  }),
  http.patch(PROFILES_PATH, async ({ request }) => {
    await delay(50);
    const id = idFilter(request);
    if (id === null) {
      return HttpResponse.json({ code: '21000', message: 'UPDATE requires a WHERE clause' }, { status: 400 });
    }
    const row = mockDb.updateProfile(id, profilePatch(await request.json().catch(() => null)));
    return written(request, row ? [row] : [], false);
  }),
  http.post(PROFILES_PATH, async ({ request }) => {
    await delay(50);
    const body: unknown = await request.json().catch(() => null);
    const items = Array.isArray(body) ? body : [body];
    const rows: ProfileRow[] = [];
    for (const item of items) {
      const id = typeof item === 'object' && item !== null ? (item as { id?: unknown }).id : undefined;
      if (typeof id !== 'string' || id === '') {
        return HttpResponse.json({ code: '23502', message: 'null value in column "id"' }, { status: 400 });
      }
      rows.push(mockDb.upsertProfile({ ...profilePatch(item), id }));
    }
    return written(request, rows, true);
  }),
];

// ---------------------------------------------------------------------------------------------
// The sample tables, read-only, with SPEC.md's timings and the loading/error/empty variants.

function filterRows(rows: readonly object[], url: URL): object[] {
  const filters = [...url.searchParams.entries()].filter(([key, value]) => key !== 'select' && value.startsWith('eq.'));
  return rows.filter((row) =>
    filters.every(([key, value]) => String((row as Record<string, unknown>)[key]) === value.slice(3)),
  );
}

async function tableAnswer(table: string, scenario: TableScenario, request: Request): Promise<Response> {
  if (!isSampleTable(table)) {
    return HttpResponse.json({ code: '42P01', message: `relation "public.${table}" does not exist` }, { status: 404 });
  }
  if (scenario === 'loading') {
    // Stories show the loading state; the request never answers.
    await delay('infinite');
  }
  // The loading timings of docs/product.md §9, owned by the domain.
  await delay(request.headers.get(RETRY_HEADER) === '1' ? RETRY_LOADING_MS : OPPORTUNITIES_LOADING_MS);
  if (scenario === 'error') return HttpResponse.json({ message: 'Service unavailable' }, { status: 500 });
  if (scenario === 'empty') return HttpResponse.json([]);
  return HttpResponse.json(filterRows(sampleTables[table], new URL(request.url)));
}

const tableHandler = (fixed?: TableScenario, only?: string): HttpHandler =>
  http.get(TABLE_PATH, ({ request, params }) => {
    const table = String(params.table);
    const scenario = only === undefined || only === table ? (fixed ?? currentTableScenario(table)) : undefined;
    return tableAnswer(table, scenario ?? currentTableScenario(table), request);
  });

/**
 * The sample tables in one state, for stories: `tableHandlers.error('opportunities')` fails that
 * table only; without a name every table is in that state.
 */
export const tableHandlers = {
  ok: (table?: string): HttpHandler => tableHandler('ok', table),
  loading: (table?: string): HttpHandler => tableHandler('loading', table),
  error: (table?: string): HttpHandler => tableHandler('error', table),
  empty: (table?: string): HttpHandler => tableHandler('empty', table),
};

/** The embedded backend's handlers, in the order they are matched. */
export const handlers: HttpHandler[] = [walletHandler(), ...profileHandlers, tableHandler()];
