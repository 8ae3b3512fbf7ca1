import { expect, main, OPPORTUNITY, test, toast } from './fixtures';
import { createWallet, createWalletButton, kycDemoButton, signInAs, submitOnrampAmount } from './steps';

// The readiness gate: each step of onboarding sends back to where the member was going.

test('readiness gate: wallet, then kyc, then onramp, with from, and back after each step', async ({ page, watch }) => {
  test.slow();
  const target = `/investments/${OPPORTUNITY.id}`;
  const gateUrl = (need: string) =>
    new RegExp(
      `/access-required\\?need=${need}&from=${encodeURIComponent(target).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`,
    );
  const goBack = () => main(page).getByRole('link', { name: 'Go back' });

  await signInAs(page, 'investor');
  await page.goto(target);
  await expect(page).toHaveURL(gateUrl('wallet'));
  await expect(page.getByRole('heading', { level: 1, name: 'Access required' })).toBeVisible();
  await expect(main(page).getByRole('heading', { name: 'Create wallet' })).toBeVisible();
  await expect(main(page)).toContainText('~1 min');
  await expect(goBack()).toHaveAttribute('href', target);

  // The step's button leads to its page; once done, back to the page the person wanted.
  await main(page).getByRole('link', { name: 'Create Wallet' }).click();
  await expect(page).toHaveURL(/\/settings$/);
  await createWalletButton(page).click();
  await expect(toast(page, 'Wallet created successfully!')).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/\/access-required/);
  await goBack().click();
  await expect(page).toHaveURL(gateUrl('kyc'));
  await expect(main(page).getByRole('heading', { name: 'Complete KYC' })).toBeVisible();

  await main(page).getByRole('link', { name: 'Continue KYC' }).click();
  await expect(page).toHaveURL(/\/kyc-verification$/);
  await kycDemoButton(page).click();
  await expect(page.getByText('Approved', { exact: true })).toBeVisible();
  await page.goBack();
  await goBack().click();
  await expect(page).toHaveURL(gateUrl('onramp'));
  await expect(main(page).getByRole('heading', { name: 'First onramp (€20+)' })).toBeVisible();

  await main(page).getByRole('link', { name: 'Start Onramp' }).click();
  await expect(page).toHaveURL(/\/wallet$/);
  await submitOnrampAmount(page, '50');
  await main(page).getByRole('button', { name: 'Authorise payment' }).click();
  await expect(toast(page, 'Funded Member unlocked')).toBeVisible();
  // Back past the wallet: the payment provider's return to /wallet is a page of its own in the history.
  await page.goBack();
  if (!gateUrl('onramp').test(page.url())) await page.goBack();
  // Nothing is missing any more, so the page offers to continue where the person was going.
  await expect(main(page)).toContainText('Your account is ready: nothing is missing any more.');
  await main(page).getByRole('link', { name: 'Continue' }).click();
  await expect(page).toHaveURL(new RegExp(`${target}(\\?.*)?$`));
  await expect(main(page).getByRole('heading', { level: 2, name: 'Amount' })).toBeVisible();
  watch.expectClean();
});

test('readiness gate: the access-required page names the step still missing, not one already done', async ({
  page,
}) => {
  await signInAs(page, 'investor');
  await createWallet(page);
  // A stale link asking for the wallet, which exists now: the page shows the step that is really missing.
  await page.goto(`/access-required?need=wallet&from=${encodeURIComponent(`/investments/${OPPORTUNITY.id}`)}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Access required' })).toBeVisible();
  await expect(main(page).getByRole('heading', { name: 'Create wallet' })).toHaveCount(0);
  await expect(main(page).getByRole('heading', { name: 'Complete KYC' })).toBeVisible();
});
