import { categoryLabels, formatEuros, investmentQuote } from '@vault/domain';
import { tabTo } from './a11y';
import { expect, main, nudge, OPPORTUNITY, storedUser, test, toast } from './fixtures';
import { createWalletButton, signInAs } from './steps';

/** Where focus is, for assertions: true when the locator holds it. */
async function expectFocused(locator: import('@playwright/test').Locator): Promise<void> {
  await expect(locator).toBeFocused();
}

test('keyboard only: from the landing page to a finished investment, skip link included', async ({ page, watch }) => {
  test.slow();
  await page.goto('/?demo=1');
  await expect(page.getByRole('button', { name: 'Sign in as investor' })).toBeVisible();

  // The skip link is the first stop and moves focus to the main content.
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await expectFocused(skip);
  await expect(skip).toBeVisible();
  await page.keyboard.press('Enter');
  await expectFocused(main(page));

  // Sign in with the keyboard through the form.
  await tabTo(page, page.getByLabel('Email'));
  await page.keyboard.type('keys.only@example.eu');
  await page.keyboard.press('Tab');
  await expectFocused(page.getByLabel('Password'));
  await page.keyboard.type('typed-not-clicked');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(toast(page, 'Login successful!')).toBeVisible();

  // On a shell page too, the first Tab of a fresh page (F5) reaches the skip link.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Readiness Level' })).toBeVisible();
  await page.keyboard.press('Tab');
  await expectFocused(page.getByRole('link', { name: 'Skip to content' }));
  await page.keyboard.press('Enter');
  await expectFocused(main(page));

  // Wallet, from the nudge.
  await tabTo(page, nudge(page, 'Create your wallet').getByRole('button', { name: 'Create Wallet' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/settings$/);
  await tabTo(page, createWalletButton(page));
  await page.keyboard.press('Enter');
  await expect(toast(page, 'Wallet created successfully!')).toBeVisible();

  // KYC: the palette takes us back to the dashboard, the nudge on.
  await page.keyboard.press('Control+k');
  await expectFocused(page.getByPlaceholder('Search pages and actions…'));
  await page.keyboard.type('Go to Dashboard');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/dashboard$/);
  await tabTo(page, nudge(page, 'Complete KYC').getByRole('button', { name: 'Continue KYC' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/kyc-verification$/);
  await tabTo(page, page.getByRole('button', { name: /approve kyc/i }));
  await page.keyboard.press('Enter');
  await expect.poll(async () => (await storedUser(page))?.kycStatus).toBe('approved');
  await tabTo(page, page.getByRole('button', { name: 'Continue', exact: true }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/dashboard$/);

  // First on-ramp.
  await tabTo(page, nudge(page, 'Make your first onramp (€20+)').getByRole('button', { name: 'Start Onramp' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/wallet$/);
  await tabTo(page, main(page).getByRole('textbox', { name: /amount/i }));
  await page.keyboard.type('20');
  await page.keyboard.press('Enter');
  await tabTo(page, main(page).getByRole('button', { name: 'Authorise payment' }));
  await page.keyboard.press('Enter');
  await expect(toast(page, 'Funded Member unlocked')).toBeVisible();

  // An opportunity and the four steps.
  await tabTo(page, main(page).getByRole('link', { name: /explore opportunities/i }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/opportunities/);

  // Before a first investment: country and investor category, by keyboard too (a company skips
  // the appropriateness questions).
  const classification = main(page).getByRole('region', { name: 'Before you invest' });
  const country = classification.getByLabel('Country of residence');
  await tabTo(page, country);
  await page.keyboard.type('Netherlands');
  await expect(country).toHaveValue('NL');
  await page.keyboard.press('Tab');
  await expectFocused(classification.getByRole('radio').first());
  // Arrows move along the group; Space picks the focused category.
  const company = classification.getByRole('radio', { name: new RegExp(categoryLabels.corporate.label) });
  // One key at a time, as a person presses them: Radix moves the focus after the keydown (a
  // timeout), so a second press sent before it lands moves from the same radio again.
  await page.keyboard.press('ArrowDown');
  await expectFocused(classification.getByRole('radio').nth(1));
  await page.keyboard.press('ArrowDown');
  await expectFocused(company);
  await page.keyboard.press('Space');
  await expect(company).toBeChecked();
  await tabTo(page, classification.getByRole('button', { name: 'Save and continue' }));
  await page.keyboard.press('Enter');
  await expect(classification).toHaveCount(0);

  await tabTo(page, main(page).getByRole('link', { name: new RegExp(OPPORTUNITY.name) }), 120);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/opportunities/${OPPORTUNITY.id}$`));
  await tabTo(page, page.getByRole('link', { name: 'Invest', exact: true }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/investments/${OPPORTUNITY.id}`));

  await tabTo(page, main(page).getByRole('button', { name: formatEuros(500_000), exact: true }));
  await page.keyboard.press('Space');
  await expect(main(page).getByRole('textbox', { name: /amount/i })).toHaveValue('5000');
  await tabTo(page, main(page).getByRole('button', { name: 'Continue', exact: true }));
  await page.keyboard.press('Enter');
  await expect(main(page).getByRole('heading', { name: 'Payment method', exact: true })).toBeVisible();
  // Radio group: Tab into it, arrows pick the card.
  await tabTo(page, main(page).getByRole('radio', { checked: true }));
  await page.keyboard.press('ArrowRight');
  await expectFocused(main(page).getByRole('radio', { name: /Card payment/ }));
  await page.keyboard.press('Space');
  await expect(main(page).getByRole('radio', { name: /Card payment/ })).toBeChecked();
  await tabTo(page, main(page).getByRole('button', { name: 'Continue', exact: true }));
  await page.keyboard.press('Enter');
  await expect(main(page).getByTestId('quote-total')).toContainText(
    formatEuros(investmentQuote(500_000, 'card').totalCents),
  );
  await tabTo(page, main(page).getByRole('button', { name: 'Confirm Investment' }));
  await page.keyboard.press('Enter');
  await expect(main(page).getByRole('heading', { name: 'Submitted', exact: true })).toBeVisible();
  await tabTo(page, main(page).getByRole('button', { name: 'Go to Dashboard' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/dashboard$/);
  watch.expectClean();
});

test('keyboard only: Ctrl+K palette reaches every Navigation entry', async ({ page, watch }) => {
  await signInAs(page, 'investor');
  const palette = page.getByRole('dialog');
  // docs/product.md §2 'Command palette': the Navigation group, in order, with where each entry goes.
  const entries: [string, RegExp][] = [
    ['Go to Dashboard', /\/dashboard$/],
    ['Explore Opportunities', /\/opportunities$/],
    ['View Portfolio', /\/placements$/],
    ['Open Wallet', /\/wallet$/],
    ['View Documents', /\/documents$/],
    ['Account Settings', /\/settings$/],
    ['Support', /\/support$/],
  ];
  await page.keyboard.press('Control+k');
  const input = palette.getByPlaceholder('Search pages and actions…');
  await expectFocused(input);
  await expect(palette.getByRole('group', { name: 'Navigation' }).getByRole('option')).toHaveText(
    entries.map(([label]) => label),
  );
  // Ctrl+K toggles: closes again, focus returns.
  await page.keyboard.press('Control+k');
  await expect(palette).toHaveCount(0);

  await page.keyboard.press('Control+k');
  await page.keyboard.type('zzzz-nothing');
  await expect(palette.getByText('No results found.')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(palette).toHaveCount(0);

  for (const [index, [label, url]] of entries.entries()) {
    await page.keyboard.press('Control+k');
    await expectFocused(input);
    // Arrow down to the entry rather than typing its name: the list itself is keyboard-operable.
    for (let i = 0; i < index; i++) await page.keyboard.press('ArrowDown');
    await expect(palette.getByRole('option', { name: label, exact: true })).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('Enter');
    await expect(page, label).toHaveURL(url);
    await expect(palette).toHaveCount(0);
  }
  watch.expectClean();
});
