import { sampleMemberRows } from '@vault/domain';
import { callAsMember } from './backendCalls';
import { expect, main, test } from './fixtures';
import { signInAs, signUpInDemoMode } from './steps';

/**
 * Sample history belongs to the demo investor (docs/backend.md "Demo mode and the demo
 * accounts"): a new member in demo mode starts with empty states and the agreement to sign, and
 * the demo investor's sample investments are real positions the server reads back.
 */

/** The sample history's texts: a notification, an upcoming action, a statement. */
const historyTexts = ['Distribution paid', 'Placement Term Ending', 'Q4 2024 Portfolio Statement'];

test('a new member in demo mode starts with empty states and only the agreement to sign', async ({ page, watch }) => {
  await signUpInDemoMode(page, 'empty.states@example.eu');
  const dashboard = main(page);
  await expect(dashboard.getByRole('heading', { name: 'No investments yet' })).toBeVisible();
  await expect(dashboard.getByRole('heading', { name: 'No notifications' })).toBeVisible();
  await expect(dashboard.getByRole('heading', { name: 'Nothing coming up' })).toBeVisible();
  for (const text of historyTexts) await expect(dashboard.getByText(text)).toHaveCount(0);

  // /documents: the membership agreement waits for their signature, and nothing else is there.
  await page.goto('/documents');
  await expect(main(page).getByText('Membership Agreement is waiting for your signature.')).toBeVisible();
  const documents = main(page).getByRole('list', { name: 'Documents' });
  await expect(documents.getByRole('listitem')).toHaveCount(1);
  await expect(documents.getByRole('heading', { name: 'Membership Agreement' })).toBeVisible();
  watch.expectClean();
});

test('the demo investor finds its sample history from the server: positions, notifications, and cash from the ledger', async ({
  page,
  watch,
}) => {
  await signInAs(page, 'investor');
  // Recent investments lists the positions the seed issued (my_positions), and the notifications are the sample's.
  const recent = main(page).getByRole('table', { name: 'Recent investments' });
  for (const investment of sampleMemberRows.investments) {
    await expect(recent.getByRole('row').filter({ hasText: investment.opportunity_name })).toHaveCount(1);
  }
  await expect(main(page).getByText('Distribution paid')).toBeVisible();

  await page.goto('/placements');
  const positions = main(page).getByRole('table', { name: 'Positions' });
  for (const investment of sampleMemberRows.investments) {
    await expect(positions.getByRole('row').filter({ hasText: investment.opportunity_name })).toHaveCount(1);
  }

  // The deposit paid exactly for them: its cash account holds nothing available, nothing held
  // (/wallet shows the figures once the wallet is made; the server answers them already).
  expect(await callAsMember(page, 'my_balance', {})).toEqual({
    status: 200,
    body: [{ available_cents: 0, held_cents: 0, total_cents: 0 }],
  });
  watch.expectClean();
});
