import type { Page } from '@playwright/test';
import { expect, main, PROFILE_KEY, storedUser, test, toast, USER_KEY, WALLET_FUNCTION_PATH } from './fixtures';
import { createWalletButton, signInWithEmail, signOut, userMenuButton } from './steps';

/**
 * The embedded backend enforces the same rules as the SQL policies (docs/backend.md, security
 * model): these journeys replay hand-made requests a curious member could send, with their own
 * token, and check the server refuses them whatever the app's screens do.
 */

const API = '/mock-supabase';
/** packages/app/src/backend/config.ts MOCK_ANON_KEY. */
const ANON_KEY = 'vault-mock-anon-key';

interface Answer {
  status: number;
  body: unknown;
}

/** The signed-in session's access token and user id, as supabase-js stored them. */
async function session(page: Page): Promise<{ token: string; id: string }> {
  return page.evaluate((key) => {
    const raw = localStorage.getItem(key) ?? sessionStorage.getItem(key);
    const parsed = raw ? (JSON.parse(raw) as { access_token: string; user: { id: string } }) : null;
    if (!parsed) throw new Error('no session stored');
    return { token: parsed.access_token, id: parsed.user.id };
  }, USER_KEY);
}

/** A request to the backend from inside the page, as the app's own requests go (through the mock worker). */
async function call(
  page: Page,
  path: string,
  init: { method?: string; token?: string | null; body?: unknown; prefer?: string } = {},
): Promise<Answer> {
  return page.evaluate(
    async ({ url, method, token, body, prefer, anon }) => {
      const headers: Record<string, string> = { apikey: anon, 'Content-Type': 'application/json' };
      if (token) headers.Authorization = `Bearer ${token}`;
      if (prefer) headers.Prefer = prefer;
      const response = await fetch(url, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await response.text();
      return { status: response.status, body: text ? (JSON.parse(text) as unknown) : null };
    },
    {
      url: `${API}${path}`,
      method: init.method ?? 'GET',
      token: init.token === undefined ? null : init.token,
      body: init.body,
      prefer: init.prefer,
      anon: ANON_KEY,
    },
  );
}

test("a member's token cannot read or change another member's profile or rows", async ({ page, watch }) => {
  watch.allow(new RegExp(`${API}/`));
  // Member B exists, with a wallet.
  await signInWithEmail(page, 'member.b@example.eu');
  const b = await session(page);
  await page.goto('/settings');
  await createWalletButton(page).click();
  await expect(toast(page, 'Wallet created successfully!')).toBeVisible();
  const walletOfB = (await storedUser(page))?.crossmintWalletId;
  await signOut(page);

  await signInWithEmail(page, 'member.a@example.eu');
  const a = await session(page);
  expect(a.id).not.toBe(b.id);

  // Reading: B's row is simply not there for A (row-level security), nor are B's documents.
  expect(await call(page, `/rest/v1/profiles?select=*&id=eq.${b.id}`, { token: a.token })).toEqual({
    status: 200,
    body: [],
  });
  const all = await call(page, '/rest/v1/profiles?select=*', { token: a.token });
  expect((all.body as { id: string }[]).map((row) => row.id)).toEqual([a.id]);
  expect(await call(page, `/rest/v1/documents?select=*&user_id=eq.${b.id}`, { token: a.token })).toEqual({
    status: 200,
    body: [],
  });
  // The member list (list_members) is for mfo_admin only: refused to an investor and without a token.
  expect((await call(page, '/rest/v1/rpc/list_members', { method: 'POST', token: a.token, body: {} })).status).toBe(
    403,
  );
  expect((await call(page, '/rest/v1/rpc/list_members', { method: 'POST', body: {} })).status).toBe(401);
  // Without a token (the anon key alone) no table of the contract is readable at all.
  expect(await call(page, '/rest/v1/profiles?select=*')).toMatchObject({
    status: 401,
    body: { code: '42501', message: 'permission denied for table profiles' },
  });

  // Writing: a PATCH of B's name changes no row; B's server-owned fields are refused outright.
  const rename = await call(page, `/rest/v1/profiles?id=eq.${b.id}`, {
    method: 'PATCH',
    token: a.token,
    body: { name: 'Renamed by A' },
    prefer: 'return=representation',
  });
  expect(rename).toEqual({ status: 200, body: [] });
  const wallet = await call(page, `/rest/v1/profiles?id=eq.${b.id}`, {
    method: 'PATCH',
    token: a.token,
    body: { kyc_status: 'approved' },
  });
  expect(wallet).toMatchObject({
    status: 403,
    body: { code: '42501', message: 'permission denied for table profiles' },
  });
  // Nobody inserts or deletes profile rows.
  expect((await call(page, '/rest/v1/profiles', { method: 'POST', token: a.token, body: { id: b.id } })).status).toBe(
    403,
  );
  expect((await call(page, `/rest/v1/profiles?id=eq.${b.id}`, { method: 'DELETE', token: a.token })).status).toBe(403);
  // The wallet function takes the user from the token: B's id in the body is refused.
  const invoke = await call(page, `/functions/v1/create-crossmint-wallet`, {
    method: 'POST',
    token: a.token,
    body: { userId: b.id },
  });
  expect(invoke).toEqual({
    status: 403,
    body: { success: false, walletId: null, error: 'userId does not match the signed-in user' },
  });

  // B's row is as B left it.
  await signOut(page);
  await signInWithEmail(page, 'member.b@example.eu');
  const again = await session(page);
  const rows = await call(page, `/rest/v1/profiles?select=*&id=eq.${b.id}`, { token: again.token });
  expect(rows.body).toEqual([expect.objectContaining({ id: b.id, name: '', crossmint_wallet_id: walletOfB })]);
  expect(watch.pageErrors).toEqual([]);
});

test('a member cannot approve their own KYC or fund themselves with a hand-made PATCH', async ({ page, watch }) => {
  watch.allow(new RegExp(`${API}/rest/v1/profiles`));
  await signInWithEmail(page, 'self.approver@example.eu');
  const me = await session(page);
  for (const body of [{ kyc_status: 'approved' }, { first_onramp_ok: true }, { kyc_status: 'approved', name: 'Me' }]) {
    const answer = await call(page, `/rest/v1/profiles?id=eq.${me.id}`, { method: 'PATCH', token: me.token, body });
    expect(answer, JSON.stringify(body)).toMatchObject({
      status: 403,
      body: { code: '42501', message: 'permission denied for table profiles' },
    });
  }
  // The wallet id is the server's too: the column is not granted to members, in any mode.
  await page.goto('/settings');
  await createWalletButton(page).click();
  await expect(toast(page, 'Wallet created successfully!')).toBeVisible();
  const replace = await call(page, `/rest/v1/profiles?id=eq.${me.id}`, {
    method: 'PATCH',
    token: me.token,
    body: { crossmint_wallet_id: 'wallet-of-my-choosing' },
  });
  expect(replace).toMatchObject({
    status: 403,
    body: { code: '42501', message: 'permission denied for table profiles' },
  });
  // The server still says 'not verified', and so does the app after a reload.
  const row = await call(page, `/rest/v1/profiles?select=kyc_status,first_onramp_ok&id=eq.${me.id}`, {
    token: me.token,
  });
  expect(row.body).toEqual([{ kyc_status: 'not_started', first_onramp_ok: false }]);
  await page.goto('/kyc-verification');
  await expect(page.getByText('Not verified', { exact: true })).toBeVisible();
  expect(watch.pageErrors).toEqual([]);
});

test('sign-in with the backend code failing to load: an error, the email kept, the form usable', async ({
  page,
  context,
  watch,
}) => {
  watch.allow(/\/assets\/backend-/);
  // On the context, not the page: the mock's service worker fetches the app's files on its behalf.
  await context.route(/\/assets\/backend-[^/]+\.js$/, (route) => route.abort('failed'));
  await page.goto('/');
  await page.getByLabel('Email').fill('no.backend@example.eu');
  await page.getByLabel('Password').fill('secret-1');
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(toast(page, /could not load its connection to the server/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign In', exact: true })).toBeEnabled();
  await expect(page.getByLabel('Email')).toHaveValue('no.backend@example.eu');
  await expect(page).toHaveURL(/\/$/);
  expect(await page.evaluate((key) => localStorage.getItem(key), USER_KEY)).toBeNull();
  expect(watch.pageErrors).toEqual([]);
});

test("two accounts in two tabs never receive each other's results", async ({ page, context, watch }) => {
  // Tab 1: member A for this tab only ('Remember me' unticked).
  await page.goto('/');
  await page.getByLabel('Email').fill('tab.one@example.eu');
  await page.getByLabel('Password').fill('secret-1');
  await page.getByRole('checkbox', { name: 'Remember me' }).click();
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  // Tab 2: member B, remembered.
  const other = await context.newPage();
  await signInWithEmail(other, 'tab.two@example.eu');
  await expect(userMenuButton(page)).toContainText('tab.one@example.eu');

  // Both ask for a wallet at the same time.
  const calls: string[] = [];
  for (const tab of [page, other]) {
    tab.on('request', (r) => {
      if (r.url().includes(WALLET_FUNCTION_PATH)) calls.push(r.headers().authorization ?? '');
    });
    await tab.goto('/settings');
  }
  await Promise.all([createWalletButton(page).click(), createWalletButton(other).click()]);
  await expect(toast(page, 'Wallet created successfully!')).toBeVisible();
  await expect(toast(other, 'Wallet created successfully!')).toBeVisible();
  expect(new Set(calls).size).toBe(2);

  const tabProfile = (tab: Page) =>
    tab.evaluate((key) => JSON.parse(sessionStorage.getItem(key) ?? localStorage.getItem(key) ?? 'null'), PROFILE_KEY);
  const one = (await tabProfile(page)) as { email: string; crossmintWalletId: string };
  const two = (await tabProfile(other)) as { email: string; crossmintWalletId: string };
  expect(one.email).toBe('tab.one@example.eu');
  expect(two.email).toBe('tab.two@example.eu');
  expect(one.crossmintWalletId).not.toBe(two.crossmintWalletId);
  await expect(main(page)).toContainText(one.crossmintWalletId);
  await expect(main(page)).not.toContainText(two.crossmintWalletId);
  await expect(main(other)).toContainText(two.crossmintWalletId);
  await expect(main(other)).not.toContainText(one.crossmintWalletId);

  // After a reload each tab is still its own member.
  await page.reload();
  await other.reload();
  await expect(userMenuButton(page)).toContainText('tab.one@example.eu');
  await expect(userMenuButton(other)).toContainText('tab.two@example.eu');
  await expect(main(page)).toContainText(one.crossmintWalletId);
  await other.close();
  watch.expectClean();
});
