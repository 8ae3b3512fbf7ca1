import type { Meta, StoryObj } from '@storybook/react-vite';
import {
  consoleErrors,
  formatDate,
  formatEuros,
  type InvestmentRow,
  investmentQuote,
  listMembersErrors,
  messages,
  openingStepMessage,
  type Role,
  sampleData,
  sampleMemberRows,
} from '@vault/domain';
import { HttpResponse, http } from 'msw';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { rpcAnswer, rpcRefusal, tableAnswers } from '../../../../../mocks/story';
import {
  type AppStoryParameters,
  nudgeCallToActionStory,
  recordedRpc,
  rpcListHandlers,
  SLOW,
  sessionAs,
  signedOutSession,
  storyBalance,
  storyInvestments,
  storyPositions,
  storySubscriptions,
  storyUsers,
  withApp,
} from '../../test-support';
import Dashboard from '.';

const meta = {
  title: 'Screens/Dashboard',
  component: Dashboard,
  decorators: [withApp],
  parameters: {
    layout: 'fullscreen',
    app: { url: '/dashboard', session: sessionAs('investor') } satisfies AppStoryParameters,
  },
} satisfies Meta<typeof Dashboard>;
export default meta;
type Story = StoryObj<typeof meta>;

const app = (params: AppStoryParameters): { app: AppStoryParameters } => ({ app: params });

/** What `staff_queues()` answers each staff role in these stories: only the queues it works. */
const queues = {
  compliance: rpcAnswer('staff_queues', { kyc_cases: 3, offerings_to_approve: 1 }),
  mfo_admin: rpcAnswer('staff_queues', { offerings_to_approve: 1, alerts: 4 }),
  eq_spv_admin: rpcAnswer('staff_queues', { subscriptions: 2, offerings_to_close: 0 }),
};

/** The dashboard leads with its queues: each count a link to its queue. */
async function expectQueues(canvasElement: HTMLElement, links: [string, string][]) {
  const nav = await within(canvasElement).findByRole('navigation', { name: 'Your queues' }, SLOW);
  await expect(
    within(nav)
      .getAllByRole('link')
      .map((a) => [a.textContent, a.getAttribute('href')]),
  ).toEqual(links);
}

/** A new investor: 25%, the 'Create your wallet' nudge, every table of the dashboard. */
export const Investor: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await expect(canvas.getByText('Welcome back, Ada Lovelace.')).toBeVisible();
    const nudge = canvas.getByRole('region', { name: 'Create your wallet' });
    await expect(within(nudge).getByText('~1 min')).toBeVisible();
    const card = canvas.getByRole('region', { name: 'Readiness Level' });
    await expect(within(card).getByText('25%')).toBeVisible();
    await expect(
      within(card).getByText("You're close! Complete 'Create wallet' to unlock more features."),
    ).toBeVisible();

    const table = await canvas.findByRole('table', { name: 'Recent investments' }, SLOW);
    for (const header of ['Name', 'Amount', 'Date', 'Status']) {
      await expect(within(table).getByRole('columnheader', { name: header })).toBeVisible();
    }
    // Money and dates from the stored cents and timestamps, formatted by the domain.
    const groningen = within(table).getByRole('rowheader', { name: 'Groningen Solar Park II' }).closest('tr');
    await expect(groningen).toHaveTextContent('€10,000');
    await expect(groningen).toHaveTextContent('14 Feb 2025');
    await expect(within(table).getAllByText('Active').length).toBeGreaterThan(0);
    await expect(within(table).getAllByText('Matured').length).toBeGreaterThan(0);
    await expect(await canvas.findByRole('heading', { name: 'Distribution paid' }, SLOW)).toBeVisible();
    // One per Active position whose term is still running (the positions decide, not a table).
    await expect(
      (await canvas.findAllByRole('heading', { name: 'Placement Term Ending' }, SLOW)).length,
    ).toBeGreaterThan(0);
    await expect(canvas.getByRole('heading', { name: 'Document Expiry' })).toBeVisible();

    const quick = canvas.getByRole('list', { name: 'Quick actions' });
    for (const [name, href] of [
      ['Wallet', '/wallet'],
      ['Documents', '/documents'],
      ['Opportunities', '/opportunities'],
      ['Reports', '/reports'],
    ]) {
      await expect(within(quick).getByRole('link', { name })).toHaveAttribute('href', href);
    }
    const guides = canvas.getByRole('list', { name: 'Guides' });
    for (const title of ['Start here', 'Keep going', 'Next steps']) {
      await expect(within(guides).getByRole('heading', { name: title })).toBeVisible();
    }
    await expect(within(guides).getByRole('link', { name: 'Create Wallet' })).toHaveAttribute('href', '/settings');
  },
};

/** Dismiss hides the nudge for this view; the readiness card stays. */
export const InvestorNudgeDismissed: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const nudge = canvas.getByRole('region', { name: 'Create your wallet' });
    await userEvent.click(within(nudge).getByRole('button', { name: 'Dismiss' }));
    await expect(canvas.queryByRole('region', { name: 'Create your wallet' })).toBeNull();
    await expect(canvas.queryByText('Create your wallet')).toBeNull();
    await expect(canvas.getByRole('region', { name: 'Readiness Level' })).toBeVisible();
  },
};

const nudgeCta = nudgeCallToActionStory({
  nudge: 'Create your wallet',
  button: 'Create Wallet',
  step: 'wallet',
  page: 'dashboard',
  to: '/settings',
});

/** The nudge's call to action emits click:cta with the step, then opens /settings. */
export const InvestorNudgeCallToAction: Story = { beforeEach: nudgeCta.beforeEach, play: nudgeCta.play };

/** A readiness row's button toasts 'Opening <step>…' and opens the step's page. */
export const InvestorReadinessButton: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const card = canvas.getByRole('region', { name: 'Readiness Level' });
    await userEvent.click(within(card).getByRole('button', { name: 'Create Wallet' }));
    await waitFor(() => expect(screen.getByText(openingStepMessage('Create wallet'))).toBeVisible(), SLOW);
    await expect(await canvas.findByTestId('story-location', {}, SLOW)).toHaveTextContent('Navigated to /settings');
  },
};

/** Wallet created: the nudge moves on to KYC and the guide drops Create Wallet (live state). */
export const InvestorWithWallet: Story = {
  parameters: app({ url: '/dashboard', session: sessionAs('investor', storyUsers.walletInvestor) }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('region', { name: 'Complete KYC' })).toBeVisible();
    await expect(within(canvas.getByRole('region', { name: 'Readiness Level' })).getByText('50%')).toBeVisible();
    const guides = canvas.getByRole('list', { name: 'Guides' });
    await expect(within(guides).queryByRole('link', { name: 'Create Wallet' })).toBeNull();
  },
};

/** Every step done: no nudge, 100%, the 'All set' hint. */
export const InvestorAllSet: Story = {
  parameters: app({ url: '/dashboard', session: sessionAs('investor', storyUsers.fundedInvestor) }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const card = canvas.getByRole('region', { name: 'Readiness Level' });
    await expect(within(card).getByText('100%')).toBeVisible();
    await expect(within(card).getByText("All set. You've unlocked the full investor experience.")).toBeVisible();
    await expect(canvas.queryByText('Next step')).toBeNull();
    await expect(within(card).queryByRole('button')).toBeNull();
  },
};

const pendingInvestment: InvestmentRow = {
  id: '7e570000-0000-4000-8000-000000000001',
  opportunity_id: 'schools-ghana',
  opportunity_name: 'Ghana Solar Schools',
  amount_cents: 500_000,
  management_fee_cents: investmentQuote(500_000, 'card').managementFeeCents,
  card_fee_cents: investmentQuote(500_000, 'card').cardFeeCents,
  total_cents: investmentQuote(500_000, 'card').totalCents,
  method: 'card',
  status: 'Pending',
  submitted_at: '2025-03-10T14:30:00.000+00:00',
  decided_at: null,
  reason: null,
};

/** A submitted investment heads Recent investments as Pending, with its amount and date. */
export const InvestorPendingInvestment: Story = {
  parameters: {
    msw: {
      handlers: [
        http.get('*/rest/v1/investments', () =>
          HttpResponse.json([...sampleMemberRows.investments, pendingInvestment]),
        ),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const table = await canvas.findByRole('table', { name: 'Recent investments' }, SLOW);
    const rows = within(table).getAllByRole('row');
    // The header row, then the newest first.
    await expect(rows[1]).toHaveTextContent('Ghana Solar Schools');
    await expect(rows[1]).toHaveTextContent(formatEuros(500_000));
    await expect(rows[1]).toHaveTextContent(formatDate(pendingInvestment.submitted_at));
    await expect(rows[1]).toHaveTextContent('Pending');
  },
};

/**
 * A funded investor: the totals lead (invested, value, income, cash from the ledger), the value
 * chart with its table, and each Recent investments row opens its position on /placements.
 */
export const InvestorTotals: Story = {
  parameters: {
    ...app({ url: '/dashboard', session: sessionAs('investor', storyUsers.fundedInvestor) }),
    msw: {
      handlers: [
        rpcAnswer('my_positions', storyPositions),
        rpcAnswer('my_balance', [storyBalance]),
        rpcAnswer('my_ledger_lines', [
          {
            seq: 9,
            occurred_at: '2025-03-01T09:00:00Z',
            description: 'Distribution, Groningen Solar Park II',
            amount_cents: 18_000,
            balance_cents: 123_456,
          },
          {
            seq: 8,
            occurred_at: '2025-02-01T09:00:00Z',
            description: 'Deposit',
            amount_cents: 100_000,
            balance_cents: 105_456,
          },
        ]),
        tableAnswers.rows('investments', storyInvestments),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const figure = async (name: string, text: string) =>
      waitFor(() => expect(within(canvas.getByRole('group', { name })).getByText(text)).toBeVisible(), SLOW);
    await figure('Invested', '€17,500');
    await figure('Value', '€18,000.50');
    await figure('Income received', '€180');
    await figure('Cash available', '€1,234.56');
    const chart = await canvas.findByRole('table', { name: 'Value by position' }, SLOW);
    await expect(
      within(chart)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual([
      'NameValue',
      'Groningen Solar Park II€10,500.50',
      'Kenya Clean Water Kiosks€5,000',
      'Ghana Solar Schools€2,500',
    ]);
    const table = canvas.getByRole('table', { name: 'Recent investments' });
    await expect(within(table).getAllByRole('row')[1]).toHaveTextContent('Baltic Offshore Wind Notes');
    await expect(within(table).getAllByRole('row')[1]).toHaveTextContent('Pending');
    await userEvent.click(within(table).getByRole('link', { name: 'Kenya Clean Water Kiosks' }));
    await expect(await canvas.findByTestId('story-location', {}, SLOW)).toHaveTextContent(
      'Navigated to /placements?position=clean-water-kenya',
    );
  },
};

/** Placement Term Ending comes from the positions: Groningen's 36 months from its first issue. */
export const InvestorTermEnding: Story = {
  parameters: {
    msw: {
      handlers: [rpcAnswer('my_positions', storyPositions), tableAnswers.rows('investments', storyInvestments)],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const ending = await canvas.findByRole('heading', { name: 'Placement Term Ending' }, SLOW);
    const item = ending.closest('li');
    await expect(item).toHaveTextContent('Groningen Solar Park II matures; choose to reinvest or withdraw.');
    // The sample table's own term ending (Kenya's) is not shown: the positions decide.
    await expect(canvas.queryByText(/Kenya Clean Water Kiosks matures/)).toBeNull();
    await expect(canvas.getAllByRole('heading', { name: 'Placement Term Ending' })).toHaveLength(1);
  },
};

/** The investments table fails, then Retry loads it. */
export const InvestorInvestmentsErrorThenRetry: Story = {
  parameters: { msw: { handlers: [tableAnswers.failsFirst('investments')] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: 'Failed to load recent investments' }, SLOW)).toBeVisible();
    await expect(canvas.getByText(messages.checkConnection)).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Retry' }));
    await expect(await canvas.findByRole('table', { name: 'Recent investments' }, SLOW)).toBeVisible();
  },
};

/** Every table still loading: skeletons announced by name. */
export const InvestorTablesLoading: Story = {
  parameters: { msw: { handlers: [tableAnswers.loading()] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('status', { name: 'Loading recent investments…' })).toBeInTheDocument();
    await expect(canvas.getByRole('status', { name: 'Loading notifications…' })).toBeInTheDocument();
  },
};

/** Every table empty: a way forward instead of a blank. */
export const InvestorTablesEmpty: Story = {
  parameters: { msw: { handlers: [rpcAnswer('my_positions', []), tableAnswers.empty()] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: 'No investments yet' }, SLOW)).toBeVisible();
    await expect(await canvas.findByRole('heading', { name: 'No notifications' }, SLOW)).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Explore Opportunities' }));
    await expect(await canvas.findByTestId('story-location', {}, SLOW)).toHaveTextContent(
      'Navigated to /opportunities',
    );
  },
};

/** The admin flag (or mfo_admin): stat cards, activity, quick buttons, inert sections, shortcuts. */
export const MfoAdmin: Story = {
  parameters: {
    ...app({ url: '/dashboard', session: sessionAs('mfo_admin', {}, true) }),
    msw: { handlers: [queues.mfo_admin] },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'MFO Admin Dashboard' })).toBeVisible();
    await expectQueues(canvasElement, [
      ['1offering to approve', '/offerings?status=in_review'],
      ['4open alerts', '/compliance'],
    ]);
    // One list_members page: the sample members the story backend answers.
    const accounts = sampleData.users.length;
    const users = canvas.getByRole('group', { name: 'Total Users' });
    await waitFor(() => expect(users).toHaveTextContent(new RegExp(`^Total Users${accounts}$`)), SLOW);
    await waitFor(() => expect(canvas.getByRole('group', { name: 'Compliance Alerts' })).toHaveTextContent('4'), SLOW);
    await waitFor(
      () => expect(canvas.getByRole('group', { name: 'Total Assets Managed' })).toHaveTextContent('€29,770,000'),
      SLOW,
    );
    await expect(await canvas.findByText('Amaka Okafor started KYC verification', {}, SLOW)).toBeVisible();
    const quick = canvas.getByRole('list', { name: 'Quick actions' });
    for (const [name, href] of [
      ['Manage Users', '/users'],
      ['Compliance', '/compliance'],
      ['Reports', '/reports'],
      ['Manage Assets', '/assets'],
    ]) {
      await expect(within(quick).getByRole('link', { name })).toHaveAttribute('href', href);
    }
    for (const title of ['Account Recovery & Reset', 'Platform Updates Distribution', 'MFO Accounting']) {
      const section = canvas.getByRole('region', { name: title });
      for (const button of within(section).getAllByRole('button')) await expect(button).toBeDisabled();
      await expect(within(section).getByText('Coming soon: these actions are not available yet.')).toBeVisible();
    }
    const shortcuts = canvas.getByRole('list', { name: 'Admin shortcuts' });
    await expect(within(shortcuts).getByRole('heading', { name: 'Admin shortcuts' })).toBeVisible();
    await userEvent.click(within(shortcuts).getByRole('link', { name: 'Manage Users' }));
    await expect(await canvas.findByTestId('story-location', {}, SLOW)).toHaveTextContent('Navigated to /users');
  },
};

/** A figure that failed says so, and Retry loads it again. */
export const MfoAdminFiguresError: Story = {
  parameters: {
    ...app({ url: '/dashboard', session: sessionAs('mfo_admin', {}, true) }),
    msw: {
      handlers: [
        http.post('*/rest/v1/rpc/list_members', () =>
          HttpResponse.json({ ...listMembersErrors.denied, details: null, hint: null }, { status: 403 }),
        ),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitFor(
      () => expect(canvas.getByRole('group', { name: 'Total Users' })).toHaveTextContent('Unavailable'),
      SLOW,
    );
    await expect(canvas.getByRole('button', { name: 'Retry' })).toBeVisible();
  },
};

export const CommercialLendingSpv: Story = {
  parameters: app({ url: '/dashboard', session: sessionAs('cl_spv_admin') }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Commercial Lending SPV Admin' })).toBeVisible();
    const loans = await canvas.findByRole('table', { name: 'Loan portfolio' }, SLOW);
    await expect(within(loans).getByRole('rowheader', { name: 'LN-2025-014' })).toBeVisible();
    await expect(within(loans).getAllByText('Active').length).toBe(2);
    await expect(within(loans).getAllByText('Pending').length).toBe(2);
    const repayments = await canvas.findByRole('table', { name: 'Upcoming repayments' }, SLOW);
    await expect(within(repayments).getAllByText('Zonnepark Drenthe B.V.').length).toBe(2);
  },
};

export const CommercialLendingSpvEmpty: Story = {
  parameters: {
    ...app({ url: '/dashboard', session: sessionAs('cl_spv_admin') }),
    msw: { handlers: [tableAnswers.empty()] },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: 'No loans yet' }, SLOW)).toBeVisible();
    await expect(await canvas.findByRole('heading', { name: 'No repayments due' }, SLOW)).toBeVisible();
  },
};

/** Two subscriptions waiting, as `list_subscriptions` answers the `Pending` filter (oldest first). */
const waitingSubscriptions = storySubscriptions.map((row) => ({ ...row, status: 'Pending', decided_at: null }));
const waitingList = recordedRpc('list_subscriptions', () => waitingSubscriptions);
const waitingStates = rpcListHandlers('list_subscriptions');
const eqSpv = app({ url: '/dashboard', session: sessionAs('eq_spv_admin') });

/** The subscriptions waiting (list_subscriptions, Pending only) above the equity portfolio. */
export const EquitySpv: Story = {
  parameters: { ...eqSpv, msw: { handlers: [waitingList.handler, queues.eq_spv_admin] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Equity Investment SPV Admin' })).toBeVisible();
    await expectQueues(canvasElement, [
      ['2subscriptions waiting', '/investments'],
      ['0offerings ready to close', '/offerings?status=open'],
    ]);
    const waiting = canvas.getByRole('region', { name: 'Subscriptions waiting' });
    const table = await within(waiting).findByRole('table', { name: 'Subscriptions waiting' }, SLOW);
    // The header row and the two waiting.
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3), SLOW);
    await expect(within(table).getAllByRole('row')[1]).toHaveTextContent(
      /Ada Lovelace.*Groningen Solar Park II.*€5,000/,
    );
    await expect(within(waiting).getByText('2 waiting for your confirmation, oldest first.')).toBeVisible();
    await expect(within(waiting).getByRole('link', { name: 'Review subscriptions' })).toHaveAttribute(
      'href',
      '/investments',
    );
    await expect(waitingList.calls.length).toBeGreaterThan(0);
    for (const call of waitingList.calls) await expect(call).toEqual({ status: 'Pending', after: null, page_size: 50 });
    const holdings = await canvas.findByRole('table', { name: 'Equity portfolio' }, SLOW);
    await expect(within(holdings).getByRole('rowheader', { name: 'Nordic Heat Pumps AB' })).toBeVisible();
    await expect(within(holdings).getByText('12,500')).toBeVisible();
  },
};

/** Nothing waits: the empty state, and the link to /investments stays. */
export const EquitySpvNothingWaiting: Story = {
  parameters: { ...eqSpv, msw: { handlers: [waitingStates.empty] } },
  play: async ({ canvasElement }) => {
    const waiting = within(canvasElement).getByRole('region', { name: 'Subscriptions waiting' });
    await expect(await within(waiting).findByText('No subscriptions waiting', {}, SLOW)).toBeVisible();
    await expect(within(waiting).getByRole('link', { name: 'Review subscriptions' })).toBeVisible();
  },
};

export const EquitySpvWaitingLoading: Story = {
  parameters: { ...eqSpv, msw: { handlers: [waitingStates.loading] } },
  play: async ({ canvasElement }) => {
    const waiting = within(canvasElement).getByRole('region', { name: 'Subscriptions waiting' });
    const table = await within(waiting).findByRole('table', { name: 'Subscriptions waiting' }, SLOW);
    await expect(table.closest('[aria-busy="true"]')).not.toBeNull();
  },
};

/** The read refused: its message and Retry, which reads again; the portfolio still shows. */
export const EquitySpvWaitingError: Story = {
  parameters: {
    ...eqSpv,
    msw: { handlers: [waitingStates.error(consoleErrors.subscriptionsDenied)] },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const waiting = canvas.getByRole('region', { name: 'Subscriptions waiting' });
    await expect(
      await within(waiting).findByText(/The subscriptions waiting could not be loaded/, {}, SLOW),
    ).toBeVisible();
    await expect(within(waiting).getByRole('button', { name: 'Retry' })).toBeEnabled();
    await expect(await canvas.findByRole('table', { name: 'Equity portfolio' }, SLOW)).toBeVisible();
  },
};

export const ProductionSpv: Story = {
  parameters: app({ url: '/dashboard', session: sessionAs('production_spv') }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Production SPV Dashboard' })).toBeVisible();
    const assets = await canvas.findByRole('table', { name: 'Asset inventory' }, SLOW);
    await expect(within(assets).getAllByText('Operational').length).toBe(3);
    await expect(within(assets).getByText('Under Maintenance')).toBeVisible();
  },
};

export const ProductionSpvError: Story = {
  parameters: {
    ...app({ url: '/dashboard', session: sessionAs('production_spv') }),
    msw: { handlers: [tableAnswers.error()] },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: 'Failed to load assets' }, SLOW)).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Retry' })).toBeVisible();
  },
};

/** The newest events of the trail, as `list_audit_events` answers the compliance dashboard. */
const recentAuditEvents = [
  {
    id: 2,
    occurred_at: '2026-11-21T10:00:00Z',
    actor_id: '33333333-3333-4333-8333-333333333333',
    actor_role: 'compliance',
    action: 'kyc.approved',
    member_id: '11111111-1111-4111-8111-111111111111',
    subject_type: 'kyc_case',
    subject_id: '11111111-1111-4111-8111-111111111111',
    details: {},
    prev_hash: '1'.repeat(64),
    hash: '2'.repeat(64),
  },
  {
    id: 1,
    occurred_at: '2026-11-20T09:30:00Z',
    actor_id: '11111111-1111-4111-8111-111111111111',
    actor_role: 'investor',
    action: 'kyc.submitted',
    member_id: '11111111-1111-4111-8111-111111111111',
    subject_type: 'kyc_case',
    subject_id: '11111111-1111-4111-8111-111111111111',
    details: {},
    prev_hash: '0'.repeat(64),
    hash: '1'.repeat(64),
  },
];
const auditList = recordedRpc('list_audit_events', () => recentAuditEvents);

/** The audit log is the real trail: the newest events through list_audit_events, unfiltered. */
export const Compliance: Story = {
  parameters: {
    ...app({ url: '/dashboard', session: sessionAs('compliance') }),
    msw: { handlers: [auditList.handler, queues.compliance] },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Compliance Dashboard' })).toBeVisible();
    await expectQueues(canvasElement, [
      ['3KYC cases waiting', '/kyc'],
      ['1offering to approve', '/offerings?status=in_review'],
    ]);
    await expect(canvas.getByRole('link', { name: '3 KYC cases waiting' })).toBeVisible();
    const alerts = await canvas.findByRole('table', { name: 'Compliance alerts' }, SLOW);
    await expect(within(alerts).getAllByText('High priority').length).toBe(2);
    await expect(within(alerts).getAllByText('Medium priority').length).toBe(2);
    const logs = await canvas.findByRole('table', { name: 'Audit logs' }, SLOW);
    await expect(await within(logs).findByText('kyc.approved', {}, SLOW)).toBeVisible();
    await expect(within(logs).getByText('kyc.submitted')).toBeVisible();
    await expect(auditList.calls.length).toBeGreaterThan(0);
    for (const call of auditList.calls) {
      await expect(call).toEqual({
        member_id: null,
        action: null,
        from_at: null,
        to_at: null,
        before_id: null,
        page_size: 10,
      });
    }
  },
};

/** The queues could not be counted: the dashboard says so and shows the rest. */
export const ComplianceQueuesFailed: Story = {
  parameters: {
    ...app({ url: '/dashboard', session: sessionAs('compliance') }),
    msw: { handlers: [rpcRefusal('staff_queues', { code: '42501', message: 'only staff have queues' }, 403)] },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByText(/The queues could not be counted: only staff have queues/, {}, SLOW),
    ).toBeVisible();
    await expect(canvas.queryByRole('navigation', { name: 'Your queues' })).toBeNull();
    await expect(await canvas.findByRole('table', { name: 'Compliance alerts' }, SLOW)).toBeVisible();
  },
};

export const Loading: Story = {
  parameters: app({ url: '/dashboard', session: sessionAs('investor'), loading: true }),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(messages.loading)).toBeVisible();
  },
};

export const NotAuthenticated: Story = {
  parameters: app({ url: '/dashboard', session: signedOutSession }),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(messages.notAuthenticated)).toBeVisible();
  },
};

/** A role the product does not know (e.g. from an older session) gets 'Unknown role.', not a crash. */
export const UnknownRole: Story = {
  parameters: app({ url: '/dashboard', session: sessionAs('auditor' as string as Role) }),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(messages.unknownRole)).toBeVisible();
  },
};

/** Investor on a 390 px phone (tag `phone`: the visual test shoots it at that width). */
export const InvestorPhone: Story = {
  ...Investor,
  name: 'Investor — phone',
  tags: ['phone'],
  globals: { viewport: { value: 'phone', isRotated: false } },
};
/** MfoAdmin on a 390 px phone (tag `phone`: the visual test shoots it at that width). */
export const MfoAdminPhone: Story = {
  ...MfoAdmin,
  name: 'Mfo Admin — phone',
  tags: ['phone'],
  globals: { viewport: { value: 'phone', isRotated: false } },
};
/** CommercialLendingSpv on a 390 px phone (tag `phone`: the visual test shoots it at that width). */
export const CommercialLendingSpvPhone: Story = {
  ...CommercialLendingSpv,
  name: 'Commercial Lending Spv — phone',
  tags: ['phone'],
  globals: { viewport: { value: 'phone', isRotated: false } },
};
/** EquitySpv on a 390 px phone (tag `phone`: the visual test shoots it at that width). */
export const EquitySpvPhone: Story = {
  ...EquitySpv,
  name: 'Equity Spv — phone',
  tags: ['phone'],
  globals: { viewport: { value: 'phone', isRotated: false } },
};
/** ProductionSpv on a 390 px phone (tag `phone`: the visual test shoots it at that width). */
export const ProductionSpvPhone: Story = {
  ...ProductionSpv,
  name: 'Production Spv — phone',
  tags: ['phone'],
  globals: { viewport: { value: 'phone', isRotated: false } },
};
/** Compliance on a 390 px phone (tag `phone`: the visual test shoots it at that width). */
export const CompliancePhone: Story = {
  ...Compliance,
  name: 'Compliance — phone',
  tags: ['phone'],
  globals: { viewport: { value: 'phone', isRotated: false } },
};
