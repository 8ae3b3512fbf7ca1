import type { Page } from '@playwright/test';
import { categoryLabels, eligibilityRefusalMessage, eligibilityRefusalTitles } from '@vault/domain';
import { storedInvestments } from './backendCalls';
import { expect, main, OPPORTUNITY, settled, stateFile, test } from './fixtures';
import {
  approveKyc,
  classifyInvestor,
  createWallet,
  firstOnramp,
  flowStep,
  investThroughFlow,
  signInAs,
} from './steps';

/**
 * Eligibility per opportunity (docs/eligibility.md): an opportunity lists the countries it is
 * offered in (`eligible_countries`). The sample offered only in the EEA is Lisbon Affordable
 * Homes; a member living elsewhere reads "Not available to you" with the reason on its detail,
 * in place of Invest, and if they reach the investment flow anyway (its address), the server
 * refuses with COUNTRY_NOT_ELIGIBLE's text and nothing is stored.
 */

/** The sample opportunity offered only in the EEA (packages/domain/src/backend/sample/opportunities.ts). */
const EEA_ONLY = { id: 'affordable-homes-lisbon', name: 'Lisbon Affordable Homes' };

const notAvailable = (page: Page) => main(page).getByRole('status', { name: 'Not available to you' });
const investLink = (page: Page) => main(page).getByRole('link', { name: 'Invest', exact: true });

test.describe('a company in Switzerland', () => {
  test('reads why Lisbon is not available, may invest elsewhere, and is refused by the server from the flow', async ({
    page,
    watch,
  }) => {
    // Wallet, KYC and a first on-ramp, then the classification step on /opportunities.
    await signInAs(page, 'investor');
    await createWallet(page);
    await approveKyc(page);
    await firstOnramp(page, '20');
    await page.goto('/opportunities');
    const step = main(page).getByRole('region', { name: 'Before you invest' });
    await step.getByLabel('Country of residence').selectOption({ label: 'Switzerland' });
    await step.getByRole('radio', { name: new RegExp(categoryLabels.corporate.label) }).click();
    await step.getByRole('button', { name: 'Save and continue' }).click();
    await expect(step).toHaveCount(0);

    // From the list to Lisbon's detail: not available, the reason and what to do instead.
    await main(page).getByRole('link', { name: EEA_ONLY.name }).click();
    await expect(page).toHaveURL(new RegExp(`/opportunities/${EEA_ONLY.id}$`));
    await expect(main(page).getByRole('heading', { level: 1, name: EEA_ONLY.name })).toBeVisible();
    await expect(main(page).getByRole('button', { name: 'Not available to you' })).toBeDisabled();
    await expect(notAvailable(page)).toContainText(eligibilityRefusalTitles.COUNTRY_NOT_ELIGIBLE);
    await expect(notAvailable(page)).toContainText(eligibilityRefusalMessage('COUNTRY_NOT_ELIGIBLE'));
    await expect(investLink(page)).toHaveCount(0);
    await expect(main(page).getByRole('button', { name: 'Invest', exact: true })).toHaveCount(0);
    await notAvailable(page).getByRole('link', { name: 'See other opportunities' }).click();
    await expect(page).toHaveURL(/\/opportunities$/);

    // The restriction is the opportunity's, not the member's: Groningen is open to them.
    await main(page).getByRole('link', { name: OPPORTUNITY.name }).click();
    await expect(main(page).getByRole('heading', { level: 1, name: OPPORTUNITY.name })).toBeVisible();
    await expect(investLink(page)).toBeVisible();
    await expect(notAvailable(page)).toHaveCount(0);

    // Lisbon's flow by its address: every step shows, and Confirm is refused by the server.
    watch.allow(/\/rpc\/submit_investment$/);
    await page.goto(`/investments/${EEA_ONLY.id}`);
    await expect(main(page).getByRole('heading', { level: 1, name: `Invest in ${EEA_ONLY.name}` })).toBeVisible();
    await investThroughFlow(page);
    const refusal = main(page).getByRole('alert');
    await expect(refusal).toContainText(eligibilityRefusalMessage('COUNTRY_NOT_ELIGIBLE'));
    await expect(refusal).not.toContainText('COUNTRY_NOT_ELIGIBLE');
    await expect(flowStep(page, 'Confirm')).toBeVisible();
    await expect(flowStep(page, 'Submitted')).toHaveCount(0);
    expect(await storedInvestments(page)).toEqual([]);
    await refusal.getByRole('link', { name: 'See other opportunities' }).click();
    await expect(page).toHaveURL(/\/opportunities$/);
    watch.expectClean();
  });
});

test.describe('a UK resident', () => {
  // Onboarded (signed-in.setup.ts), then declared a UK restricted investor: first-time, with no
  // questionnaire taken, so the cooling-off and the questions would refuse too; the country comes first.
  test.use({ storageState: stateFile('readyInvestor') });

  test('is told Lisbon is not offered where they live before anything else', async ({ page, watch }) => {
    await page.goto('/dashboard');
    // The embedded backend answers once the app has started it: the dashboard has read its data.
    await settled(page);
    await classifyInvestor(page, { country: 'GB', category: 'uk_restricted', answers: { statement_signed: true } });
    await page.goto(`/opportunities/${EEA_ONLY.id}`);
    await expect(main(page).getByRole('heading', { level: 1, name: EEA_ONLY.name })).toBeVisible();
    await expect(main(page).getByRole('button', { name: 'Not available to you' })).toBeDisabled();
    await expect(notAvailable(page)).toContainText(eligibilityRefusalTitles.COUNTRY_NOT_ELIGIBLE);
    await expect(notAvailable(page)).not.toContainText(eligibilityRefusalTitles.APPROPRIATENESS_REQUIRED);
    await expect(main(page).getByRole('button', { name: 'Invest', exact: true })).toHaveCount(0);
    await expect(investLink(page)).toHaveCount(0);
    watch.expectClean();
  });
});
