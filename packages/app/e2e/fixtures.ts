import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { test as base, expect, type Locator, type Page, type Request, type Response } from '@playwright/test';
import { documentTitle, type Role } from '@vault/domain';
import { signHostKeys } from '../../../supabase/host/index.ts';

/**
 * The journeys' test and what every journey shares: the storage keys, the signed-in states, the
 * page's clock and how a screen is reached and settled. Every test gets a fresh browser context
 * (Playwright's default), and a watcher that records uncaught page errors, failed requests and
 * error responses. Uncaught page errors fail every test; failed requests fail the tests that call
 * `watch.expectClean()`. The steps a person takes are in `steps.ts`, calls to the backend past the
 * screens in `backendCalls.ts`, axe and the keyboard in `a11y.ts`.
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
export const FIRST_CALL_MS = 90_000;
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
export function databaseFile(state: string): string {
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
export const backendTarget = [realBackend?.url ?? null, realBackend?.anonKey ?? 'vault-mock-anon-key'] as const;

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

/**
 * The embedded backend's service-role key: signed with the local host's public JWT secret, as a
 * project's service-role key is with its own. Tests read what the server stored with it, set the
 * embedded providers' outcomes (`/embedded/v1/providers`) as an operator would, and verify the ledger.
 */
export const serviceRoleKey = signHostKeys().then((keys) => keys.serviceRoleKey);

/**
 * ledger_verify() as the service role, from the page, in one attempt: its answer, or null when the
 * page can no longer reach the embedded backend (closed, navigated away, or its backend cut off by
 * the journey on purpose).
 */
async function ledgerVerdict(page: Page): Promise<{ status: number; body: string } | null> {
  if (page.isClosed()) return null;
  const key = await serviceRoleKey;
  return page
    .evaluate(async (token) => {
      if (!window.location.protocol.startsWith('http')) return null;
      try {
        const response = await fetch(`${window.location.origin}/mock-supabase/rest/v1/rpc/ledger_verify`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', apikey: token, Authorization: `Bearer ${token}` },
          body: '{}',
        });
        if (response.headers.get('x-vault-backend') !== 'embedded') return null;
        return { status: response.status, body: await response.text() };
      } catch {
        return null;
      }
    }, key)
    .catch(() => null);
}

export const test = base.extend<{ watch: Watch; ledgerInvariants: undefined }>({
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
      // Answers the app sends its request again after (client.ts: an expired token; backendStart.ts:
      // an answer the embedded backend never gave, the static server's through the service worker),
      // by their place in errorResponses, and the requests that then succeeded.
      const sentAgainAfter = new Map<number, string>();
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
          // Such an answer is not a fault once the same request then succeeded.
          const faults = watch.errorResponses.filter((entry, at) => {
            const request = sentAgainAfter.get(at);
            if (request === undefined || !sentAgain.has(request)) return true;
            return !(entry.includes('PGRST303') || entry.includes('(unmarked)'));
          });
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
          if ([...sentAgainAfter.values()].includes(request)) sentAgain.add(request);
          return;
        }
        // A refused password is Supabase Auth's 400 with a toast on screen: the app's answer, not a fault.
        const refusedSignIn = response.status() === 400 && response.url().includes(AUTH_TOKEN_PATH);
        if (!refusedSignIn && !isAllowed(response.url())) {
          const unmarked =
            !realBackend && isBackendCall(response.url()) && response.headers()['x-vault-backend'] !== 'embedded';
          // Who answered (the embedded backend through the service worker, or the web server) and what it said.
          const at = watch.errorResponses.push(`${response.status()} ${request}${unmarked ? ' (unmarked)' : ''}`) - 1;
          if (response.status() === 401 || unmarked) sentAgainAfter.set(at, request);
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
  // After every journey whose page reached the embedded backend, the ledger's invariants hold
  // (docs/ledger.md): ledger_verify() answers null. A real-mode build's journeys check it themselves.
  ledgerInvariants: [
    async ({ page }, use) => {
      let reached = false;
      page.on('response', (response) => {
        if (isBackendCall(response.url()) && response.headers()['x-vault-backend'] === 'embedded') reached = true;
      });
      await use(undefined);
      if (!reached || realBackend) return;
      const verdict = await ledgerVerdict(page);
      if (verdict) expect(verdict, 'ledger_verify() after the journey').toEqual({ status: 200, body: 'null' });
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
