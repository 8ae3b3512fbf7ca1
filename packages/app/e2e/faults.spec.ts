import { BACKEND_TIMEOUT_MS } from '@vault/domain';
import { expectNotExecuted, HOSTILE } from './a11y';
import {
  DATABASE_IMAGE,
  expect,
  IS_ADMIN_KEY,
  main,
  OPPORTUNITY,
  PROFILES_PATH,
  stateFile,
  storedUser,
  test,
  toast,
  USER_KEY,
  WALLET_FUNCTION_PATH,
  WALLET_SCENARIO_KEY,
} from './fixtures';
import { createWalletButton, signInAs, signInWithEmail, signOut, userMenuButton } from './steps';

// ---------------------------------------------------------------------------------------------
// The wallet function's failure variants (mocks/handlers.ts), chosen through the mock-scenario switch.

const walletFailures: { scenario: string; message: RegExp }[] = [
  { scenario: 'failure', message: /Wallet provider is temporarily unavailable/ },
  { scenario: 'serverError', message: /500|Internal server error/i },
  { scenario: 'networkError', message: /could not be reached|connection/i },
  { scenario: 'invalidJson', message: /could not be read/i },
  { scenario: 'noWalletId', message: /wallet id/i },
];

// One session walks every variant (one sign-in and one settings page serve them all), then a reload
// shows nothing was stored, and a retry succeeds.
test("the wallet function's failures: 'Failed to create wallet' with each variant's message, no wallet id, retry succeeds", async ({
  page,
  watch,
}) => {
  watch.allow(new RegExp(WALLET_FUNCTION_PATH));
  await signInWithEmail(page, 'wallet.failures@example.eu');
  await page.goto('/settings');
  for (const { scenario, message } of walletFailures) {
    await page.evaluate(({ key, value }) => localStorage.setItem(key, value), {
      key: WALLET_SCENARIO_KEY,
      value: scenario,
    });
    await createWalletButton(page).click();
    // Each variant's message is its own, so this toast is the one this click raised.
    await expect(toast(page, 'Failed to create wallet').filter({ hasText: message }), scenario).toBeVisible();
    expect((await storedUser(page))?.crossmintWalletId, scenario).toBeUndefined();
    await expect(createWalletButton(page), scenario).toBeEnabled();
    await expect(main(page).getByText(/Wallet ID/), scenario).toHaveCount(0);
  }
  await page.reload();
  await expect(createWalletButton(page)).toBeEnabled();

  await page.evaluate((key) => localStorage.setItem(key, 'success'), WALLET_SCENARIO_KEY);
  await createWalletButton(page).click();
  await expect(toast(page, 'Wallet created successfully!')).toBeVisible();
  expect((await storedUser(page))?.crossmintWalletId).toEqual(expect.any(String));
  await expect(main(page).getByText(/Wallet ID/)).toBeVisible();
  expect(watch.pageErrors).toEqual([]);
});

test('wallet creation: a double click sends exactly one request (function and demo_create_wallet)', async ({
  page,
  watch,
}) => {
  const calls: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes(WALLET_FUNCTION_PATH)) calls.push(`${r.method()} function`);
    if (r.url().includes(PROFILES_PATH) && r.method() === 'PATCH') calls.push('PATCH profiles');
    if (r.url().includes('/rest/v1/rpc/demo_create_wallet')) calls.push(`${r.method()} demo_create_wallet`);
  });
  await signInWithEmail(page, 'double.click@example.eu');
  await page.goto('/settings');
  await createWalletButton(page).dblclick();
  await expect(toast(page, 'Wallet created successfully!')).toBeVisible();
  await page.waitForTimeout(500);
  expect(calls).toEqual(['POST function']);

  await signOut(page);
  calls.length = 0;
  await signInAs(page, 'investor');
  await page.goto('/settings');
  await createWalletButton(page).dblclick();
  await expect(toast(page, 'Wallet created successfully!')).toBeVisible();
  await page.waitForTimeout(500);
  expect(calls).toEqual(['POST demo_create_wallet']);
  watch.expectClean();
});

// ---------------------------------------------------------------------------------------------
// Corrupt or foreign localStorage: the app starts signed out, without an uncaught error.

const validUser = {
  id: 'user-1',
  name: 'Ann',
  email: 'ann@example.eu',
  role: 'investor',
  kycStatus: 'unknown',
  firstOnrampOk: false,
};
const storageCases: { name: string; items: Record<string, string> }[] = [
  { name: 'invalid JSON', items: { [USER_KEY]: '{"id": "user-1", "name": ', [IS_ADMIN_KEY]: 'false' } },
  { name: 'a JSON string instead of a user', items: { [USER_KEY]: '"investor"' } },
  { name: 'an array instead of a user', items: { [USER_KEY]: '[1,2,3]', [IS_ADMIN_KEY]: 'false' } },
  { name: 'wrong field types', items: { [USER_KEY]: JSON.stringify({ ...validUser, id: 42, firstOnrampOk: 'yes' }) } },
  { name: 'a role that does not exist', items: { [USER_KEY]: JSON.stringify({ ...validUser, role: 'superuser' }) } },
  {
    name: 'an admin flag that is not a boolean',
    items: { [USER_KEY]: JSON.stringify(validUser), [IS_ADMIN_KEY]: '"yes"' },
  },
  { name: 'an admin flag without a user', items: { [IS_ADMIN_KEY]: 'true' } },
  { name: 'null', items: { [USER_KEY]: 'null', [IS_ADMIN_KEY]: 'null' } },
  { name: 'a 5 MB value', items: { [USER_KEY]: JSON.stringify({ ...validUser, name: 'x'.repeat(5 * 1024 * 1024) }) } },
];

for (const { name, items } of storageCases) {
  test(`corrupt storage, ${name}: starts signed out, no uncaught error`, async ({ page, watch }) => {
    // Seeds only the first document of the test, so what the app does on start is what is checked.
    await page.addInitScript((seed) => {
      if (sessionStorage.getItem('e2e.seeded')) return;
      sessionStorage.setItem('e2e.seeded', '1');
      for (const [key, value] of Object.entries(seed)) {
        try {
          localStorage.setItem(key, value);
        } catch (error) {
          (window as unknown as { __seedError?: string }).__seedError = String(error);
        }
      }
    }, items);
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('button', { name: 'Sign In', exact: true })).toBeVisible();
    await expect(userMenuButton(page)).toHaveCount(0);
    // The unreadable session is cleared (docs/product.md §4), so the next start is clean too.
    expect(await page.evaluate((key) => localStorage.getItem(key), USER_KEY)).toBeNull();
    // And the next start is clean: the landing page's sign-in works.
    await signInWithEmail(page, 'after.corruption@example.eu');
    watch.expectClean();
  });
}

test('foreign values under the app’s other keys do not break the start', async ({ page, watch }) => {
  await page.addInitScript(() => {
    if (sessionStorage.getItem('e2e.seeded')) return;
    sessionStorage.setItem('e2e.seeded', '1');
    localStorage.setItem('vault.appearance', 'purple');
    localStorage.setItem('vault.researchPoints', 'NaN');
    localStorage.setItem('vault.nudgeDismissed.opportunities', '{"a":1}');
    localStorage.setItem('vault.accessToken', '');
    localStorage.setItem('vault.mock.db', '{broken');
    localStorage.setItem('vault.mock.scenario', 'explode');
    localStorage.setItem('some.other.app', 'x'.repeat(1000));
  });
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Sign In', exact: true })).toBeVisible();
  await signInAs(page, 'investor');
  await page.goto('/settings');
  await createWalletButton(page).click();
  await expect(toast(page, 'Wallet created successfully!')).toBeVisible();
  watch.expectClean();
});

// ---------------------------------------------------------------------------------------------
// The embedded backend's start

test.describe(() => {
  test.use({ storageState: stateFile('investor') });

  test('an embedded backend that does not start in time: the dashboard says what failed, with Retry, instead of loading for good', async ({
    page,
    watch,
  }) => {
    watch.allow(/./); // the calls fail on purpose
    await page.clock.install();
    // The database image never arrives, so the backend worker never opens its database. Held at
    // the context: once msw's service worker controls the page, the page's fetch of the image goes
    // through it, and only the context sees (and routes) the service worker's own request.
    await page.context().route(DATABASE_IMAGE, () => {});
    await page.goto('/dashboard', { waitUntil: 'commit' });
    await expect(main(page).getByRole('status', { name: 'Loading recent investments…' })).toBeVisible();
    const failed = main(page).getByRole('heading', { name: 'Failed to load recent investments' });
    // The start's limit runs from when the page began to start the backend; jump past it in steps.
    await expect(async () => {
      await page.clock.fastForward(BACKEND_TIMEOUT_MS.embeddedStart / 3);
      await expect(failed).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 60_000 });
    await expect(main(page).getByRole('button', { name: 'Retry' }).first()).toBeVisible();
    expect(watch.pageErrors).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------
// URLs

test('unknown routes show the 404 with Return to Home', async ({ page, watch }) => {
  watch.allow(/./); // the server answers deep links with index.html; nothing else is loaded
  for (const path of [
    '/no-such-page',
    '/dashboard/extra',
    '/Dashboard',
    '/%E2%9C%93',
    '/admin',
    '/opportunities/a/b',
  ]) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: 'Oops! Page not found' }), path).toBeVisible();
  }
  await page.getByRole('link', { name: 'Return to Home' }).click();
  await expect(page).toHaveURL(/\/$/);
  expect(watch.pageErrors).toEqual([]);
});

// The onboarded investor of signed-in.setup.ts, who passes the readiness gate of /investments/:id.
test.describe(() => {
  test.use({ storageState: stateFile('readyInvestor') });

  test('unknown opportunity and investment ids: a not-found state in the page', async ({ page, watch }) => {
    test.slow();
    for (const id of ['does-not-exist', '%3Cscript%3Ealert(1)%3C%2Fscript%3E', '..%2F..%2Fsettings', 'x'.repeat(300)]) {
      await page.goto(`/opportunities/${id}`);
      await expect(main(page).getByRole('heading', { name: 'Opportunity not found' }), id).toBeVisible();
      await page.goto(`/investments/${id}`);
      await expect(main(page).getByRole('heading', { name: 'Opportunity not found' }), id).toBeVisible();
    }
    await main(page)
      .getByRole('link', { name: /opportunities/i })
      .click();
    await expect(page).toHaveURL(/\/opportunities$/);
    await expectNotExecuted(page, watch);
    watch.expectClean();
  });
});

test('/access-required with a missing or unknown need shows the first unmet step', async ({ page, watch }) => {
  await signInAs(page, 'investor');
  for (const query of ['', '?need=', '?need=nonsense', '?need=agreement', '?need=WALLET&from=/wallet']) {
    await page.goto(`/access-required${query}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Access required' }), query).toBeVisible();
    await expect(main(page).getByRole('heading', { name: 'Create wallet' }), query).toBeVisible();
    await expect(main(page).getByRole('link', { name: 'Create Wallet' })).toHaveAttribute('href', '/settings');
  }
  watch.expectClean();
});

test('/access-required never leaves the origin, whatever `from` says', async ({ page, context, watch, baseURL }) => {
  test.slow();
  const offsite: string[] = [];
  // Any request to the foreign host (by host name: the page's own URL carries it in the query).
  await context.route(
    (url) => url.hostname.endsWith('evil.example'),
    (route) => {
      offsite.push(route.request().url());
      return route.abort();
    },
  );
  await signInAs(page, 'investor');
  const origin = new URL(String(baseURL)).origin;
  for (const from of [
    'https://evil.example',
    '//evil.example',
    '/\\evil.example',
    'javascript:alert(1)',
    '/%2F%2Fevil.example',
    '\t//evil.example',
    'https:evil.example',
  ]) {
    for (const need of ['wallet', '']) {
      await page.goto(`/access-required?need=${need}&from=${encodeURIComponent(from)}`);
      await expect(page.getByRole('heading', { level: 1, name: 'Access required' })).toBeVisible();
      // Every link on the page stays on this origin.
      const hrefs = await main(page)
        .getByRole('link')
        .evaluateAll((links) => links.map((a) => (a as HTMLAnchorElement).href));
      for (const href of hrefs) expect(new URL(href).origin, `${from}: ${href}`).toBe(origin);
      // Follow the way back, if the page offers one for this `from`.
      const back = main(page).getByRole('link', { name: /^(Go back|Continue)$/ });
      if ((await back.count()) > 0) {
        const target = new URL(String(await back.first().getAttribute('href')), origin).href;
        expect(target.startsWith(`${origin}/`), target).toBe(true);
        await back.first().click();
        await expect(page).toHaveURL(target);
      }
    }
  }
  expect(new URL(page.url()).origin).toBe(origin);
  expect(offsite).toEqual([]);
  expect(watch.dialogs).toEqual([]);
  watch.expectClean();
});

// ---------------------------------------------------------------------------------------------
// Text inputs: long text and markup, rendered as text.

test('sign-in with a very long email and markup in it: rendered as text, kept over a reload', async ({
  page,
  watch,
}) => {
  // Long, but within what Supabase Auth stores (255 characters; a longer address is refused).
  const email = `${'very.long.name.'.repeat(6)}${HOSTILE}@example.eu`;
  await signInWithEmail(page, email, HOSTILE);
  await expect(userMenuButton(page)).toContainText(HOSTILE);
  await expectNotExecuted(page, watch);
  await page.reload();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(userMenuButton(page)).toContainText(HOSTILE);
  await page.goto('/settings');
  await expect(main(page)).toContainText(HOSTILE);
  await expectNotExecuted(page, watch);
  watch.expectClean();
});

test('markup and long text in every form field: rendered as text, never executed', async ({ page, watch }) => {
  test.slow();
  const long = `${'Ω'.repeat(2000)}${HOSTILE}`;
  // Admin login.
  await page.goto('/admin/login');
  await page.getByLabel('Email').fill(HOSTILE);
  await page.getByLabel('Password').fill(long);
  await page.getByRole('button', { name: 'Access Dashboard' }).click();
  await expect(toast(page, 'Invalid admin credentials.')).toBeVisible();
  await expectNotExecuted(page, watch);

  // Registration, every field of every step.
  await page.goto('/register');
  const fillAll = async () => {
    for (const field of await main(page).locator('input:not([type=checkbox]):not([type=radio]), textarea').all()) {
      if (await field.isEditable()) await field.fill(HOSTILE);
    }
  };
  await fillAll();
  await page.getByRole('button', { name: /^(Next|Continue)$/ }).click();
  await fillAll();
  await page.getByRole('button', { name: /^(Next|Continue)$/ }).click();
  await fillAll();
  await expectNotExecuted(page, watch);

  // A signed-in investor: settings, the on-ramp, the investment amount, the palette search.
  await signInAs(page, 'investor');
  await page.goto('/settings');
  await main(page).getByLabel('Full name').fill(HOSTILE);
  await main(page).getByLabel('Phone').fill(HOSTILE);
  await main(page).getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, /saved/i)).toBeVisible();
  await page.reload();
  await expect(main(page).getByLabel('Full name')).toHaveValue(HOSTILE);
  await page.goto('/dashboard');
  await expect(main(page)).toContainText(`Welcome back, ${HOSTILE}.`);
  await expectNotExecuted(page, watch);
  // A name longer than a profile holds (200 characters, the server's limit, docs/security.md): refused
  // with a clear message before anything is sent, and the saved name is kept.
  await page.goto('/settings');
  await main(page).getByLabel('Full name').fill(long);
  await main(page).getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Your personal information could not be saved')).toContainText('at most 200 characters');
  await page.reload();
  await expect(main(page).getByLabel('Full name')).toHaveValue(HOSTILE);
  await page.goto('/settings');
  await page.getByRole('button', { name: 'Delete Account' }).click();
  await page.getByLabel(/Type DELETE MY ACCOUNT/).fill(HOSTILE);
  await page.getByRole('button', { name: 'Cancel' }).click();
  await createWalletButton(page).click();
  await expect(toast(page, 'Wallet created successfully!')).toBeVisible();
  await page.goto('/wallet');
  await main(page)
    .getByRole('textbox', { name: /amount/i })
    .fill(HOSTILE);
  await main(page).getByRole('button', { name: 'Continue to your bank' }).click();
  await expect(main(page).getByRole('alert')).toHaveText('Minimum first on-ramp is €20');
  await page.keyboard.press('Control+k');
  await page.getByPlaceholder('Search pages and actions…').fill(HOSTILE);
  await expect(page.getByRole('dialog').getByText('No results found.')).toBeVisible();
  await page.keyboard.press('Escape');
  await page.goto(`/opportunities?q=${encodeURIComponent(HOSTILE)}&category=${encodeURIComponent(HOSTILE)}`);
  await expect(main(page).locator('h1').first()).toBeVisible();
  await expectNotExecuted(page, watch);
  watch.expectClean();
});

test.describe(() => {
  test.use({ storageState: stateFile('readyInvestor') });

  test('investment amount: empty refused with the toast, markup refused, nothing executed', async ({ page, watch }) => {
    await page.goto(`/investments/${OPPORTUNITY.id}`);
    await main(page).getByRole('button', { name: 'Continue', exact: true }).click();
    await expect(toast(page, 'Please enter an investment amount')).toBeVisible();
    await main(page)
      .getByRole('textbox', { name: /amount/i })
      .fill(HOSTILE);
    await main(page).getByRole('button', { name: 'Continue', exact: true }).click();
    await expect(toast(page, 'Please enter an investment amount').first()).toBeVisible();
    await expect(main(page).getByRole('heading', { name: 'Amount', exact: true })).toBeVisible();
    await page.goto(`/investments/${OPPORTUNITY.id}?step=3&amount=${encodeURIComponent(HOSTILE)}&method=card`);
    await expect(main(page).getByRole('heading', { name: 'Amount', exact: true })).toBeVisible();
    await expectNotExecuted(page, watch);
    watch.expectClean();
  });
});
