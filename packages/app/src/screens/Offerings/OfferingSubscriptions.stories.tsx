import type { Meta, StoryObj } from '@storybook/react-vite';
import { actionErrors } from '@vault/domain';
import { HttpResponse } from 'msw';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { rpcAnswer, rpcLoading } from '../../../../../mocks/story';
import { type AppStoryParameters, openConsoleRow, recordedRpc, SLOW, sessionAs, withApp } from '../../test-support';
import Offerings from '.';

/** An open offering of the lending SPV, as `list_offerings` answers it: €600,000 held. */
const offering = {
  id: 'rotterdam-notes-5c6d7e',
  name: 'Rotterdam Housing Notes',
  offering_status: 'open',
  spv_id: 'spv-lending',
  spv_name: 'Vault Community Lending SPV',
  category: 'Social housing',
  region: 'EU',
  country: 'Netherlands',
  description: 'Notes financing the retrofit of 240 social rented homes.',
  unit_price_cents: 10_000,
  min_target_cents: 50_000_000,
  max_target_cents: 100_000_000,
  min_ticket_cents: 100_000,
  max_ticket_cents: 100_000_000,
  opens_at: '2026-01-01T09:00:00+00:00',
  deadline_at: '2099-03-01T17:00:00+00:00',
  term_months: 36,
  projected_yield_bps: 500,
  distribution_frequency: 'quarterly',
  lockup_months: 12,
  early_redemption_fee_bps: 100,
  eligible_countries: null,
  eligible_categories: null,
  allocation_rule: 'first_come',
  impact_metrics: [],
  documents: [],
  held_cents: 60_000_000,
  subscriptions: 3,
  created_at: '2026-11-01T09:00:00+00:00',
  submitted_at: '2026-11-02T10:00:00+00:00',
  submitted_by_me: false,
  approved_at: '2026-11-03T10:00:00+00:00',
  reason: null,
};

const ada = {
  investment_id: '44444444-4444-4444-8444-444444444444',
  member_id: '11111111-1111-4111-8111-111111111111',
  investor: 'Ada Lovelace',
  email: 'ada@example.eu',
  amount_cents: 60_000_000,
  total_cents: 60_600_000,
  method: 'bank',
  status: 'Pending',
  submitted_at: '2026-11-21T09:30:00Z',
  decided_at: null,
  reason: null,
  hold: 'held',
  held_cents: 60_600_000,
  allocated_units: null,
  allocated_cents: null,
};

const REASON = 'Tickets above €500,000 need the board’s approval first';

/** Its subscriptions, as `offering_subscriptions` answers them: one held, one awaiting payment, one rejected before. */
const subscriptions = [
  ada,
  {
    investment_id: '55555555-5555-4555-8555-555555555555',
    member_id: '22222222-2222-4222-8222-222222222222',
    investor: 'Grace Hopper',
    email: 'grace@example.eu',
    amount_cents: 250_000,
    total_cents: 252_500,
    method: 'bank',
    status: 'Awaiting payment',
    submitted_at: '2026-11-22T09:30:00Z',
    decided_at: null,
    reason: null,
    hold: 'none',
    held_cents: 0,
    allocated_units: null,
    allocated_cents: null,
  },
  {
    investment_id: '66666666-6666-4666-8666-666666666666',
    member_id: '33333333-3333-4333-8333-333333333333',
    investor: 'Katherine Johnson',
    email: 'katherine@example.eu',
    amount_cents: 150_000,
    total_cents: 151_500,
    method: 'bank',
    status: 'Rejected',
    submitted_at: '2026-11-20T09:30:00Z',
    decided_at: '2026-11-23T10:00:00Z',
    reason: 'Source of funds not evidenced',
    hold: 'released',
    held_cents: 0,
    allocated_units: null,
    allocated_cents: null,
  },
];

/** What `review_investment` answers for the rejection: the investment row, Rejected with its reason. */
const review = recordedRpc('review_investment', (body) => ({
  id: ada.investment_id,
  user_id: ada.member_id,
  opportunity_id: offering.id,
  opportunity_name: offering.name,
  amount_cents: ada.amount_cents,
  total_cents: ada.total_cents,
  method: ada.method,
  status: 'Rejected',
  submitted_at: ada.submitted_at,
  decided_at: '2026-11-24T10:00:00Z',
  reason: body.reason,
}));
const rejectedYet = () => review.calls.length > 0;

/** The server's reads: once the rejection is recorded, Ada's row is Rejected, its hold released, the offering holds nothing. */
const list = recordedRpc('list_offerings', () => [rejectedYet() ? { ...offering, held_cents: 0 } : offering]);
const subs = recordedRpc('offering_subscriptions', () =>
  rejectedYet()
    ? [
        {
          ...ada,
          status: 'Rejected',
          decided_at: '2026-11-24T10:00:00Z',
          reason: REASON,
          hold: 'released',
          held_cents: 0,
        },
        ...subscriptions.slice(1),
      ]
    : subscriptions,
);
const lendingSpv = rpcAnswer('offering_spvs', [{ id: 'spv-lending', name: offering.spv_name, kind: 'lending' }]);
const reads = [list.handler, subs.handler];

/** The investment was cancelled by its investor meanwhile: the server refuses every attempt. */
const refused = recordedRpc('review_investment', () =>
  HttpResponse.json({ ...actionErrors.investmentNotPending, details: null, hint: null }, { status: 400 }),
);

const meta = {
  title: 'Screens/Offerings/Before the close',
  component: Offerings,
  decorators: [withApp],
  parameters: {
    layout: 'fullscreen',
    app: { url: '/offerings', session: sessionAs('cl_spv_admin') } satisfies AppStoryParameters,
    msw: { handlers: [...reads, lendingSpv, review.handler] },
  },
} satisfies Meta<typeof Offerings>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Opens the offering in the panel and waits for its subscriptions; answers the canvas and that table. */
async function openSubscriptions(canvasElement: HTMLElement) {
  const canvas = await openConsoleRow(canvasElement, {
    heading: 'Offerings',
    table: 'Offerings',
    row: `Open ${offering.name}`,
  });
  const table = await canvas.findByRole('table', { name: 'Subscriptions and their holds' }, SLOW);
  await within(table).findByText('Ada Lovelace', {}, SLOW);
  return { canvas, table };
}

const rejectAda = "Reject Ada Lovelace's subscription";

/** The lending SPV's administrator: Reject on the one Pending row (its money held), none on the others. */
export const RejectPerPendingRow: Story = {
  play: async ({ canvasElement }) => {
    const { table } = await openSubscriptions(canvasElement);
    await expect(within(table).getByRole('columnheader', { name: 'Decide' })).toBeInTheDocument();
    const rows = within(table).getAllByRole('row');
    await expect(rows[1]).toHaveTextContent(/Ada Lovelace.*€600,000.*Pending.*Held: €606,000/);
    await expect(within(rows[1] as HTMLElement).getByRole('button', { name: rejectAda })).toBeEnabled();
    await expect(rows[2]).toHaveTextContent(/Grace Hopper.*Awaiting payment/);
    await expect(within(rows[2] as HTMLElement).queryByRole('button')).toBeNull();
    await expect(rows[3]).toHaveTextContent(/Katherine Johnson.*Rejected.*Source of funds not evidenced.*Released/);
    await expect(within(rows[3] as HTMLElement).queryByRole('button')).toBeNull();
    await expect(within(table).getAllByRole('button', { name: /^Reject / })).toHaveLength(1);
  },
};

/** Reject with no reason: the field says a reason is required, and nothing is sent. */
export const ReasonRequired: Story = {
  play: async ({ canvasElement }) => {
    const { table } = await openSubscriptions(canvasElement);
    await userEvent.click(within(table).getByRole('button', { name: rejectAda }));
    const dialog = await screen.findByRole('dialog', { name: rejectAda }, SLOW);
    await expect(dialog).toHaveAccessibleDescription(/€600,000 to Rotterdam Housing Notes.*at most 500 characters/);
    const field = within(dialog).getByRole('textbox', { name: 'Reason (required)' });
    await expect(field).toHaveAttribute('maxlength', '500');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(field).toHaveAccessibleDescription('A reason is required');
    await expect(field).toHaveFocus();
    await expect(review.calls).toEqual([]);
    // Where the page stands behind the dialog depends on when the rows arrived: shot from its top.
    canvasElement.ownerDocument.scrollingElement?.scrollTo(0, 0);
  },
};

/** With a reason: review_investment rejects it, the console says so, the row reads Rejected with its hold released. */
export const RejectSubscription: Story = {
  play: async ({ canvasElement }) => {
    const { canvas, table } = await openSubscriptions(canvasElement);
    await userEvent.click(within(table).getByRole('button', { name: rejectAda }));
    const dialog = await screen.findByRole('dialog', { name: rejectAda }, SLOW);
    await userEvent.type(within(dialog).getByRole('textbox'), REASON);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), SLOW);
    await expect(review.calls).toEqual([{ investment_id: ada.investment_id, decision: 'rejected', reason: REASON }]);
    const done = await canvas.findByText("Ada Lovelace's subscription of €600,000 rejected: its hold is released.");
    await expect(done).toHaveAttribute('role', 'status');
    const refreshed = await canvas.findByRole('table', { name: 'Subscriptions and their holds' }, SLOW);
    await waitFor(
      () =>
        expect(within(refreshed).getAllByRole('row')[1]).toHaveTextContent(
          /Ada Lovelace.*€600,000.*Rejected.*board’s approval first.*Released/,
        ),
      SLOW,
    );
    await expect(within(refreshed).queryByRole('button', { name: rejectAda })).toBeNull();
    // The keyboard goes on from the list's heading; the offering's list is read again: it holds less.
    await waitFor(
      () => expect(canvas.getByRole('heading', { name: `Subscriptions to ${offering.name}` })).toHaveFocus(),
      SLOW,
    );
    await waitFor(() => expect(list.calls).toHaveLength(2), SLOW);
    const offerings = canvas.getByRole('table', { name: 'Offerings' });
    await expect(await within(offerings).findByText('€0 / €500,000', {}, SLOW)).toBeVisible();
  },
};

/** The server refuses (the investor cancelled meanwhile): its message in the dialog, the reason kept, Reject again sends it again. */
export const RejectRefused: Story = {
  parameters: { msw: { handlers: [...reads, lendingSpv, refused.handler] } },
  play: async ({ canvasElement }) => {
    const { table } = await openSubscriptions(canvasElement);
    await userEvent.click(within(table).getByRole('button', { name: rejectAda }));
    const dialog = await screen.findByRole('dialog', { name: rejectAda }, SLOW);
    const field = within(dialog).getByRole('textbox');
    await userEvent.type(field, REASON);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await expect(await within(dialog).findByRole('alert', {}, SLOW)).toHaveTextContent(
      actionErrors.investmentNotPending.message,
    );
    await expect(field).toHaveValue(REASON);
    const again = within(dialog).getByRole('button', { name: 'Reject' });
    await waitFor(() => expect(again).toBeEnabled(), SLOW);
    await userEvent.click(again);
    await waitFor(() => expect(refused.calls).toHaveLength(2), SLOW);
    await expect(refused.calls[1]).toEqual(refused.calls[0]);
    await expect(await within(dialog).findByRole('alert', {}, SLOW)).toBeVisible();
    await expect(screen.getByRole('dialog')).toBeVisible();
    await expect(field).toHaveValue(REASON);
    // Where the page stands behind the dialog depends on when the rows arrived: shot from its top.
    canvasElement.ownerDocument.scrollingElement?.scrollTo(0, 0);
  },
};

/** While the call runs the dialog's Reject is busy, and no row's Reject can be pressed. */
export const Rejecting: Story = {
  parameters: { msw: { handlers: [...reads, lendingSpv, rpcLoading('review_investment')] } },
  play: async ({ canvasElement }) => {
    const { table } = await openSubscriptions(canvasElement);
    await userEvent.click(within(table).getByRole('button', { name: rejectAda }));
    const dialog = await screen.findByRole('dialog', { name: rejectAda }, SLOW);
    await userEvent.type(within(dialog).getByRole('textbox'), REASON);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    const busy = await within(dialog).findByRole('button', { name: 'Reject…' }, SLOW);
    await expect(busy).toBeDisabled();
    await expect(busy).toHaveAttribute('aria-busy', 'true');
    // Where the page stands behind the dialog depends on when the rows arrived: shot from its top.
    canvasElement.ownerDocument.scrollingElement?.scrollTo(0, 0);
  },
};

/** By keyboard: Tab reaches the row's Reject, Enter opens the dialog on its field, Escape closes it and the focus comes back. */
export const RejectByKeyboard: Story = {
  play: async ({ canvasElement }) => {
    const { canvas, table } = await openSubscriptions(canvasElement);
    canvas.getByRole('heading', { name: `Subscriptions to ${offering.name}` }).focus();
    const button = within(table).getByRole('button', { name: rejectAda });
    await userEvent.tab();
    await expect(button).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: rejectAda }, SLOW);
    await waitFor(() => expect(within(dialog).getByRole('textbox')).toHaveFocus(), SLOW);
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), SLOW);
    await waitFor(() => expect(button).toHaveFocus(), SLOW);
    await expect(review.calls).toEqual([]);
  },
};

/** Compliance sees every SPV's subscriptions but acts for none: no Reject. */
export const NoRejectForReviewers: Story = {
  parameters: {
    app: { url: '/offerings', session: sessionAs('compliance') } satisfies AppStoryParameters,
    msw: { handlers: [...reads, rpcAnswer('offering_spvs', []), review.handler] },
  },
  play: async ({ canvasElement }) => {
    const { table } = await openSubscriptions(canvasElement);
    await expect(within(table).queryByRole('columnheader', { name: 'Decide' })).toBeNull();
    await expect(within(table).queryByRole('button')).toBeNull();
  },
};

/** The admin flag acts for every SPV (offering_spvs answers each): Reject is offered. */
export const AdminFlagRejects: Story = {
  parameters: {
    app: { url: '/offerings', session: sessionAs('mfo_admin', {}, true) } satisfies AppStoryParameters,
    msw: {
      handlers: [
        ...reads,
        rpcAnswer('offering_spvs', [
          { id: 'spv-equity', name: 'Vault Impact Equity SPV', kind: 'equity' },
          { id: 'spv-lending', name: offering.spv_name, kind: 'lending' },
          { id: 'spv-production', name: 'Vault Renewable Production SPV', kind: 'production' },
        ]),
        review.handler,
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const { table } = await openSubscriptions(canvasElement);
    await expect(within(table).getByRole('button', { name: rejectAda })).toBeEnabled();
  },
};
