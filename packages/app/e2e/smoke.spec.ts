import { expect, signInAs, test } from './fixtures';

test('smoke: demo sign-in reaches the dashboard', async ({ page, watch }) => {
  await signInAs(page, 'investor');
  await expect(page.getByRole('heading', { name: 'Readiness Level' })).toBeVisible();
  watch.expectClean();
});
