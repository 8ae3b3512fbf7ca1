import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Locator, type Page, type Request, type Response } from '@playwright/test';

/**
 * Shared pieces of the journeys. Every test gets a fresh browser context (Playwright's default),
 * and a watcher that records uncaught page errors, failed requests and error responses. Uncaught
 * page errors fail every test; failed requests fail the tests that call `watch.expectClean()`.
 */

export type Role = 'investor' | 'mfo_admin' | 'cl_spv_admin' | 'eq_spv_admin' | 'production_spv' | 'compliance';
export const allRoles: Role[] = ['investor', 'mfo_admin', 'cl_spv_admin', 'eq_spv_admin', 'production_spv', 'compliance'];

/** The wallet function's URL path, as supabase-js calls it against the embedded backend. */
export const WALLET_FUNCTION_PATH = '/functions/v1/create-crossmint-wallet';
/** localStorage keys of the mock-scenario switch (mocks/scenario.ts) and the session. */
export const WALLET_SCENARIO_KEY = 'vault.mock.scenario';
export const TABLE_SCENARIO_KEY = 'vault.mock.tables';
export const USER_KEY = 'vault.user';
export const IS_ADMIN_KEY = 'vault.isAdmin';
export const APPEARANCE_KEY = 'vault.appearance';

export interface Watch {
  pageErrors: string[];
  failedRequests: string[];
  errorResponses: string[];
  /** Requests a test provokes on purpose: matching failures are not counted. */
  allow(pattern: RegExp): void;
  expectClean(): void;
}

export const test = base.extend<{ watch: Watch }>({
  watch: [
    async ({ page }, use) => {
      const allowed: RegExp[] = [];
      const isAllowed = (url: string) => allowed.some((p) => p.test(url));
      const watch: Watch = {
        pageErrors: [],
        failedRequests: [],
        errorResponses: [],
        allow: (pattern) => allowed.push(pattern),
        expectClean() {
          expect(watch.pageErrors, 'uncaught page errors').toEqual([]);
          expect(watch.failedRequests, 'failed requests').toEqual([]);
          expect(watch.errorResponses, 'responses with status >= 400').toEqual([]);
        },
      };
      page.on('pageerror', (error) => watch.pageErrors.push(`${error.name}: ${error.message}`));
      page.on('requestfailed', (request: Request) => {
        const reason = request.failure()?.errorText ?? '';
        // A navigation away cancels what the old page still loads; that is not a failure.
        if (reason === 'net::ERR_ABORTED') return;
        if (!isAllowed(request.url())) watch.failedRequests.push(`${request.method()} ${request.url()} ${reason}`);
      });
      page.on('response', (response: Response) => {
        if (response.status() >= 400 && !isAllowed(response.url())) {
          watch.errorResponses.push(`${response.status()} ${response.request().method()} ${response.url()}`);
        }
      });
      await use(watch);
      expect(watch.pageErrors, 'uncaught page errors').toEqual([]);
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
  await expect(readinessCard(page).getByRole('progressbar')).toHaveAttribute('aria-valuenow', String(percent));
}

/** The nudge banner: a region named by its step label. */
export function nudge(page: Page, label: string): Locator {
  return page.getByRole('region', { name: label, exact: true });
}

/** Demo mode on, then the demo account button of the role; lands on the dashboard. */
export async function signInAs(page: Page, role: Role): Promise<void> {
  await page.goto('/?demo=1');
  await page.getByRole('button', { name: `Sign in as ${role}`, exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(toast(page, 'Login successful!')).toBeVisible();
}

/** Signs out through the user menu. */
export async function signOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: /^User menu for / }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(toast(page, 'You have been logged out successfully')).toBeVisible();
}

/** The signed-in user as kept in localStorage, or null. */
export async function storedUser(page: Page): Promise<Record<string, unknown> | null> {
  return page.evaluate((key) => {
    const raw = localStorage.getItem(key);
    return raw ? (JSON.parse(raw) as Record<string, unknown>) : null;
  }, USER_KEY);
}

/** Creates the wallet on /settings (demo mode: a PATCH of the profile row). */
export async function createWallet(page: Page): Promise<void> {
  await page.goto('/settings');
  await page.getByRole('button', { name: 'Create Wallet', exact: true }).click();
  await expect(toast(page, 'Wallet created successfully!')).toBeVisible();
}

/** Approves KYC with the demo button of /kyc-verification. */
export async function approveKyc(page: Page): Promise<void> {
  await page.goto('/kyc-verification');
  await kycDemoButton(page).click();
  await expect.poll(async () => (await storedUser(page))?.kycStatus).toBe('approved');
}

export function kycDemoButton(page: Page): Locator {
  return page.getByRole('button', { name: /approve kyc/i });
}

/** The amount field of the first on-ramp on /wallet. */
export function onrampAmount(page: Page): Locator {
  return main(page).getByRole('spinbutton').or(main(page).getByRole('textbox', { name: /amount/i })).first();
}

export function onrampSubmit(page: Page): Locator {
  return main(page).getByRole('button', { name: /^(start onramp|on-?ramp|fund|continue|confirm)/i }).first();
}

/** Funds the first on-ramp on /wallet with an amount in euros. */
export async function firstOnramp(page: Page, euros: string): Promise<void> {
  await page.goto('/wallet');
  await onrampAmount(page).fill(euros);
  await onrampSubmit(page).click();
}

/** A fully onboarded investor, through the UI of demo mode. */
export async function readyInvestor(page: Page): Promise<void> {
  await signInAs(page, 'investor');
  await createWallet(page);
  await approveKyc(page);
  await firstOnramp(page, '20');
  await expect(toast(page, 'Funded Member unlocked')).toBeVisible();
}

/** axe with WCAG 2.x A/AA rules (and best practice), on the whole page. */
export async function expectNoAxeViolations(page: Page, context: string): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
  const violations = results.violations.map(
    (v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).slice(0, 5).join(' | ')}`,
  );
  expect(violations, `axe violations on ${context}`).toEqual([]);
}

/** Text that must be rendered as text, never as markup (bad-input tests). */
export const HOSTILE = `<img src=x onerror="window.__pwned=1"><script>window.__pwned=1</script>"'&`;
