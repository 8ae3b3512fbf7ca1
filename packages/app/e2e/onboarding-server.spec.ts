import { serverRows } from './backendCalls';
import { expect, expectReadiness, main, nudge, readinessCard, storedUser, test, toast } from './fixtures';
import { createWallet, kycDemoButton, submitOnrampAmount } from './steps';

/** The edge functions the onboarding calls on the embedded backend (mocks/functions.ts). */
const KYC_SESSION_PATH = '/functions/v1/kyc-session';
const ONRAMP_SESSION_PATH = '/functions/v1/onramp-session';

/**
 * Onboarding without the demo switch: a new investor reaches "ready" through the server's own
 * paths, in the embedded mode with demo mode off in the tab (`?demo=0`): the wallet function, KYC
 * submitted through kyc-session (start_kyc, then the demo provider's approval by apply_kyc_result),
 * the agreement, and the first on-ramp through onramp-session (record_payment sets the flag).
 */
test('onboarding to ready without demo buttons', async ({ page, watch }) => {
  test.slow();
  const calls: string[] = [];
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    const call = /(\/functions\/v1\/|\/rest\/v1\/rpc\/).*$/.exec(path)?.[0];
    if (request.method() === 'POST' && call) {
      calls.push(request.headers()['idempotency-key'] ? `${call} keyed` : call);
    }
  });

  await page.goto('/?demo=0');
  await page.getByLabel('Email').fill('nora.server@example.eu');
  await page.getByLabel('Password').fill('correct horse');
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(toast(page, 'Login successful!')).toBeVisible();
  await expect(page.getByText('Demo', { exact: true })).toHaveCount(0);
  await expectReadiness(page, 25);

  // The wallet, through the wallet function.
  await createWallet(page);
  await page.goto('/dashboard');
  await expectReadiness(page, 50);

  // KYC: no demo button; Continue submits it and goes to the dashboard.
  await nudge(page, 'Complete KYC').getByRole('button', { name: 'Continue KYC' }).click();
  await expect(page).toHaveURL(/\/kyc-verification$/);
  await expect(page.getByText('Not verified', { exact: true })).toBeVisible();
  await expect(kycDemoButton(page)).toHaveCount(0);
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect.poll(async () => (await storedUser(page))?.kycStatus).toBe('approved');
  await expectReadiness(page, 75);
  await page.goto('/kyc-verification');
  await expect(page.getByText('Approved', { exact: true })).toBeVisible();

  // The agreement.
  await page.goto('/agreement');
  await page.getByRole('checkbox').click();
  await page.getByRole('button', { name: 'Sign Agreement' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expectReadiness(page, 75);

  // The first on-ramp: under €20 refused by the form, €20 through onramp-session.
  await nudge(page, 'Make your first onramp (€20+)').getByRole('button', { name: 'Start Onramp' }).click();
  await expect(page).toHaveURL(/\/wallet$/);
  await submitOnrampAmount(page, '19.99');
  await expect(main(page).getByRole('alert')).toHaveText('Minimum first on-ramp is €20');
  await submitOnrampAmount(page, '20');
  await main(page).getByRole('button', { name: 'Authorise payment' }).click();
  await expect(toast(page, 'Funded Member unlocked')).toBeVisible();
  await expect(main(page).getByRole('heading', { name: 'Next best actions' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Reset first on-ramp' })).toHaveCount(0);

  await page.goto('/dashboard');
  await expectReadiness(page, 100);
  await expect(readinessCard(page)).toContainText("All set. You've unlocked the full investor experience.");
  await page.reload();
  await expectReadiness(page, 100);

  // The server's paths, not the demo functions: each call once, the on-ramp keyed for retries.
  expect(calls.filter((c) => c.includes('demo_'))).toEqual([]);
  expect(calls.filter((c) => c.startsWith(KYC_SESSION_PATH))).toEqual([KYC_SESSION_PATH]);
  expect(calls.filter((c) => c.startsWith(ONRAMP_SESSION_PATH))).toEqual([`${ONRAMP_SESSION_PATH} keyed`]);

  // What the server recorded: the KYC case, the payment, and the audit chain with its events.
  const me = String((await storedUser(page))?.id ?? '');
  const payments = await serverRows(page, `payments?member_id=eq.${me}`);
  const auditEvents = await serverRows(page, `audit_events?member_id=eq.${me}&order=id`);
  expect(payments).toEqual([expect.objectContaining({ amount_cents: 2000, currency: 'EUR', status: 'settled' })]);
  expect(auditEvents.map((e) => e.action)).toEqual(
    expect.arrayContaining(['kyc.submitted', 'kyc.approved', 'payment.settled', 'onramp.completed']),
  );
  watch.expectClean();
});
