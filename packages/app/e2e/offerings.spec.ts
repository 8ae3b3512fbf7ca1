import type { Page } from '@playwright/test';
import { formatEuros, investmentQuote } from '@vault/domain';
import {
  approveKyc,
  classifyInvestor,
  createWallet,
  expect,
  expectWalletFigures,
  firstOnramp,
  flowStep,
  main,
  serverRows,
  signInAs,
  signOut,
  test,
} from './fixtures';

/**
 * An offering's life across roles, on the embedded backend's SQL (docs/offerings.md): the
 * eq_spv_admin drafts and submits it on /offerings, mfo_admin approves it (four eyes), an investor
 * subscribes and finds it pending on /placements, the SPV closes it and the investor holds its
 * units. A second offering misses its minimum at the deadline: the scheduled job fails it as the
 * clock passes, and the investor's cash comes back.
 */

const HOUR = 60 * 60_000;
const DAY = 24 * HOUR;
/** A datetime-local value (the form's fields are UTC). */
const utcField = (time: number) => new Date(time).toISOString().slice(0, 16);
const sha256Of = (seed: string) => seed.repeat(64).slice(0, 64);

interface Terms {
  name: string;
  minTargetEuros: number;
  deadline: number;
}

/** The eq_spv_admin drafts the offering through the form, then submits it for review. */
async function draftAndSubmit(page: Page, terms: Terms, now: number): Promise<void> {
  await page.goto('/offerings');
  await main(page).getByRole('button', { name: 'New offering' }).click();
  const form = main(page).getByRole('form', { name: 'New offering' });
  await expect(form.getByLabel('SPV', { exact: true })).not.toHaveValue('');
  await form.getByLabel('Name', { exact: true }).fill(terms.name);
  await form.getByLabel('Category', { exact: true }).selectOption('Renewable energy');
  await form.getByLabel('Region', { exact: true }).selectOption('EU');
  await form.getByLabel('Country', { exact: true }).fill('Portugal');
  await form.getByLabel('Description', { exact: true }).fill('A district heat network.');
  await form.getByLabel('Unit price (€)').fill('100');
  await form.getByLabel('Minimum target (€)').fill(String(terms.minTargetEuros));
  await form.getByLabel('Maximum (€)').fill('100000');
  await form.getByLabel('Opens at (UTC)').fill(utcField(now - HOUR));
  await form.getByLabel('Deadline (UTC)').fill(utcField(terms.deadline));
  await form.getByLabel('Term (months)').fill('60');
  await form.getByLabel('Projected yield (%)').fill('6.5');
  await form.getByLabel('Distribution frequency').selectOption('annual');
  await form.getByLabel('Lock-up (months)').fill('24');
  await form.getByLabel('Early redemption fee (%)').fill('2');
  await form.getByLabel('Allocation rule').selectOption('first_come');
  for (const [index, kind, name] of [
    [1, 'key_information', 'Key information sheet'],
    [2, 'subscription_terms', 'Subscription terms'],
  ] as const) {
    await form.getByRole('button', { name: 'Add a document' }).click();
    await form.getByLabel(`Document ${index} kind`).selectOption(kind);
    await form.getByLabel(`Document ${index} name`).fill(name);
    await form.getByLabel(`Document ${index} SHA-256`).fill(sha256Of(String(index)));
  }
  await form.getByRole('button', { name: 'Create draft' }).click();
  await openOffering(page, terms.name);
  await main(page).getByRole('button', { name: 'Submit for review' }).click();
  const dialog = page.getByRole('dialog', { name: `Submit ${terms.name}` });
  await dialog.getByRole('button', { name: 'Submit for review' }).click();
  await expect(main(page).getByRole('status').filter({ hasText: 'submitted for review' })).toContainText(
    `${terms.name} submitted for review.`,
  );
}

/** Opens an offering's detail from the /offerings list. */
async function openOffering(page: Page, name: string): Promise<void> {
  await main(page)
    .getByRole('table', { name: 'Offerings' })
    .getByRole('button', { name: `Open ${name}` })
    .click();
}

/** mfo_admin approves it: it opens at once, its opening time having passed. */
async function approve(page: Page, name: string): Promise<void> {
  await page.goto('/offerings');
  await openOffering(page, name);
  await main(page).getByRole('button', { name: 'Approve', exact: true }).click();
  await page
    .getByRole('dialog', { name: `Approve ${name}` })
    .getByRole('button', { name: 'Approve' })
    .click();
  await expect(main(page).getByRole('status').filter({ hasText: 'approved' })).toContainText(`${name} approved.`);
}

async function offeringId(page: Page, name: string): Promise<string> {
  const [row] = await serverRows(page, `opportunities?name=eq.${encodeURIComponent(name)}&select=id,status`);
  expect(row?.id, `the offering ${name}`).toBeTruthy();
  return String(row?.id);
}

/** The investor subscribes €1,000 by bank transfer, held from cash at once. */
async function subscribe(page: Page, id: string): Promise<void> {
  await page.goto(`/investments/${id}?step=3&amount=1000&method=bank`);
  await main(page).getByRole('button', { name: 'Confirm Investment' }).click();
  await expect(flowStep(page, 'Submitted')).toBeVisible();
}

test('an offering from draft to issued across roles, and one that fails at its deadline', async ({ page, watch }) => {
  test.slow();
  await page.clock.install();
  const now = Date.now();
  const issued: Terms = { name: 'Porto Heat Network', minTargetEuros: 1_000, deadline: now + 30 * DAY };
  const failing: Terms = { name: 'Braga Heat Network', minTargetEuros: 50_000, deadline: now + 2 * DAY };
  const total = investmentQuote(100_000, 'bank').totalCents;

  // The investor is onboarded first: a company in the Netherlands, no reflection period.
  await signInAs(page, 'investor');
  await createWallet(page);
  await approveKyc(page);
  await firstOnramp(page, '20000');
  await classifyInvestor(page);
  await signOut(page);

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
  await page.goto('/offerings');
  await openOffering(page, issued.name);
  await main(page).getByRole('button', { name: 'Close', exact: true }).click();
  await page
    .getByRole('dialog', { name: `Close ${issued.name}` })
    .getByRole('button', { name: 'Close' })
    .click();
  await expect(main(page).getByRole('status').filter({ hasText: 'closed' })).toContainText(
    `${issued.name} closed: its units are issued.`,
  );
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
