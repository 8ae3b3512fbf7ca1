import { ADMIN_EMAIL, ADMIN_PASSWORD, expect, main, test, toast } from './fixtures';
import { adminMenuButton, userMenuButton } from './steps';

// The administrator's sign-in: its checks, the wrong pair, and the MFO admin's first screen.

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
