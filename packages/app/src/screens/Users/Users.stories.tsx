import type { Meta, StoryObj } from '@storybook/react-vite';
import { consoleErrors, listMembersErrors } from '@vault/domain';
import { delay, HttpResponse, http } from 'msw';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { type AppStoryParameters, SLOW, sessionAs, withApp } from '../../test-support';
import Users from '.';

const me = sessionAs('mfo_admin');
const myId = me.user?.id ?? '';

/** Three members as `list_members` answers them (ordered by id). */
const members = [
  {
    id: '11111111-1111-4111-8111-111111111111',
    name: 'Ada Lovelace',
    email: 'ada@example.eu',
    role: 'investor',
    status: 'Active',
    joined: '2026-11-20',
  },
  {
    id: '22222222-2222-4222-8222-222222222222',
    name: 'Hanna Berg',
    email: 'compliance@vault.example',
    role: 'compliance',
    status: 'Pending',
    joined: '2026-11-21',
  },
  {
    id: myId,
    name: 'Demo mfo_admin',
    email: 'mfo-admin@vault.example',
    role: 'mfo_admin',
    status: 'Pending',
    joined: '2026-11-19',
  },
];

/** Where each member stands on the readiness gate, as the server's filter sees them. */
const readinessOf: Record<string, string> = {
  [members[0]?.id ?? '']: 'ready',
  [members[1]?.id ?? '']: 'wallet',
  [myId]: 'wallet',
};

const detailOf = (id: string) => {
  const member = members.find((m) => m.id === id) ?? members[0];
  return {
    ...member,
    is_admin: false,
    joined: '2026-11-20T09:30:00Z',
    readiness: { wallet: true, kyc: true, first_onramp: false, ready: false },
    kyc: { status: 'approved', reason: null, submitted_at: '2026-11-20T09:30:00Z', decided_at: '2026-11-20T10:00:00Z' },
    wallet: { id: 'demo-wallet-ada' },
    investments: [
      {
        id: 'inv-1',
        opportunity_id: 'opp-1',
        opportunity_name: 'Solar Park Alentejo',
        amount_cents: 2_500_000,
        total_cents: 2_550_000,
        method: 'wallet',
        status: 'pending',
        submitted_at: '2026-11-22T08:00:00Z',
      },
    ],
  };
};

const rpcError = (error: { code: string; message: string }, status = 400) =>
  HttpResponse.json({ ...error, details: null, hint: null }, { status });

/** The bodies of the calls a story made, by function. */
/** Each call a story makes, by function (a spy: empty at every story's start). */
const recordCall = fn<(call: { fn: string; body: unknown }) => void>().mockName('rpc calls');
const calls = () => recordCall.mock.calls.map(([call]) => call);
const listHandler = http.post('*/rest/v1/rpc/list_members', async ({ request }) => {
  const body = (await request.json()) as { search?: string | null; role?: string | null; readiness?: string | null };
  recordCall({ fn: 'list_members', body });
  const needle = (body.search ?? '').toLowerCase();
  return HttpResponse.json(
    members.filter(
      (m) =>
        (!body.role || m.role === body.role) &&
        (!body.readiness || readinessOf[m.id] === body.readiness) &&
        (!needle || m.name.toLowerCase().includes(needle) || m.email.toLowerCase().includes(needle)),
    ),
  );
});
const detailHandler = http.post('*/rest/v1/rpc/member_detail', async ({ request }) => {
  const body = (await request.json()) as { member_id: string };
  return HttpResponse.json(detailOf(body.member_id));
});
const roleHandler = http.post('*/rest/v1/rpc/set_member_role', async ({ request }) => {
  recordCall({ fn: 'set_member_role', body: await request.json() });
  return HttpResponse.json({ id: members[0]?.id, role: 'eq_spv_admin', is_admin: false });
});

const meta = {
  title: 'Screens/Users',
  component: Users,
  decorators: [withApp],
  parameters: {
    layout: 'fullscreen',
    app: { url: '/users', session: me } satisfies AppStoryParameters,
    msw: { handlers: [listHandler, detailHandler, roleHandler] },
  },
} satisfies Meta<typeof Users>;
export default meta;
type Story = StoryObj<typeof meta>;

async function table(canvasElement: HTMLElement) {
  const canvas = within(canvasElement);
  await expect(canvas.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
  const found = await canvas.findByRole('table', { name: 'Platform users' }, SLOW);
  await within(found).findByText('ada@example.eu', {}, SLOW);
  return found;
}

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const found = await table(canvasElement);
    for (const header of ['Name', 'Email', 'Role', 'Status', 'Joined']) {
      await expect(within(found).getByRole('columnheader', { name: header })).toBeVisible();
    }
    await expect(within(found).getByText('Compliance officer')).toBeVisible();
    await expect(calls()[0]).toEqual({
      fn: 'list_members',
      body: { search: null, role: null, readiness: null, after: null, page_size: 50 },
    });
  },
};

/** The search and the role filter are sent to the server, not applied on the page. */
export const Filtered: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const found = await table(canvasElement);
    await userEvent.type(canvas.getByRole('searchbox', { name: 'Name or email' }), 'hanna');
    await waitFor(
      () =>
        expect(calls().at(-1)).toEqual({
          fn: 'list_members',
          body: { search: 'hanna', role: null, readiness: null, after: null, page_size: 50 },
        }),
      SLOW,
    );
    await waitFor(() => expect(within(found).queryByText('ada@example.eu')).toBeNull(), SLOW);
    await userEvent.selectOptions(canvas.getByRole('combobox', { name: 'Role' }), 'investor');
    await waitFor(
      () =>
        expect(calls().at(-1)).toEqual({
          fn: 'list_members',
          body: { search: 'hanna', role: 'investor', readiness: null, after: null, page_size: 50 },
        }),
      SLOW,
    );
    await expect(await within(found).findByText('No users match', {}, SLOW)).toBeVisible();
  },
};

/**
 * The readiness filter, next to Role, is sent to the server: Ready to invest keeps Ada; Needs KYC
 * keeps nobody here (the empty filtered state); Clear filters lists everyone again.
 */
export const FilteredByReadiness: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const found = await table(canvasElement);
    const readiness = canvas.getByRole('combobox', { name: 'Readiness' });
    await expect(
      within(readiness)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Any readiness', 'Needs a wallet', 'Needs KYC', 'Needs a first on-ramp', 'Ready to invest']);
    await userEvent.selectOptions(readiness, 'ready');
    await waitFor(
      () =>
        expect(calls().at(-1)).toEqual({
          fn: 'list_members',
          body: { search: null, role: null, readiness: 'ready', after: null, page_size: 50 },
        }),
      SLOW,
    );
    // The filtered page, not the loading state between (no rows) nor the page before it.
    await waitFor(() => {
      expect(within(found).queryByText('compliance@vault.example')).toBeNull();
      expect(within(found).getByText('ada@example.eu')).toBeVisible();
    }, SLOW);
    await userEvent.selectOptions(readiness, 'kyc');
    await expect(await within(found).findByText('No users match', {}, SLOW)).toBeVisible();
    await expect(calls().at(-1)?.body).toMatchObject({ readiness: 'kyc' });
    await userEvent.click(canvas.getByRole('button', { name: 'Clear filters' }));
    await expect(await within(found).findByText('compliance@vault.example', {}, SLOW)).toBeVisible();
    await expect(readiness).toHaveValue('');
    await expect(calls().at(-1)?.body).toMatchObject({ readiness: null, role: null, search: null });
  },
};

/** The readiness and role filters together keep nobody: the empty filtered state, on a phone. */
export const FilteredEmptyPhone: Story = {
  name: 'Filtered empty — phone',
  tags: ['phone'],
  globals: { viewport: { value: 'phone', isRotated: false } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const found = await table(canvasElement);
    await userEvent.selectOptions(canvas.getByRole('combobox', { name: 'Role' }), 'compliance');
    await userEvent.selectOptions(canvas.getByRole('combobox', { name: 'Readiness' }), 'ready');
    await expect(await within(found).findByText('No users match', {}, SLOW)).toBeVisible();
    await expect(calls().at(-1)?.body).toMatchObject({ role: 'compliance', readiness: 'ready' });
  },
};

/** A member's detail, then Change role sends set_member_role with the chosen role and flag. */
export const ChangeRole: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const found = await table(canvasElement);
    await userEvent.click(within(found).getByRole('button', { name: 'Open Ada Lovelace' }));
    const panel = await canvas.findByRole('region', { name: 'Ada Lovelace' }, SLOW);
    await expect(await within(panel).findByText('demo-wallet-ada', {}, SLOW)).toBeVisible();
    await expect(within(panel).getByText(/Solar Park Alentejo/)).toBeVisible();
    await userEvent.click(within(panel).getByRole('button', { name: 'Change role' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change role of Ada Lovelace' });
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: 'New role' }), 'eq_spv_admin');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Change role' }));
    await expect(await canvas.findByRole('status', {}, SLOW)).toHaveTextContent(/Ada Lovelace is now/);
    await expect(calls().find((c) => c.fn === 'set_member_role')).toEqual({
      fn: 'set_member_role',
      body: { member_id: members[0]?.id, role: 'eq_spv_admin', is_admin: false },
    });
  },
};

/** The server refuses: the dialog stays open with the choice and the server's words. */
export const ChangeRoleRefused: Story = {
  parameters: {
    msw: {
      handlers: [
        listHandler,
        detailHandler,
        http.post('*/rest/v1/rpc/set_member_role', () => rpcError(consoleErrors.roleChangeDenied, 403)),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const found = await table(canvasElement);
    await userEvent.click(within(found).getByRole('button', { name: 'Open Ada Lovelace' }));
    const panel = await within(canvasElement).findByRole('region', { name: 'Ada Lovelace' }, SLOW);
    await waitFor(() => expect(within(panel).getByRole('button', { name: 'Change role' })).toBeEnabled(), SLOW);
    await userEvent.click(within(panel).getByRole('button', { name: 'Change role' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change role of Ada Lovelace' });
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: 'New role' }), 'compliance');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Change role' }));
    await expect(await within(dialog).findByRole('alert')).toHaveTextContent(consoleErrors.roleChangeDenied.message);
    await expect(within(dialog).getByRole('combobox', { name: 'New role' })).toHaveValue('compliance');
  },
};

/** One's own row: Change role is disabled and says why. */
export const OwnAccount: Story = {
  play: async ({ canvasElement }) => {
    const found = await table(canvasElement);
    await userEvent.click(within(found).getByRole('button', { name: 'Open Demo mfo_admin' }));
    const panel = await within(canvasElement).findByRole('region', { name: 'Demo mfo_admin' }, SLOW);
    const button = within(panel).getByRole('button', { name: 'Change role' });
    await expect(button).toBeDisabled();
    await expect(button).toHaveAccessibleDescription(/your own account/);
  },
};

export const Loading: Story = {
  parameters: { msw: { handlers: [http.post('*/rest/v1/rpc/list_members', () => delay('infinite'))] } },
  play: async ({ canvasElement }) => {
    const found = await within(canvasElement).findByRole('table', { name: 'Platform users' }, SLOW);
    // Radix's table root (a wrapper of the <table>) carries aria-busy while the first page loads.
    await expect(found.closest('[aria-busy="true"]')).not.toBeNull();
  },
};

export const Failed: Story = {
  parameters: {
    msw: { handlers: [http.post('*/rest/v1/rpc/list_members', () => rpcError(listMembersErrors.denied, 403))] },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(/The users could not be loaded/, {}, SLOW)).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Retry' })).toBeEnabled();
  },
};

export const Empty: Story = {
  parameters: { msw: { handlers: [http.post('*/rest/v1/rpc/list_members', () => HttpResponse.json([]))] } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('No users match', {}, SLOW)).toBeVisible();
  },
};

/** Default on a 390 px phone (tag `phone`: the visual test shoots it at that width). */
export const DefaultPhone: Story = {
  ...Default,
  name: 'Default — phone',
  tags: ['phone'],
  globals: { viewport: { value: 'phone', isRotated: false } },
};
