import { currentAgreement } from '@vault/domain';
import { serverRows } from './backendCalls';
import { expect, main, storedUser, test, toast } from './fixtures';
import { signInWithEmail } from './steps';

/** The rows of a signature table the server stored for the signed-in member. */
async function storedRows(page: import('@playwright/test').Page, table: string): Promise<Record<string, unknown>[]> {
  const me = String((await storedUser(page))?.id ?? '');
  return serverRows(page, `${table}?member_id=eq.${me}`);
}

/**
 * Signatures that persist (docs/backend.md "Signatures"): the embedded backend keeps the evidence
 * of sign_document and sign_agreement, so a reload shows what the server holds, not what the
 * screen remembered.
 */

test('a signed document stays signed after a reload', async ({ page, watch }) => {
  await signInWithEmail(page, 'signs.documents@example.eu');
  await page.goto('/documents');
  const banner = main(page).getByText('Membership Agreement is waiting for your signature.');
  await expect(banner).toBeVisible();
  await main(page).getByRole('button', { name: 'Review & Sign' }).click();
  await expect(toast(page, 'Membership Agreement signed')).toBeVisible();
  await expect(banner).toBeHidden();

  const evidence = await storedRows(page, 'document_signatures');
  expect(evidence).toEqual([
    expect.objectContaining({
      document_id: 'doc-membership',
      signer_email: 'signs.documents@example.eu',
      document_sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
    }),
  ]);

  await page.reload();
  const card = main(page)
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: 'Membership Agreement' }) });
  await expect(card.getByText('Signed', { exact: true })).toBeVisible();
  await expect(main(page).getByRole('button', { name: 'Review & Sign' })).toHaveCount(0);
  await expect(banner).toBeHidden();
  watch.expectClean();
});

test('the agreement shows "Signed on <date>" after a reload', async ({ page, watch }) => {
  await signInWithEmail(page, 'signs.agreement@example.eu');
  await page.goto('/agreement');
  await page.getByRole('checkbox').click();
  await page.getByRole('button', { name: 'Sign Agreement' }).click();
  await expect(toast(page, 'Agreement signed successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);

  const [signature] = await storedRows(page, 'agreement_signatures');
  expect(signature).toMatchObject({ version: currentAgreement.version, document_sha256: currentAgreement.sha256 });

  await page.goto('/agreement');
  await page.reload();
  // The day it was signed, as people read dates here (day, short month, year; UTC).
  const day = new Intl.DateTimeFormat('en-IE', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
  const signedOn = `Signed on ${day.format(new Date(String(signature?.signed_at)))}`;
  await expect(page.getByText(signedOn)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign Agreement' })).toHaveCount(0);
  watch.expectClean();
});
