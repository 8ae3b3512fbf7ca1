import { formatEuros, investmentQuote } from '@vault/domain';
import { serverRows } from './backendCalls';
import { expect, main, test } from './fixtures';
import {
  approve,
  closeOffering,
  DAY,
  draftAndSubmit,
  offeringId,
  onboardCompanyInvestor,
  subscribe,
  type Terms,
} from './offeringSteps';
import { expectWalletFigures, signInAs, signOut } from './steps';

/**
 * An offering's life across roles, on the embedded backend's SQL (docs/offerings.md): the
 * eq_spv_admin drafts and submits it on /offerings, mfo_admin approves it (four eyes), an investor
 * subscribes and finds it pending on /placements, the SPV closes it and the investor holds its
 * units. A second offering misses its minimum at the deadline: the scheduled job fails it as the
 * clock passes, and the investor's cash comes back.
 */

test('an offering from draft to issued across roles, and one that fails at its deadline', async ({ page, watch }) => {
  test.slow();
  await page.clock.install();
  const now = Date.now();
  const issued: Terms = { name: 'Porto Heat Network', minTargetEuros: 1_000, deadline: now + 30 * DAY };
  const failing: Terms = { name: 'Braga Heat Network', minTargetEuros: 50_000, deadline: now + 2 * DAY };
  const total = investmentQuote(100_000, 'bank').totalCents;

  // The investor is onboarded first: a company in the Netherlands, no reflection period.
  await onboardCompanyInvestor(page);

  // The eq_spv_admin drafts and submits both; mfo_admin approves both.
  await signInAs(page, 'eq_spv_admin');
  await draftAndSubmit(page, issued, now);
  await draftAndSubmit(page, failing, now);
  await signOut(page);
  await signInAs(page, 'mfo_admin');
  await approve(page, issued.name);
  await approve(page, failing.name);
  const issuedId = await offeringId(page, issued.name);
  const failingId = await offeringId(page, failing.name);
  await signOut(page);

  // The investor subscribes to both; /placements shows them pending, funds held.
  await signInAs(page, 'investor');
  await expectWalletFigures(page, 2_000_000, 0);
  await subscribe(page, issuedId);
  await subscribe(page, failingId);
  await expectWalletFigures(page, 2_000_000 - 2 * total, 2 * total);
  await page.goto('/placements');
  const pending = main(page).getByRole('region', { name: 'Pending subscriptions' });
  for (const name of [issued.name, failing.name]) {
    const item = pending.getByRole('listitem').filter({ hasText: name });
    await expect(item).toContainText('Pending');
    await expect(item).toContainText('funds held');
  }
  await signOut(page);

  // The SPV closes the first: its units are issued.
  await signInAs(page, 'eq_spv_admin');
  await closeOffering(page, issued.name);
  await signOut(page);

  // Past the second's deadline (the page's clock, which the SQL and its scheduled jobs follow).
  await page.clock.fastForward(3 * DAY);
  await signInAs(page, 'investor');
  await page.goto('/placements');
  const position = main(page)
    .getByRole('table', { name: 'Positions' })
    .getByRole('row')
    .filter({ hasText: issued.name });
  await expect(position).toContainText('10');
  await expect(position).toContainText(formatEuros(100_000));
  await expect(main(page).getByRole('region', { name: 'Pending subscriptions' }).getByText(failing.name)).toHaveCount(
    0,
  );
  const [failed] = await serverRows(page, `opportunities?id=eq.${failingId}&select=status`);
  expect(failed?.status).toBe('failed');

  // The failed offering's hold came back: only the issued subscription's total left the cash.
  await expectWalletFigures(page, 2_000_000 - total, 0);
  watch.expectClean();
});
