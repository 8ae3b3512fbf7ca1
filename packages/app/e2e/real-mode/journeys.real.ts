import { formatEuros } from '@vault/domain';
import { serverRows } from '../backendCalls';
import { expect, main, OPPORTUNITY, storedUser, test, toast } from '../fixtures';
import {
  approveKyc,
  classifyInvestor,
  createWallet,
  firstOnramp,
  signInAs,
  signOut,
  submitByBankTransfer,
  subscriptionRow,
} from '../steps';

/**
 * The real-mode build (playwright.config.ts here) against the local host: the same SQL as the
 * embedded backend, reached over HTTP from another origin, as a deployed app reaches its project.
 */

const backendUrl = process.env.VAULT_E2E_BACKEND_URL ?? '';

test('the app calls the project it was built for, with no embedded backend in the page', async ({ page, watch }) => {
  const backendCalls: string[] = [];
  page.on('request', (request) => {
    if (request.url().startsWith(backendUrl)) backendCalls.push(new URL(request.url()).pathname);
  });
  await page.goto('/');
  // A wrong password: the host's Auth refuses it, and the form says so.
  await page.getByLabel('Email').fill('demo.investor@vault.example');
  await page.getByLabel('Password').fill('not the password');
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(toast(page, 'Invalid login credentials')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);

  await signInAs(page, 'investor');
  expect(backendCalls).toContain('/auth/v1/token');
  // No service worker and no PGlite: nothing registered, nothing asked of a /mock-supabase path.
  const registrations = await page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length);
  expect(registrations).toBe(0);
  const requests = await page.evaluate(() => performance.getEntriesByType('resource').map((entry) => entry.name));
  expect(requests.filter((url) => /mock-supabase|pglite|vault-database/.test(url))).toEqual([]);
  watch.expectClean();
});

test('an investor onboards and invests; the eq_spv_admin confirms; the investor finds it Active', async ({
  page,
  watch,
}) => {
  test.slow();
  const amount = formatEuros(425_000);

  // Onboarding through the UI of demo mode: wallet, KYC, a first on-ramp settled by the host's
  // payment provider (through the signed webhook), then a company's declaration, which needs no
  // reflection period, so the operator may confirm at once.
  await signInAs(page, 'investor');
  await createWallet(page);
  await approveKyc(page);
  await firstOnramp(page, '20000');
  await classifyInvestor(page);
  const investor = await storedUser(page);
  const investorName = String(investor?.name ?? '');
  expect(investorName).not.toBe('');

  const investmentId = await submitByBankTransfer(page, 4250);
  const [stored] = await serverRows(page, `investments?id=eq.${investmentId}`);
  expect(stored?.status).toBe('Pending');
  await signOut(page);

  // The eq_spv_admin confirms it on /investments.
  await signInAs(page, 'eq_spv_admin');
  await page.goto('/investments');
  const row = subscriptionRow(page, investorName, amount);
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Pending');
  await row.getByRole('button').first().click();
  const detail = main(page)
    .getByRole('region')
    .filter({ has: page.getByRole('button', { name: 'Confirm' }) });
  await detail.getByRole('button', { name: 'Confirm', exact: true }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Confirm', exact: true }).click();
  await expect(row).toContainText('Active');
  await signOut(page);

  // The investor again: told it is active, and the position is there.
  await signInAs(page, 'investor');
  const notice = main(page).getByRole('listitem').filter({ hasText: 'Investment confirmed' });
  await expect(notice.first()).toContainText(`Your investment in ${OPPORTUNITY.name} is confirmed and now active.`);
  const mine = main(page).getByRole('table', { name: 'Recent investments' }).getByRole('row').filter({
    hasText: OPPORTUNITY.name,
  });
  await expect(mine).toHaveCount(1);
  await expect(mine).toContainText('Active');
  const [confirmed] = await serverRows(page, `investments?id=eq.${investmentId}`);
  expect(confirmed?.status).toBe('Active');
  watch.expectClean();
});
