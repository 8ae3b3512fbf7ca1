import { writeFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { sampleMemberRows } from '@vault/domain';
import {
  backendTarget,
  databaseFile,
  expect,
  networkQuiet,
  type SignedInState,
  serviceRoleKey,
  settled,
  stateFile,
  storedUser,
  USER_KEY,
} from './fixtures';

/**
 * Calls to the backend from a journey, past the app's screens: as the signed-in member or as the
 * service role (what the server stored, the embedded providers' outcomes), and the saved states.
 */

/**
 * Saves the page's browser storage as a shared signed-in state, once the backend has been quiet
 * (the embedded backend keeps its data in localStorage: a save still under way would be lost).
 */
export async function saveState(page: Page, state: SignedInState): Promise<void> {
  // The screen's code and reads first: a read that starts after the backend looked quiet (its
  // chunk was still loading) would be cut off by the reload, a 404 from the static server (the
  // mfo_admin dashboard's list_members was).
  await settled(page);
  await networkQuiet(page);
  // goto waits for the backend to be quiet first (see the page fixture), then reloads the state.
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.context().storageState({ path: stateFile(state) });
  writeFileSync(databaseFile(stateFile(state)), await embeddedDatabase(page));
}

/** The page's embedded database, as a PGlite data directory (supabase/host: /embedded/v1/database). */
async function embeddedDatabase(page: Page): Promise<Buffer> {
  const key = await serviceRoleKey;
  const base64 = await page.evaluate(async (token) => {
    // Until the embedded backend answers: before its service worker controls the page, the
    // static server does (with HTML).
    let response: globalThis.Response | null = null;
    for (let attempt = 0; attempt < 120; attempt++) {
      response = await fetch(`${window.location.origin}/mock-supabase/embedded/v1/database`, {
        headers: { apikey: token, Authorization: `Bearer ${token}` },
      });
      if (response.headers.get('x-vault-backend') === 'embedded') break;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    if (!response?.ok) throw new Error(`the database dump answered ${response?.status}`);
    const bytes = new Uint8Array(await response.arrayBuffer());
    let binary = '';
    for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    return btoa(binary);
  }, key);
  return Buffer.from(base64, 'base64');
}

/**
 * Calls a server action (`/rest/v1/rpc/<name>`) of the embedded backend as the signed-in member,
 * from the page, with the session's token: what any client could send, past the app's screens.
 */
export async function callAsMember(
  page: Page,
  name: string,
  args: Record<string, unknown>,
): Promise<{ status: number; body: unknown }> {
  return memberRequest(page, 'POST', `/rest/v1/rpc/${name}`, args);
}

/** A request to the backend (any path under its URL) as the signed-in member, from the page. */
export function memberRequest(
  page: Page,
  method: 'GET' | 'POST',
  path: string,
  body?: Record<string, unknown>,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: unknown }> {
  return requestFromPage(page, { method, path, body, headers });
}

interface PageRequest {
  method: 'GET' | 'POST' | 'PATCH';
  path: string;
  body?: Record<string, unknown>;
  headers?: Record<string, string>;
  /** Sent as apikey and bearer; absent, the anon key and the signed-in member's token. */
  key?: string;
}

/**
 * A request to the backend sent by the page, as its own scripts would. It is sent again until the
 * embedded backend answers (its transport marks its answers): while the app hands a new page to
 * its service worker, the static server answers instead.
 */
function requestFromPage(page: Page, request: PageRequest): Promise<{ status: number; body: unknown }> {
  return page.evaluate(
    async ([authKey, path, verb, body, extra, key, [backendUrl, anonKey]]) => {
      const session = JSON.parse(localStorage.getItem(authKey) ?? sessionStorage.getItem(authKey) ?? '{}') as {
        access_token?: string;
      };
      let response: globalThis.Response | null = null;
      for (let attempt = 0; attempt < 120; attempt++) {
        response = await fetch(`${backendUrl ?? `${window.location.origin}/mock-supabase`}${path}`, {
          method: verb,
          headers: {
            'Content-Type': 'application/json',
            apikey: key ?? anonKey,
            Authorization: `Bearer ${key ?? session.access_token ?? ''}`,
            ...extra,
          },
          body: body ?? undefined,
        });
        if (backendUrl || response.headers.get('x-vault-backend') === 'embedded') break;
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
      if (!response) throw new Error('no answer');
      const text = await response.text();
      let parsed: unknown = text;
      try {
        parsed = JSON.parse(text);
      } catch {
        // Not JSON: the text as it came.
      }
      return { status: response.status, body: parsed };
    },
    [
      USER_KEY,
      request.path,
      request.method,
      request.body === undefined ? null : JSON.stringify(request.body),
      request.headers ?? {},
      request.key ?? null,
      backendTarget,
    ] as const,
  );
}

/**
 * A bank transfer of `cents` from the signed-in member reaches the embedded payment provider, as
 * the outside world would make it: a session opened through onramp-session that completes unpaid
 * (a transfer is awaited), then the provider's "the transfer arrived" webhook.
 */
export async function bankTransferArrives(page: Page, cents: number): Promise<void> {
  const awaited = await callAsService(page, 'POST', '/embedded/v1/providers', { payments: 'await_bank_transfer' });
  expect(awaited.status, 'the provider awaits bank transfers').toBe(200);
  const opened = await memberRequest(
    page,
    'POST',
    '/functions/v1/onramp-session',
    { amountCents: cents },
    { 'Idempotency-Key': crypto.randomUUID() },
  );
  expect(opened.status, `onramp-session answered ${JSON.stringify(opened.body)}`).toBe(200);
  const sessions = await memberRequest(page, 'GET', '/embedded/v1/payments/sessions');
  const newest = (sessions.body as { id: string; amountCents: number }[]).find((s) => s.amountCents === cents);
  expect(newest, 'the payment session of the transfer').toBeDefined();
  const arrived = await memberRequest(page, 'POST', '/embedded/v1/payments/decide', {
    sessionId: newest?.id,
    outcome: 'bank_transfer_arrives',
  });
  expect(arrived.status, `payments/decide answered ${JSON.stringify(arrived.body)}`).toBe(200);
  await callAsService(page, 'POST', '/embedded/v1/providers', { payments: 'settle' });
}

/** A call to the embedded backend as the service role, from the page (through its transport). */
export async function callAsService(
  page: Page,
  method: 'GET' | 'POST' | 'PATCH',
  path: string,
  body?: Record<string, unknown>,
): Promise<{ status: number; body: unknown }> {
  return requestFromPage(page, { method, path, body, key: await serviceRoleKey });
}

/** Rows of a table as the server stored them (service role: past row-level security), e.g. `payments?member_id=eq.<id>`. */
export async function serverRows(page: Page, query: string): Promise<Record<string, unknown>[]> {
  const { status, body } = await callAsService(page, 'GET', `/rest/v1/${query}`);
  expect(status, `GET /rest/v1/${query} as the service role`).toBe(200);
  return body as Record<string, unknown>[];
}

/** The demo investor's sample history (seed.sql): each sample investment, by opportunity and submission time. */
const sampleHistory = new Set(
  sampleMemberRows.investments.map((i) => `${i.opportunity_id} ${Date.parse(i.submitted_at)}`),
);

/**
 * The investments the server stored for the signed-in member in this journey: the demo investor's
 * funded sample history, made by the seed, left out (a new member has none).
 */
export async function storedInvestments(page: Page): Promise<Record<string, unknown>[]> {
  const me = String((await storedUser(page))?.id ?? '');
  const rows = await serverRows(page, `investments?user_id=eq.${me}`);
  return rows.filter((r) => !sampleHistory.has(`${r.opportunity_id} ${Date.parse(String(r.submitted_at))}`));
}

/**
 * A member signed up through Supabase Auth's sign-up (as the registration does), not signed in
 * here; answers the new account's id.
 */
export async function signUpMember(page: Page, email: string, name: string): Promise<string> {
  const { status, body } = await page.evaluate(
    async ([address, fullName]) => {
      const response = await fetch(`${window.location.origin}/mock-supabase/auth/v1/signup`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', apikey: 'vault-mock-anon-key' },
        body: JSON.stringify({ email: address, password: 'correct horse battery', data: { name: fullName } }),
      });
      return { status: response.status, body: (await response.json()) as { user?: { id?: string }; id?: string } };
    },
    [email, name] as const,
  );
  expect(status, `sign-up of ${email}`).toBe(200);
  const id = body.user?.id ?? body.id;
  if (!id) throw new Error(`sign-up of ${email} answered no id`);
  return id;
}

/** What the embedded KYC provider decides when a session opens: 'approve' (its default), 'review' or 'reject'. */
export async function setKycOutcome(page: Page, outcome: 'approve' | 'review' | 'reject'): Promise<void> {
  const { status, body } = await callAsService(page, 'POST', '/embedded/v1/providers', { kyc: outcome });
  expect(status, `POST /embedded/v1/providers answered ${JSON.stringify(body)}`).toBe(200);
}
