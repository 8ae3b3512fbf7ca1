import type { Page } from '@playwright/test';
import { actionErrors, CANCELLATION_WINDOW_DAYS, formatEuros, investmentQuote } from '@vault/domain';
import { callAsMember } from './backendCalls';
import { expect, main, OPPORTUNITY, stateFile, test } from './fixtures';
import { flowStep, investThroughFlow } from './steps';

/**
 * The investor's cancellation right (docs/eligibility.md, `cancel_investment`): a Pending
 * investment can be cancelled for 4 days after it was submitted; after that the button is gone
 * and the screen says when the window ended. Time is the test's: Playwright's clock replaces the
 * page's Date and timers before the app loads, and the embedded backend answers inside the page
 * (MSW), so the screen and the server read the same controlled clock.
 */

// Onboarded and classified (a company in the Netherlands): eligibility admits them, with no
// questionnaire and no cooling-off (signed-in.setup.ts).
test.use({ storageState: stateFile('readyInvestor') });

const HOUR_MS = 3_600_000;
const WINDOW_MS = CANCELLATION_WINDOW_DAYS * 24 * HOUR_MS;
const AMOUNT_CENTS = 500_000;

/** A time as the step shows it: en-GB, medium date and short time, in the browser's time zone. */
function shownAs(at: Date, timeZone: string | undefined): string {
  return at.toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone });
}

const cancelButton = (page: Page) => main(page).getByRole('button', { name: 'Cancel investment' });

/** From the detail's Invest to step 4; answers when the server stored the investment. */
async function submitInvestment(page: Page): Promise<Date> {
  await page.goto(`/opportunities/${OPPORTUNITY.id}`);
  await main(page).getByRole('link', { name: 'Invest', exact: true }).click();
  await investThroughFlow(page, AMOUNT_CENTS);
  await expect(flowStep(page, 'Submitted')).toBeVisible();
  const total = formatEuros(investmentQuote(AMOUNT_CENTS, 'bank').totalCents);
  await expect(
    main(page).getByText(`Your investment of ${total} in ${OPPORTUNITY.name} has been submitted.`),
  ).toBeVisible();
  await expect(main(page).getByText('Pending', { exact: true })).toBeVisible();
  // The stored submission time, as the step writes it in <time dateTime>.
  const submittedAt = await main(page).locator('time[datetime]').getAttribute('datetime');
  expect(submittedAt, 'the submission time is shown').not.toBeNull();
  return new Date(String(submittedAt));
}

test('a Pending investment is cancelled inside its 4-day window: Cancelled on its screen, gone from the pending rows', async ({
  page,
  watch,
}, testInfo) => {
  await page.clock.install();
  const submittedAt = await submitInvestment(page);
  const closesAt = shownAs(new Date(submittedAt.getTime() + WINDOW_MS), testInfo.project.use.timezoneId);
  await expect(main(page).getByText(`You can cancel until ${closesAt}.`)).toBeVisible();

  // An hour before the window closes, by the page's clock: still open, for the screen and the server.
  await page.clock.fastForward(WINDOW_MS - HOUR_MS);
  await page.reload();
  await expect(flowStep(page, 'Submitted')).toBeVisible();
  await expect(main(page).getByText('Pending', { exact: true })).toBeVisible();
  await cancelButton(page).click();

  await expect(main(page).getByText('Cancelled', { exact: true })).toBeVisible();
  await expect(main(page).getByText('Pending', { exact: true })).toHaveCount(0);
  await expect(cancelButton(page)).toHaveCount(0);
  await expect(main(page).getByText(/You can cancel until/)).toHaveCount(0);
  await expect(main(page).getByRole('alert')).toHaveCount(0);

  // The server holds it: a reload reads it back Cancelled, and so does the dashboard.
  await page.reload();
  await expect(flowStep(page, 'Submitted')).toBeVisible();
  await expect(main(page).getByText('Cancelled', { exact: true })).toBeVisible();
  await expect(cancelButton(page)).toHaveCount(0);
  await main(page).getByRole('button', { name: 'Go to Dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  // Recent investments lists positions and pending subscriptions: a cancelled one is neither.
  const recent = main(page).getByRole('table', { name: 'Recent investments' });
  await expect(recent.or(main(page).getByRole('heading', { name: 'No investments yet' }))).toBeVisible();
  await expect(
    recent.getByRole('row').filter({ hasText: OPPORTUNITY.name }).filter({ hasText: 'Pending' }),
  ).toHaveCount(0);
  watch.expectClean();
});

test('four days after submitting, the button gives way to when the window ended, and the server refuses to cancel', async ({
  page,
  watch,
}, testInfo) => {
  await page.clock.install();
  const submittedAt = await submitInvestment(page);
  const closesAt = shownAs(new Date(submittedAt.getTime() + WINDOW_MS), testInfo.project.use.timezoneId);
  await expect(cancelButton(page)).toBeVisible();
  const investmentId = new URL(page.url()).searchParams.get('investment');
  expect(investmentId, 'step 4 names the stored investment').toMatch(/^[0-9a-f-]{36}$/);

  // A minute past the window, by the page's clock, the step has no button and says why.
  await page.clock.fastForward(WINDOW_MS + 60_000);
  await page.reload();
  await expect(flowStep(page, 'Submitted')).toBeVisible();
  await expect(main(page).getByText('Pending', { exact: true })).toBeVisible();
  await expect(main(page).getByRole('note')).toHaveText(
    `You could cancel for ${CANCELLATION_WINDOW_DAYS} days after submitting; that ended on ${closesAt}.`,
  );
  await expect(cancelButton(page)).toHaveCount(0);

  // The button is gone because the server's window is over too: asked directly, on the same clock, it refuses.
  watch.allow(/\/rpc\/cancel_investment$/);
  const refused = await callAsMember(page, 'cancel_investment', { investment_id: investmentId });
  expect(refused.status).toBe(400);
  expect(refused.body).toMatchObject(actionErrors.cancellationWindowOver);
  await page.reload();
  await expect(main(page).getByText('Pending', { exact: true })).toBeVisible();
  watch.expectClean();
});
