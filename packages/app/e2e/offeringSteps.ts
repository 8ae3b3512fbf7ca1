import type { Page } from '@playwright/test';
import { serverRows } from './backendCalls';
import { expect, main } from './fixtures';
import { approveKyc, classifyInvestor, createWallet, firstOnramp, flowStep, signInAs, signOut } from './steps';

/**
 * An offering's steps as its operators and an investor take them on /offerings and in the
 * investment flow (docs/offerings.md), shared by the journeys that need an issued offering.
 */

const HOUR = 60 * 60_000;
export const DAY = 24 * HOUR;
/** A datetime-local value (the form's fields are UTC). */
const utcField = (time: number) => new Date(time).toISOString().slice(0, 16);
const sha256Of = (seed: string) => seed.repeat(64).slice(0, 64);

/** The demo investor, onboarded with €20,000 of cash: a company in the Netherlands, no reflection period. */
export async function onboardCompanyInvestor(page: Page): Promise<void> {
  await signInAs(page, 'investor');
  await createWallet(page);
  await approveKyc(page);
  await firstOnramp(page, '20000');
  await classifyInvestor(page);
  await signOut(page);
}

export interface Terms {
  name: string;
  minTargetEuros: number;
  deadline: number;
}

/** The eq_spv_admin drafts the offering through the form, then submits it for review. */
export async function draftAndSubmit(page: Page, terms: Terms, now: number): Promise<void> {
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
export async function approve(page: Page, name: string): Promise<void> {
  await page.goto('/offerings');
  await openOffering(page, name);
  await main(page).getByRole('button', { name: 'Approve', exact: true }).click();
  await page
    .getByRole('dialog', { name: `Approve ${name}` })
    .getByRole('button', { name: 'Approve' })
    .click();
  await expect(main(page).getByRole('status').filter({ hasText: 'approved' })).toContainText(`${name} approved.`);
}

export async function offeringId(page: Page, name: string): Promise<string> {
  const [row] = await serverRows(page, `opportunities?name=eq.${encodeURIComponent(name)}&select=id,status`);
  expect(row?.id, `the offering ${name}`).toBeTruthy();
  return String(row?.id);
}

/** The investor subscribes €1,000 by bank transfer, held from cash at once. */
export async function subscribe(page: Page, id: string): Promise<void> {
  await page.goto(`/investments/${id}?step=3&amount=1000&method=bank`);
  await main(page).getByRole('button', { name: 'Confirm Investment' }).click();
  await expect(flowStep(page, 'Submitted')).toBeVisible();
}

/** The SPV closes the offering: its units are issued. */
export async function closeOffering(page: Page, name: string): Promise<void> {
  await page.goto('/offerings');
  await openOffering(page, name);
  await main(page).getByRole('button', { name: 'Close', exact: true }).click();
  await page
    .getByRole('dialog', { name: `Close ${name}` })
    .getByRole('button', { name: 'Close' })
    .click();
  await expect(main(page).getByRole('status').filter({ hasText: 'closed' })).toContainText(
    `${name} closed: its units are issued.`,
  );
}
