import { formatEuros, investmentQuote } from '@vault/domain';
import { serverRows } from './backendCalls';
import {
  expect,
  expectReadiness,
  main,
  nudge,
  OPPORTUNITY,
  PROFILES_PATH,
  readinessCard,
  storedUser,
  test,
  toast,
  WALLET_FUNCTION_PATH,
} from './fixtures';
import {
  approveKyc,
  classifyInvestor,
  createWallet,
  createWalletButton,
  firstOnramp,
  kycDemoButton,
  signInAs,
  signOut,
  submitOnrampAmount,
} from './steps';

// The investor in demo mode from a fresh account to a submitted investment, and what signing out and in keeps.

const DEMO_WALLET_RPC_PATH = '/rest/v1/rpc/demo_create_wallet';

test.describe('investor journey', () => {
  test('new investor in demo mode: onboarding to a submitted investment, nothing lost on reload', async ({
    page,
    watch,
  }) => {
    test.slow();
    const backendCalls: string[] = [];
    page.on('request', (request) => {
      const url = request.url();
      if (url.includes(WALLET_FUNCTION_PATH) || url.includes(PROFILES_PATH) || url.includes(DEMO_WALLET_RPC_PATH)) {
        backendCalls.push(`${request.method()} ${new URL(url).pathname}`);
      }
    });

    // Sign in: 25% (agreement always counts as done), the wallet nudge.
    await signInAs(page, 'investor');
    await expect(page.getByText('Demo', { exact: true })).toBeVisible();
    await expectReadiness(page, 25);
    await expect(nudge(page, 'Create your wallet')).toBeVisible();
    await expect(nudge(page, 'Create your wallet')).toContainText('~1 min');
    await expect(readinessCard(page)).toContainText("You're close! Complete 'Create wallet' to unlock more features.");
    await page.reload();
    await expectReadiness(page, 25);
    await expect(nudge(page, 'Create your wallet')).toBeVisible();

    // Wallet, from the nudge's call to action, in demo mode: demo_create_wallet(), no function call.
    await nudge(page, 'Create your wallet').getByRole('button', { name: 'Create Wallet' }).click();
    await expect(page).toHaveURL(/\/settings$/);
    backendCalls.length = 0;
    await createWalletButton(page).click();
    await expect(toast(page, 'Wallet created successfully!')).toBeVisible();
    await expect(main(page).getByText(/Wallet ID/)).toBeVisible();
    // In demo mode the server makes the demo wallet id (the wallet id is server-owned; docs/security.md),
    // with no PATCH of the profile row and no call of the wallet function.
    expect(backendCalls).toContainEqual(expect.stringMatching(new RegExp(`^POST .*${DEMO_WALLET_RPC_PATH}$`)));
    expect(backendCalls.filter((call) => call.startsWith('PATCH'))).toEqual([]);
    expect(backendCalls.filter((call) => call.includes(WALLET_FUNCTION_PATH))).toEqual([]);
    const walletId = (await storedUser(page))?.crossmintWalletId;
    expect(walletId).toEqual(expect.any(String));
    await expect(main(page)).toContainText(String(walletId));
    await page.reload();
    await expect(main(page)).toContainText(String(walletId));
    await expect(createWalletButton(page)).toHaveCount(0);

    await page.goto('/dashboard');
    await expectReadiness(page, 50);
    await expect(nudge(page, 'Complete KYC')).toBeVisible();
    await expect(nudge(page, 'Create your wallet')).toHaveCount(0);
    await page.reload();
    await expectReadiness(page, 50);

    // KYC, approved with the demo button.
    await nudge(page, 'Complete KYC').getByRole('button', { name: 'Continue KYC' }).click();
    await expect(page).toHaveURL(/\/kyc-verification$/);
    await kycDemoButton(page).click();
    await expect(page.getByText('Approved', { exact: true })).toBeVisible();
    await page.reload();
    await expect(page.getByText('Approved', { exact: true })).toBeVisible();
    await expect(kycDemoButton(page)).toHaveCount(0);
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expectReadiness(page, 75);
    await expect(nudge(page, 'Make your first onramp (€20+)')).toBeVisible();
    await page.reload();
    await expectReadiness(page, 75);

    // First on-ramp: €19.99 refused, €20 accepted.
    await nudge(page, 'Make your first onramp (€20+)').getByRole('button', { name: 'Start Onramp' }).click();
    await expect(page).toHaveURL(/\/wallet$/);
    await expect(main(page)).toContainText(String(walletId));
    await submitOnrampAmount(page, '19.99');
    await expect(main(page).getByRole('alert')).toHaveText('Minimum first on-ramp is €20');
    await expect(main(page).getByRole('button', { name: 'Authorise payment' })).toHaveCount(0);
    await submitOnrampAmount(page, '20');
    await expect(main(page).getByText(formatEuros(2000))).toBeVisible();
    await main(page).getByRole('button', { name: 'Authorise payment' }).click();
    await expect(toast(page, 'Funded Member unlocked')).toBeVisible();
    await expect(main(page).getByRole('heading', { name: 'Next best actions' })).toBeVisible();
    await page.reload();
    await expect(main(page).getByRole('heading', { name: 'Next best actions' })).toBeVisible();
    await expect(main(page)).toContainText(String(walletId));

    await page.goto('/dashboard');
    await expectReadiness(page, 100);
    await expect(readinessCard(page)).toContainText("All set. You've unlocked the full investor experience.");
    await expect(page.getByText('Next step', { exact: true })).toHaveCount(0);
    await page.reload();
    await expectReadiness(page, 100);

    // An opportunity, Invest, the four steps, once classified (a company in the Netherlands).
    await classifyInvestor(page);
    await page.goto('/opportunities');
    await main(page)
      .getByRole('link', { name: new RegExp(OPPORTUNITY.name) })
      .click();
    await expect(page).toHaveURL(new RegExp(`/opportunities/${OPPORTUNITY.id}$`));
    await expect(page.getByRole('heading', { level: 1, name: OPPORTUNITY.name })).toBeVisible();
    await page.getByRole('link', { name: 'Invest', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/investments/${OPPORTUNITY.id}`));

    const stepHeading = (name: string) => main(page).getByRole('heading', { level: 2, name, exact: true });
    const progress = main(page).getByRole('progressbar', { name: 'Investment progress' });
    await expect(stepHeading('Amount')).toBeVisible();
    await expect(progress).toHaveAttribute('aria-valuenow', '1');
    await expect(progress).toHaveAttribute('aria-valuemax', '4');
    const fiveK = formatEuros(500_000);
    await main(page).getByRole('button', { name: fiveK, exact: true }).click();
    await expect(main(page).getByRole('button', { name: fiveK, exact: true })).toHaveAttribute('aria-pressed', 'true');
    await expect(main(page).getByRole('textbox', { name: /amount/i })).toHaveValue('5000');
    await page.reload();
    await expect(stepHeading('Amount')).toBeVisible();
    await expect(main(page).getByRole('textbox', { name: /amount/i })).toHaveValue('5000');
    await main(page).getByRole('button', { name: 'Continue', exact: true }).click();

    await expect(stepHeading('Payment method')).toBeVisible();
    await expect(progress).toHaveAttribute('aria-valuenow', '2');
    await main(page)
      .getByRole('radio', { name: /Bank transfer/ })
      .click();
    await expect(main(page).getByRole('radio', { name: /Bank transfer/ })).toBeChecked();
    await page.reload();
    await expect(stepHeading('Payment method')).toBeVisible();
    await expect(main(page).getByRole('radio', { name: /Bank transfer/ })).toBeChecked();
    await main(page).getByRole('button', { name: 'Continue', exact: true }).click();

    const bank = investmentQuote(500_000, 'bank');
    await expect(stepHeading('Confirm')).toBeVisible();
    await expect(progress).toHaveAttribute('aria-valuenow', '3');
    await expect(main(page).getByTestId('quote-total')).toContainText(formatEuros(bank.totalCents));
    await expect(main(page)).toContainText(formatEuros(bank.managementFeeCents));
    await page.reload();
    await expect(main(page).getByTestId('quote-total')).toContainText(formatEuros(bank.totalCents));

    // Back to the method, card instead: the card fee line and a new total.
    await main(page).getByRole('button', { name: 'Back', exact: true }).click();
    await expect(stepHeading('Payment method')).toBeVisible();
    await main(page)
      .getByRole('radio', { name: /Card payment/ })
      .click();
    await main(page).getByRole('button', { name: 'Continue', exact: true }).click();
    const card = investmentQuote(500_000, 'card');
    await expect(stepHeading('Confirm')).toBeVisible();
    await expect(main(page).getByTestId('quote-total')).toContainText(formatEuros(card.totalCents));
    await expect(main(page)).toContainText(formatEuros(card.cardFeeCents));
    await page.reload();
    await expect(main(page).getByTestId('quote-total')).toContainText(formatEuros(card.totalCents));
    await main(page).getByRole('button', { name: 'Confirm Investment' }).click();

    await expect(stepHeading('Submitted')).toBeVisible();
    await expect(progress).toHaveAttribute('aria-valuenow', '4');
    await expect(main(page)).toContainText('has been submitted');
    await page.reload();
    await expect(stepHeading('Submitted')).toBeVisible();
    await main(page).getByRole('button', { name: 'Go to Dashboard' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expectReadiness(page, 100);
    watch.expectClean();
  });

  test('signing out and in again keeps the wallet and the profile row', async ({ page, watch }) => {
    await signInAs(page, 'investor');
    await createWallet(page);
    const first = await storedUser(page);
    const walletId = first?.crossmintWalletId;
    expect(walletId).toEqual(expect.any(String));

    await signOut(page);
    expect(await storedUser(page)).toBeNull();
    // Signed out: the dashboard sends to /login.
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login$/);

    await signInAs(page, 'investor');
    const again = await storedUser(page);
    expect(again?.id).toBe(first?.id);
    expect(again?.crossmintWalletId).toBe(walletId);
    await expectReadiness(page, 50);
    await page.goto('/settings');
    await expect(main(page)).toContainText(String(walletId));
    await expect(createWalletButton(page)).toHaveCount(0);
    const rows = await serverRows(page, `profiles?id=eq.${String(first?.id)}`);
    expect(rows).toEqual([expect.objectContaining({ id: first?.id, crossmint_wallet_id: walletId })]);
    watch.expectClean();
  });

  test('signing out and in with the same email keeps the wallet made by the wallet function', async ({
    page,
    watch,
  }) => {
    const email = 'jane.doe@example.eu';
    await page.goto('/');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('secret-1');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(toast(page, 'Login successful!')).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByText('Welcome back, Jane Doe.')).toBeVisible();
    const calls: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes(WALLET_FUNCTION_PATH)) calls.push(r.method());
    });
    await createWallet(page);
    expect(calls).toEqual(['POST']);
    const walletId = (await storedUser(page))?.crossmintWalletId;
    await signOut(page);

    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('another-password');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    // The guard sends a signed-in visitor of '/' on to /dashboard as soon as the session is there;
    // the profile, read back from the server, follows.
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect.poll(async () => (await storedUser(page))?.crossmintWalletId).toBe(walletId);
    await expectReadiness(page, 50);
    watch.expectClean();
  });
});

test('first on-ramp suggestions and the demo reset of the flag', async ({ page, watch }) => {
  await signInAs(page, 'investor');
  await createWallet(page);
  await approveKyc(page);
  await page.goto('/wallet');
  for (const euros of [20, 50, 100]) {
    await expect(main(page).getByRole('button', { name: formatEuros(euros * 100), exact: true })).toBeVisible();
  }
  await firstOnramp(page, '100');
  await main(page).getByRole('button', { name: 'Reset first on-ramp' }).click();
  await expect.poll(async () => (await storedUser(page))?.firstOnrampOk).toBe(false);
  await expect(main(page).getByRole('textbox', { name: 'Amount (EUR)', exact: true })).toBeVisible();
  watch.expectClean();
});
