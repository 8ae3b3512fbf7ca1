import type { Meta, StoryObj } from '@storybook/react-vite';
import { actionErrors } from '@vault/domain';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { rpcAnswer } from '../../../../../mocks/story';
import {
  type AppStoryParameters,
  consoleListStates,
  expectReasonRequiredThenSent,
  findConsoleTable,
  openConsoleRow,
  openRowByKeyboard,
  recordedRpc,
  rpcListHandlers,
  SLOW,
  sessionAs,
  withApp,
} from '../../test-support';
import Offerings from '.';

const documents = [
  { kind: 'key_information', name: 'Key information sheet', sha256: 'a'.repeat(64) },
  { kind: 'subscription_terms', name: 'Subscription terms', sha256: 'b'.repeat(64) },
];

const offering = {
  spv_id: 'spv-equity',
  spv_name: 'Vault Equity SPV',
  category: 'Renewable energy',
  region: 'EU',
  country: 'Portugal',
  description: 'A district heat network fed by a biomass plant and rooftop solar.',
  unit_price_cents: 10_000,
  min_target_cents: 50_000_000,
  max_target_cents: 100_000_000,
  min_ticket_cents: 100_000,
  max_ticket_cents: 5_000_000,
  opens_at: '2026-01-01T09:00:00+00:00',
  deadline_at: '2099-03-01T17:00:00+00:00',
  term_months: 60,
  projected_yield_bps: 650,
  distribution_frequency: 'annual',
  lockup_months: 24,
  early_redemption_fee_bps: 200,
  eligible_countries: null,
  eligible_categories: null,
  allocation_rule: 'pro_rata',
  impact_metrics: [{ name: 'Emissions avoided', unit: 'tCO2e avoided per year', per_year: 4200 }],
  documents,
  held_cents: 0,
  subscriptions: 0,
  created_at: '2026-11-01T09:00:00+00:00',
  submitted_at: null,
  submitted_by_me: false,
  approved_at: null,
  reason: null,
};

/** One offering in each state the console acts on, as `list_offerings` answers them. */
const offerings = [
  {
    ...offering,
    id: 'porto-heat-1a2b3c',
    name: 'Porto Heat Network',
    offering_status: 'draft',
    reason: 'Add the fees',
  },
  {
    ...offering,
    id: 'lisbon-wind-4d5e6f',
    name: 'Lisbon Offshore Wind',
    offering_status: 'in_review',
    submitted_at: '2026-11-20T10:00:00+00:00',
  },
  {
    ...offering,
    id: 'braga-solar-777777',
    name: 'Braga Solar Roofs',
    offering_status: 'open',
    allocation_rule: 'first_come',
    held_cents: 60_000_000,
    subscriptions: 2,
    submitted_at: '2026-11-02T10:00:00+00:00',
    approved_at: '2026-11-03T10:00:00+00:00',
  },
];

const subscriptions = [
  {
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
  },
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
];

const list = recordedRpc('list_offerings', (body) =>
  body.status ? offerings.filter((o) => o.offering_status === body.status) : offerings,
);
const spvs = rpcAnswer('offering_spvs', [{ id: 'spv-equity', name: 'Vault Equity SPV', kind: 'equity' }]);
const noSpvs = rpcAnswer('offering_spvs', []);
const subs = recordedRpc('offering_subscriptions', (body) => (body.id === 'braga-solar-777777' ? subscriptions : []));
const create = recordedRpc('create_offering', () => 'new-offering-abcdef');
const submit = recordedRpc('submit_offering', () => ({}));
const approve = recordedRpc('approve_offering', () => ({}));
const back = recordedRpc('return_offering', () => ({}));
const close = recordedRpc('close_offering', () => ({}));
const withdraw = recordedRpc('withdraw_offering', () => ({}));

const spvHandlers = [list.handler, spvs, subs.handler, create.handler, submit.handler, close.handler, withdraw.handler];
const reviewerHandlers = [list.handler, noSpvs, subs.handler, approve.handler, back.handler];

const meta = {
  title: 'Screens/Offerings',
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

const asReviewer = (role: 'mfo_admin' | 'compliance') => ({
  app: { url: '/offerings', session: sessionAs(role) } satisfies AppStoryParameters,
  msw: { handlers: reviewerHandlers },
});

/** Puts the text in a field at once (a paste): the form reads it as typed, without a key event per character. */
async function fill(field: HTMLElement, text: string) {
  await userEvent.click(field);
  await userEvent.paste(text);
}

const open = (canvasElement: HTMLElement, name: string) =>
  openConsoleRow(canvasElement, { heading: 'Offerings', table: 'Offerings', row: `Open ${name}` });

/** The list: name, SPV, state, held against the minimum, deadline and rule; every state asked for. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const table = await findConsoleTable(canvasElement, 'Offerings', [
      'Offering',
      'SPV',
      'Status',
      'Held / minimum',
      'Deadline',
      'Allocation',
    ]);
    await within(table).findByText('Porto Heat Network', {}, SLOW);
    const rows = within(table).getAllByRole('row');
    await expect(rows[1]).toHaveTextContent(/Porto Heat Network.*Vault Equity SPV.*Draft.*€0 \/ €500,000.*Pro rata/);
    await expect(rows[2]).toHaveTextContent(/Lisbon Offshore Wind.*In review/);
    await expect(rows[3]).toHaveTextContent(/Braga Solar Roofs.*Open.*€600,000 \/ €500,000.*First come/);
    await expect(list.calls).toEqual([{ status: null }]);
    // The button comes with the caller's SPVs (offering_spvs), read beside the list.
    await expect(await within(canvasElement).findByRole('button', { name: 'New offering' }, SLOW)).toBeEnabled();
  },
};

/** The state filter is sent to the server and kept in the address (a dashboard's link opens it). */
export const FilterByState: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await within(await canvas.findByRole('table', { name: 'Offerings' }, SLOW)).findByText(
      'Braga Solar Roofs',
      {},
      SLOW,
    );
    await userEvent.selectOptions(canvas.getByRole('combobox', { name: 'Status' }), 'in_review');
    await waitFor(() => expect(list.calls).toContainEqual({ status: 'in_review' }), SLOW);
    await waitFor(() => {
      const table = canvas.getByRole('table', { name: 'Offerings' });
      expect(within(table).getByText('Lisbon Offshore Wind')).toBeVisible();
      expect(within(table).queryByText('Porto Heat Network')).toBeNull();
    }, SLOW);
  },
};

/** A link to the reviewers' queue opens the list in that state. */
export const OpenedFromAQueue: Story = {
  parameters: {
    app: { url: '/offerings?status=in_review', session: sessionAs('compliance') } satisfies AppStoryParameters,
    msw: { handlers: reviewerHandlers },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitFor(() => expect(list.calls).toEqual([{ status: 'in_review' }]), SLOW);
    await expect(canvas.getByRole('combobox', { name: 'Status' })).toHaveValue('in_review');
    // A reviewer with no SPV of their own creates nothing.
    await expect(canvas.queryByRole('button', { name: 'New offering' })).toBeNull();
  },
};

/** An open offering's detail: its terms, and its subscriptions with what each holds. */
export const SubscriptionsWithHolds: Story = {
  play: async ({ canvasElement }) => {
    const canvas = await open(canvasElement, 'Braga Solar Roofs');
    const holds = await canvas.findByRole('table', { name: 'Subscriptions and their holds' }, SLOW);
    const rows = await within(holds).findAllByRole('row', {}, SLOW);
    await expect(rows[1]).toHaveTextContent(/Ada Lovelace.*€600,000.*Pending.*Held: €606,000/);
    await expect(rows[2]).toHaveTextContent(/Grace Hopper.*€2,500.*Awaiting payment.*Awaiting payment/);
    await expect(subs.calls).toEqual([{ id: 'braga-solar-777777' }]);
    await expect(canvas.getByRole('button', { name: 'Close' })).toBeEnabled();
    await expect(canvas.getByText('60 months')).toBeVisible();
  },
};

/** The form refuses what the domain refuses, each message beside its field, and keeps what was typed. */
export const DraftErrorsBesideFields: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'New offering' }, SLOW));
    await canvas.findByRole('heading', { name: 'New offering' }, SLOW);
    await fill(canvas.getByLabelText('Name'), 'Porto Heat Network');
    await fill(canvas.getByLabelText('Term (months)'), '700');
    await fill(canvas.getByLabelText('Unit price (€)'), 'ten');
    await userEvent.click(canvas.getByRole('button', { name: 'Create draft' }));
    const term = canvas.getByLabelText('Term (months)');
    await expect(term).toHaveAttribute('aria-invalid', 'true');
    await expect(term).toHaveAccessibleDescription(/Term \(months\) must be a whole number of months from 1 to 600/);
    await expect(canvas.getByLabelText('Unit price (€)')).toHaveAccessibleDescription(/must be an amount in euros/);
    await expect(canvas.getByLabelText('Category')).toHaveAccessibleDescription('Category is required');
    await waitFor(() => expect(canvas.getByLabelText('Category')).toHaveFocus());
    await expect(canvas.getByLabelText('Name')).toHaveValue('Porto Heat Network');
    await expect(create.calls).toEqual([]);
  },
};

/** A complete draft, by keyboard: create_offering gets the details in cents and basis points. */
export const CreateDraft: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'New offering' }, SLOW));
    await canvas.findByRole('heading', { name: 'New offering' }, SLOW);
    await expect(canvas.getByLabelText('SPV')).toHaveValue('spv-equity');
    await fill(canvas.getByLabelText('Name'), 'Porto Heat Network');
    await userEvent.selectOptions(canvas.getByLabelText('Category'), 'Renewable energy');
    await userEvent.selectOptions(canvas.getByLabelText('Region'), 'EU');
    await fill(canvas.getByLabelText('Country'), 'Portugal');
    await fill(canvas.getByLabelText('Description'), 'A district heat network.');
    await fill(canvas.getByLabelText('Unit price (€)'), '100');
    await fill(canvas.getByLabelText('Minimum target (€)'), '500,000');
    await fill(canvas.getByLabelText('Maximum (€)'), '1000000');
    await fill(canvas.getByLabelText('Projected yield (%)'), '6.5');
    await fill(canvas.getByLabelText('Eligible countries'), 'pt, es');
    // Enter in a field submits the form.
    await userEvent.type(canvas.getByLabelText('Term (months)'), '60{Enter}');
    await waitFor(() => expect(create.calls).toHaveLength(1), SLOW);
    await expect(create.calls[0]).toEqual({
      details: {
        spv_id: 'spv-equity',
        name: 'Porto Heat Network',
        category: 'Renewable energy',
        region: 'EU',
        country: 'Portugal',
        description: 'A district heat network.',
        unit_price_cents: 10_000,
        min_target_cents: 50_000_000,
        max_target_cents: 100_000_000,
        term_months: 60,
        projected_yield_bps: 650,
        eligible_countries: ['PT', 'ES'],
        impact_metrics: [],
        documents: [],
      },
    });
    await expect(await canvas.findByRole('table', { name: 'Offerings' }, SLOW)).toBeVisible();
  },
};

/** The server refuses a field: its message beside that field, and every typed value kept. */
export const DraftRefusedByServer: Story = {
  parameters: {
    msw: {
      handlers: [
        create.refusing({ code: '22023', message: 'spv_id: unknown SPV' }),
        ...spvHandlers.filter((h) => h !== create.handler),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'New offering' }, SLOW));
    await canvas.findByRole('heading', { name: 'New offering' }, SLOW);
    await fill(canvas.getByLabelText('Name'), 'Porto Heat Network');
    await userEvent.selectOptions(canvas.getByLabelText('Category'), 'Education');
    await userEvent.selectOptions(canvas.getByLabelText('Region'), 'Asia');
    await fill(canvas.getByLabelText('Country'), 'Japan');
    await fill(canvas.getByLabelText('Description'), 'Schools.');
    await userEvent.click(canvas.getByRole('button', { name: 'Create draft' }));
    await waitFor(() => expect(canvas.getByLabelText('SPV')).toHaveAccessibleDescription('spv_id: unknown SPV'), SLOW);
    await expect(canvas.getByLabelText('Name')).toHaveValue('Porto Heat Network');
    await expect(canvas.getByLabelText('Description')).toHaveValue('Schools.');
  },
};

/** Editing a draft starts from its terms, in euros and percent. */
export const EditDraft: Story = {
  play: async ({ canvasElement }) => {
    const canvas = await open(canvasElement, 'Porto Heat Network');
    await expect(canvas.getByText('Add the fees')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Edit draft' }));
    await canvas.findByRole('heading', { name: 'Edit Porto Heat Network' }, SLOW);
    await expect(canvas.getByLabelText('Minimum target (€)')).toHaveValue('500000');
    await expect(canvas.getByLabelText('Projected yield (%)')).toHaveValue('6.5');
    await expect(canvas.getByLabelText('Deadline (UTC)')).toHaveValue('2099-03-01T17:00');
    await expect(canvas.getByLabelText('Document 2 kind')).toHaveValue('subscription_terms');
  },
};

/** Submit opens a summary; confirmed, submit_offering is called once. */
export const SubmitForReview: Story = {
  play: async ({ canvasElement }) => {
    const canvas = await open(canvasElement, 'Porto Heat Network');
    await userEvent.click(canvas.getByRole('button', { name: 'Submit for review' }));
    const dialog = await screen.findByRole('dialog', { name: 'Submit Porto Heat Network' }, SLOW);
    await expect(within(dialog).getByText('Key information sheet; Subscription terms')).toBeVisible();
    await expect(submit.calls).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit for review' }));
    await expect(await canvas.findByRole('status', {}, SLOW)).toHaveTextContent(
      'Porto Heat Network submitted for review.',
    );
    await expect(submit.calls).toEqual([{ id: 'porto-heat-1a2b3c' }]);
  },
};

/** A reviewer approves after reading the summary. */
export const Approve: Story = {
  parameters: asReviewer('mfo_admin'),
  play: async ({ canvasElement }) => {
    const canvas = await open(canvasElement, 'Lisbon Offshore Wind');
    await userEvent.click(canvas.getByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve Lisbon Offshore Wind' }, SLOW);
    await expect(within(dialog).getByText('€500,000')).toBeVisible();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await expect(await canvas.findByRole('status', {}, SLOW)).toHaveTextContent('Lisbon Offshore Wind approved.');
    await expect(approve.calls).toEqual([{ id: 'lisbon-wind-4d5e6f' }]);
  },
};

/** Four eyes refused by the server: the message in the summary, which stays open. */
export const ApproveRefused: Story = {
  parameters: {
    ...asReviewer('mfo_admin'),
    msw: { handlers: [approve.refusing(actionErrors.offeringFourEyes, 403), ...reviewerHandlers] },
  },
  play: async ({ canvasElement }) => {
    const canvas = await open(canvasElement, 'Lisbon Offshore Wind');
    // The page behind the summary settles first: its height (and so the shot) waits on this read.
    await canvas.findByText('No subscriptions yet', {}, SLOW);
    await userEvent.click(canvas.getByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog', {}, SLOW);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await expect(await within(dialog).findByRole('alert', {}, SLOW)).toHaveTextContent(
      'nobody reviews an offering they submitted',
    );
    await expect(screen.getByRole('dialog')).toBeVisible();
  },
};

/** A reviewer returns it with a reason (required), by keyboard. */
export const ReturnWithReason: Story = {
  parameters: asReviewer('compliance'),
  play: async ({ canvasElement }) => {
    const canvas = await openRowByKeyboard(canvasElement, {
      table: 'Offerings',
      row: 'Open Lisbon Offshore Wind',
      action: 'Return',
    });
    await expectReasonRequiredThenSent(canvas, {
      action: 'Return',
      required: 'A reason is required',
      text: 'Add the fees',
      recorded: back,
    });
    await expect(back.calls).toEqual([{ id: 'lisbon-wind-4d5e6f', reason: 'Add the fees' }]);
  },
};

/** Whoever submitted an offering is offered no Approve or Return on it. */
export const OwnSubmissionNotReviewable: Story = {
  parameters: {
    app: { url: '/offerings', session: sessionAs('compliance') } satisfies AppStoryParameters,
    msw: {
      handlers: [
        rpcAnswer(
          'list_offerings',
          offerings.map((o) => ({ ...o, submitted_by_me: true })),
        ),
        noSpvs,
        subs.handler,
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = await open(canvasElement, 'Lisbon Offshore Wind');
    await canvas.findByRole('heading', { name: 'Subscriptions to Lisbon Offshore Wind' }, SLOW);
    await expect(canvas.queryByRole('button', { name: 'Approve' })).toBeNull();
    await expect(canvas.queryByRole('button', { name: 'Return' })).toBeNull();
  },
};

/** Close: a summary of what is held against the target, then close_offering. */
export const Close: Story = {
  play: async ({ canvasElement }) => {
    const canvas = await open(canvasElement, 'Braga Solar Roofs');
    await userEvent.click(canvas.getByRole('button', { name: 'Close' }));
    const dialog = await screen.findByRole('dialog', { name: 'Close Braga Solar Roofs' }, SLOW);
    await expect(within(dialog).getByText('€600,000')).toBeVisible();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close and issue' }));
    await expect(await canvas.findByRole('status', {}, SLOW)).toHaveTextContent('its units are issued');
    await expect(close.calls).toEqual([{ id: 'braga-solar-777777' }]);
  },
};

/** Withdraw needs a reason, sent to every investor. */
export const Withdraw: Story = {
  play: async ({ canvasElement }) => {
    const canvas = await open(canvasElement, 'Braga Solar Roofs');
    await expectReasonRequiredThenSent(canvas, {
      action: 'Withdraw',
      required: 'A reason is required',
      text: 'Permit refused',
      recorded: withdraw,
    });
    await expect(withdraw.calls).toEqual([{ id: 'braga-solar-777777', reason: 'Permit refused' }]);
  },
};

const listStates = rpcListHandlers('list_offerings');
const states = consoleListStates({
  table: 'Offerings',
  empty: { handler: listStates.empty, text: 'No offerings yet' },
  loading: listStates.loading,
  failed: { handler: listStates.error(actionErrors.offeringConsoleDenied), text: /The offerings could not be loaded/ },
});
export const Empty: Story = {
  parameters: { msw: { handlers: [...states.Empty.parameters.msw.handlers, spvs] } },
  play: states.Empty.play,
};
export const Loading: Story = {
  parameters: { msw: { handlers: [...states.Loading.parameters.msw.handlers, spvs] } },
  play: states.Loading.play,
};
export const Failed: Story = {
  parameters: { msw: { handlers: [...states.Failed.parameters.msw.handlers, spvs] } },
  play: states.Failed.play,
};

/** Default on a 390 px phone (tag `phone`: the visual test shoots it at that width). */
export const DefaultPhone: Story = {
  ...Default,
  name: 'Default — phone',
  tags: ['phone'],
  globals: { viewport: { value: 'phone', isRotated: false } },
};
