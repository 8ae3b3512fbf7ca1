import { callAsMember, callAsService, signUpMember } from './backendCalls';
import { expect, main, storedUser, test } from './fixtures';
import { signInAs, signInAsAdministrator, signInWithEmail, signOut } from './steps';

/**
 * mfo_admin's /users on the embedded backend, across roles in one browser: a member's role
 * changed there is the role their next sign-in carries; and the list pages on the server, past
 * its first page.
 */
test("the administrator changes a member's role on /users; the member's next sign-in lands on that role's dashboard", async ({
  page,
  watch,
}) => {
  test.slow();
  const email = 'rhea.promoted@example.eu';

  // The member exists: a first sign-in as an investor.
  await page.goto('/?demo=0');
  await signInWithEmail(page, email);
  const memberId = String((await storedUser(page))?.id ?? '');
  expect(memberId).toMatch(/^[0-9a-f-]{36}$/);
  await expect(main(page).getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await signOut(page);

  // The administrator (not a demo account: the server refuses a demo account's role change) finds
  // the member by email (searched on the server) and changes the role.
  await signInAsAdministrator(page);
  await page.goto('/users');
  await expect(main(page).getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
  const searched = page.waitForRequest(
    (request) =>
      request.method() === 'POST' &&
      request.url().endsWith('/rest/v1/rpc/list_members') &&
      (request.postDataJSON() as { search?: string }).search === email,
  );
  await main(page).getByRole('searchbox', { name: 'Name or email' }).fill(email);
  await searched;
  const table = main(page).getByRole('table', { name: 'Platform users' });
  await expect(table.getByRole('row').filter({ hasText: '@' })).toHaveCount(1);
  await table.getByRole('button', { name: /^Open / }).click();
  const panel = main(page)
    .getByRole('region')
    .filter({ has: page.getByRole('button', { name: 'Change role' }) });
  await expect(panel.getByText('None yet')).toBeVisible();
  await panel.getByRole('button', { name: 'Change role' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('combobox', { name: 'New role' }).selectOption('eq_spv_admin');
  const changed = page.waitForRequest(
    (request) => request.method() === 'POST' && request.url().endsWith('/rest/v1/rpc/set_member_role'),
  );
  await dialog.getByRole('button', { name: 'Change role' }).click();
  expect((await changed).postDataJSON()).toEqual({ member_id: memberId, role: 'eq_spv_admin', is_admin: false });
  await expect(main(page).getByRole('status').filter({ hasText: 'is now' })).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(table.getByRole('row').filter({ hasText: email })).toContainText('Equity');
  await signOut(page);

  // The member signs in again: the new token carries eq_spv_admin, and the dashboard is its.
  await page.goto('/?demo=0');
  await signInWithEmail(page, email);
  await expect(main(page).getByRole('heading', { level: 1, name: 'Equity Investment SPV Admin' })).toBeVisible();
  await expect.poll(async () => (await storedUser(page))?.role).toBe('eq_spv_admin');
  watch.expectClean();
});

test('an mfo_admin without the admin flag cannot give it: the server refuses, the dialog says why, nothing changes', async ({
  page,
  watch,
}) => {
  test.slow();
  watch.allow(/set_member_role/); // refused on purpose
  const officer = 'mona.operations@example.eu';
  const member = 'otto.member@example.eu';

  // Two members sign in once; the administrator makes the first an mfo_admin, without the flag.
  await page.goto('/?demo=0');
  await signInWithEmail(page, officer);
  const officerId = String((await storedUser(page))?.id ?? '');
  await signOut(page);
  await page.goto('/?demo=0');
  await signInWithEmail(page, member);
  await signOut(page);
  await signInAsAdministrator(page);
  const promoted = await callAsMember(page, 'set_member_role', {
    member_id: officerId,
    role: 'mfo_admin',
    is_admin: false,
  });
  expect(promoted.status, JSON.stringify(promoted.body)).toBe(200);
  await signOut(page);

  // The new mfo_admin opens the member on /users and ticks Administrator: refused, and said so.
  await page.goto('/?demo=0');
  await signInWithEmail(page, officer);
  await expect.poll(async () => (await storedUser(page))?.role).toBe('mfo_admin');
  await page.goto('/users');
  await main(page).getByRole('searchbox', { name: 'Name or email' }).fill(member);
  const table = main(page).getByRole('table', { name: 'Platform users' });
  const row = table.getByRole('row').filter({ hasText: member });
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: /^Open / }).click();
  const panel = main(page)
    .getByRole('region')
    .filter({ has: page.getByRole('button', { name: 'Change role' }) });
  await panel.getByRole('button', { name: 'Change role' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('checkbox', { name: /Administrator/ }).click();
  const answer = page.waitForResponse((response) => response.url().endsWith('/rest/v1/rpc/set_member_role'));
  await dialog.getByRole('button', { name: 'Change role' }).click();
  expect((await answer).status()).toBe(403);
  await expect(dialog.getByRole('alert')).not.toBeEmpty();
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  // Nothing changed: the member is still an investor without the flag.
  await page.reload();
  await main(page).getByRole('searchbox', { name: 'Name or email' }).fill(member);
  await expect(row).toContainText('Investor');
  await row.getByRole('button', { name: /^Open / }).click();
  await expect(panel).not.toContainText('(admin)');
  watch.expectClean();
});

test('/users pages past its first page (keyset, on the server)', async ({ page, watch }) => {
  test.slow();
  await signInAs(page, 'mfo_admin');
  // 80 more members, signed up as the registration would.
  for (let n = 0; n < 80; n++) await signUpMember(page, `paged.member.${n}@example.eu`, `Paged Member ${n}`);
  await page.goto('/users');
  const table = main(page).getByRole('table', { name: 'Platform users' });
  const rows = table.getByRole('row').filter({ hasText: '@' });
  await expect(rows).toHaveCount(50);
  const next = page.waitForRequest(
    (request) =>
      request.method() === 'POST' &&
      request.url().endsWith('/rest/v1/rpc/list_members') &&
      (request.postDataJSON() as { after?: string | null }).after != null,
  );
  await main(page)
    .getByRole('button', { name: /load more/i })
    .click();
  const after = (await next).postDataJSON() as { after: string; page_size: number };
  expect(after.page_size).toBe(50);
  await expect.poll(() => rows.count()).toBeGreaterThan(50);
  const emails = await rows.allTextContents();
  expect(new Set(emails).size).toBe(emails.length);
  await expect(table.getByRole('cell', { name: 'paged.member.79@example.eu' })).toBeVisible();
  watch.expectClean();
});

test('/users filters by readiness on the server: the step each member still needs, or ready', async ({
  page,
  watch,
}) => {
  test.slow();
  await signInAs(page, 'mfo_admin');
  // Three members at three steps of the readiness gate: signed up, then their profiles set as
  // the server's functions would have left them (service role).
  const steps = [
    { n: 1, name: 'Wanda Nowallet', wallet: null, kyc: 'approved', onramp: true },
    { n: 2, name: 'Kai Needskyc', wallet: 'demo-wallet-kai', kyc: 'pending', onramp: false },
    { n: 3, name: 'Rita Ready', wallet: 'demo-wallet-rita', kyc: 'approved', onramp: true },
  ];
  for (const step of steps) {
    const id = await signUpMember(page, `readiness.member.${step.n}@example.eu`, step.name);
    const { status } = await callAsService(page, 'PATCH', `/rest/v1/profiles?id=eq.${id}`, {
      kyc_status: step.kyc,
      first_onramp_ok: step.onramp,
      crossmint_wallet_id: step.wallet,
    });
    expect(status, `the profile of ${step.name}`).toBeLessThan(300);
  }
  await page.goto('/users');
  await expect(main(page).getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
  const table = main(page).getByRole('table', { name: 'Platform users' });
  const rows = table.getByRole('row').filter({ hasText: 'readiness.member.' });
  const listed = (want: (body: Record<string, unknown>) => boolean) =>
    page.waitForRequest(
      (request) =>
        request.method() === 'POST' &&
        request.url().endsWith('/rest/v1/rpc/list_members') &&
        want(request.postDataJSON() as Record<string, unknown>),
    );

  const searched = listed((body) => body.search === 'readiness.member.');
  await main(page).getByRole('searchbox', { name: 'Name or email' }).fill('readiness.member.');
  await searched;
  await expect(rows).toHaveCount(3);

  // The Readiness select, next to Role.
  const readiness = main(page).getByRole('combobox', { name: 'Readiness' });
  let filtered = listed((body) => body.readiness === 'kyc' && body.search === 'readiness.member.');
  await readiness.selectOption('kyc');
  await filtered;
  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText('Kai Needskyc');

  filtered = listed((body) => body.readiness === 'wallet');
  await readiness.selectOption({ label: 'Needs a wallet' });
  await filtered;
  // KYC approved and an on-ramp done do not skip the missing wallet.
  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText('Wanda Nowallet');

  filtered = listed((body) => body.readiness === 'ready');
  await readiness.selectOption('ready');
  await filtered;
  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText('Rita Ready');

  filtered = listed((body) => body.readiness === 'onramp');
  await readiness.selectOption('onramp');
  await filtered;
  await expect(table.getByText('No users match')).toBeVisible();

  const cleared = listed((body) => body.readiness === null && body.search === null);
  await main(page).getByRole('button', { name: 'Clear filters' }).click();
  await cleared;
  await expect(readiness).toHaveValue('');
  watch.expectClean();
});
