import { CANCELLATION_WINDOW_DAYS, categoryLabels, formatEuros } from '@vault/domain';
import { serverRows } from './backendCalls';
import { expect, main, OPPORTUNITY, storedUser, test } from './fixtures';
import {
  answerQuestionnaire,
  approveKyc,
  classification,
  createWallet,
  firstOnramp,
  signInAs,
  signOut,
  submitByBankTransfer,
  subscriptionRow,
} from './steps';

/**
 * The equity SPV's /investments across roles in one browser, on the embedded backend (every role
 * reads and writes the same data): an EU retail investor submits an investment and signs out; the
 * eq_spv_admin finds it Pending on /investments with the end of its 4-day reflection period and
 * may confirm it only after that (review_investment); the investor signs back in, is told it is
 * active, and finds the position Active.
 */
test('an investment submitted → eq_spv_admin confirms on /investments after its reflection period → the investor is told it is active', async ({
  page,
  watch,
}) => {
  test.slow();
  // The page's clock, which the embedded backend's SQL follows: a retail investor's subscription
  // can be confirmed only once its 4-day reflection period has ended.
  await page.clock.install();
  const amount = formatEuros(425_000);

  // The investor: onboarded, classified as an EU retail investor who passes the questions (so the
  // reflection period applies), then an investment of €4,250 by bank transfer, Pending.
  await signInAs(page, 'investor');
  await createWallet(page);
  await approveKyc(page);
  await firstOnramp(page, '20000');
  await page.goto('/opportunities');
  const step = classification(page);
  await step.getByLabel('Country of residence').selectOption('DE');
  await step.getByRole('radio', { name: new RegExp(categoryLabels.retail.label) }).click();
  await step.getByRole('button', { name: 'Save and continue' }).click();
  await answerQuestionnaire(page, true);
  await expect(classification(page)).toHaveCount(0);
  const investor = await storedUser(page);
  const investorName = String(investor?.name ?? '');
  expect(investorName).not.toBe('');
  const investmentId = await submitByBankTransfer(page, 4250);
  const [stored] = await serverRows(page, `investments?id=eq.${investmentId}&select=submitted_at`);
  const windowEnds = Date.parse(String(stored?.submitted_at)) + CANCELLATION_WINDOW_DAYS * 24 * 60 * 60_000;
  await signOut(page);

  // The eq_spv_admin: the dashboard says subscriptions wait (the line shows only when one does)
  // and links to /investments, where this one waits, Pending, among the first rows.
  await signInAs(page, 'eq_spv_admin');
  const waiting = main(page).getByRole('region', { name: 'Subscriptions waiting' });
  await expect(waiting.getByText(/waiting for your confirmation, oldest first\./)).toBeVisible();
  await waiting.getByRole('link', { name: 'Review subscriptions' }).click();
  await expect(page).toHaveURL(/\/investments$/);
  await expect(main(page).getByRole('heading', { name: 'Subscriptions', level: 1 })).toBeVisible();
  const row = subscriptionRow(page, investorName, amount);
  const openDetail = async () => {
    await expect(row).toHaveCount(1);
    await row.getByRole('button').first().click();
    return main(page)
      .getByRole('region')
      .filter({ has: page.getByRole('button', { name: 'Confirm' }) });
  };
  await expect(row).toContainText('Pending');
  await expect(row).toContainText('Bank transfer');
  let detail = await openDetail();
  await expect(detail.getByRole('heading', { name: investorName })).toBeVisible();
  // The reflection period runs: when it ends is shown, and Confirm waits for it.
  const times = await detail
    .locator('time')
    .evaluateAll((nodes) => nodes.map((node) => Date.parse(node.getAttribute('datetime') ?? '')));
  expect(
    times.some((time) => Math.abs(time - windowEnds) < 60_000),
    `${times} holds ${windowEnds}`,
  ).toBe(true);
  await expect(detail.getByRole('button', { name: 'Confirm', exact: true })).toBeDisabled();

  // Reject needs a reason: the dialog refuses an empty one; Cancel leaves the investment Pending.
  await detail.getByRole('button', { name: 'Reject' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Reject' }).click();
  await expect(dialog.getByText('A reason is required')).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);

  // A minute past the window, by the page's clock (the SQL's follows it): Confirm is offered.
  await page.clock.fastForward(windowEnds - Date.now() + 60_000);
  await page.reload();
  detail = await openDetail();
  await expect(detail.getByRole('button', { name: 'Confirm', exact: true })).toBeEnabled();

  // Confirm: review_investment with this investment, then the row reads Active.
  const reviewed = page.waitForRequest(
    (request) => request.method() === 'POST' && request.url().endsWith('/rest/v1/rpc/review_investment'),
  );
  await detail.getByRole('button', { name: 'Confirm', exact: true }).click();
  // The summary dialog: the subscription as decided, then Confirm sends it.
  const summary = page.getByRole('dialog');
  await expect(summary).toContainText(investorName);
  await summary.getByRole('button', { name: 'Confirm', exact: true }).click();
  expect((await reviewed).postDataJSON()).toEqual({ investment_id: investmentId, decision: 'confirmed', reason: null });
  await expect(main(page).getByRole('status').filter({ hasText: 'confirmed' })).toBeVisible();
  await expect(row).toContainText('Active');
  await signOut(page);

  // The investor, signed in again: the dashboard's notification says it is active, and Recent
  // investments lists the position its confirmation issued (my_positions), Active.
  await signInAs(page, 'investor');
  const notice = main(page).getByRole('listitem').filter({ hasText: 'Investment confirmed' });
  await expect(notice.first()).toContainText(`Your investment in ${OPPORTUNITY.name} is confirmed and now active.`);
  const recent = main(page).getByRole('table', { name: 'Recent investments' });
  const mine = recent.getByRole('row').filter({ hasText: OPPORTUNITY.name });
  await expect(mine).toHaveCount(1);
  await expect(mine).toContainText('Active');
  watch.expectClean();
});

/**
 * The credit SPV records a repayment on /loans (euros typed, integer cents sent) and the
 * production SPV changes an asset's status on /assets, which its dashboard then reads.
 */
test('cl_spv_admin records a repayment on /loans; production_spv changes an asset on /assets', async ({
  page,
  watch,
}) => {
  test.slow();
  await signInAs(page, 'cl_spv_admin');
  await page.goto('/loans');
  await expect(main(page).getByRole('heading', { name: 'Loans', level: 1 })).toBeVisible();
  const book = main(page).getByRole('table', { name: 'Loan book' });
  await book.getByRole('button', { name: /^Open LN-2025-014/ }).click();
  await main(page).getByRole('button', { name: 'Record repayment' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Amount (€)').fill('1250.50');
  await expect(dialog.getByText('€1,250.50 = 125050 cents')).toBeVisible();
  const paidOn = new Date().toISOString().slice(0, 10);
  await dialog.getByLabel('Paid on').fill(paidOn);
  await dialog.getByLabel("Lender's reference").fill('BANK-2026-0042');
  const recorded = page.waitForRequest(
    (request) => request.method() === 'POST' && request.url().endsWith('/rest/v1/rpc/record_repayment'),
  );
  await dialog.getByRole('button', { name: 'Record repayment' }).click();
  expect((await recorded).postDataJSON()).toEqual({
    loan_id: 'LN-2025-014',
    amount_cents: 125_050,
    paid_on: paidOn,
    reference: 'BANK-2026-0042',
  });
  await expect(dialog).toHaveCount(0);
  await expect(book.getByRole('row').filter({ hasText: 'LN-2025-014' })).toContainText('€1,250.50');
  await signOut(page);

  await signInAs(page, 'production_spv');
  await page.goto('/assets');
  await expect(main(page).getByRole('heading', { name: 'Assets', level: 1 })).toBeVisible();
  const inventory = main(page).getByRole('table', { name: 'Asset inventory' });
  const first = inventory.getByRole('button', { name: /^Open / }).first();
  const name = ((await first.getAttribute('aria-label')) ?? '').replace(/^Open /, '');
  await first.click();
  await main(page).getByRole('button', { name: 'Change status' }).click();
  const change = page.getByRole('dialog');
  await change
    .getByRole('radiogroup', { name: 'New status' })
    .getByRole('radio', { name: 'Under Maintenance' })
    .check();
  await change.getByRole('textbox').fill('Inverter replaced');
  await change.getByRole('button', { name: 'Change status' }).click();
  await expect(change).toHaveCount(0);
  await expect(inventory.getByRole('row').filter({ hasText: name })).toContainText('Under Maintenance');
  await page.goto('/dashboard');
  const dashboard = main(page).getByRole('table', { name: 'Asset inventory' });
  await expect(dashboard.getByRole('row').filter({ hasText: name })).toContainText('Under Maintenance');
  watch.expectClean();
});
