import { formatEuros, investmentQuote } from '@vault/domain';
import { serverRows } from './backendCalls';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  expect,
  expectReadiness,
  main,
  nudge,
  OPPORTUNITY,
  PROFILES_PATH,
  readinessCard,
  settled,
  storedUser,
  test,
  toast,
  WALLET_FUNCTION_PATH,
} from './fixtures';
import {
  adminMenuButton,
  approveKyc,
  classifyInvestor,
  createWallet,
  createWalletButton,
  firstOnramp,
  kycDemoButton,
  signInAs,
  signOut,
  submitOnrampAmount,
  userMenuButton,
} from './steps';

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

test('admin login: validation, wrong pair, success, MFO admin dashboard, admin menu and palette', async ({
  page,
  watch,
}) => {
  await page.goto('/admin/login');
  const button = page.getByRole('button', { name: 'Access Dashboard' });
  await expect(page.getByRole('link', { name: 'Return to Main Login' })).toHaveAttribute('href', '/');

  await button.click();
  await expect(toast(page, 'Please fill in all fields')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/login$/);

  await page.getByLabel('Email').fill(ADMIN_EMAIL);
  await page.getByLabel('Password').fill('wrong-password');
  // The working state is short; a MutationObserver records it rather than racing it.
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { __adminButton: string[] }).__adminButton = seen;
    const form = document.querySelector('form');
    if (!form) return;
    new MutationObserver(() => {
      const b = form.querySelector('button[type=submit]') as HTMLButtonElement | null;
      if (b) seen.push(`${b.textContent?.trim()}|${b.disabled}`);
    }).observe(form, { subtree: true, childList: true, characterData: true, attributes: true });
  });
  await button.click();
  await expect(toast(page, 'Invalid admin credentials.')).toBeVisible();
  const states = await page.evaluate(() => (window as unknown as { __adminButton: string[] }).__adminButton);
  expect(states).toContain('Authenticating...|true');
  await expect(button).toBeEnabled();
  await expect(page).toHaveURL(/\/admin\/login$/);

  await page.getByLabel('Password').fill(ADMIN_PASSWORD);
  await button.click();
  await expect(toast(page, 'Admin login successful!')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: 'MFO Admin Dashboard' })).toBeVisible();
  for (const stat of ['Total Users', 'Total Assets Managed', 'Compliance Alerts']) {
    await expect(main(page).getByText(stat, { exact: true })).toBeVisible();
  }
  for (const section of [
    'Recent activity',
    'Account Recovery & Reset',
    'Platform Updates Distribution',
    'MFO Accounting',
  ]) {
    await expect(main(page).getByRole('heading', { name: section })).toBeVisible();
  }
  for (const quick of ['Manage Users', 'Compliance', 'Reports', 'Manage Assets']) {
    await expect(main(page).getByRole('link', { name: quick, exact: true }).first()).toBeVisible();
  }
  await expect(main(page)).toContainText('Admin shortcuts');

  await adminMenuButton(page).click();
  const adminItems = page.getByRole('menuitem');
  const hrefs = await adminItems.evaluateAll((items) => items.map((a) => a.getAttribute('href')));
  expect(hrefs).toEqual(['/users', '/compliance', '/reports']);
  await expect(page.getByText('Press Ctrl+K (or Cmd+K on Mac) to search')).toBeVisible();
  await expect(userMenuButton(page)).toContainText(ADMIN_EMAIL);

  // The admin flag opens every route, even those of other roles.
  await adminItems.first().click();
  await expect(page).toHaveURL(/\/users$/);
  await expect(page.getByText('Access denied.')).toHaveCount(0);

  await page.keyboard.press('Control+k');
  const palette = page.getByRole('dialog');
  await expect(palette.getByPlaceholder('Search pages and actions…')).toBeFocused();
  const adminGroup = palette.getByRole('group', { name: 'Admin' });
  await expect(adminGroup.getByRole('option')).toHaveText(['Manage Users', 'Compliance Center', 'Reports']);
  await expect(palette.getByRole('group', { name: 'Account' }).getByRole('option')).toHaveText(['Logout']);
  await adminGroup.getByRole('option', { name: 'Compliance Center' }).click();
  await expect(page).toHaveURL(/\/compliance$/);
  await expect(palette).toHaveCount(0);

  // Already an admin: /admin/login sends to the dashboard.
  await page.goto('/admin/login');
  await expect(page).toHaveURL(/\/dashboard$/);
  watch.expectClean();
});

test.describe('forms', () => {
  test('registration wizard: both validation toasts, Back disabled on step 1, completion to /dashboard', async ({
    page,
    watch,
  }) => {
    await page.goto('/register');
    const stepHeading = (name: string) => page.getByRole('heading', { name, exact: true });
    await expect(stepHeading('Personal Information')).toBeVisible();
    const back = page.getByRole('button', { name: 'Back', exact: true });
    const next = page.getByRole('button', { name: /^(Next|Continue)$/ });
    await expect(back).toBeDisabled();

    await next.click();
    await expect(toast(page, 'Please fill in all required fields')).toBeVisible();
    await expect(stepHeading('Personal Information')).toBeVisible();

    await page.getByLabel(/^First name/i).fill('Ada');
    await page.getByLabel(/^Last name/i).fill('Lovelace');
    await page.getByLabel(/^Email/i).fill('ada@example.eu');
    await page.getByLabel(/^Password/i).fill('analytical-engine');
    await page.getByLabel(/^Confirm password/i).fill('different');
    await next.click();
    await expect(toast(page, 'Passwords do not match')).toBeVisible();
    await expect(stepHeading('Personal Information')).toBeVisible();

    await page.getByLabel(/^Confirm password/i).fill('analytical-engine');
    await next.click();
    await expect(stepHeading('Contact Information')).toBeVisible();
    await expect(back).toBeEnabled();
    // Step 2 is optional.
    await back.click();
    await expect(stepHeading('Personal Information')).toBeVisible();
    await expect(page.getByLabel(/^First name/i)).toHaveValue('Ada');
    await next.click();
    await expect(stepHeading('Contact Information')).toBeVisible();
    await next.click();
    await expect(stepHeading('Account Setup')).toBeVisible();
    await page.getByRole('button', { name: /^(Complete|Complete Registration|Create Account|Finish)$/i }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByText('Welcome back, Ada Lovelace.')).toBeVisible();
    await expect(readinessCard(page)).toBeVisible();
    watch.expectClean();
  });

  test('agreement: the sign button works only once the terms are ticked', async ({ page, watch }) => {
    await signInAs(page, 'investor');
    await page.goto('/agreement');
    const sign = page.getByRole('button', { name: 'Sign Agreement' });
    const tick = page.getByRole('checkbox');
    await expect(tick).not.toBeChecked();
    await expect(sign).toBeDisabled();
    // An attempt anyway (keyboard) says why and stays.
    await sign.focus();
    await page.keyboard.press('Enter');
    await expect(toast(page, 'Please agree to the terms before signing')).toBeVisible();
    await expect(page).toHaveURL(/\/agreement$/);

    await tick.click();
    await expect(tick).toBeChecked();
    await expect(sign).toBeEnabled();
    await sign.click();
    await expect(page).toHaveURL(/\/dashboard$/);
    watch.expectClean();
  });

  test('settings: account deletion confirms, signs out and goes to /', async ({ page, watch }) => {
    await signInAs(page, 'investor');
    await page.goto('/settings');
    const del = page.getByRole('button', { name: 'Delete Account' });
    await expect(del).toHaveAttribute('aria-expanded', 'false');
    await del.click();
    await expect(del).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByText(/DELETE MY ACCOUNT/).first()).toBeVisible();
    // The typed text is not checked (docs/product.md §5).
    await page.getByLabel(/Type DELETE MY ACCOUNT/).fill('whatever');
    await page.getByRole('button', { name: 'Confirm Deletion' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(toast(page, 'You have been logged out successfully')).toBeVisible();
    expect(await storedUser(page)).toBeNull();
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login$/);
    watch.expectClean();
  });
});

test('two tabs: signing out in one signs the other out too; signing in again reaches both', async ({
  page,
  context,
  watch,
}) => {
  await signInAs(page, 'investor');
  const other = await context.newPage();
  await other.goto('/settings');
  await expect(userMenuButton(other)).toContainText('demo.investor@vault.example');

  await signOut(page);
  // No reload in the other tab: it follows the sign-out and leaves the signed-in page.
  await expect(other).toHaveURL(/\/$/);
  await expect(userMenuButton(other)).toHaveCount(0);

  // Signed in again in the first tab: the other, on '/', moves on to the new user's dashboard.
  await signInAs(page, 'mfo_admin');
  await expect(other).toHaveURL(/\/dashboard$/);
  await expect(other.getByRole('heading', { level: 1, name: 'MFO Admin Dashboard' })).toBeVisible();
  await signOut(page);
  await expect(other).toHaveURL(/\/$/);
  await other.close();
  watch.expectClean();
});

test("'Remember me' unticked: signed in for this tab, across reloads, but not in a new tab", async ({
  page,
  context,
  watch,
}) => {
  await page.goto('/');
  await page.getByLabel('Email').fill('tab.only@example.eu');
  await page.getByLabel('Password').fill('secret-1');
  const remember = page.getByRole('checkbox', { name: 'Remember me' });
  await expect(remember).toBeChecked();
  await remember.click();
  await expect(remember).not.toBeChecked();
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  expect(await storedUser(page)).toBeNull();

  await page.reload();
  await expect(userMenuButton(page)).toContainText('tab.only@example.eu');

  const other = await context.newPage();
  await other.goto('/dashboard');
  await expect(other).toHaveURL(/\/login$/);
  await other.close();
  watch.expectClean();
});

test('offline: the banner shows while the context is offline and hides when back online', async ({
  page,
  context,
  watch,
}) => {
  await signInAs(page, 'investor');
  // Offline only once the dashboard's own files have loaded: this test is about the banner.
  await settled(page);
  const banner = page.getByText('You’re offline. Some actions won’t work until connection is restored.');
  await expect(banner).toHaveCount(0);
  await context.setOffline(true);
  await expect(banner).toBeVisible();
  await context.setOffline(false);
  await expect(banner).toHaveCount(0);
  watch.expectClean();
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
