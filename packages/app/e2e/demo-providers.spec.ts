import { formatEuros } from '@vault/domain';
import { expect, main, storedUser, test, toast } from './fixtures';
import { createWallet, signInWithEmail, submitOnrampAmount } from './steps';

/**
 * The embedded providers' demo controls (docs/backend.md "The embedded providers"): a person in
 * demo mode drives the paths the providers' defaults never take, through the panels only, and the
 * server's own webhooks and SQL decide what the screens then show.
 */

test('KYC: the member has the demo provider reject their next verification, and sees the rejection', async ({
  page,
  watch,
}) => {
  await signInWithEmail(page, 'demo.kyc.reject@example.eu');
  await page.goto('/kyc-verification?demo=1');
  const panel = main(page).getByRole('region', { name: 'Demo: KYC provider' });
  const next = panel.getByRole('group', { name: 'What the provider decides for your next verification' });
  await expect(next.getByRole('button', { name: 'Provider default (Approve)' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await next.getByRole('button', { name: 'Reject', exact: true }).click();
  await expect(next.getByRole('button', { name: 'Reject', exact: true })).toHaveAttribute('aria-pressed', 'true');

  await main(page).getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect.poll(async () => (await storedUser(page))?.kycStatus).toBe('rejected');

  await page.goto('/kyc-verification');
  await expect(main(page).getByText('Not approved', { exact: true })).toBeVisible();
  const decision = main(page).getByRole('region', { name: 'Verification decision' });
  await expect(decision).toContainText('Your identity verification was not approved.');
  await expect(decision).toContainText('Reason: The identity document could not be verified.');
  // The choice was for that one verification: the provider's default is back.
  await expect(next.getByRole('button', { name: 'Provider default (Approve)' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  watch.expectClean();
});

test('payments: the first on-ramp by bank transfer waits, then the transfer arrives and the wallet is funded', async ({
  page,
  watch,
}) => {
  test.slow();
  const cents = 5_000;
  await signInWithEmail(page, 'demo.pay.transfer@example.eu');
  await createWallet(page);
  await page.goto('/wallet?demo=1');
  const panel = main(page).getByRole('region', { name: 'Demo: payment provider' });
  await expect(panel.getByText('No payments yet.')).toBeVisible();
  const next = panel.getByRole('group', { name: 'What your next payment does' });
  await next.getByRole('button', { name: 'Pay by bank transfer' }).click();
  await expect(next.getByRole('button', { name: 'Pay by bank transfer' })).toHaveAttribute('aria-pressed', 'true');

  await submitOnrampAmount(page, String(cents / 100));
  await main(page).getByRole('button', { name: 'Authorise payment' }).click();
  // Back from the provider's page: the payment waits for the transfer; nothing is funded yet.
  const awaiting = panel.getByRole('group', { name: `Payment of ${formatEuros(cents)}, awaiting the bank transfer` });
  await expect(awaiting).toBeVisible();
  await expect(main(page).getByRole('group', { name: 'First on-ramp' })).toContainText('Not yet');
  await expect(main(page).getByRole('group', { name: 'Balance' })).toContainText(formatEuros(0));

  await awaiting.getByRole('button', { name: 'Bank transfer arrives' }).click();
  await expect(toast(page, 'Funded Member unlocked')).toBeVisible();
  await expect(main(page).getByRole('group', { name: 'First on-ramp' })).toContainText('Completed');
  await expect(main(page).getByRole('group', { name: 'Balance' })).toContainText(formatEuros(cents));
  const settledPayment = panel.getByRole('group', { name: `Payment of ${formatEuros(cents)}, settled` });
  await expect(settledPayment.getByRole('button')).toHaveText(['Refunded', 'Charged back']);
  await expect(main(page).getByRole('table', { name: 'Transactions' })).toContainText(`+${formatEuros(cents)}`);
  watch.expectClean();
});

test('payments: the first on-ramp settles, then the demo provider charges it back and the wallet loses it', async ({
  page,
  watch,
}) => {
  test.slow();
  const cents = 3_000;
  await signInWithEmail(page, 'demo.pay.chargeback@example.eu');
  await createWallet(page);
  await page.goto('/wallet?demo=1');
  const panel = main(page).getByRole('region', { name: 'Demo: payment provider' });
  await expect(panel.getByText('No payments yet.')).toBeVisible();

  // The provider's default: the card payment settles at once.
  await submitOnrampAmount(page, String(cents / 100));
  await main(page).getByRole('button', { name: 'Authorise payment' }).click();
  await expect(toast(page, 'Funded Member unlocked')).toBeVisible();
  await expect(main(page).getByRole('group', { name: 'First on-ramp' })).toContainText('Completed');
  await expect(main(page).getByRole('group', { name: 'Balance' })).toContainText(formatEuros(cents));

  const settledPayment = panel.getByRole('group', { name: `Payment of ${formatEuros(cents)}, settled` });
  await settledPayment.getByRole('button', { name: 'Charged back' }).click();
  // The webhook recorded it: the panel does not say the server ignored it.
  await expect(panel.getByRole('status')).toHaveText(
    `Demo: Charged back: sent for your payment of ${formatEuros(cents)}.`,
  );
  await expect(panel.getByRole('group', { name: `Payment of ${formatEuros(cents)}, charged back` })).toBeVisible();
  // The money is gone from the wallet, and with its only deposit reversed the first on-ramp no longer counts.
  await expect(main(page).getByRole('group', { name: 'Balance' })).toContainText(formatEuros(0));
  await expect(main(page).getByRole('group', { name: 'Balance' })).not.toContainText(formatEuros(cents));
  await expect(main(page).getByRole('group', { name: 'First on-ramp' })).toContainText('Not yet');
  const transactions = main(page).getByRole('table', { name: 'Transactions' });
  await expect(transactions).toContainText(`−${formatEuros(cents)}`);
  await expect(transactions).toContainText('Chargeback');
  watch.expectClean();
});
