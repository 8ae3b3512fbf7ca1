import { formatEuros, investmentQuote } from '@vault/domain';
import { bankTransferArrives, serverRows } from './backendCalls';
import { expect, main, storedUser, test } from './fixtures';
import {
  approveKyc,
  classifyInvestor,
  createWallet,
  expectWalletFigures,
  firstOnramp,
  signInAs,
  signOut,
  submitByBankTransfer,
  subscriptionRow,
} from './steps';

/**
 * The ledger under the wallet, across roles, on the embedded backend's SQL (docs/ledger.md):
 * a deposit is cash; an investment by bank holds its total; the SPV's rejection releases it to
 * the cent; an investment the cash does not cover waits for a bank transfer, and its arrival holds
 * the funds; a withdrawal holds what it takes out, and its payout (the demo provider's control)
 * takes it out of held and total.
 */

test('deposit, invest (held), the SPV rejects (released to the cent), invest beyond the cash (the transfer arrives, held), withdraw, the payout arrives', async ({
  page,
  watch,
}) => {
  test.slow();
  const deposit = 200_000;
  const first = investmentQuote(100_000, 'bank').totalCents;
  const second = investmentQuote(500_000, 'bank').totalCents;

  // The investor deposits €2,000 through the first on-ramp.
  await signInAs(page, 'investor');
  await createWallet(page);
  await approveKyc(page);
  await firstOnramp(page, String(deposit / 100));
  await classifyInvestor(page);
  const investorName = String((await storedUser(page))?.name ?? '');
  expect(investorName).not.toBe('');
  await expectWalletFigures(page, deposit, 0);

  // €1,000 by bank: its total (amount and fee) is held from the cash at once.
  const rejectedId = await submitByBankTransfer(page, 1_000);
  expect((await serverRows(page, `investments?id=eq.${rejectedId}`))[0]?.status).toBe('Pending');
  await expectWalletFigures(page, deposit - first, first);
  await signOut(page);

  // The eq_spv_admin rejects it, with a reason.
  await signInAs(page, 'eq_spv_admin');
  await page.goto('/investments');
  const row = subscriptionRow(page, investorName, formatEuros(100_000));
  await expect(row).toHaveCount(1);
  await row.getByRole('button').first().click();
  const detail = main(page)
    .getByRole('region')
    .filter({ has: page.getByRole('button', { name: 'Reject' }) });
  await detail.getByRole('button', { name: 'Reject', exact: true }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox').fill('The offering is reserved for another allocation.');
  await dialog.getByRole('button', { name: 'Reject', exact: true }).click();
  await expect(row).toContainText('Rejected');
  await signOut(page);

  // The investor: the hold is released, to the cent.
  await signInAs(page, 'investor');
  await expectWalletFigures(page, deposit, 0);

  // €5,000 by bank is more than the cash: nothing is held until the transfer arrives.
  const waitingId = await submitByBankTransfer(page, 5_000);
  expect((await serverRows(page, `investments?id=eq.${waitingId}`))[0]?.status).toBe('Awaiting payment');
  await expectWalletFigures(page, deposit, 0);
  const transfer = 400_000;
  await bankTransferArrives(page, transfer);
  expect((await serverRows(page, `investments?id=eq.${waitingId}`))[0]?.status).toBe('Pending');
  await expectWalletFigures(page, deposit + transfer - second, second);

  // A withdrawal of €100 is held until the payout reaches the bank.
  const withdrawal = 10_000;
  await main(page)
    .getByRole('textbox', { name: 'Amount to withdraw (EUR)' })
    .fill(String(withdrawal / 100));
  await main(page).getByRole('button', { name: 'Withdraw', exact: true }).click();
  await expect(main(page).getByRole('status').filter({ hasText: 'Withdrawal of' })).toContainText(
    `Withdrawal of ${formatEuros(withdrawal)} requested.`,
  );
  await expectWalletFigures(page, deposit + transfer - second - withdrawal, second + withdrawal);

  // The server's balance agrees with the screen.
  const me = String((await storedUser(page))?.id ?? '');
  const cashOf = async () => {
    const [cash] = await serverRows(
      page,
      `ledger_accounts?member_id=eq.${me}&kind=eq.member_cash&select=credits_posted,debits_posted,debits_pending`,
    );
    return {
      available: Number(cash?.credits_posted) - Number(cash?.debits_posted) - Number(cash?.debits_pending),
      held: Number(cash?.debits_pending),
      total: Number(cash?.credits_posted) - Number(cash?.debits_posted),
    };
  };
  const available = deposit + transfer - second - withdrawal;
  expect(await cashOf()).toEqual({ available, held: second + withdrawal, total: deposit + transfer });

  // The demo payment provider pays the withdrawal out: it leaves held and total, to the cent.
  await page.goto('/wallet?demo=1');
  const panel = main(page).getByRole('region', { name: 'Demo: payment provider' });
  const awaiting = panel.getByRole('group', { name: `Withdrawal of ${formatEuros(withdrawal)}, awaiting its payout` });
  await expect(awaiting.getByRole('button')).toHaveText(['Payout arrives', 'Payout fails']);
  await awaiting.getByRole('button', { name: 'Payout arrives' }).click();
  await expect(panel.getByRole('status')).toHaveText(
    `Demo: Payout arrives: sent for your withdrawal of ${formatEuros(withdrawal)}.`,
  );
  await expect(awaiting).toHaveCount(0);
  await expect(panel.getByText('No withdrawal awaiting its payout.')).toBeVisible();
  // Read again on the screen, without a reload.
  const held = main(page).getByRole('group', { name: 'Held' });
  await expect(held).toContainText(`${formatEuros(second)}`);
  await expect(held).toContainText(`${formatEuros(deposit + transfer - withdrawal)} in all`);
  await expect(main(page).getByRole('group', { name: 'Balance' })).toContainText(formatEuros(available));
  expect(await cashOf()).toEqual({ available, held: second, total: deposit + transfer - withdrawal });
  await expectWalletFigures(page, available, second);
  watch.expectClean();
});
