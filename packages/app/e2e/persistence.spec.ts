import type { CDPSession } from '@playwright/test';
import { memberRequest } from './backendCalls';
import { DATABASE_IMAGE, expect, main, storedUser, test } from './fixtures';
import { createWallet, signUpInDemoMode } from './steps';

/** The browser's shared workers in one browser context, through the DevTools protocol. */
async function sharedWorkers(cdp: CDPSession, browserContextId: string): Promise<string[]> {
  const { targetInfos } = await cdp.send('Target.getTargets');
  return targetInfos
    .filter((t) => t.type === 'shared_worker' && t.browserContextId === browserContextId)
    .map((t) => t.targetId);
}

test('the embedded database outlives its worker: with every tab closed and the worker gone, a new tab finds the member as they left', async ({
  page,
  context,
  browser,
}) => {
  test.slow();
  await signUpInDemoMode(page, 'kept.in.the.profile@example.eu');
  await createWallet(page);
  const wallet = (await storedUser(page))?.crossmintWalletId;
  expect(wallet, 'the wallet id the server gave').toMatch(/\S/);

  const cdp = await browser.newBrowserCDPSession();
  const { targetInfos } = await cdp.send('Target.getTargets');
  const browserContextId = targetInfos.find((t) => t.type === 'page' && t.url === page.url())?.browserContextId;
  if (!browserContextId) throw new Error('the page has no browser context in the DevTools protocol');
  const [worker, ...others] = await sharedWorkers(cdp, browserContextId);
  expect(worker, 'the backend worker').toBeDefined();
  expect(others).toEqual([]);

  // The worker gathers a second of writes before it mirrors them (mocks/worker/database.ts); once
  // they are written, the tab closes and the browser ends the worker, as it does some time after
  // its last tab (a page attached to DevTools keeps it longer than a person's browser would).
  await page.waitForTimeout(3_000);
  await page.close();
  await cdp.send('Target.closeTarget', { targetId: worker ?? '' });
  await expect.poll(() => sharedWorkers(cdp, browserContextId)).toEqual([]);

  const images: string[] = [];
  await context.route(DATABASE_IMAGE, (route) => {
    images.push(route.request().url());
    return route.continue();
  });
  const again = await context.newPage();
  await again.goto('/settings');
  await expect(main(again).getByText(wallet ?? '')).toBeVisible({ timeout: 90_000 });
  // The profile the server answers, not only the one the tab cached: read from the reopened database.
  const profile = await memberRequest(again, 'GET', '/rest/v1/profiles?select=crossmint_wallet_id');
  expect(profile).toEqual({ status: 200, body: [{ crossmint_wallet_id: wallet }] });
  // The new worker opened the copy the profile keeps: it never asked for the build's image.
  expect(images).toEqual([]);
  const [reopened] = await sharedWorkers(cdp, browserContextId);
  expect(reopened, 'a new worker').toBeDefined();
  expect(reopened).not.toBe(worker);
});
