import { expect, settled, storedUser, test } from './fixtures';
import { signInAs, signOut, userMenuButton } from './steps';

// Sessions across tabs and connections: signing out everywhere, 'Remember me', offline.

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
