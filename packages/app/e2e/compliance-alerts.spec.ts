import { expect, main, test } from './fixtures';
import { signInAs } from './steps';

/**
 * mfo_admin's /compliance on the embedded backend: the alerts come from list_alerts, open first
 * and newest first; the status filter is sent to the server; Acknowledge and Resolve move an
 * alert through its statuses, and the list (read again) shows where it went, after a reload too.
 */
test('mfo_admin acknowledges, then resolves an alert on /compliance; the status filter follows it', async ({
  page,
  watch,
}) => {
  test.slow();
  await signInAs(page, 'mfo_admin');
  await page.goto('/compliance');
  await expect(main(page).getByRole('heading', { level: 1, name: 'Compliance alerts' })).toBeVisible();
  const table = main(page).getByRole('table', { name: 'Compliance alerts' });
  const rows = table.getByRole('row').filter({ hasText: '@' });
  const pep = 'PEP screening match needs review';
  // The sample's four alerts, all open, the newest (the last numbered) first.
  await expect(rows).toHaveCount(4);
  await expect(rows.first()).toContainText('Transaction above monitoring threshold');
  await expect(rows.last()).toContainText('Source-of-funds document expired');

  const listed = (status: string | null) =>
    page.waitForRequest(
      (request) =>
        request.method() === 'POST' &&
        request.url().endsWith('/rest/v1/rpc/list_alerts') &&
        (request.postDataJSON() as { status?: string | null }).status === status,
    );

  // Acknowledge, with a note: the alert goes after the open ones.
  await table.getByRole('button', { name: `Open ${pep}` }).click();
  const panel = main(page).getByRole('region', { name: pep });
  await panel.getByRole('button', { name: 'Acknowledge' }).click();
  let dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox').fill('Calling the member');
  const acknowledged = page.waitForRequest((request) => request.url().endsWith('/rest/v1/rpc/acknowledge_alert'));
  let reread = listed(null);
  await dialog.getByRole('button', { name: 'Acknowledge' }).click();
  expect((await acknowledged).postDataJSON()).toEqual({ alert_id: 2, note: 'Calling the member' });
  await reread;
  await expect(
    main(page)
      .getByRole('status')
      .filter({ hasText: `“${pep}” acknowledged.` }),
  ).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(rows.last()).toContainText(pep);
  await expect(rows.last()).toContainText('Acknowledged');

  // The filter runs on the server: Acknowledged holds that one alert.
  const status = main(page).getByRole('combobox', { name: 'Status' });
  let filtered = listed('acknowledged');
  await status.selectOption('acknowledged');
  await filtered;
  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText(pep);

  // Resolve needs a note; once resolved, Acknowledged holds nothing and Resolved holds it.
  await table.getByRole('button', { name: `Open ${pep}` }).click();
  await panel.getByRole('button', { name: 'Resolve' }).click();
  dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Resolve' }).click();
  await expect(dialog.getByText('A note is required to resolve an alert')).toBeVisible();
  await dialog.getByRole('textbox').fill('Cleared by the screening provider');
  reread = listed('acknowledged');
  await dialog.getByRole('button', { name: 'Resolve' }).click();
  await reread;
  await expect(
    main(page)
      .getByRole('status')
      .filter({ hasText: `“${pep}” resolved.` }),
  ).toBeVisible();
  await expect(table.getByText('No acknowledged alerts')).toBeVisible();
  filtered = listed('resolved');
  await status.selectOption('resolved');
  await filtered;
  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText('Resolved');

  // The server kept it: after a reload, every alert again, the resolved one last.
  await page.reload();
  await expect(rows).toHaveCount(4);
  await expect(status).toHaveValue('');
  await expect(rows.last()).toContainText(pep);
  await expect(rows.last()).toContainText('Resolved');
  watch.expectClean();
});
