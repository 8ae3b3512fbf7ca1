import type { Locator, Page } from '@playwright/test';
import { currentQuestionnaire, formatEuros, type Role } from '@vault/domain';
import { callAsMember } from './backendCalls';
import { ADMIN_EMAIL, ADMIN_PASSWORD, expect, FIRST_CALL_MS, main, OPPORTUNITY, storedUser, toast } from './fixtures';

/** The steps a person takes through the app's screens, shared by the journeys. */

/** Demo mode on, then the demo account button of the role; lands on the dashboard. */
export async function signInAs(page: Page, role: Role): Promise<void> {
  await page.goto('/?demo=1');
  await page.getByRole('button', { name: `Sign in as ${role}`, exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: FIRST_CALL_MS });
  await expect(toast(page, 'Login successful!')).toBeVisible();
}

/**
 * The administrator pair through /admin/login (docs/decisions.md (2)): mfo_admin with the admin
 * flag, and no demo account, so the server lets it change roles (a demo account may not).
 */
export async function signInAsAdministrator(page: Page): Promise<void> {
  await page.goto('/admin/login');
  await page.getByLabel('Email').fill(ADMIN_EMAIL);
  await page.getByLabel('Password').fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Access Dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: FIRST_CALL_MS });
}

/** The investor sign-in form of '/' (no demo mode: the wallet function is called for real). */
export async function signInWithEmail(page: Page, email: string, password = 'correct horse'): Promise<void> {
  await page.goto('/');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: FIRST_CALL_MS });
  await expect(toast(page, 'Login successful!')).toBeVisible();
}

/**
 * A new member in demo mode: the tab's demo flag on (`?demo=1`), then the sign-in form, which
 * makes the account on first sign-in. Unlike the demo investor, who owns the sample history, a new
 * member starts with empty states and has never invested (docs/backend.md "Demo mode").
 */
export async function signUpInDemoMode(page: Page, email: string): Promise<void> {
  await page.goto('/?demo=1');
  await signInWithEmail(page, email);
}

/** The user menu's button in the header: it shows the signed-in email. */
export function userMenuButton(page: Page): Locator {
  return page.getByRole('banner').getByRole('button', { name: /@/ });
}

/** The admin menu's button in the header (docs/product.md §2: /users, /compliance, /reports). */
export function adminMenuButton(page: Page): Locator {
  return page.getByRole('banner').getByRole('button', { name: 'Admin', exact: true });
}

/** Signs out through the user menu. */
export async function signOut(page: Page): Promise<void> {
  await userMenuButton(page).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(toast(page, 'You have been logged out successfully')).toBeVisible();
  // Soft: a wrong landing page is reported, and the journey still checks what follows.
  await expect.soft(page, 'Logout goes to /').toHaveURL(/\/$/);
}

/** The Create Wallet button of the Wallet section of /settings. */
export function createWalletButton(page: Page): Locator {
  return main(page).getByRole('region', { name: 'Wallet', exact: true }).getByRole('button', { name: 'Create Wallet' });
}

/** Creates the wallet on /settings (demo mode: a PATCH of the profile row). */
export async function createWallet(page: Page): Promise<void> {
  await page.goto('/settings');
  await createWalletButton(page).click();
  await expect(toast(page, 'Wallet created successfully!')).toBeVisible();
  await expect(main(page).getByText(/Wallet ID/)).toBeVisible();
}

export function kycDemoButton(page: Page): Locator {
  return page.getByRole('button', { name: /approve kyc/i });
}

/**
 * Approves KYC with the demo button of /kyc-verification. The first toast is the answer: a
 * failure fails here with the error the member was shown, not later as a status that never came.
 */
export async function approveKyc(page: Page): Promise<void> {
  await page.goto('/kyc-verification');
  await kycDemoButton(page).click();
  await expect(page.locator('[data-sonner-toast]').first()).toHaveText(/KYC approved/);
  await expect.poll(async () => (await storedUser(page))?.kycStatus).toBe('approved');
}

/** The amount field of the first on-ramp on /wallet. */
function onrampAmount(page: Page): Locator {
  return main(page).getByRole('textbox', { name: 'Amount (EUR)', exact: true });
}

/** Types an amount and submits the first on-ramp form (before the bank step). */
export async function submitOnrampAmount(page: Page, euros: string): Promise<void> {
  await onrampAmount(page).fill(euros);
  await main(page).getByRole('button', { name: 'Continue to your bank' }).click();
}

/** Funds the first on-ramp on /wallet with an amount in euros, through the mocked bank step. */
export async function firstOnramp(page: Page, euros: string): Promise<void> {
  await page.goto('/wallet');
  await submitOnrampAmount(page, euros);
  await main(page).getByRole('button', { name: 'Authorise payment' }).click();
  await expect(toast(page, 'Funded Member unlocked')).toBeVisible();
}

/**
 * Declares the signed-in member's country and investor category through
 * save_investor_profile, as the classification step does (docs/eligibility.md). Default: a
 * company in the Netherlands, eligible for every sample opportunity with no questionnaire and no
 * cooling-off.
 */
export async function classifyInvestor(
  page: Page,
  declaration: { country: string; category: string; answers: Record<string, boolean> } = {
    country: 'NL',
    category: 'corporate',
    answers: {},
  },
): Promise<void> {
  const { status } = await callAsMember(page, 'save_investor_profile', declaration);
  expect(status, 'save_investor_profile answers 200').toBe(200);
}

/** The classification step of /opportunities ("Before you invest"), for an unclassified investor. */
export function classification(page: Page): Locator {
  return main(page).getByRole('region', { name: 'Before you invest' });
}

/** Answers every appropriateness question with the option worth a point (pass) or with none worth one (fail). */
export async function answerQuestionnaire(page: Page, pass: boolean): Promise<void> {
  for (const question of currentQuestionnaire.questions) {
    const option = question.options.find((o) => (pass ? o.points > 0 : o.points === 0)) ?? question.options[0];
    if (!option) throw new Error(`question ${question.id} has no options`);
    await main(page).getByRole('radio', { name: option.text, exact: true }).click();
  }
  await main(page).getByRole('button', { name: 'Submit answers' }).click();
}

/** /wallet's figures as the screen shows them: Balance (available) and Held, in cents. */
export async function expectWalletFigures(page: Page, availableCents: number, heldCents: number): Promise<void> {
  await page.goto('/wallet');
  await expect(main(page).getByRole('group', { name: 'Balance' })).toContainText(formatEuros(availableCents));
  await expect(main(page).getByRole('group', { name: 'Held' })).toContainText(formatEuros(heldCents));
}

/** A step heading of the investment flow (Amount, Payment method, Confirm, Submitted). */
export function flowStep(page: Page, name: string): Locator {
  return main(page).getByRole('heading', { level: 2, name, exact: true });
}

/**
 * From the flow's first step to its confirmation, as a person does it: a quick-pick amount,
 * Continue, the default method (bank transfer), Continue, Confirm Investment. What follows (Submitted
 * or the server's refusal) is the caller's to check.
 */
export async function investThroughFlow(page: Page, amountCents = 500_000): Promise<void> {
  await expect(flowStep(page, 'Amount')).toBeVisible();
  await main(page)
    .getByRole('button', { name: formatEuros(amountCents), exact: true })
    .click();
  await main(page).getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(flowStep(page, 'Payment method')).toBeVisible();
  await expect(main(page).getByRole('radio', { name: /Bank transfer/ })).toBeChecked();
  await main(page).getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(flowStep(page, 'Confirm')).toBeVisible();
  await main(page).getByRole('button', { name: 'Confirm Investment' }).click();
}

/**
 * Submits an investment of whole euros by bank transfer from the flow's Confirm step (a deep link
 * to step 3) and answers its id once the flow shows Submitted.
 */
export async function submitByBankTransfer(page: Page, euros: number): Promise<string> {
  await page.goto(`/investments/${OPPORTUNITY.id}?step=3&amount=${euros}&method=bank`);
  await main(page).getByRole('button', { name: 'Confirm Investment' }).click();
  await expect(flowStep(page, 'Submitted')).toBeVisible();
  const investmentId = new URL(page.url()).searchParams.get('investment') ?? '';
  expect(investmentId).toMatch(/^[0-9a-f-]{36}$/);
  return investmentId;
}

/** The row of /investments' Subscriptions table for this investor's subscription of that amount to OPPORTUNITY. */
export function subscriptionRow(page: Page, investorName: string, amount: string): Locator {
  return main(page)
    .getByRole('table', { name: 'Subscriptions' })
    .getByRole('row')
    .filter({ hasText: investorName })
    .filter({ hasText: OPPORTUNITY.name })
    .filter({ hasText: amount });
}

/** A fully onboarded investor, through the UI of demo mode, classified (`classifyInvestor`). */
export async function readyInvestor(page: Page): Promise<void> {
  await signInAs(page, 'investor');
  await createWallet(page);
  await approveKyc(page);
  // Enough to cover the journeys' investments, so each is held from cash at once (Pending), not
  // left awaiting a bank transfer.
  await firstOnramp(page, '20000');
  await classifyInvestor(page);
}
