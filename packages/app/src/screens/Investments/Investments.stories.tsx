import type { Meta, StoryObj } from '@storybook/react-vite';
import { consoleErrors } from '@vault/domain';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { rpcAnswer } from '../../../../../mocks/story';
import {
  type AppStoryParameters,
  consoleListStates,
  expectReasonRequiredThenSent,
  expectRefusalKeepsDialog,
  findConsoleTable,
  openConsoleRow,
  openRowByKeyboard,
  recordedRpc,
  rpcListHandlers,
  SLOW,
  sessionAs,
  storySubscriptions,
  withApp,
} from '../../test-support';
import Investments from '.';

/** Two subscriptions as `list_subscriptions` answers them: the pending one first. */
const subscriptions = storySubscriptions;

/** The bodies of the list_subscriptions calls a story made (the filters reach the server). */
const list = recordedRpc('list_subscriptions', (body) =>
  body.status ? subscriptions.filter((s) => s.status === body.status) : subscriptions,
);
const listStates = rpcListHandlers('list_subscriptions');

/**
 * The same list as the server sends it for a retail investor's pending subscription: its reflection
 * window ends four days after submission. Only the list's stories use it: the stories' clock stands
 * before that end, and the decision stories need a Confirm that is not waiting for it.
 */
const listWithWindow = recordedRpc('list_subscriptions', () =>
  subscriptions.map((s) => (s.status === 'Pending' ? { ...s, window_ends_at: '2026-11-24T09:30:00Z' } : s)),
);

/** What the reviewer reads before deciding: the money held, KYC, classification, the agreement. */
const evidence = recordedRpc('subscription_evidence', (body) => ({
  investment_id: body.investment_id,
  funds: 'held',
  kyc_status: 'approved',
  country: 'NL',
  category: 'retail',
  professional_status: null,
  declared_at: '2026-11-01T09:00:00Z',
  agreement_version: '2025-01',
  agreement_signed_at: '2026-11-02T09:00:00Z',
}));

/** The review_investment calls a story made. */
const reviewInvestment = recordedRpc('review_investment', () => ({ ...subscriptions[0], status: 'Active' }));

const meta = {
  title: 'Screens/Investments',
  component: Investments,
  decorators: [withApp],
  parameters: {
    layout: 'fullscreen',
    app: { url: '/investments', session: sessionAs('eq_spv_admin') } satisfies AppStoryParameters,
    msw: { handlers: [list.handler, reviewInvestment.handler, evidence.handler] },
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
  parameters: { msw: { handlers: [listWithWindow.handler] } },
  play: async ({ canvasElement }) => {
    const table = await findConsoleTable(canvasElement, 'Subscriptions', [
      'Investor',
      'Opportunity',
      'Amount',
      'Method',
      'Submitted at',
      'Reflection ends',
      'Status',
    ]);
    await within(table).findByText('Ada Lovelace', {}, SLOW);
    const rows = within(table).getAllByRole('row');
    // The reflection window: four days after submission, while the subscription still waits.
    await expect(rows[1]).toHaveTextContent(
      /Ada Lovelace.*Groningen Solar Park II.*€5,000.*Bank transfer.*20 Nov 2026.*24 Nov 2026, 09:30 UTC.*Pending/,
    );
    await expect(rows[2]).toHaveTextContent(/Grace Hopper.*Green Bond 7.*€2,500.50.*Card payment.*—.*Active/);
    await expect(listWithWindow.calls).toEqual([{ status: null, after: null, page_size: 50 }]);
  },
};

/** The status filter is sent to the server. */
export const FilterByStatus: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const table = await canvas.findByRole('table', { name: 'Subscriptions' }, SLOW);
    await within(table).findByText('Grace Hopper', {}, SLOW);
    await userEvent.selectOptions(canvas.getByRole('combobox', { name: 'Status' }), 'Active');
    // The list shows its loading state while the filtered page is asked for (Ada is gone before the
    // request is made): wait for the server's answer, in the table as it is then.
    await waitFor(() => expect(list.calls).toContainEqual({ status: 'Active', after: null, page_size: 50 }), SLOW);
    await waitFor(() => {
      const filtered = canvas.getByRole('table', { name: 'Subscriptions' });
      expect(within(filtered).getByText('Grace Hopper')).toBeVisible();
      expect(within(filtered).queryByText('Ada Lovelace')).toBeNull();
    }, SLOW);
  },
};

/** The panel shows the evidence before any decision: funds held, KYC, classification, the agreement. */
export const Evidence: Story = {
  play: async ({ canvasElement }) => {
    const canvas = await openAda(canvasElement);
    const region = await canvas.findByRole('region', { name: 'Before you decide' }, SLOW);
    await within(region).findByText('Held in the ledger', {}, SLOW);
    await expect(region).toHaveTextContent(/FundsHeld in the ledger/);
    await expect(region).toHaveTextContent(/KYCApproved/);
    await expect(region).toHaveTextContent(/ClassificationRetail investor, NL/);
    await expect(region).toHaveTextContent(/Membership agreementVersion 2025-01, signed 2 Nov 2026/);
    await expect(evidence.calls).toEqual([{ investment_id: subscriptions[0]?.id }]);
  },
};

/** Waiting for payment: the evidence says nothing is held yet, and the KYC still under review. */
export const EvidenceAwaitingPayment: Story = {
  parameters: {
    msw: {
      handlers: [
        list.handler,
        reviewInvestment.handler,
        rpcAnswer('subscription_evidence', {
          investment_id: subscriptions[0]?.id,
          funds: 'awaiting_payment',
          kyc_status: 'pending',
          country: null,
          category: null,
          professional_status: null,
          declared_at: null,
          agreement_version: null,
          agreement_signed_at: null,
        }),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = await openAda(canvasElement);
    const region = await canvas.findByRole('region', { name: 'Before you decide' }, SLOW);
    await within(region).findByText('Awaiting payment: nothing held yet', {}, SLOW);
    await expect(region).toHaveTextContent(/KYCUnder review/);
    await expect(region).toHaveTextContent(/ClassificationNot declared/);
    await expect(region).toHaveTextContent(/Membership agreementNot signed/);
  },
};

/** A backend with no evidence for it (null): the panel says none is recorded; Confirm stays the reviewer's. */
export const EvidenceNone: Story = {
  parameters: {
    msw: { handlers: [list.handler, reviewInvestment.handler, rpcAnswer('subscription_evidence', null)] },
  },
  play: async ({ canvasElement }) => {
    const canvas = await openAda(canvasElement);
    const region = await canvas.findByRole('region', { name: 'Before you decide' }, SLOW);
    await expect(
      await within(region).findByText('No evidence is recorded for this subscription.', {}, SLOW),
    ).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Confirm' })).toBeEnabled();
  },
};

/** The evidence refused: the panel says so, and the decision stays the reviewer's. */
export const EvidenceFailed: Story = {
  parameters: {
    msw: {
      handlers: [
        list.handler,
        reviewInvestment.handler,
        evidence.refusing({ code: 'P0001', message: 'no such investment' }),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = await openAda(canvasElement);
    await expect(
      await canvas.findByText('The evidence could not be loaded: no such investment', {}, SLOW),
    ).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Confirm' })).toBeEnabled();
  },
};

/** Confirm opens a summary with the evidence; confirmed, review_investment has no reason, then says so. */
export const Confirm: Story = {
  play: async ({ canvasElement }) => {
    const canvas = await openAda(canvasElement);
    await canvas.findByText('Held in the ledger', {}, SLOW);
    await userEvent.click(canvas.getByRole('button', { name: 'Confirm' }));
    const dialog = await screen.findByRole('dialog', { name: "Confirm Ada Lovelace's subscription" }, SLOW);
    await expect(within(dialog).getByText('Held in the ledger')).toBeVisible();
    await expect(within(dialog).getByText('€5,000')).toBeVisible();
    await expect(reviewInvestment.calls).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await expect(await canvas.findByRole('status', {}, SLOW)).toHaveTextContent(
      'Ada Lovelace: €5,000 in Groningen Solar Park II confirmed.',
    );
    await expect(reviewInvestment.calls).toEqual([
      { investment_id: subscriptions[0]?.id, decision: 'confirmed', reason: null },
    ]);
  },
};

/** Keyboard: Tab to the row's button, Enter opens the detail, its buttons are reachable. */
export const KeyboardPath: Story = {
  play: async ({ canvasElement }) => {
    const canvas = await openRowByKeyboard(canvasElement, {
      table: 'Subscriptions',
      row: "Review Ada Lovelace's Groningen Solar Park II subscription",
      action: 'Confirm',
    });
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
      recorded: reviewInvestment,
    });
    await expect(await canvas.findByRole('status', {}, SLOW)).toHaveTextContent(
      'Ada Lovelace: €5,000 in Groningen Solar Park II rejected.',
    );
    await expect(reviewInvestment.calls).toEqual([
      { investment_id: subscriptions[0]?.id, decision: 'rejected', reason: 'Funds not received' },
    ]);
  },
};

/** The server refuses: its message in the dialog, which stays open with the typed reason. */
export const RejectRefused: Story = {
  parameters: {
    msw: {
      handlers: [
        list.handler,
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

/** Confirm refused: the message in the summary, which stays open. */
export const ConfirmRefused: Story = {
  parameters: {
    msw: {
      handlers: [
        list.handler,
        reviewInvestment.refusing(
          { code: '42501', message: 'only eq_spv_admin or an administrator may review an investment' },
          403,
        ),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = await openAda(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Confirm' }));
    const dialog = await screen.findByRole('dialog', {}, SLOW);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await expect(await within(dialog).findByText(/may review an investment/, {}, SLOW)).toBeVisible();
    await expect(screen.getByRole('dialog')).toBeVisible();
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
