import type { Locator, Page } from '@playwright/test';
import {
  categoryLabels,
  currentQuestionnaire,
  eligibilityRefusalMessage,
  formatEuros,
  investmentQuote,
  ukRiskWarning,
  ukStatementLabel,
} from '@vault/domain';
import { expect, main, networkQuiet, OPPORTUNITY, test } from './fixtures';
import { approveKyc, createWallet, firstOnramp, flowStep, investThroughFlow, signUpInDemoMode } from './steps';

/**
 * The UK first-time investor (docs/eligibility.md, FCA COBS 4.12A): a UK restricted investor
 * who passed the appropriateness questions and has not invested yet reads the prescribed risk
 * warning on the list and the detail; their first Invest starts a 24-hour cooling-off, a countdown
 * in its place, which coming back or reloading the detail shows again (its end is the server's);
 * once it is over, Continue and Leave, given equal weight; Continue invests.
 * Time is the test's: Playwright's clock replaces the page's Date and timers before the app
 * loads, and the embedded backend answers inside the page (MSW), so both read that clock.
 */

const HOUR_MS = 3_600_000;
const AMOUNT_CENTS = 500_000;

const riskWarning = (page: Page) => main(page).getByRole('note', { name: 'Risk warning' });
const countdown = (page: Page) => main(page).getByRole('timer', { name: 'Cooling-off period' });
const afterCoolingOff = (page: Page) => main(page).getByRole('group', { name: 'Your cooling-off period has ended' });
const investButton = (page: Page) => main(page).getByRole('button', { name: 'Invest', exact: true });
const investLink = (page: Page) => main(page).getByRole('link', { name: 'Invest', exact: true });

/** Answers every question with an option worth points: a pass. */
async function passQuestionnaire(page: Page): Promise<void> {
  for (const question of currentQuestionnaire.questions) {
    const option = question.options.find((o) => o.points > 0);
    if (!option) throw new Error(`question ${question.id} has no option worth a point`);
    await main(page).getByRole('radio', { name: option.text, exact: true }).click();
  }
  await main(page).getByRole('button', { name: 'Submit answers' }).click();
}

/** What decides a button's visual weight: its fill, text, border, type and size. */
async function weight(button: Locator) {
  return button.evaluate((el) => {
    const style = getComputedStyle(el);
    const box = el.getBoundingClientRect();
    return {
      background: style.backgroundColor,
      color: style.color,
      border: `${style.borderTopWidth} ${style.borderTopStyle} ${style.borderTopColor}`,
      boxShadow: style.boxShadow,
      fontSize: style.fontSize,
      fontWeight: style.fontWeight,
      height: Math.round(box.height),
    };
  });
}

test('a UK restricted first-time investor reads the risk warning, waits out the cooling-off, then invests', async ({
  page,
  watch,
}) => {
  await page.clock.install();

  // A new member in demo mode, who has never invested (the demo investor owns the sample
  // history): wallet, KYC and a first on-ramp, then the classification step on /opportunities.
  await signUpInDemoMode(page, 'uk.first.timer@example.eu');
  await createWallet(page);
  await approveKyc(page);
  // Enough to hold the investment from cash at once (Pending), not left awaiting a bank transfer.
  await firstOnramp(page, '20000');
  await page.goto('/opportunities');
  const step = main(page).getByRole('region', { name: 'Before you invest' });
  await step.getByLabel('Country of residence').selectOption({ label: 'United Kingdom' });
  await step.getByRole('radio', { name: new RegExp(categoryLabels.uk_restricted.label) }).click();
  await step.getByRole('checkbox', { name: ukStatementLabel }).click();
  await step.getByRole('button', { name: 'Save and continue' }).click();
  // A UK investor must pass the appropriateness questions.
  await expect(step.getByRole('heading', { name: 'Is this investment right for you?' })).toBeVisible();
  await passQuestionnaire(page);
  await expect(step).toHaveCount(0);

  // The prescribed risk warning, on the list and on the detail.
  await expect(riskWarning(page)).toContainText(ukRiskWarning.text);
  await main(page).getByRole('link', { name: OPPORTUNITY.name }).click();
  await expect(main(page).getByRole('heading', { level: 1, name: OPPORTUNITY.name, exact: true })).toBeVisible();
  await expect(riskWarning(page)).toContainText(ukRiskWarning.text);

  // The first Invest starts the cooling-off: a countdown from 24 hours replaces Invest.
  await investButton(page).click();
  await expect(countdown(page)).toContainText(/Cooling-off: (23h 59m \d\ds|24h 00m 00s)/);
  await expect(investButton(page)).toHaveCount(0);
  await expect(investLink(page)).toHaveCount(0);
  await expect(afterCoolingOff(page)).toHaveCount(0);

  // The server holds it too: the flow, reached by its address, is refused until the end time.
  watch.allow(/\/rpc\/submit_investment$/);
  await page.goto(`/investments/${OPPORTUNITY.id}`);
  await investThroughFlow(page, AMOUNT_CENTS);
  const refusal = main(page).getByRole('alert');
  await expect(refusal).toContainText(/Your 24-hour cooling-off period ends at \d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC\./);
  await expect(refusal).not.toContainText(eligibilityRefusalMessage('COOLING_OFF_ACTIVE'));
  await expect(flowStep(page, 'Submitted')).toHaveCount(0);
  await refusal.getByRole('link', { name: 'Back to the opportunity' }).click();
  await expect(main(page).getByRole('heading', { level: 1, name: OPPORTUNITY.name, exact: true })).toBeVisible();
  // Coming back, the countdown again (its end is the server's answer), never Invest.
  await expect(countdown(page)).toContainText(/Cooling-off: (23h 5\dm \d\ds|24h 00m 00s)/);
  await expect(investButton(page)).toHaveCount(0);
  await expect(investLink(page)).toHaveCount(0);

  // A reload half a day on: the countdown survives it, and half a day is left.
  await page.clock.fastForward(12 * HOUR_MS);
  await page.reload();
  await expect(main(page).getByRole('heading', { level: 1, name: OPPORTUNITY.name, exact: true })).toBeVisible();
  await expect(countdown(page)).toContainText(/Cooling-off: 1[12]h \d\dm \d\ds/);
  await expect(investButton(page)).toHaveCount(0);
  await expect(investLink(page)).toHaveCount(0);

  // Past the 24 hours, by the page's clock: Continue and Leave, neither favoured.
  await page.clock.fastForward(12 * HOUR_MS + 60_000);
  await expect(countdown(page)).toHaveCount(0);
  const choice = afterCoolingOff(page);
  const proceed = choice.getByRole('button', { name: 'Continue', exact: true });
  const leave = choice.getByRole('button', { name: 'Leave', exact: true });
  await expect(proceed).toBeVisible();
  await expect(leave).toBeVisible();
  // Measured at rest: the pointer that clicked Invest may be over one of them (a hover fill).
  await page.mouse.move(0, 0);
  expect(await weight(leave)).toEqual(await weight(proceed));

  // Still a first-time investor once the cooling-off is over: the list, opened in another tab
  // (same clock, same backend), still carries the warning.
  const listTab = await page.context().newPage();
  await listTab.goto('/opportunities');
  await expect(main(listTab).getByRole('link', { name: OPPORTUNITY.name })).toBeVisible();
  await expect(riskWarning(listTab)).toContainText(ukRiskWarning.text);
  await listTab.close();

  // Continue: the flow, and this time the investment goes through.
  await proceed.click();
  await expect(page).toHaveURL(new RegExp(`/investments/${OPPORTUNITY.id}`));
  await investThroughFlow(page, AMOUNT_CENTS);
  await expect(flowStep(page, 'Submitted')).toBeVisible();
  const total = formatEuros(investmentQuote(AMOUNT_CENTS, 'bank').totalCents);
  await expect(
    main(page).getByText(`Your investment of ${total} in ${OPPORTUNITY.name} has been submitted.`),
  ).toBeVisible();
  await expect(main(page).getByText('Pending', { exact: true })).toBeVisible();

  // No longer a first-time investor: no warning, no cooling-off, a plain Invest. (The warning
  // waits for the member's reads, so it is looked for once the page's requests are done.)
  await page.goto('/opportunities');
  await expect(main(page).getByRole('link', { name: OPPORTUNITY.name })).toBeVisible();
  await networkQuiet(page);
  await expect(riskWarning(page)).toHaveCount(0);
  await page.goto(`/opportunities/${OPPORTUNITY.id}`);
  await expect(investLink(page)).toBeVisible();
  await networkQuiet(page);
  await expect(riskWarning(page)).toHaveCount(0);
  watch.expectClean();
});
