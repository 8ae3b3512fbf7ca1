import { existsSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { test as base, expect, type Locator, type Page, type Request, type Response } from '@playwright/test';
import { currentQuestionnaire, documentTitle, formatEuros, type Role } from '@vault/domain';
import axe, { type AxeResults, type RunOptions } from 'axe-core';
import { signHostKeys } from '../../../supabase/host/index.ts';

/**
 * Shared pieces of the journeys. Every test gets a fresh browser context (Playwright's default),
 * and a watcher that records uncaught page errors, failed requests and error responses. Uncaught
 * page errors fail every test; failed requests fail the tests that call `watch.expectClean()`.
 */

export type { Role };

/** The wallet function's URL path, as supabase-js calls it against the embedded backend. */
export const WALLET_FUNCTION_PATH = '/functions/v1/create-crossmint-wallet';
export const PROFILES_PATH = '/rest/v1/profiles';
/** localStorage key of the transport's scenario switch for the wallet function (mocks/scenario.ts). */
export const WALLET_SCENARIO_KEY = 'vault.mock.scenario';
/**
 * The first backend call of a page loads the embedded database in its worker (seconds, longer on
 * a busy machine); a sign-in waits for it, then for its answer.
 */
const FIRST_CALL_MS = 90_000;
/** supabase-js's session (packages/app/src/storage/sessionArea.ts): what the app restores on start. */
export const USER_KEY = 'vault.auth';
/** The signed-in member's cached profile (a domain User), beside the session. */
export const PROFILE_KEY = 'vault.profile';
/** A key of the app's previous session format; today's app reads nothing under it. */
export const IS_ADMIN_KEY = 'vault.isAdmin';
/** Supabase Auth's token endpoint, as supabase-js calls it against the embedded backend. */
const AUTH_TOKEN_PATH = '/auth/v1/token';
export const APPEARANCE_KEY = 'vault.appearance';

/** The demo admin pair (docs/decisions.md (2)). */
export const ADMIN_EMAIL = 'admin@example.com';
export const ADMIN_PASSWORD = 'admin-demo-2025';

/** A sample opportunity of the embedded backend. */
export const OPPORTUNITY = { id: 'solar-park-groningen', name: 'Groningen Solar Park II' };

/**
 * Signed-in states shared between journeys: signed-in.setup.ts signs in through the UI once per
 * state (the demo accounts; the onboarded investor through wallet, KYC and on-ramp) and saves the
 * browser storage here, with the embedded database as it was then (the browser keeps it in the
 * origin private file system, which a saved state does not hold); a test starts from one with
 * `test.use({ storageState: stateFile(...) })`, and its backend starts from that database.
 */
export type SignedInState = Role | 'readyInvestor';
const authDir = join(dirname(fileURLToPath(import.meta.url)), '.auth');
export function stateFile(state: SignedInState): string {
  return join(authDir, `${state}.json`);
}
/** The embedded database saved beside a state file. */
function databaseFile(state: string): string {
  return state.replace(/\.json$/, '.database.tar.gz');
}
/** The build's database image, which a fresh browser profile's backend worker fetches first. */
export const DATABASE_IMAGE = '**/assets/vault-database-*.tar.gz';

/** A console message of React about hydration (main.tsx logs a mismatch with '[hydration]'). */
export function isHydrationMessage(text: string): boolean {
  return /hydrat|did not match|server rendered html|Minified React error #(418|423|425)/i.test(text);
}

export interface Watch {
  pageErrors: string[];
  /** Hydration warnings or errors logged by the page: every test fails on one. */
  hydration: string[];
  failedRequests: string[];
  errorResponses: string[];
  dialogs: string[];
  /** Requests a test provokes on purpose: matching failures are not counted. */
  allow(pattern: RegExp): void;
  expectClean(): void;
}

/**
 * A real-mode build's backend (real-mode/playwright.config.ts: the local host of
 * `npm run backend:local`), or null: the embedded backend, under the page's own origin.
 */
const realBackend = process.env.VAULT_E2E_BACKEND_URL
  ? { url: process.env.VAULT_E2E_BACKEND_URL, anonKey: process.env.VAULT_E2E_ANON_KEY ?? '' }
  : null;
/** What a page needs to call the backend itself: its URL (null: the page's origin + /mock-supabase) and anon key. */
const backendTarget = [realBackend?.url ?? null, realBackend?.anonKey ?? 'vault-mock-anon-key'] as const;

/** A call of the app to its backend (supabase-js against the embedded backend, or a real-mode build's host). */
function isBackendCall(url: string): boolean {
  if (realBackend) return url.startsWith(realBackend.url);
  return new URL(url).pathname.startsWith('/mock-supabase/');
}

/**
 * The backend worker's script: a SharedWorker's, whose request never finishes in the page's view
 * (the worker is not the page's), so Playwright's 'networkidle' never comes; `networkQuiet` leaves
 * it out.
 */
function isSharedWorkerScript(url: string): boolean {
  return /\/assets\/backend\.worker-[\w-]+\.js$/.test(new URL(url).pathname);
}

const networkQuietOf = new WeakMap<Page, () => Promise<void>>();

/** No request of the page in flight for 500 ms (what 'networkidle' means), up to 15 s. */
export async function networkQuiet(page: Page): Promise<void> {
  await networkQuietOf.get(page)?.();
}

export const test = base.extend<{ watch: Watch }>({
  // A test started from a saved state starts its backend from the database saved with it.
  context: async ({ context, storageState }, use) => {
    const saved = typeof storageState === 'string' ? databaseFile(storageState) : null;
    if (saved && existsSync(saved)) {
      await context.route(DATABASE_IMAGE, (route) => route.fulfill({ path: saved, contentType: 'application/gzip' }));
    }
    await use(context);
  },
  // A full page load (goto, reload) first lets the app's backend calls finish. The embedded
  // backend (MSW) answers in the page, so a request whose page is gone falls through to the static
  // server as a 404: a save cut off by the test, not by the app. A person waits for the toast; a
  // test that has seen the toast or the new state may be a few microtasks ahead of the save that
  // follows it, so the backend must also stay quiet for a moment (200 ms), not only be idle.
  page: async ({ page, storageState }, use) => {
    const inFlight = new Set<Request>();
    const pageInFlight = new Set<Request>();
    let lastActivity = 0;
    let lastPageActivity = 0;
    page.on('request', (request) => {
      lastPageActivity = Date.now();
      if (!isSharedWorkerScript(request.url())) pageInFlight.add(request);
      if (!isBackendCall(request.url())) return;
      inFlight.add(request);
      lastActivity = Date.now();
    });
    const settle = (request: Request) => {
      if (pageInFlight.delete(request)) lastPageActivity = Date.now();
      if (inFlight.delete(request)) lastActivity = Date.now();
    };
    page.on('requestfinished', settle);
    page.on('requestfailed', settle);
    const quietFor = async (requests: Set<Request>, last: () => number, quietMs: number) => {
      const since = Date.now();
      const deadline = since + 15_000;
      const quiet = () => requests.size === 0 && Date.now() - Math.max(last(), since) >= quietMs;
      while (!quiet() && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    };
    const backendIdle = () => quietFor(inFlight, () => lastActivity, 200);
    networkQuietOf.set(page, () => quietFor(pageInFlight, () => lastPageActivity, 500));
    const goto = page.goto.bind(page);
    const reload = page.reload.bind(page);
    // A saved state's first page opens the saved database in a new worker; its first screen waits
    // for that, as a person would, before the test reads it (a fresh sign-in waits in signInAs).
    let backendStarted = typeof storageState !== 'string' || realBackend !== null;
    page.goto = async (url, options) => {
      await backendIdle();
      // A goto that stops at 'commit' looks at the page before the app runs: nothing to wait for.
      const firstAnswer =
        backendStarted || options?.waitUntil === 'commit'
          ? null
          : page.waitForResponse((r) => isBackendCall(r.url()) && r.headers()['x-vault-backend'] === 'embedded', {
              timeout: FIRST_CALL_MS,
            });
      firstAnswer?.catch(() => undefined);
      const response = await goto(url, options);
      if (firstAnswer) {
        backendStarted = true;
        await firstAnswer;
      }
      return response;
    };
    page.reload = async (options) => {
      await backendIdle();
      return reload(options);
    };
    await use(page);
  },
  watch: [
    async ({ page }, use) => {
      const allowed: RegExp[] = [];
      const isAllowed = (url: string) => allowed.some((p) => p.test(url));
      // Requests answered 401, and those of them that later succeeded.
      const refusedOnce = new Set<string>();
      const sentAgain = new Set<string>();
      const watch: Watch = {
        pageErrors: [],
        hydration: [],
        failedRequests: [],
        errorResponses: [],
        dialogs: [],
        allow: (pattern) => allowed.push(pattern),
        expectClean() {
          expect(watch.pageErrors, 'uncaught page errors').toEqual([]);
          expect(watch.failedRequests, 'failed requests').toEqual([]);
          // A token that expired on the way is refreshed and the request sent again (client.ts):
          // its 401 is not a fault once the same request then succeeded.
          const faults = watch.errorResponses.filter(
            (entry) =>
              ![...sentAgain].some((request) => entry.startsWith(`401 ${request} `) && entry.includes('PGRST303')),
          );
          expect(faults, 'responses with status >= 400').toEqual([]);
        },
      };
      page.on('pageerror', (error) => {
        watch.pageErrors.push(`${error.name}: ${error.message}`);
        if (isHydrationMessage(error.message)) watch.hydration.push(error.message);
      });
      page.on('console', (message) => {
        if (isHydrationMessage(message.text())) watch.hydration.push(`${message.type()}: ${message.text()}`);
      });
      page.on('requestfailed', (request: Request) => {
        const reason = request.failure()?.errorText ?? '';
        // A navigation away cancels what the old page still loads; that is not a failure.
        if (reason === 'net::ERR_ABORTED') return;
        if (!isAllowed(request.url())) watch.failedRequests.push(`${request.method()} ${request.url()} ${reason}`);
      });
      page.on('response', (response: Response) => {
        const request = `${response.request().method()} ${response.url()}`;
        if (response.status() < 400) {
          if (refusedOnce.has(request)) sentAgain.add(request);
          return;
        }
        if (response.status() === 401) refusedOnce.add(request);
        // A refused password is Supabase Auth's 400 with a toast on screen: the app's answer, not a fault.
        const refusedSignIn = response.status() === 400 && response.url().includes(AUTH_TOKEN_PATH);
        if (!refusedSignIn && !isAllowed(response.url())) {
          // Who answered (the embedded backend through the service worker, or the web server) and what it said.
          const at = watch.errorResponses.push(`${response.status()} ${request}`) - 1;
          const from = response.fromServiceWorker() ? 'service worker' : 'web server';
          void response
            .text()
            .catch(() => '')
            .then((text) => {
              watch.errorResponses[at] += ` (${from}: ${text.slice(0, 200)})`;
            });
        }
      });
      page.on('dialog', (dialog) => {
        watch.dialogs.push(`${dialog.type()}: ${dialog.message()}`);
        void dialog.dismiss().catch(() => undefined);
      });
      await use(watch);
      expect(watch.pageErrors, 'uncaught page errors').toEqual([]);
      expect(watch.hydration, 'hydration warnings (the prerendered page and the first render differ)').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/** A toast (sonner) with this text. */
export function toast(page: Page, text: string | RegExp): Locator {
  return page.locator('[data-sonner-toast]').filter({ hasText: text });
}

/** The main landmark of the page. */
export function main(page: Page): Locator {
  return page.locator('main#main-content');
}

/** The readiness card of the investor dashboard. */
export function readinessCard(page: Page): Locator {
  return page.getByRole('region', { name: 'Readiness Level' });
}

export async function expectReadiness(page: Page, percent: number): Promise<void> {
  await expect(readinessCard(page)).toContainText(`${percent}%`);
  // Every step done, the card folds to one line, without its progress bar.
  if (percent === 100) await expect(readinessCard(page).getByRole('progressbar')).toHaveCount(0);
  else await expect(readinessCard(page).getByRole('progressbar')).toHaveAttribute('aria-valuenow', String(percent));
}

/** The nudge banner: a region named by its step label. */
export function nudge(page: Page, label: string): Locator {
  return page.getByRole('region', { name: label, exact: true });
}

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

/** 2^31 and 2^32 milliseconds: the page clock's lead over the real one is kept out of [2^31, 2^32), modulo 2^32. */
const CLOCK_SIGN_MS = 2 ** 31;
const CLOCK_WRAP_MS = 2 ** 32;

/**
 * Moves the page's clock (installed with `page.clock.install()`) to `earliest`, or a little later:
 * once Playwright's clock leads the real one by an amount whose remainder modulo 2^32 ms reaches
 * 2^31 ms (about 24.9 to 49.7 days, and every 49.7 days after), the timers of every document
 * loaded afterwards never fire (an MSW `delay`, a toast), so the move lands clear of that band
 * (docs/testing.md "e2e"). Answers the time it moved to.
 */
export async function movePageClock(page: Page, earliest: number): Promise<number> {
  const now = await page.evaluate(() => Date.now());
  const lead = earliest - Date.now();
  const past = ((lead % CLOCK_WRAP_MS) + CLOCK_WRAP_MS) % CLOCK_WRAP_MS;
  const target = past < CLOCK_SIGN_MS ? earliest : earliest + (CLOCK_WRAP_MS - past) + 60_000;
  await page.clock.fastForward(Math.max(0, target - now));
  return target;
}

/** Demo mode on, then the demo account button of the role; lands on the dashboard. */
export async function signInAs(page: Page, role: Role): Promise<void> {
  await page.goto('/?demo=1');
  await page.getByRole('button', { name: `Sign in as ${role}`, exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: FIRST_CALL_MS });
  await expect(toast(page, 'Login successful!')).toBeVisible();
}

/**
 * The administrator pair through /admin/login (docs/decisions.md (2)): mfo_admin with the admin
 * flag, and no demo account, so the server lets it change roles (a demo account may not).
 */
export async function signInAsAdministrator(page: Page): Promise<void> {
  await page.goto('/admin/login');
  await page.getByLabel('Email').fill(ADMIN_EMAIL);
  await page.getByLabel('Password').fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Access Dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: FIRST_CALL_MS });
}

/** The investor sign-in form of '/' (no demo mode: the wallet function is called for real). */
export async function signInWithEmail(page: Page, email: string, password = 'correct horse'): Promise<void> {
  await page.goto('/');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: FIRST_CALL_MS });
  await expect(toast(page, 'Login successful!')).toBeVisible();
}

/** The user menu's button in the header: it shows the signed-in email. */
export function userMenuButton(page: Page): Locator {
  return page.getByRole('banner').getByRole('button', { name: /@/ });
}

/** The admin menu's button in the header (docs/product.md §2: /users, /compliance, /reports). */
export function adminMenuButton(page: Page): Locator {
  return page.getByRole('banner').getByRole('button', { name: 'Admin', exact: true });
}

/** Signs out through the user menu. */
export async function signOut(page: Page): Promise<void> {
  await userMenuButton(page).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(toast(page, 'You have been logged out successfully')).toBeVisible();
  // Soft: a wrong landing page is reported, and the journey still checks what follows.
  await expect.soft(page, 'Logout goes to /').toHaveURL(/\/$/);
}

/**
 * The signed-in user as kept in localStorage (a remembered session), or null: the cached profile
 * (id, name, email, role, kycStatus, firstOnrampOk, crossmintWalletId, preferences) while a session
 * is stored.
 */
export async function storedUser(page: Page): Promise<Record<string, unknown> | null> {
  return page.evaluate(
    ([authKey, profileKey]) => {
      if (!localStorage.getItem(authKey)) return null;
      const raw = localStorage.getItem(profileKey);
      return raw ? (JSON.parse(raw) as Record<string, unknown>) : null;
    },
    [USER_KEY, PROFILE_KEY] as const,
  );
}

/** The Create Wallet button of the Wallet section of /settings. */
export function createWalletButton(page: Page): Locator {
  return main(page).getByRole('region', { name: 'Wallet', exact: true }).getByRole('button', { name: 'Create Wallet' });
}

/** Creates the wallet on /settings (demo mode: a PATCH of the profile row). */
export async function createWallet(page: Page): Promise<void> {
  await page.goto('/settings');
  await createWalletButton(page).click();
  await expect(toast(page, 'Wallet created successfully!')).toBeVisible();
  await expect(main(page).getByText(/Wallet ID/)).toBeVisible();
}

export function kycDemoButton(page: Page): Locator {
  return page.getByRole('button', { name: /approve kyc/i });
}

/** Approves KYC with the demo button of /kyc-verification. */
export async function approveKyc(page: Page): Promise<void> {
  await page.goto('/kyc-verification');
  await kycDemoButton(page).click();
  await expect.poll(async () => (await storedUser(page))?.kycStatus).toBe('approved');
}

/** The amount field of the first on-ramp on /wallet. */
function onrampAmount(page: Page): Locator {
  return main(page).getByRole('textbox', { name: 'Amount (EUR)', exact: true });
}

/** Types an amount and submits the first on-ramp form (before the bank step). */
export async function submitOnrampAmount(page: Page, euros: string): Promise<void> {
  await onrampAmount(page).fill(euros);
  await main(page).getByRole('button', { name: 'Continue to your bank' }).click();
}

/** Funds the first on-ramp on /wallet with an amount in euros, through the mocked bank step. */
export async function firstOnramp(page: Page, euros: string): Promise<void> {
  await page.goto('/wallet');
  await submitOnrampAmount(page, euros);
  await main(page).getByRole('button', { name: 'Authorise payment' }).click();
  await expect(toast(page, 'Funded Member unlocked')).toBeVisible();
}

/**
 * Declares the signed-in member's country and investor category through
 * save_investor_profile, as the classification step does (docs/eligibility.md). Default: a
 * company in the Netherlands, eligible for every sample opportunity with no questionnaire and no
 * cooling-off.
 */
export async function classifyInvestor(
  page: Page,
  declaration: { country: string; category: string; answers: Record<string, boolean> } = {
    country: 'NL',
    category: 'corporate',
    answers: {},
  },
): Promise<void> {
  const { status } = await callAsMember(page, 'save_investor_profile', declaration);
  expect(status, 'save_investor_profile answers 200').toBe(200);
}

/** The classification step of /opportunities ("Before you invest"), for an unclassified investor. */
export function classification(page: Page): Locator {
  return main(page).getByRole('region', { name: 'Before you invest' });
}

/** Answers every appropriateness question with the option worth a point (pass) or with none worth one (fail). */
export async function answerQuestionnaire(page: Page, pass: boolean): Promise<void> {
  for (const question of currentQuestionnaire.questions) {
    const option = question.options.find((o) => (pass ? o.points > 0 : o.points === 0)) ?? question.options[0];
    if (!option) throw new Error(`question ${question.id} has no options`);
    await main(page).getByRole('radio', { name: option.text, exact: true }).click();
  }
  await main(page).getByRole('button', { name: 'Submit answers' }).click();
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
async function memberRequest(
  page: Page,
  method: 'GET' | 'POST',
  apiPath: string,
  args?: Record<string, unknown>,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: unknown }> {
  return page.evaluate(
    async ([authKey, path, verb, body, extra, [backendUrl, anonKey]]) => {
      const session = JSON.parse(localStorage.getItem(authKey) ?? sessionStorage.getItem(authKey) ?? '{}') as {
        access_token?: string;
      };
      // Until the embedded backend answers (its transport marks its answers), as in callAsService.
      let response: globalThis.Response | null = null;
      for (let attempt = 0; attempt < 120; attempt++) {
        response = await fetch(`${backendUrl ?? `${window.location.origin}/mock-supabase`}${path}`, {
          method: verb,
          headers: {
            'Content-Type': 'application/json',
            apikey: anonKey,
            Authorization: `Bearer ${session.access_token ?? ''}`,
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
    [USER_KEY, apiPath, method, args === undefined ? null : JSON.stringify(args), headers, backendTarget] as const,
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

/**
 * The embedded backend's service-role key: signed with the local host's public JWT secret, as a
 * project's service-role key is with its own. Tests read what the server stored with it, and set
 * the embedded providers' outcomes (`/embedded/v1/providers`), as an operator would.
 */
const serviceRoleKey = signHostKeys().then((keys) => keys.serviceRoleKey);

/** A call to the embedded backend as the service role, from the page (through its transport). */
export async function callAsService(
  page: Page,
  method: 'GET' | 'POST' | 'PATCH',
  path: string,
  body?: Record<string, unknown>,
): Promise<{ status: number; body: unknown }> {
  const key = await serviceRoleKey;
  return page.evaluate(
    async ([apiPath, verb, token, payload, backendUrl]) => {
      // Until the embedded backend answers (its transport marks its answers): while the app hands
      // a new page to its service worker, the static server answers instead.
      let response: globalThis.Response | null = null;
      for (let attempt = 0; attempt < 120; attempt++) {
        response = await fetch(`${backendUrl ?? `${window.location.origin}/mock-supabase`}${apiPath}`, {
          method: verb,
          headers: { 'Content-Type': 'application/json', apikey: token, Authorization: `Bearer ${token}` },
          body: payload ?? undefined,
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
    [path, method, key, body === undefined ? null : JSON.stringify(body), backendTarget[0]] as const,
  );
}

/** Rows of a table as the server stored them (service role: past row-level security), e.g. `payments?member_id=eq.<id>`. */
export async function serverRows(page: Page, query: string): Promise<Record<string, unknown>[]> {
  const { status, body } = await callAsService(page, 'GET', `/rest/v1/${query}`);
  expect(status, `GET /rest/v1/${query} as the service role`).toBe(200);
  return body as Record<string, unknown>[];
}

/** /wallet's figures as the screen shows them: Balance (available) and Held, in cents. */
export async function expectWalletFigures(page: Page, availableCents: number, heldCents: number): Promise<void> {
  await page.goto('/wallet');
  await expect(main(page).getByRole('group', { name: 'Balance' })).toContainText(formatEuros(availableCents));
  await expect(main(page).getByRole('group', { name: 'Held' })).toContainText(formatEuros(heldCents));
}

/** The investments the server stored for the signed-in member (the sample rows every member gets left out). */
export async function storedInvestments(page: Page): Promise<Record<string, unknown>[]> {
  const me = String((await storedUser(page))?.id ?? '');
  return serverRows(page, `investments?user_id=eq.${me}&sample=is.false`);
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

/** A step heading of the investment flow (Amount, Payment method, Confirm, Submitted). */
export function flowStep(page: Page, name: string): Locator {
  return main(page).getByRole('heading', { level: 2, name, exact: true });
}

/**
 * From the flow's first step to its confirmation, as a person does it: a quick-pick amount,
 * Continue, the default method (bank transfer), Continue, Confirm Investment. What follows (Submitted
 * or the server's refusal) is the caller's to check.
 */
export async function investThroughFlow(page: Page, amountCents = 500_000): Promise<void> {
  await expect(flowStep(page, 'Amount')).toBeVisible();
  await main(page)
    .getByRole('button', { name: formatEuros(amountCents), exact: true })
    .click();
  await main(page).getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(flowStep(page, 'Payment method')).toBeVisible();
  await expect(main(page).getByRole('radio', { name: /Bank transfer/ })).toBeChecked();
  await main(page).getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(flowStep(page, 'Confirm')).toBeVisible();
  await main(page).getByRole('button', { name: 'Confirm Investment' }).click();
}

/**
 * Submits an investment of whole euros by bank transfer from the flow's Confirm step (a deep link
 * to step 3) and answers its id once the flow shows Submitted.
 */
export async function submitByBankTransfer(page: Page, euros: number): Promise<string> {
  await page.goto(`/investments/${OPPORTUNITY.id}?step=3&amount=${euros}&method=bank`);
  await main(page).getByRole('button', { name: 'Confirm Investment' }).click();
  await expect(flowStep(page, 'Submitted')).toBeVisible();
  const investmentId = new URL(page.url()).searchParams.get('investment') ?? '';
  expect(investmentId).toMatch(/^[0-9a-f-]{36}$/);
  return investmentId;
}

/** The row of /investments' Subscriptions table for this investor's subscription of that amount to OPPORTUNITY. */
export function subscriptionRow(page: Page, investorName: string, amount: string): Locator {
  return main(page)
    .getByRole('table', { name: 'Subscriptions' })
    .getByRole('row')
    .filter({ hasText: investorName })
    .filter({ hasText: OPPORTUNITY.name })
    .filter({ hasText: amount });
}

/** A fully onboarded investor, through the UI of demo mode, classified (`classifyInvestor`). */
export async function readyInvestor(page: Page): Promise<void> {
  await signInAs(page, 'investor');
  await createWallet(page);
  await approveKyc(page);
  // Enough to cover the journeys' investments, so each is held from cash at once (Pending), not
  // left awaiting a bank transfer.
  await firstOnramp(page, '20000');
  await classifyInvestor(page);
}

/**
 * Moves the app to a path without a page load, as an in-app link does: the router follows the new
 * history entry (popstate). Sweeps over many routes use it, so each route costs a render, not a
 * page load; deep links (page.goto) are tested by the journeys and the signed-out sweep.
 */
export async function navigateInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  // The router keeps the old screen up until the new one's code has loaded, then commits and the
  // app titles the page after the route it shows (redirects included). Until the title matches the
  // address, what is on screen is still the previous page.
  await expect
    .poll(
      async () => {
        const shown = await page.evaluate(() => ({ pathname: window.location.pathname, title: document.title }));
        return shown.title === documentTitle(shown.pathname);
      },
      // Checked every few frames rather than at expect.poll's default steps: a route change is
      // quicker than those steps, and the sweeps check hundreds of routes.
      { message: `the app shows ${path}`, intervals: [16, 32, 50, 100] },
    )
    .toBe(true);
}

/** The screen has rendered: its h1 is there and nothing announces loading any more. */
export async function settled(page: Page): Promise<void> {
  // A page's h1, or the 'Access denied.' alert, which has no heading of its own.
  await expect(page.locator('h1, [role=alert]:has-text("Access denied.")').first()).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

/** The axe rules whose outcome depends on colour: text contrast, and links told apart by colour. */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

/** The WCAG 2.x A and AA rules, which every page must pass. */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * axe-core run in the page itself, as the Storybook tests run it: injected once per document and
 * run over the whole document. (@axe-core/playwright's analyze() injects axe into every frame on
 * every call and finishes each run in a new page, which costs more than the check itself.)
 */
async function runAxe(page: Page, options: RunOptions): Promise<AxeResults> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  return page.evaluate(
    (runOptions) => (window as unknown as { axe: typeof axe }).axe.run(document, runOptions),
    options,
  );
}

/**
 * axe with the WCAG 2.x A/AA rules, on the whole page; `colourOnly` runs just the colour rules, for
 * a second appearance of a page already checked in full (the DOM is the same, the tokens differ).
 */
export async function expectNoAxeViolations(
  page: Page,
  context: string,
  soft = false,
  colourOnly = false,
): Promise<void> {
  const results = await runAxe(page, {
    runOnly: colourOnly ? { type: 'rule', values: COLOUR_RULES } : { type: 'tag', values: WCAG_TAGS },
  });
  const violations = results.violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help} — ${v.nodes
        .map((n) => n.target.join(' '))
        .slice(0, 4)
        .join(' | ')}`,
  );
  (soft ? expect.soft : expect)(violations, `axe violations on ${context}`).toEqual([]);
}

/** How long one focus check of `tabTo` waits for its target (it is already on the page by then). */
const FOCUS_CHECK_MS = 1_000;

/** What has focus, for a failure message: its tag, role, accessible text (shortened). */
async function describeFocus(page: Page): Promise<string> {
  return page
    .evaluate(() => {
      const el = document.activeElement;
      if (!el || el === document.body) return 'the page body';
      const text = (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 60);
      const role = el.getAttribute('role');
      return `<${el.tagName.toLowerCase()}${role ? ` role=${role}` : ''}> "${text}"`;
    })
    .catch(() => 'unknown (the page was navigating)');
}

/**
 * Presses Tab until the locator has focus (keyboard-only journeys). The target must first be on
 * the page (within the expect timeout): a check of a locator that matches nothing waits for it at
 * every press (the action timeout), which turned a missing target into minutes of Tab presses
 * instead of a failure. Each focus check then waits at most `FOCUS_CHECK_MS`.
 */
export async function tabTo(page: Page, target: Locator, max = 80): Promise<void> {
  await expect(target, `tabTo: ${target} is not on the page, so Tab cannot reach it`).toBeAttached();
  for (let presses = 0; ; presses++) {
    const focused = await target
      .evaluate((el) => el === document.activeElement, undefined, { timeout: FOCUS_CHECK_MS })
      .catch(() => false);
    if (focused) return;
    if (presses === max) break;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab did not reach ${target} within ${max} presses; focus is on ${await describeFocus(page)}`);
}

/** Text that must be rendered as text, never as markup (bad-input tests). */
export const HOSTILE = `<img src=x onerror="window.__pwned=1"><script>window.__pwned=1</script>"'&`;

export async function expectNotExecuted(page: Page, watch: Watch): Promise<void> {
  expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
  expect(await page.locator('img[src="x"]').count()).toBe(0);
  expect(watch.dialogs).toEqual([]);
}
