import type { Page } from '@playwright/test';
import { expect, isHydrationMessage, main, stateFile, test } from './fixtures';
import { userMenuButton } from './steps';

/**
 * The prerendered public pages (scripts/prerender.mjs): their content is in the HTML before any
 * script runs, the app hydrates it without a mismatch (the watch fixture fails any test on a
 * hydration warning), and what the HTML cannot know (appearance, a signed-in visitor) is settled
 * by the inline script before the first paint.
 */

const pages = [
  { path: '/', heading: 'Impact investing, held in your own vault', form: true },
  { path: '/login', heading: 'Sign in', form: true },
  { path: '/admin/login', heading: 'Admin Login', form: true },
  { path: '/register', heading: 'Create your account', form: false },
  { path: '/welcome', heading: 'Welcome to Vault', form: false },
  { path: '/no-such-page', heading: 'Oops! Page not found', form: false },
];

/**
 * Records, from the first script on, the state of the page when #root is parsed (before the app's
 * module runs) and on every animation frame whether a sign-in form was visible.
 */
async function recordFirstPaint(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const record = { htmlClass: '', clientRender: false, formPainted: false, rootNode: null as Element | null };
    Object.defineProperty(window, '__firstPaint', { value: record });
    const observer = new MutationObserver(() => {
      const root = document.getElementById('root');
      if (!root) return;
      observer.disconnect();
      record.htmlClass = document.documentElement.className;
      record.clientRender = document.documentElement.hasAttribute('data-client-render');
    });
    observer.observe(document, { childList: true, subtree: true });
    document.addEventListener('DOMContentLoaded', () => {
      record.rootNode = document.querySelector('#root h1');
    });
    const frame = () => {
      const root = document.getElementById('root');
      const form = root?.querySelector('form');
      if (root && form && getComputedStyle(root).visibility !== 'hidden' && form.getBoundingClientRect().height > 0) {
        record.formPainted = true;
      }
      requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  });
}

/** Holds the app's entry script back until the returned function is called: the page runs on its HTML alone. */
async function holdEntryScript(page: Page): Promise<() => void> {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

type FirstPaint = { htmlClass: string; clientRender: boolean; formPainted: boolean };
const firstPaint = (page: Page) =>
  page.evaluate(() => {
    const { htmlClass, clientRender, formPainted } = (window as unknown as { __firstPaint: FirstPaint }).__firstPaint;
    return { htmlClass, clientRender, formPainted };
  });
/** Whether the h1 on screen is the very node the HTML had: hydrated, not rendered afresh. */
const sameHeadingNode = (page: Page) =>
  page.evaluate(
    () =>
      (window as unknown as { __firstPaint: { rootNode: Element | null } }).__firstPaint.rootNode ===
      document.querySelector('#root h1'),
  );

test('the public pages are in their HTML: content and sign-in forms with no script run', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  for (const { path, heading, form } of pages) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading }), path).toBeVisible();
    if (form) {
      await expect(page.getByLabel('Email'), path).toBeVisible();
      await expect(page.getByLabel('Password'), path).toBeVisible();
    }
  }
  await page.goto('/register');
  await expect(page.getByRole('textbox', { name: /First name/ })).toBeVisible();
  await context.close();
});

test('the app hydrates the prerendered pages: same nodes, no mismatch, and the forms work', async ({ page, watch }) => {
  await recordFirstPaint(page);
  for (const { path, heading } of pages) {
    await page.goto(path);
    await expect(page.locator('html[data-app-ready]')).toBeAttached();
    await expect(main(page).getByRole('heading', { level: 1, name: heading })).toBeVisible();
    expect(await sameHeadingNode(page), `${path} was rendered afresh instead of hydrated`).toBe(true);
    expect((await firstPaint(page)).clientRender, path).toBe(false);
    // A page that started the embedded backend (a public page makes no backend call, so none may
    // have) hands itself to its service worker; once it controls this one, the next page is under
    // it from the start.
    await page.waitForFunction(async () =>
      (await navigator.serviceWorker.getRegistration()) ? Boolean(navigator.serviceWorker.controller) : true,
    );
  }
  await page.goto('/login');
  await page.getByLabel('Email').fill('hydrated@example.eu');
  await page.getByLabel('Password').fill('secret');
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  watch.expectClean();
});

test("a prerendered page's scripts are requested once its stylesheet has loaded, not alongside it", async ({
  page,
}) => {
  for (const path of ['/', '/login', '/admin/login', '/register', '/welcome']) {
    await page.goto(path);
    await expect(page.locator('html[data-app-ready]'), path).toBeAttached();
    const timing = await page.evaluate(() => {
      const entries = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
      const sheets = entries.filter((e) => e.initiatorType === 'link' && e.name.endsWith('.css'));
      const scripts = entries.filter((e) => e.name.endsWith('.js') && !/(mock|embedded)ServiceWorker/.test(e.name));
      return {
        firstSheetLoaded: Math.min(...sheets.map((e) => e.responseEnd)),
        firstScriptRequested: Math.min(...scripts.map((e) => e.startTime)),
        scripts: scripts.length,
      };
    });
    expect(timing.scripts, path).toBeGreaterThan(0);
    expect(timing.firstScriptRequested, path).toBeGreaterThanOrEqual(timing.firstSheetLoaded);
  }
});

test('a form filled and submitted before the app runs is sent once it does, and never in the URL', async ({
  page,
  watch,
}) => {
  // The app's entry script is held back until the visitor has typed and pressed 'Sign In'.
  const release = await holdEntryScript(page);
  await page.goto('/login', { waitUntil: 'commit' });
  await page.getByLabel('Email').fill('early.bird@example.eu');
  await page.getByLabel('Password').fill('typed-before-hydration');
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.locator('html[data-app-ready]')).toHaveCount(0);
  // The browser's own submission would have gone to /login?email=…&password=….
  expect(page.url()).not.toContain('password');
  release();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('banner').getByRole('button', { name: /early\.bird@example\.eu/ })).toBeVisible();
  watch.expectClean();
});

test('demo mode on a prerendered page: the demo accounts join after hydration, without a mismatch', async ({
  page,
  watch,
}) => {
  await recordFirstPaint(page);
  for (const path of ['/?demo=1', '/login?demo=1']) {
    await page.goto(path);
    await expect(page.getByRole('region', { name: 'Demo accounts' })).toBeVisible();
    expect(await sameHeadingNode(page), `${path} was rendered afresh instead of hydrated`).toBe(true);
  }
  await page.getByRole('button', { name: 'Sign in as compliance', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  watch.expectClean();
});

test.describe(() => {
  test.use({ colorScheme: 'dark' });
  test('the system dark appearance is on <html> before the first paint', async ({ page, watch }) => {
    await recordFirstPaint(page);
    await page.goto('/login');
    expect((await firstPaint(page)).htmlClass).toContain('dark');
    await expect(page.locator('html.dark')).toBeAttached();
    expect(await sameHeadingNode(page)).toBe(true);
    watch.expectClean();
  });
});

test.describe(() => {
  test.use({ storageState: stateFile('investor') });
  test('a signed-in visitor of / and /login lands on the dashboard; the sign-in form never paints', async ({
    page,
    watch,
  }) => {
    await recordFirstPaint(page);
    for (const path of ['/', '/login']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/dashboard$/);
      await expect(main(page).getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
      const seen = await firstPaint(page);
      expect(seen.clientRender, `${path}: hidden before the first paint`).toBe(true);
      expect(seen.formPainted, `${path}: the sign-in form was painted`).toBe(false);
    }
    watch.expectClean();
  });
});

test('a session under either storage key hides the prerendered page before paint; an empty one does not', async ({
  browser,
}) => {
  // supabase-js's key (its session JSON) in either storage; the app signs out what it cannot read.
  for (const [storage, value, hidden] of [
    ['localStorage', '{"access_token":"x"}', true],
    ['sessionStorage', '{"access_token":"x"}', true],
    ['localStorage', '', false],
  ] as const) {
    // A fresh browser each time, the storage written before any script of the page runs.
    const context = await browser.newContext();
    await context.addInitScript(
      ([kind, stored]) => (kind === 'localStorage' ? localStorage : sessionStorage).setItem('vault.auth', stored),
      [storage, value] as const,
    );
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => {
      if (isHydrationMessage(message.text())) errors.push(message.text());
    });
    await recordFirstPaint(page);
    await page.goto('/login');
    await expect(page.locator('html[data-app-ready]')).toBeAttached();
    expect((await firstPaint(page)).clientRender, `vault.auth '${value}' in ${storage}`).toBe(hidden);
    await expect(page.getByRole('button', { name: 'Sign In', exact: true })).toBeVisible();
    expect(errors).toEqual([]);
    await context.close();
  }
});

test('the 404 page serves the app routes it stands in for: hidden, then the app renders the route', async ({
  page,
  watch,
}) => {
  await recordFirstPaint(page);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login$/);
  expect((await firstPaint(page)).clientRender).toBe(true);
  await page.goto('/no-such-page');
  expect((await firstPaint(page)).clientRender).toBe(false);
  await expect(page.getByRole('link', { name: 'Return to Home' })).toBeVisible();
  watch.expectClean();
});

test.describe(() => {
  test.use({ storageState: stateFile('investor') });
  test('a signed-in route paints the shell frame before any script; the app then takes its place, nothing moving', async ({
    page,
    watch,
  }) => {
    await recordFirstPaint(page);
    // The app's entry script is held back: what shows until then comes from the HTML and CSS alone.
    const release = await holdEntryScript(page);
    await page.goto('/dashboard', { waitUntil: 'commit' });
    const nav = page.getByRole('navigation', { name: 'Primary' });
    await expect(nav.getByRole('link', { name: 'Opportunities' })).toBeVisible();
    await expect(page.getByRole('status', { name: 'Loading page…' })).toBeVisible();
    await expect(page.locator('html[data-app-ready]')).toHaveCount(0);
    // Styled before it paints: the header's grid and the page's column come from the shell's styles.
    const layout = () =>
      page.evaluate(() => {
        const top = (selector: string) =>
          Math.round(document.querySelector(selector)?.getBoundingClientRect().top ?? -1);
        return {
          header: getComputedStyle(document.querySelector('header') as Element).display,
          main: top('#main-content'),
          nav: top('header nav'),
        };
      });
    const framed = await layout();
    expect(framed.header).toBe('grid');
    // No one's data in the frame: no account menu, no page heading.
    await expect(page.getByRole('banner').getByRole('button')).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(0);

    release();
    await expect(page.locator('html[data-app-ready]')).toBeAttached();
    await expect(main(page).getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await expect(userMenuButton(page)).toBeVisible();
    await expect(page.locator('html[data-shell-frame]')).toHaveCount(0);
    expect(await layout()).toEqual(framed);
    expect((await firstPaint(page)).formPainted).toBe(false);
    watch.expectClean();
  });
});
