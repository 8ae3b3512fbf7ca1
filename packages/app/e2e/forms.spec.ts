import { expect, readinessCard, storedUser, test, toast } from './fixtures';
import { signInAs } from './steps';

// The forms outside the investment flow: registration, the agreement, account deletion.

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
