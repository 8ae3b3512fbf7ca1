import type { Meta, StoryObj } from '@storybook/react-vite';
import { actionErrors, formatEuros } from '@vault/domain';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { rpcAnswer, rpcLoading, rpcRefusal } from '../../../../../mocks/story';
import { type AppStoryParameters, recordedRpc, SLOW, sessionAs, withApp } from '../../test-support';
import Offerings from '.';
import { fill, fillDate, form, issued, maturityReads, openIssued } from './lifecycleStorySupport';

const ada = '11111111-1111-4111-8111-111111111111';
const grace = '22222222-2222-4222-8222-222222222222';

/** What declare_distribution answers for €1,000.01 of income to two holders (docs/lifecycle.md §2). */
const declared = {
  id: '66666666-6666-4666-8666-666666666666',
  opportunity_id: issued.id,
  record_date: '2026-02-28',
  kind: 'income',
  amount_cents: 100_001,
  withholding_cents: 9_000,
  net_cents: 91_001,
  holders: 2,
  units: 1_000,
  status: 'declared',
  declared_at: '2026-03-02T09:00:00Z',
  paid_at: null,
  lines: [
    { member_id: ada, units: 600, gross_cents: 60_001, withholding_cents: 9_000, net_cents: 51_001 },
    { member_id: grace, units: 400, gross_cents: 40_000, withholding_cents: 0, net_cents: 40_000 },
  ],
};

const distributionRows = [
  {
    id: declared.id,
    opportunity_id: issued.id,
    opportunity_name: issued.name,
    record_date: '2026-02-28',
    kind: 'income',
    amount_cents: 100_001,
    withholding_cents: 9_000,
    holders: 2,
    status: 'declared',
    declared_by: '5a1d0000-0000-4000-8000-000000000503',
    declared_at: '2026-03-02T09:00:00Z',
    paid_at: null,
    available_cents: 2_500_000,
  },
  {
    id: '77777777-7777-4777-8777-777777777777',
    opportunity_id: issued.id,
    opportunity_name: issued.name,
    record_date: '2025-12-31',
    kind: 'capital',
    amount_cents: 500_000,
    withholding_cents: 0,
    holders: 2,
    status: 'paid',
    declared_by: '5a1d0000-0000-4000-8000-000000000503',
    declared_at: '2026-01-02T09:00:00Z',
    paid_at: '2026-01-05T09:00:00Z',
    available_cents: 2_500_000,
  },
];

const HOUR_MS = 60 * 60 * 1000;
const at = (hoursFromNow: number) => new Date(Date.now() + hoursFromNow * HOUR_MS).toISOString();

/** Two requests waiting (one soon due and quoted at today's price, one overdue) and one decided, as `list_redemptions` answers them. */
const redemptionRows = () => [
  {
    id: '88888888-8888-4888-8888-888888888888',
    opportunity_id: issued.id,
    opportunity_name: issued.name,
    member_id: ada,
    member_name: 'Ada Lovelace',
    units: 200,
    status: 'requested',
    requested_at: at(-0.5),
    due_at: at(47.5),
    decided_at: null,
    reason: null,
    unit_price_cents: 10_000,
    price_cents: 2_000_000,
    fee_cents: 40_000,
    net_cents: 1_960_000,
  },
  {
    id: '99999999-9999-4999-8999-999999999999',
    opportunity_id: issued.id,
    opportunity_name: issued.name,
    member_id: grace,
    member_name: 'Grace Hopper',
    units: 50,
    status: 'requested',
    requested_at: at(-80),
    due_at: at(-3),
    decided_at: null,
    reason: null,
    // An offering with no price yet: nothing to quote.
    unit_price_cents: null,
    price_cents: null,
    fee_cents: null,
    net_cents: null,
  },
  {
    id: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa',
    opportunity_id: issued.id,
    opportunity_name: issued.name,
    member_id: grace,
    member_name: 'Grace Hopper',
    units: 10,
    status: 'approved',
    requested_at: at(-200),
    due_at: at(-160),
    decided_at: at(-170),
    reason: null,
    unit_price_cents: 10_400,
    price_cents: 104_000,
    fee_cents: 2_080,
    net_cents: 101_920,
  },
];

const offerings = rpcAnswer('list_offerings', [issued]);
const spvs = rpcAnswer('offering_spvs', [{ id: 'spv-equity', name: 'Vault Equity SPV', kind: 'equity' }]);
const noSpvs = rpcAnswer('offering_spvs', []);
const setPrice = recordedRpc('set_unit_price', (body) => ({
  opportunity_id: body.opportunity_id,
  as_of: body.as_of,
  price_cents: body.price_cents,
  reason: body.reason,
  set_by: '5a1d0000-0000-4000-8000-000000000503',
  set_at: '2026-03-02T10:00:00Z',
}));
const declare = recordedRpc('declare_distribution', () => declared);
const distributions = recordedRpc('list_distributions', (_body, n) => (n === 1 ? [] : distributionRows.slice(0, 1)));
const listed = recordedRpc('list_distributions', () => distributionRows);
const pay = recordedRpc('pay_distribution', () => ({ ...declared, lines: undefined, status: 'paid', paid_now: true }));
const queue = recordedRpc('list_redemptions', () => redemptionRows());
const review = recordedRpc('review_redemption', (body) => ({ id: body.redemption_id, status: body.decision }));

const spvHandlers = [
  offerings,
  spvs,
  setPrice.handler,
  declare.handler,
  distributions.handler,
  queue.handler,
  ...maturityReads,
];
const payerHandlers = [offerings, noSpvs, listed.handler, pay.handler];

const meta = {
  title: 'Screens/Offerings/After the issue',
  component: Offerings,
  decorators: [withApp],
  parameters: {
    layout: 'fullscreen',
    app: { url: '/offerings', session: sessionAs('eq_spv_admin') } satisfies AppStoryParameters,
    msw: { handlers: spvHandlers },
  },
} satisfies Meta<typeof Offerings>;
export default meta;
type Story = StoryObj<typeof meta>;

const asPayer = {
  app: { url: '/offerings', session: sessionAs('mfo_admin') } satisfies AppStoryParameters,
  msw: { handlers: payerHandlers },
};

/** The SPV sets the price of today by keyboard: Enter in the reason sends it, in cents. */
export const SetUnitPrice: Story = {
  play: async ({ canvasElement }) => {
    const canvas = await openIssued(canvasElement);
    const price = within(await form(canvas, 'Set unit price'));
    await expect(price.getByLabelText('As of (UTC)')).toHaveValue('2026-03-02');
    await fill(price.getByLabelText('Unit price (€)'), '104.50');
    await userEvent.type(price.getByLabelText('Reason'), 'Quarterly valuation{Enter}');
    await waitFor(() => expect(setPrice.calls).toHaveLength(1), SLOW);
    await expect(setPrice.calls[0]).toEqual({
      opportunity_id: issued.id,
      price_cents: 10_450,
      as_of: '2026-03-02',
      reason: 'Quarterly valuation',
    });
    await expect(await price.findByRole('status', {}, SLOW)).toHaveTextContent('Unit price set: €104.50 as of');
  },
};

/** What the form cannot send is said beside each field, nothing is sent, and what was typed stays. */
export const UnitPriceErrors: Story = {
  play: async ({ canvasElement }) => {
    const canvas = await openIssued(canvasElement);
    const price = within(await form(canvas, 'Set unit price'));
    await fill(price.getByLabelText('Unit price (€)'), 'ten');
    await fillDate(price.getByLabelText('As of (UTC)'), '2099-01-01');
    await userEvent.click(price.getByRole('button', { name: 'Set unit price' }));
    await expect(price.getByLabelText('Unit price (€)')).toHaveAccessibleDescription(
      /must be an amount in euros up to €100,000,000/,
    );
    await expect(price.getByLabelText('As of (UTC)')).toHaveAccessibleDescription(
      'As of (UTC) cannot be in the future',
    );
    await expect(price.getByLabelText('Reason')).toHaveAccessibleDescription('A reason is required');
    await waitFor(() => expect(price.getByLabelText('Unit price (€)')).toHaveFocus());
    await expect(price.getByLabelText('Unit price (€)')).toHaveValue('ten');
    await expect(setPrice.calls).toEqual([]);
  },
};

/** The server refuses the date: its message beside As of, and every typed value kept. */
export const UnitPriceRefused: Story = {
  parameters: {
    msw: {
      handlers: [
        setPrice.refusing(actionErrors.priceBeforeIssue),
        ...spvHandlers.filter((h) => h !== setPrice.handler),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = await openIssued(canvasElement);
    const price = within(await form(canvas, 'Set unit price'));
    await fill(price.getByLabelText('Unit price (€)'), '99');
    await fillDate(price.getByLabelText('As of (UTC)'), '2020-01-01');
    await fill(price.getByLabelText('Reason'), 'Backdated');
    await userEvent.click(price.getByRole('button', { name: 'Set unit price' }));
    await waitFor(
      () =>
        expect(price.getByLabelText('As of (UTC)')).toHaveAccessibleDescription(
          'as_of is before the offering issued its units',
        ),
      SLOW,
    );
    await expect(price.getByLabelText('Unit price (€)')).toHaveValue('99');
    await expect(price.getByLabelText('Reason')).toHaveValue('Backdated');
  },
};

/** Declared: the answer's totals and a line per holder; the list reads again and shows it waiting. */
export const DeclareDistribution: Story = {
  play: async ({ canvasElement }) => {
    const canvas = await openIssued(canvasElement);
    await canvas.findByText('No distributions declared yet', {}, SLOW);
    const declaration = within(await form(canvas, 'Declare distribution'));
    await fillDate(declaration.getByLabelText('Record date (UTC)'), '2026-02-28');
    await userEvent.type(declaration.getByLabelText('Amount (€)'), '1,000.01{Enter}');
    await waitFor(() => expect(declare.calls).toHaveLength(1), SLOW);
    await expect(declare.calls[0]).toEqual({
      opportunity_id: issued.id,
      record_date: '2026-02-28',
      amount_cents: 100_001,
      kind: 'income',
    });
    const lines = await canvas.findByRole('table', { name: 'Declared lines' }, SLOW);
    await expect(canvas.getByText(/Declared: income of €1,000.01 to 2 holders/)).toHaveTextContent(
      `withholding ${formatEuros(9_000)}, net ${formatEuros(91_001)}`,
    );
    const rows = within(lines).getAllByRole('row');
    await expect(rows[1]).toHaveTextContent(/Holder 1.*600.*€600.01.*€90.*€510.01/);
    await expect(rows[2]).toHaveTextContent(/Holder 2.*400.*€400.*€0.*€400/);
    const list = await canvas.findByRole('table', { name: 'Distributions of Porto Heat Network' }, SLOW);
    await waitFor(() => expect(within(list).getByText('Awaiting payment')).toBeVisible(), SLOW);
    await expect(distributions.calls).toEqual([{ offering_id: issued.id }, { offering_id: issued.id }]);
  },
};

/** A refusal of the state (nobody held units) shows above the button; the amount typed stays. */
export const DeclareRefused: Story = {
  parameters: {
    msw: {
      handlers: [declare.refusing(actionErrors.noHolders), ...spvHandlers.filter((h) => h !== declare.handler)],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = await openIssued(canvasElement);
    const declaration = within(await form(canvas, 'Declare distribution'));
    await fill(declaration.getByLabelText('Amount (€)'), '500');
    await userEvent.selectOptions(declaration.getByLabelText('Kind'), 'capital');
    await userEvent.click(declaration.getByRole('button', { name: 'Declare distribution' }));
    await expect(await declaration.findByRole('alert', {}, SLOW)).toHaveTextContent(
      'nobody held units of the offering at the end of the record date',
    );
    await expect(declaration.getByLabelText('Amount (€)')).toHaveValue('500');
    await expect(declaration.getByLabelText('Kind')).toHaveValue('capital');
    await expect(declare.calls).toEqual([]);
  },
};

/** mfo_admin: the distributions with their state, no forms; Pay behind a summary of amount and holders. */
export const PayDistribution: Story = {
  parameters: asPayer,
  play: async ({ canvasElement }) => {
    const canvas = await openIssued(canvasElement);
    const list = await canvas.findByRole('table', { name: 'Distributions of Porto Heat Network' }, SLOW);
    const rows = within(list).getAllByRole('row');
    await expect(rows[1]).toHaveTextContent(/Income.*€1,000.01.*€90.*2.*Awaiting payment/);
    await expect(rows[2]).toHaveTextContent(/Return of capital.*€5,000.*Paid/);
    await expect(within(rows[2] as HTMLElement).queryByRole('button')).toBeNull();
    await expect(canvas.queryByRole('form', { name: 'Set unit price' })).toBeNull();
    await userEvent.click(within(list).getByRole('button', { name: /Pay the income of/ }));
    const dialog = await screen.findByRole('dialog', { name: /Pay the income of/ }, SLOW);
    await expect(within(dialog).getByText('€1,000.01')).toBeVisible();
    await expect(within(dialog).getByText('€910.01')).toBeVisible();
    await expect(within(dialog).getByText('€25,000')).toBeVisible();
    await expect(pay.calls).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Pay' }));
    await expect(await canvas.findByRole('status', {}, SLOW)).toHaveTextContent('Paid €1,000.01 to 2 holders.');
    await expect(pay.calls).toEqual([{ distribution_id: declared.id }]);
  },
};

/** Four eyes: the server refuses whoever declared it; the message in the summary, which stays open. */
export const PayRefusedToDeclarer: Story = {
  parameters: {
    ...asPayer,
    msw: { handlers: [pay.refusing(actionErrors.distributionFourEyes), ...payerHandlers] },
  },
  play: async ({ canvasElement }) => {
    const canvas = await openIssued(canvasElement);
    const list = await canvas.findByRole('table', { name: 'Distributions of Porto Heat Network' }, SLOW);
    within(list)
      .getByRole('button', { name: /Pay the income of/ })
      .focus();
    await userEvent.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', {}, SLOW);
    // The summary opens on Pay: Enter confirms.
    await expect(within(dialog).getByRole('button', { name: 'Pay' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(await within(dialog).findByRole('alert', {}, SLOW)).toHaveTextContent(
      'nobody pays a distribution they declared',
    );
    await expect(screen.getByRole('dialog')).toBeVisible();
  },
};

export const DistributionsLoading: Story = {
  parameters: { ...asPayer, msw: { handlers: [rpcLoading('list_distributions'), ...payerHandlers] } },
  play: async ({ canvasElement }) => {
    const canvas = await openIssued(canvasElement);
    await expect(await canvas.findByText('Loading the distributions…', {}, SLOW)).toBeVisible();
  },
};

export const DistributionsFailed: Story = {
  parameters: {
    ...asPayer,
    msw: { handlers: [rpcRefusal('list_distributions', actionErrors.offeringConsoleDenied), ...payerHandlers] },
  },
  play: async ({ canvasElement }) => {
    const canvas = await openIssued(canvasElement);
    await expect(await canvas.findByText(/The distributions could not be loaded/, {}, SLOW)).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Retry' })).toBeEnabled();
  },
};

const findQueue = (canvasElement: HTMLElement) =>
  within(canvasElement).findByRole('table', { name: 'Redemptions' }, SLOW);

/** The queue: open requests first, each with units, the quote and the time left; the overdue one says so. */
export const RedemptionQueue: Story = {
  play: async ({ canvasElement }) => {
    const table = await findQueue(canvasElement);
    const rows = await within(table).findAllByRole('row', {}, SLOW);
    // The server's quote: 200 units at today's €100, €20,000, less the 2% fee of €400.
    await expect(rows[1]).toHaveTextContent(
      /Ada Lovelace.*Porto Heat Network.*200.*€20,000 less €400 fee: €19,600 \(today, at €100 a unit\).*1 day 23 hours left to decide.*Waiting/,
    );
    await expect(rows[2]).toHaveTextContent(/Grace Hopper.*50.*—.*Overdue by 3 hours/);
    await expect(rows[3]).toHaveTextContent(/10.*€1,040 less €20.80 fee: €1,019.20 \(at €104 a unit\).*Approved/);
    await expect(within(rows[3] as HTMLElement).queryByRole('button')).toBeNull();
  },
};

/** Approve by keyboard: the summary opens on Approve, Enter sends the decision. */
export const ApproveRedemption: Story = {
  parameters: { msw: { handlers: [...spvHandlers, review.handler] } },
  play: async ({ canvasElement }) => {
    const table = await findQueue(canvasElement);
    (
      await within(table).findByRole('button', { name: "Approve Ada Lovelace's redemption of 200 units" }, SLOW)
    ).focus();
    await userEvent.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: "Approve Ada Lovelace's redemption" }, SLOW);
    await expect(within(dialog).getByText('€20,000 less €400 fee: €19,600 (today, at €100 a unit)')).toBeVisible();
    await expect(review.calls).toEqual([]);
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), SLOW);
    await expect(review.calls).toEqual([
      { redemption_id: '88888888-8888-4888-8888-888888888888', decision: 'approved', reason: '' },
    ]);
    const done = await within(canvasElement).findByText("Ada Lovelace's redemption of 200 units approved.", {}, SLOW);
    await expect(done).toHaveAttribute('role', 'status');
  },
};

/** Reject needs a reason: an empty one is refused in the dialog and nothing is sent. */
export const RejectRedemption: Story = {
  parameters: { msw: { handlers: [...spvHandlers, review.handler] } },
  play: async ({ canvasElement }) => {
    const table = await findQueue(canvasElement);
    await userEvent.click(
      await within(table).findByRole('button', { name: "Reject Grace Hopper's redemption of 50 units" }, SLOW),
    );
    const dialog = await screen.findByRole('dialog', { name: "Reject Grace Hopper's redemption" }, SLOW);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await expect(within(dialog).getByText('A reason is required')).toBeVisible();
    await expect(review.calls).toEqual([]);
    await userEvent.type(within(dialog).getByRole('textbox'), 'Units pledged as collateral');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), SLOW);
    await expect(review.calls).toEqual([
      {
        redemption_id: '99999999-9999-4999-8999-999999999999',
        decision: 'rejected',
        reason: 'Units pledged as collateral',
      },
    ]);
  },
};

/** The server refuses the approval (the account cannot pay): its message in the summary, which stays open. */
export const ApproveRefused: Story = {
  parameters: { msw: { handlers: [review.refusing(actionErrors.offeringAccountShort), ...spvHandlers] } },
  play: async ({ canvasElement }) => {
    const table = await findQueue(canvasElement);
    await userEvent.click(
      await within(table).findByRole('button', { name: "Approve Ada Lovelace's redemption of 200 units" }, SLOW),
    );
    const dialog = await screen.findByRole('dialog', {}, SLOW);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await expect(await within(dialog).findByRole('alert', {}, SLOW)).toHaveTextContent(
      "the offering's account holds less than the payment",
    );
    await expect(screen.getByRole('dialog')).toBeVisible();
  },
};

export const RedemptionsEmpty: Story = {
  parameters: { msw: { handlers: [rpcAnswer('list_redemptions', []), ...spvHandlers] } },
  play: async ({ canvasElement }) => {
    const table = await findQueue(canvasElement);
    await expect(await within(table).findByText('No redemptions asked', {}, SLOW)).toBeVisible();
  },
};

export const RedemptionsLoading: Story = {
  parameters: { msw: { handlers: [rpcLoading('list_redemptions'), ...spvHandlers] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Loading the redemptions…', {}, SLOW)).toBeVisible();
    await expect(canvas.queryByRole('table', { name: 'Redemptions' })).toBeNull();
  },
};

export const RedemptionsFailed: Story = {
  parameters: {
    msw: {
      handlers: [
        rpcRefusal('list_redemptions', { code: '42501', message: "only the SPV's administrators may do this" }),
        ...spvHandlers,
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByText(
        /The redemptions could not be loaded: only the SPV's administrators may do this/,
        {},
        SLOW,
      ),
    ).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Retry' })).toBeEnabled();
  },
};
