import type { Page } from '@playwright/test';
import { formatEuros, investmentQuote } from '@vault/domain';
import { storedInvestments } from './backendCalls';
import { expect, main, OPPORTUNITY, stateFile, test } from './fixtures';

/**
 * Investments that are stored (docs/backend.md "Investments"): Confirm calls submit_investment,
 * the embedded backend keeps the row, and every screen reads it back, so a reload shows what the
 * server holds: the investment, Pending, on step 4 and on the dashboard.
 */

test.use({ storageState: stateFile('readyInvestor') });
// readyInvestor (signed-in.setup.ts) is onboarded and classified, so eligibility admits them.
const stepHeading = (page: Page, name: string) => main(page).getByRole('heading', { level: 2, name, exact: true });

test('an investment survives a reload and shows Pending', async ({ page, watch }) => {
  const quote = investmentQuote(500_000, 'bank');
  await page.goto(`/investments/${OPPORTUNITY.id}?step=3&amount=5000&method=bank`);
  await expect(stepHeading(page, 'Confirm')).toBeVisible();
  await main(page).getByRole('button', { name: 'Confirm Investment' }).click();

  await expect(stepHeading(page, 'Submitted')).toBeVisible();
  const submitted = `Your investment of ${formatEuros(quote.totalCents)} in ${OPPORTUNITY.name} has been submitted.`;
  await expect(main(page).getByText(submitted)).toBeVisible();
  await expect(main(page).getByText('Pending', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/[?&]investment=[0-9a-f-]{36}/);

  const stored = await storedInvestments(page);
  expect(stored).toEqual([
    expect.objectContaining({
      opportunity_id: OPPORTUNITY.id,
      amount_cents: 500_000,
      management_fee_cents: quote.managementFeeCents,
      total_cents: quote.totalCents,
      method: 'bank',
      status: 'Pending',
    }),
  ]);

  // Step 4 is read back from the server's row.
  await page.reload();
  await expect(stepHeading(page, 'Submitted')).toBeVisible();
  await expect(main(page).getByText(submitted)).toBeVisible();

  // The dashboard lists it first, Pending, with its amount; and again after a reload.
  await main(page).getByRole('button', { name: 'Go to Dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  for (const pass of ['shown', 'reloaded']) {
    if (pass === 'reloaded') await page.reload();
    const table = main(page).getByRole('table', { name: 'Recent investments' });
    const newest = table.getByRole('row').nth(1);
    await expect(newest).toContainText(OPPORTUNITY.name);
    await expect(newest).toContainText(formatEuros(500_000));
    await expect(newest).toContainText('Pending');
  }
  watch.expectClean();
});

test('a double click on Confirm makes one investment', async ({ page, watch }) => {
  await page.goto(`/investments/${OPPORTUNITY.id}?step=3&amount=7500&method=card`);
  await expect(stepHeading(page, 'Confirm')).toBeVisible();
  await main(page).getByRole('button', { name: 'Confirm Investment' }).dblclick();
  await expect(stepHeading(page, 'Submitted')).toBeVisible();
  const stored = await storedInvestments(page);
  expect(stored).toHaveLength(1);
  expect(stored[0]).toMatchObject({ amount_cents: 750_000, method: 'card', status: 'Pending' });
  watch.expectClean();
});

test('step 4 without a submission claims nothing', async ({ page, watch }) => {
  await page.goto(`/investments/${OPPORTUNITY.id}?step=4&amount=5000&method=bank`);
  await expect(stepHeading(page, 'Confirm')).toBeVisible();
  await expect(main(page).getByText(/has been submitted/)).toHaveCount(0);
  expect(await storedInvestments(page)).toEqual([]);
  watch.expectClean();
});
