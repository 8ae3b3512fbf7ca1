import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from './a11y';
import { APPEARANCE_KEY, expect, navigateInApp, OPPORTUNITY, settled, stateFile, test, type Watch } from './fixtures';
import { signInAs, userMenuButton } from './steps';

/**
 * Every page, for an onboarded investor, for an mfo_admin (the pages that differ for staff) and
 * signed out: no uncaught page
 * error, no failed request, and no axe violation in light (every WCAG A/AA rule) and in dark (the
 * colour rules: the page is the same but for its colours). Dark comes from the
 * system (emulateMedia), which the app follows while no appearance is stored (docs/decisions.md (12)).
 */

const investorPages = [
  '/dashboard',
  '/research',
  '/opportunities',
  `/opportunities/${OPPORTUNITY.id}`,
  `/investments/${OPPORTUNITY.id}`,
  `/investments/${OPPORTUNITY.id}?step=2&amount=5000&method=bank`,
  `/investments/${OPPORTUNITY.id}?step=3&amount=5000&method=card`,
  `/investments/${OPPORTUNITY.id}?step=4&amount=5000&method=card`,
  '/opportunities/does-not-exist',
  '/settings',
  '/placements',
  '/wallet',
  '/documents',
  '/support',
  '/community',
  '/access-required',
  '/users', // Access denied.
  '/welcome',
  '/register',
  '/kyc-verification',
  '/agreement',
  '/admin/login',
  '/no-such-page',
];

// The admin's own pages, and those whose rows differ for an admin (row-level security lets staff see
// every member's). The screens an admin shares with the investor (research, settings, community,
// the public and onboarding pages, the 404 page) render the same markup in the same shell and are
// checked above. '/wallet' is the access-denied page, as '/users' is for the investor.
const adminPages = ['/dashboard', '/users', '/compliance', '/reports', '/placements', '/documents', '/wallet'];

const signedOutPages = [
  '/',
  '/login',
  '/welcome',
  '/register',
  '/kyc-verification',
  '/agreement',
  '/admin/login',
  '/no-such-page',
];

/** The appearance is a class on <html> (set before paint by the pages' inline script); the Theme inherits it. */
async function themeIs(page: Page, appearance: 'light' | 'dark'): Promise<void> {
  await expect(page.locator(`html.${appearance}`)).toBeAttached();
}

/**
 * Signed in, the first page of a list is a full load and the others are reached in the app, as a
 * person moving through it does (navigateInApp; a full load costs about a second more on a 2-core
 * machine): deep links are the journeys' and the signed-out sweep's. A path with a query is loaded
 * in full, since the title cannot tell its screen from the one before.
 */
async function checkPages(page: Page, watch: Watch, paths: string[], inApp = false): Promise<void> {
  for (const [index, path] of paths.entries()) {
    await page.emulateMedia({ colorScheme: 'light' });
    if (inApp && index > 0 && !path.includes('?')) await navigateInApp(page, path);
    else await page.goto(path);
    await settled(page);
    await themeIs(page, 'light');
    // Soft: one run reports every page's problems, not just the first; the test still fails.
    await expectNoAxeViolations(page, `${path} (light)`, true);
    await page.emulateMedia({ colorScheme: 'dark' });
    await themeIs(page, 'dark');
    await expectNoAxeViolations(page, `${path} (dark)`, true, true);
    expect.soft(watch.pageErrors, `uncaught page errors by ${path}`).toEqual([]);
  }
  watch.expectClean();
}

/** Halves, so two workers share the long lists. */
function halves<T>(list: T[]): [T[], T[]] {
  const middle = Math.ceil(list.length / 2);
  return [list.slice(0, middle), list.slice(middle)];
}

// Signed in through the UI once per run (signed-in.setup.ts) and shared: an onboarded investor
// and the admin, each list in two halves.
for (const { state, who, pages } of [
  { state: 'readyInvestor', who: 'investor', pages: investorPages },
  { state: 'mfo_admin', who: 'mfo_admin', pages: adminPages },
] as const) {
  test.describe(() => {
    test.use({ storageState: stateFile(state) });
    for (const [index, part] of halves(pages).entries()) {
      test(`every page, ${who}, part ${index + 1}: no page error, no failed request, axe clean in light and dark`, async ({
        page,
        watch,
      }) => {
        test.slow();
        await checkPages(page, watch, part, true);
      });
    }
  });
}

for (const [index, part] of halves(signedOutPages).entries()) {
  test(`every page, signed out, part ${index + 1}: no page error, no failed request, axe clean in light and dark`, async ({
    page,
    watch,
  }) => {
    test.slow();
    await checkPages(page, watch, part);
    if (index === 0) return;
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto('/?demo=1');
    await settled(page);
    await expectNoAxeViolations(page, '/?demo=1 (demo accounts)');
  });
}

test('the appearance toggle in the user menu switches light and dark, and is kept', async ({ page, watch }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await signInAs(page, 'investor');
  await themeIs(page, 'light');
  await userMenuButton(page).click();
  const toggle = page.getByRole('menuitemcheckbox', { name: 'Dark appearance' });
  await expect(toggle).toHaveAttribute('aria-checked', 'false');
  await toggle.click();
  await themeIs(page, 'dark');
  expect(await page.evaluate((key) => localStorage.getItem(key), APPEARANCE_KEY)).toBe('dark');
  await expectNoAxeViolations(page, '/dashboard (dark by the toggle)');
  // A stored choice wins over the system.
  await page.reload();
  await themeIs(page, 'dark');
  await userMenuButton(page).click();
  await expect(toggle).toHaveAttribute('aria-checked', 'true');
  await toggle.click();
  await themeIs(page, 'light');
  await page.emulateMedia({ colorScheme: 'dark' });
  await themeIs(page, 'light');
  watch.expectClean();
});

/**
 * Records, from the first script on, whether the app ever rendered 'Loading page…' (the lazy-screen
 * fallback): once its first render has committed (data-app-ready). Before that, the 404 page's
 * prerendered shell frame shows the same loading state by design (prerender.spec.ts).
 */
async function recordPlaceholder(page: Page): Promise<() => Promise<boolean>> {
  await page.addInitScript(() => {
    const seen = { loading: false };
    Object.defineProperty(window, '__placeholderSeen', { value: seen });
    new MutationObserver(() => {
      if (!document.documentElement.hasAttribute('data-app-ready')) return;
      if (document.querySelector('[aria-label="Loading page…"]')) seen.loading = true;
    }).observe(document, { childList: true, subtree: true, attributes: true, attributeFilter: ['data-app-ready'] });
  });
  return () =>
    page.evaluate(() => (window as unknown as { __placeholderSeen: { loading: boolean } }).__placeholderSeen.loading);
}

test('a deep link paints its screen at once: the app never shows the page-loading placeholder (public page)', async ({
  page,
  watch,
}) => {
  const placeholderSeen = await recordPlaceholder(page);
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
  expect(await placeholderSeen(), "'/' showed the loading placeholder").toBe(false);
  watch.expectClean();
});

test.describe(() => {
  test.use({ storageState: stateFile('readyInvestor') });
  test('a deep link paints its screen at once: the app never shows the page-loading placeholder (in the shell)', async ({
    page,
    watch,
  }) => {
    const placeholderSeen = await recordPlaceholder(page);
    for (const path of ['/dashboard', '/opportunities', `/opportunities/${OPPORTUNITY.id}`]) {
      await page.goto(path);
      await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toBeVisible();
      expect(await placeholderSeen(), `${path} showed the loading placeholder`).toBe(false);
    }
    watch.expectClean();
  });
});

test('a deep link on a slow network shows the loading placeholder instead of a blank page', async ({ page, watch }) => {
  // A page that is not prerendered (the app renders it in the 404 page's place): its screen's code
  // takes 4 s, and the first render waits for it only so long.
  await page.route(/\/assets\/Agreement-[^/]*\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 4000));
    await route.continue();
  });
  await page.goto('/agreement');
  await expect(page.getByRole('status', { name: 'Loading page…' })).toBeVisible({ timeout: 3500 });
  await expect(page.getByRole('heading', { level: 1, name: 'Membership Agreement' })).toBeVisible({
    timeout: 10_000,
  });
  watch.expectClean();
});

test('a prerendered page on a slow network shows its content at once, before its code arrives', async ({
  page,
  watch,
}) => {
  await page.route(/\/assets\/Landing-[^/]*\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 4000));
    await route.continue();
  });
  const screenCode = page.waitForResponse(/\/assets\/Landing-[^/]*\.js$/);
  await page.goto('/', { waitUntil: 'commit' });
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible({ timeout: 3000 });
  await expect(page.getByRole('status', { name: 'Loading page…' })).toHaveCount(0);
  // Hydrated once the code is here: the form then works (an empty submit gets the toast).
  await screenCode;
  await expect(page.locator('html[data-app-ready]')).toBeAttached({ timeout: 10_000 });
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Please fill in all fields' })).toBeVisible();
  watch.expectClean();
});

test.describe(() => {
  test.use({ storageState: stateFile('readyInvestor') });
  test('layout from phone to desktop: nothing scrolls sideways, the shell spans the window, every primary item is in view', async ({
    page,
    watch,
  }) => {
    test.slow();
    await page.goto('/dashboard');
    for (const width of [390, 768, 1024, 1280, 1440]) {
      await page.setViewportSize({ width, height: 900 });
      for (const path of ['/dashboard', '/opportunities', '/documents']) {
        await navigateInApp(page, path);
        const layout = await page.evaluate(() => {
          const header = document.querySelector('header')?.getBoundingClientRect();
          const list = document.querySelector('nav[aria-label="Primary"] ul')?.getBoundingClientRect();
          const items = [...document.querySelectorAll('nav[aria-label="Primary"] a')].map((a) => ({
            name: a.textContent ?? '',
            box: a.getBoundingClientRect(),
          }));
          return {
            pageWidth: document.documentElement.scrollWidth,
            windowWidth: document.documentElement.clientWidth,
            header: header ? { left: header.left, width: header.width } : null,
            // Items cut off at the row's end (its scrolling row is meant for small screens only).
            cut: list ? items.filter(({ box }) => box.right > list.right + 1).map(({ name }) => name) : ['no list'],
          };
        });
        const at = `${path} at ${width} px`;
        expect(layout.pageWidth, `${at}: the page is wider than the window`).toBeLessThanOrEqual(layout.windowWidth);
        expect(layout.header, `${at}: the header does not span the window`).toEqual({
          left: 0,
          width: layout.windowWidth,
        });
        if (width > 768) expect(layout.cut, `${at}: primary items cut off`).toEqual([]);
      }
    }
    watch.expectClean();
  });
});
