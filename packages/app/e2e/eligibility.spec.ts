import type { Page } from '@playwright/test';
import {
  appropriatenessWarning,
  categoryLabels,
  eligibilityRefusalMessage,
  eligibilityRefusalTitles,
  ukRiskWarning,
  ukStatementLabel,
} from '@vault/domain';
import { expect, main, OPPORTUNITY, test } from './fixtures';
import {
  answerQuestionnaire,
  approveKyc,
  classification,
  classifyInvestor,
  createWallet,
  firstOnramp,
  signUpInDemoMode,
} from './steps';

/**
 * Who may invest in what (docs/eligibility.md), through the app against the embedded backend: an
 * onboarded investor who has not said where they live or what kind of investor they are is asked
 * on /opportunities, answers the appropriateness questions, and invests; the server's refusals
 * show with what to do next.
 */

/**
 * A new member in demo mode, through wallet, KYC and a first on-ramp: past every gate, not
 * classified, and a first-time investor (the demo investor owns the sample history).
 */
async function onboardedInvestor(page: Page): Promise<void> {
  await signUpInDemoMode(page, 'not.classified@example.eu');
  await createWallet(page);
  await approveKyc(page);
  await firstOnramp(page, '20');
}

async function invest(page: Page): Promise<void> {
  await page.goto(`/investments/${OPPORTUNITY.id}?step=3&amount=5000&method=bank`);
  await main(page).getByRole('button', { name: 'Confirm Investment' }).click();
}

test('an unclassified investor is refused with what to do next, classifies as UK retail, passes the questions, and as a first-time investor reads the risk warning and is held by the cooling-off', async ({
  page,
}) => {
  await onboardedInvestor(page);

  // The server refuses; the flow shows its text and the way to the classification step.
  await invest(page);
  const refusal = main(page).getByRole('alert');
  await expect(refusal).toContainText(eligibilityRefusalMessage('NOT_CLASSIFIED'));
  await expect(refusal).not.toContainText('NOT_CLASSIFIED:');
  await refusal.getByRole('link', { name: 'Tell us about yourself' }).click();
  await expect(page).toHaveURL(/\/opportunities\?step=classification/);

  // The UK offers the FCA categories only; each needs its signed statement.
  const step = classification(page);
  await step.getByLabel('Country of residence').selectOption('GB');
  await expect(step.getByRole('radio')).toHaveCount(3);
  await expect(step.getByRole('radio', { name: new RegExp(categoryLabels.retail.label) })).toHaveCount(0);
  await step.getByRole('radio', { name: new RegExp(categoryLabels.uk_restricted.label) }).click();
  // Without the statement the server refuses, and the answers stay.
  await step.getByRole('button', { name: 'Save and continue' }).click();
  await expect(step.getByRole('alert')).toContainText('signed statement');
  await expect(step.getByLabel('Country of residence')).toHaveValue('GB');
  await step.getByRole('checkbox', { name: ukStatementLabel }).click();
  await step.getByRole('button', { name: 'Save and continue' }).click();

  // A UK retail investor must pass the appropriateness questions.
  await expect(step.getByRole('heading', { name: 'Is this investment right for you?' })).toBeVisible();
  await answerQuestionnaire(page, true);
  await expect(classification(page)).toHaveCount(0);

  // A new member has invested nothing: a UK first-time investor reads the FCA's risk warning on
  // the list and the detail, and the server holds the investment until the 24-hour cooling-off
  // has run (its start and end: uk-cooling-off.spec.ts).
  const warning = (p: Page) => main(p).getByRole('note', { name: 'Risk warning' });
  // The prescribed text, then its link to the risk summary.
  const warningText = `${ukRiskWarning.text}${ukRiskWarning.linkLabel}`;
  await expect(warning(page)).toHaveText(warningText);
  await page.goto(`/opportunities/${OPPORTUNITY.id}`);
  await expect(warning(page)).toHaveText(warningText);
  await expect(main(page).getByRole('button', { name: 'Invest', exact: true })).toBeVisible();
  await invest(page);
  await expect(main(page).getByRole('alert')).toContainText(eligibilityRefusalMessage('COOLING_OFF_ACTIVE'));
});

test('a UK retail investor who fails the questions reads when to retake them, and the detail says why it is not available', async ({
  page,
}) => {
  await onboardedInvestor(page);
  // Invested once (as a Dutch company): no longer a first-time investor, so no cooling-off comes
  // before the questions. Then the member says they live in the UK.
  await classifyInvestor(page);
  await invest(page);
  await expect(main(page).getByRole('heading', { level: 2, name: 'Submitted', exact: true })).toBeVisible();
  await page.goto('/opportunities?step=classification');
  const step = classification(page);
  await step.getByLabel('Country of residence').selectOption('GB');
  await step.getByRole('radio', { name: new RegExp(categoryLabels.uk_sophisticated.label) }).click();
  await step.getByRole('checkbox', { name: ukStatementLabel }).click();
  await step.getByRole('button', { name: 'Save and continue' }).click();
  await answerQuestionnaire(page, false);
  await expect(step.getByRole('status')).toContainText('take them again after');
  await expect(step.getByRole('checkbox')).toHaveCount(0);

  await page.goto(`/opportunities/${OPPORTUNITY.id}`);
  await expect(main(page).getByRole('button', { name: 'Not available to you' })).toBeDisabled();
  const reason = main(page).getByRole('status', { name: 'Not available to you' });
  await expect(reason).toContainText(eligibilityRefusalTitles.APPROPRIATENESS_REQUIRED);
  await expect(main(page).getByRole('link', { name: 'Invest', exact: true })).toHaveCount(0);
});

test('an EU retail investor told "not appropriate" goes ahead only after acknowledging the warning', async ({
  page,
}) => {
  await onboardedInvestor(page);
  await page.goto('/opportunities');
  const step = classification(page);
  await step.getByLabel('Country of residence').selectOption('DE');
  await expect(step.getByRole('radio')).toHaveCount(3);
  await step.getByRole('radio', { name: new RegExp(categoryLabels.retail.label) }).click();
  await step.getByRole('button', { name: 'Save and continue' }).click();
  await answerQuestionnaire(page, false);
  await expect(step.getByRole('alert')).toContainText(appropriatenessWarning.title);
  const proceed = step.getByRole('button', { name: 'Continue' });
  await expect(proceed).toBeDisabled();
  await step.getByRole('checkbox', { name: appropriatenessWarning.acknowledge }).click();
  await proceed.click();
  await expect(classification(page)).toHaveCount(0);

  await invest(page);
  await expect(main(page).getByRole('heading', { level: 2, name: 'Submitted', exact: true })).toBeVisible();
});
