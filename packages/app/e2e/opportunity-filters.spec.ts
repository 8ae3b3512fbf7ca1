import type { Page } from '@playwright/test';
import { expect, main, stateFile, test } from './fixtures';

// The filters live in the URL (docs/decisions.md (11)): a link, a reload and Back all keep them.
test.use({ storageState: stateFile('readyInvestor') });

const categories = (page: Page) => main(page).getByRole('group', { name: 'Category' });
const pill = (page: Page, name: string) => categories(page).getByRole('button', { name, exact: true });
const shown = (page: Page) => main(page).getByText(/^Showing \d+ opportunit(y|ies)$/);
const cards = (page: Page) => main(page).getByRole('region', { name: 'Opportunities' }).getByRole('listitem');

test('the filters follow the URL: a pill writes it, the last of two quick pills wins, reload and Back keep it', async ({
  page,
  watch,
}) => {
  await page.goto('/opportunities');
  await expect(pill(page, 'All')).toHaveAttribute('aria-pressed', 'true');
  await expect(shown(page)).toBeVisible();
  const everything = await cards(page).count();
  expect(everything).toBeGreaterThan(1);

  await pill(page, 'Clean water').click();
  await expect(page).toHaveURL(/[?&]category=Clean(\+|%20)water(&|$)/);
  await expect(pill(page, 'Clean water')).toHaveAttribute('aria-pressed', 'true');
  await expect(cards(page)).not.toHaveCount(everything);
  const cleanWater = await cards(page).count();
  expect(cleanWater).toBeGreaterThan(0);
  expect(cleanWater).toBeLessThan(everything);
  for (const card of await cards(page).all()) await expect(card).toContainText('Clean water');

  // Two pills in quick succession: the URL written for the first must not bring it back.
  await pill(page, 'Education').click();
  await pill(page, 'Renewable energy').click();
  await expect(page).toHaveURL(/[?&]category=Renewable(\+|%20)energy(&|$)/);
  await page.waitForTimeout(500);
  await expect(pill(page, 'Renewable energy')).toHaveAttribute('aria-pressed', 'true');
  await expect(page).toHaveURL(/[?&]category=Renewable(\+|%20)energy(&|$)/);
  const renewable = await shown(page).textContent();

  await page.reload();
  await expect(pill(page, 'Renewable energy')).toHaveAttribute('aria-pressed', 'true');
  await expect(shown(page)).toHaveText(renewable ?? '');

  // Into a detail and Back: the list comes back filtered as it was.
  await cards(page).first().getByRole('link').first().click();
  await expect(page).toHaveURL(/\/opportunities\/[^/?]+$/);
  await page.goBack();
  await expect(pill(page, 'Renewable energy')).toHaveAttribute('aria-pressed', 'true');
  await expect(shown(page)).toHaveText(renewable ?? '');

  // Reset clears the filter from the URL too.
  await main(page).getByRole('button', { name: 'Reset', exact: true }).click();
  await expect(pill(page, 'All')).toHaveAttribute('aria-pressed', 'true');
  await expect(page).not.toHaveURL(/category=/);
  await expect(cards(page)).toHaveCount(everything);
  watch.expectClean();
});
