import { setKycOutcome } from './backendCalls';
import { expect, expectReadiness, main, nudge, storedUser, test } from './fixtures';
import { createWallet, signInAs, signInWithEmail, signOut } from './steps';

/**
 * Compliance's consoles across roles in one browser, on the embedded backend (every role reads
 * and writes the same data): a new investor submits KYC, which the demo provider leaves pending;
 * compliance rejects nothing without a reason, approves on /kyc; the investor's readiness moves
 * on; /audit shows the submission and the decision, and Verify integrity says Chain intact.
 */
test('KYC submitted → compliance approves on /kyc → the investor moves on; /audit holds both, chain intact', async ({
  page,
  watch,
}) => {
  test.slow();
  const email = 'kim.review@example.eu';

  // The investor: a wallet, then KYC submitted through kyc-session, left under review.
  await page.goto('/?demo=0');
  await signInWithEmail(page, email);
  const investorId = String((await storedUser(page))?.id ?? '');
  expect(investorId).toMatch(/^[0-9a-f-]{36}$/);
  await createWallet(page);
  await page.goto('/dashboard');
  await expectReadiness(page, 50);
  await nudge(page, 'Complete KYC').getByRole('button', { name: 'Continue KYC' }).click();
  await expect(page).toHaveURL(/\/kyc-verification$/);
  // The embedded KYC provider decides nothing this time: the case waits for compliance.
  await setKycOutcome(page, 'review');
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect.poll(async () => (await storedUser(page))?.kycStatus).toBe('pending');
  await page.goto('/dashboard');
  await expectReadiness(page, 50);
  await signOut(page);

  // Compliance: the case waits on /kyc.
  await signInAs(page, 'compliance');
  await page.goto('/kyc');
  await expect(main(page).getByRole('heading', { name: 'KYC reviews', level: 1 })).toBeVisible();
  const queue = main(page).getByRole('table', { name: 'KYC reviews waiting' });
  const row = queue.getByRole('row').filter({ hasText: email });
  await expect(row).toHaveCount(1);
  await row.getByRole('button').first().click();
  const detail = main(page)
    .getByRole('region')
    .filter({ has: page.getByRole('button', { name: 'Approve' }) });
  await expect(detail.getByRole('heading', { name: email })).toBeVisible();

  // Reject needs a reason: the dialog refuses an empty one; Cancel leaves the case as it was.
  await detail.getByRole('button', { name: 'Reject' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Reject' }).click();
  await expect(dialog.getByText('A reason is required')).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);

  // Approve: review_kyc, then the queue no longer holds the member.
  const reviewed = page.waitForRequest(
    (request) => request.method() === 'POST' && request.url().endsWith('/rest/v1/rpc/review_kyc'),
  );
  await detail.getByRole('button', { name: 'Approve' }).click();
  // The summary dialog: the case as decided, then Approve sends it.
  const summary = page.getByRole('dialog');
  await expect(summary).toContainText(email);
  await summary.getByRole('button', { name: 'Approve' }).click();
  expect((await reviewed).postDataJSON()).toEqual({ member_id: investorId, decision: 'approved', reason: null });
  await expect(main(page).getByRole('status').filter({ hasText: 'KYC approved' })).toBeVisible();
  await expect(queue.getByRole('row').filter({ hasText: email })).toHaveCount(0);

  // The audit trail: both events for this member, newest first, and the chain holds.
  await page.goto('/audit');
  await expect(main(page).getByRole('heading', { name: 'Audit trail', level: 1 })).toBeVisible();
  await main(page).getByRole('searchbox', { name: 'Member id' }).fill(investorId);
  const events = main(page).getByRole('table', { name: 'Audit events' });
  await expect(events.getByRole('row').filter({ hasText: 'kyc.approved' })).toHaveCount(1);
  await expect(events.getByRole('row').filter({ hasText: 'kyc.submitted' })).toHaveCount(1);
  const actions = await events
    .getByRole('row')
    .filter({ hasText: /kyc\.(approved|submitted)/ })
    .allTextContents();
  expect(actions.map((text) => (text.includes('kyc.approved') ? 'approved' : 'submitted'))).toEqual([
    'approved',
    'submitted',
  ]);
  await main(page).getByRole('button', { name: 'Verify integrity' }).click();
  await expect(main(page).getByText('Chain intact')).toBeVisible();

  // Export CSV holds the filtered events, with the report's header row.
  const download = page.waitForEvent('download');
  await main(page).getByRole('button', { name: 'Export CSV' }).click();
  const file = await download;
  const stream = await file.createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk));
  const csv = Buffer.concat(chunks).toString('utf8');
  const lines = csv.split('\r\n').filter((line) => line !== '');
  expect(lines[0]).toBe('id,occurred_at,actor_id,actor_role,action,member_id,subject_type,subject_id,details,hash');
  expect(lines.slice(1).every((line) => line.includes(investorId))).toBe(true);
  expect(lines.some((line) => line.includes('kyc.approved'))).toBe(true);
  await signOut(page);

  // The investor again: KYC approved, readiness moved on.
  await page.goto('/?demo=0');
  await signInWithEmail(page, email);
  await expect.poll(async () => (await storedUser(page))?.kycStatus).toBe('approved');
  await expectReadiness(page, 75);
  watch.expectClean();
});

/**
 * The queue shows every earlier decision of a case (docs/security.md, H3): compliance asks a
 * member to resubmit, with a reason; the member submits again; the case is back in the queue, and
 * its detail lists the first decision with who made it and why.
 */
test('a case submitted again shows compliance its earlier decision, with the reason', async ({ page, watch }) => {
  test.slow();
  const email = 'lena.resubmit@example.eu';
  const reason = 'The proof of address is older than three months.';
  // setKycOutcome asks again while the static server answers for a page the service worker
  // does not serve yet (callAsService): those 404s are its retries, not the app's.
  watch.allow(/\/embedded\/v1\/providers$/);
  const submitKyc = async () => {
    await page.goto('/kyc-verification');
    await setKycOutcome(page, 'review');
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await expect.poll(async () => (await storedUser(page))?.kycStatus).toBe('pending');
  };
  const openCase = async () => {
    await page.goto('/kyc');
    const row = main(page)
      .getByRole('table', { name: 'KYC reviews waiting' })
      .getByRole('row')
      .filter({ hasText: email });
    await expect(row).toHaveCount(1);
    await row.getByRole('button').first().click();
    return main(page)
      .getByRole('region')
      .filter({ has: page.getByRole('button', { name: 'Approve' }) });
  };

  await page.goto('/?demo=0');
  await signInWithEmail(page, email);
  await createWallet(page);
  await submitKyc();
  await signOut(page);

  // Compliance: the first review has no earlier decision; it asks for a resubmission.
  await signInAs(page, 'compliance');
  let detail = await openCase();
  const earlier = detail.getByRole('region', { name: 'Earlier decisions' });
  await expect(earlier).toContainText("None: this is the case's first review.");
  await detail.getByRole('button', { name: 'Request resubmission' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox').fill(reason);
  await dialog.getByRole('button', { name: 'Request resubmission' }).click();
  await expect(dialog).toHaveCount(0);
  await signOut(page);

  // The member submits again.
  await page.goto('/?demo=0');
  await signInWithEmail(page, email);
  await expect.poll(async () => (await storedUser(page))?.kycStatus).toBe('resubmission_requested');
  await submitKyc();
  await signOut(page);

  // Compliance again: the case lists its earlier decision, by compliance, with the reason.
  await signInAs(page, 'compliance');
  detail = await openCase();
  const decisions = detail.getByRole('region', { name: 'Earlier decisions' }).getByRole('listitem');
  await expect(decisions).toHaveCount(1);
  await expect(decisions.first()).toContainText('Resubmission requested');
  await expect(decisions.first()).toContainText(reason);
  watch.expectClean();
});
