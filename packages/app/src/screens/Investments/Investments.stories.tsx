import type { Meta, StoryObj } from '@storybook/react-vite';
import { consoleErrors } from '@vault/domain';
import { HttpResponse, http } from 'msw';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import {
  type AppStoryParameters,
  consoleListStates,
  expectReasonRequiredThenSent,
  expectRefusalBesideButtons,
  expectRefusalKeepsDialog,
  openConsoleRow,
  recordedRpc,
  rpcListHandlers,
  SLOW,
  sessionAs,
  withApp,
} from '../../test-support';
import Investments from '.';

/** Two subscriptions as `list_subscriptions` answers them: the pending one first. */
const subscriptions = [
  {
    id: '33333333-3333-4333-8333-333333333333',
    member_id: '11111111-1111-4111-8111-111111111111',
    investor: 'Ada Lovelace',
    email: 'ada@example.eu',
    opportunity_id: 'solar-park-groningen',
    opportunity_name: 'Groningen Solar Park II',
    amount_cents: 500_000,
    total_cents: 505_000,
    method: 'bank',
    status: 'Pending',
    submitted_at: '2026-11-20T09:30:00Z',
    decided_at: null,
    reason: null,
  },
  {
    id: '44444444-4444-4444-8444-444444444444',
    member_id: '22222222-2222-4222-8222-222222222222',
    investor: 'Grace Hopper',
    email: 'grace@example.eu',
    opportunity_id: 'green-bond-7',
    opportunity_name: 'Green Bond 7',
    amount_cents: 250_050,
    total_cents: 256_302,
    method: 'card',
    status: 'Active',
    submitted_at: '2026-11-18T14:05:00Z',
    decided_at: '2026-11-19T10:00:00Z',
    reason: null,
  },
];

/** The bodies of the list_subscriptions calls a story made (the filters reach the server). */
let listCalls: unknown[] = [];
const listHandler = http.post('*/rest/v1/rpc/list_subscriptions', async ({ request }) => {
  const body = (await request.json()) as { status: string | null };
  listCalls.push(body);
  return HttpResponse.json(body.status ? subscriptions.filter((s) => s.status === body.status) : subscriptions);
});
const listStates = rpcListHandlers('list_subscriptions');

/** The review_investment calls a story made. */
const reviewInvestment = recordedRpc('review_investment', () => ({ ...subscriptions[0], status: 'Active' }));
const reviews = reviewInvestment.calls;

const meta = {
  title: 'Screens/Investments',
  component: Investments,
  decorators: [withApp],
  parameters: {
    layout: 'fullscreen',
    app: { url: '/investments', session: sessionAs('eq_spv_admin') } satisfies AppStoryParameters,
    msw: { handlers: [listHandler, reviewInvestment.handler] },
  },
  beforeEach: () => {
    reviewInvestment.reset();
    listCalls = [];
  },
} satisfies Meta<typeof Investments>;
export default meta;
type Story = StoryObj<typeof meta>;

const openAda = (canvasElement: HTMLElement) =>
  openConsoleRow(canvasElement, {
    heading: 'Subscriptions',
    table: 'Subscriptions',
    row: "Review Ada Lovelace's Groningen Solar Park II subscription",
  });

/** The list: investor, opportunity, amount, method, submitted at, Pending first. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const table = await canvas.findByRole('table', { name: 'Subscriptions' }, SLOW);
    for (const header of ['Investor', 'Opportunity', 'Amount', 'Method', 'Submitted at', 'Status']) {
      await expect(within(table).getByRole('columnheader', { name: header })).toBeInTheDocument();
    }
    await within(table).findByText('Ada Lovelace', {}, SLOW);
    const rows = within(table).getAllByRole('row');
    await expect(rows[1]).toHaveTextContent(/Ada Lovelace.*Groningen Solar Park II.*€5,000.*Bank transfer.*Pending/);
    await expect(rows[2]).toHaveTextContent(/Grace Hopper.*Green Bond 7.*€2,500.50.*Card payment.*Active/);
    await expect(listCalls).toEqual([{ status: null, after: null, page_size: 50 }]);
  },
};

/** The status filter is sent to the server. */
export const FilterByStatus: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const table = await canvas.findByRole('table', { name: 'Subscriptions' }, SLOW);
    await within(table).findByText('Grace Hopper', {}, SLOW);
    await userEvent.selectOptions(canvas.getByRole('combobox', { name: 'Status' }), 'Active');
    await waitFor(() => expect(within(table).queryByText('Ada Lovelace')).toBeNull(), SLOW);
    await expect(listCalls).toContainEqual({ status: 'Active', after: null, page_size: 50 });
  },
};

/** Confirm sends review_investment with the investment and no reason, then says so. */
export const Confirm: Story = {
  play: async ({ canvasElement }) => {
    const canvas = await openAda(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Confirm' }));
    await expect(await canvas.findByRole('status', {}, SLOW)).toHaveTextContent(
      'Ada Lovelace: €5,000 in Groningen Solar Park II confirmed.',
    );
    await expect(reviews).toEqual([{ investment_id: subscriptions[0]?.id, decision: 'confirmed', reason: null }]);
  },
};

/** Keyboard: Tab to the row's button, Enter opens the detail, its buttons are reachable. */
export const KeyboardPath: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const table = await canvas.findByRole('table', { name: 'Subscriptions' }, SLOW);
    const select = await within(table).findByRole(
      'button',
      { name: "Review Ada Lovelace's Groningen Solar Park II subscription" },
      SLOW,
    );
    select.focus();
    await userEvent.keyboard('{Enter}');
    await expect(await canvas.findByRole('button', { name: 'Confirm' }, SLOW)).toBeVisible();
    await userEvent.tab();
    await expect(canvas.getByRole('button', { name: 'Reject' })).toBeEnabled();
  },
};

/** Reject needs a reason; with one, review_investment carries it. */
export const RejectWithReason: Story = {
  play: async ({ canvasElement }) => {
    const canvas = await openAda(canvasElement);
    await expectReasonRequiredThenSent(canvas, {
      action: 'Reject',
      required: 'A reason is required',
      text: 'Funds not received',
      calls: reviews,
    });
    await expect(await canvas.findByRole('status', {}, SLOW)).toHaveTextContent(
      'Ada Lovelace: €5,000 in Groningen Solar Park II rejected.',
    );
    await expect(reviews).toEqual([
      { investment_id: subscriptions[0]?.id, decision: 'rejected', reason: 'Funds not received' },
    ]);
  },
};

/** The server refuses: its message in the dialog, which stays open with the typed reason. */
export const RejectRefused: Story = {
  parameters: {
    msw: {
      handlers: [
        listHandler,
        reviewInvestment.refusing({ code: 'P0001', message: 'only a pending investment can be reviewed' }),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = await openAda(canvasElement);
    await expectRefusalKeepsDialog(canvas, {
      action: 'Reject',
      text: 'Funds not received',
      message: /only a pending investment can be reviewed/,
    });
  },
};

/** Confirm refused: the message beside the buttons, which stay usable. */
export const ConfirmRefused: Story = {
  parameters: {
    msw: {
      handlers: [
        listHandler,
        reviewInvestment.refusing(
          { code: '42501', message: 'only eq_spv_admin or an administrator may review an investment' },
          403,
        ),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = await openAda(canvasElement);
    await expectRefusalBesideButtons(canvas, { action: 'Confirm', message: /may review an investment/ });
  },
};

const states = consoleListStates({
  table: 'Subscriptions',
  empty: { handler: listStates.empty, text: 'No subscriptions' },
  loading: listStates.loading,
  failed: {
    handler: listStates.error(consoleErrors.subscriptionsDenied),
    text: /The subscriptions could not be loaded/,
  },
});
export const Empty: Story = { parameters: states.Empty.parameters, play: states.Empty.play };
export const Loading: Story = { parameters: states.Loading.parameters, play: states.Loading.play };
export const Failed: Story = { parameters: states.Failed.parameters, play: states.Failed.play };

/** Default on a 390 px phone (tag `phone`: the visual test shoots it at that width). */
export const DefaultPhone: Story = {
  ...Default,
  name: 'Default — phone',
  tags: ['phone'],
  globals: { viewport: { value: 'phone', isRotated: false } },
};
