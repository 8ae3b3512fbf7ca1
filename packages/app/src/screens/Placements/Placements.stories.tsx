import type { Meta, StoryObj } from '@storybook/react-vite';
import { formatEuros, formatReturn, investmentQuote, portfolioHistory } from '@vault/domain';
import { HttpResponse } from 'msw';
import { expect, spyOn, userEvent, waitFor, within } from 'storybook/test';
import { rpcAnswer, rpcLoading, rpcRefusal, tableAnswers } from '../../../../../mocks/story';
import {
  type AppStoryParameters,
  expectNavigatedTo,
  recordedRpc,
  SLOW,
  sessionAs,
  storyBalance,
  storyInvestments,
  storyPositionHistory,
  storyPositions,
  withApp,
} from '../../test-support';
import Placements from '.';

const meta = {
  title: 'Screens/Placements',
  component: Placements,
  decorators: [withApp],
  parameters: {
    layout: 'fullscreen',
    app: { url: '/placements', session: sessionAs('investor'), shell: true } satisfies AppStoryParameters,
  },
} satisfies Meta<typeof Placements>;
export default meta;
type Story = StoryObj<typeof meta>;

const holdings = [
  rpcAnswer('my_positions', storyPositions),
  rpcAnswer('my_position_history', storyPositionHistory),
  rpcAnswer('my_balance', [storyBalance]),
  tableAnswers.rows('investments', storyInvestments),
];

const cancelCall = recordedRpc('cancel_investment', (body) => ({ id: body.investment_id, status: 'Cancelled' }));

const card = (canvasElement: HTMLElement, name: string) => within(canvasElement).findByRole('group', { name }, SLOW);

/** What the investor owns: a row per position, the totals with the ledger's cash, the allocation and its table. */
export const Portfolio: Story = {
  parameters: { msw: { handlers: holdings } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Placements' })).toBeVisible();
    await expect(within(await card(canvasElement, 'Value')).getByText('€18,000.50')).toBeVisible();
    await expect(within(await card(canvasElement, 'Cost')).getByText('€17,500')).toBeVisible();
    await expect(within(await card(canvasElement, 'Pending')).getByText('€5,000')).toBeVisible();
    await expect(within(await card(canvasElement, 'Cash available')).getByText('€1,234.56')).toBeVisible();

    const positions = canvas.getByRole('table', { name: 'Positions' });
    const groningen = within(positions).getByRole('row', { name: /Groningen Solar Park II/ });
    await expect(groningen).toHaveTextContent('10,000');
    await expect(groningen).toHaveTextContent('€10,500.50');
    await expect(groningen).toHaveTextContent('+€500.50');
    await expect(groningen).toHaveTextContent('Solar capacity: 0.12 MW installed per year');
    await expect(within(positions).getByRole('row', { name: /Ghana Solar Schools/ })).toHaveTextContent('Matured');

    const allocation = await canvas.findByRole('table', { name: 'Allocation by category' }, SLOW);
    await expect(within(allocation).getByRole('row', { name: /Renewable energy/ })).toHaveTextContent('58.3%');
    await expect(within(allocation).getByRole('row', { name: /Clean water/ })).toHaveTextContent('27.8%');
    await expect(within(allocation).getByRole('row', { name: /Education/ })).toHaveTextContent('13.9%');
  },
};

/**
 * The returns: money-weighted as the headline, time-weighted beside it, each position's income
 * and returns in its row, and the value over time whose last point is the Value card.
 */
export const Performance: Story = {
  parameters: { msw: { handlers: holdings } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const expected = portfolioHistory(storyPositionHistory);
    const mwr = formatReturn(expected.portfolio.moneyWeighted);
    await expect(mwr).toMatch(/^-?\d+\.\d\d%$/);
    await expect(within(await card(canvasElement, 'Money-weighted return')).getByText(mwr)).toBeVisible();
    const twr = within(await card(canvasElement, 'Time-weighted return'));
    // A figure, not a reason: the fees paid with each purchase do not make the history unreadable.
    await expect(formatReturn(expected.portfolio.timeWeighted)).toMatch(/^-?\d+\.\d\d%$/);
    await expect(twr.getByText(formatReturn(expected.portfolio.timeWeighted))).toBeVisible();
    await expect(within(await card(canvasElement, 'Income received')).getByText('€125')).toBeVisible();

    const positions = canvas.getByRole('table', { name: 'Positions' });
    const groningen = within(positions).getByRole('row', { name: /Groningen Solar Park II/ });
    await expect(groningen).toHaveTextContent('€125');
    const own = expected.positions.get('solar-park-groningen');
    if (!own) throw new Error('Groningen has a history');
    await expect(groningen).toHaveTextContent(formatReturn(own.moneyWeighted));
    await expect(groningen).toHaveTextContent(formatReturn(own.timeWeighted));

    const overTime = await canvas.findByRole('table', { name: 'Value over time' }, SLOW);
    const rows = within(overTime).getAllByRole('row');
    // A header and one row per day any position changed: 6 days.
    await expect(rows).toHaveLength(7);
    await expect(rows[1]).toHaveTextContent(/4 Mar 2024.*€2,500/);
    await expect(rows.at(-1)).toHaveTextContent(/2 Mar 2026.*€18,000\.50/);
    await expect(within(await card(canvasElement, 'Value')).getByText('€18,000.50')).toBeVisible();
  },
};

/** The returns load on their own: the positions show while they do. */
export const PerformanceLoading: Story = {
  parameters: { msw: { handlers: [...holdings.slice(0, 1), rpcLoading('my_position_history'), ...holdings.slice(2)] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Loading your returns…', {}, SLOW)).toBeInTheDocument();
    const positions = canvas.getByRole('table', { name: 'Positions' });
    await expect(within(positions).getByRole('row', { name: /Groningen Solar Park II/ })).toHaveTextContent('…');
    // No export of an income the screen does not show yet.
    const exportButton = canvas.getByRole('button', { name: /Export CSV/ });
    await expect(exportButton).toBeDisabled();
    await expect(exportButton).toHaveAccessibleDescription('Waiting for the income received…');
  },
};

/** The returns cannot be read: said in their place with Retry, which reads again; the positions stay. */
export const PerformanceFailed: Story = {
  parameters: {
    msw: {
      handlers: [
        ...holdings.slice(0, 1),
        recordedRpc('my_position_history', (_body, call) =>
          call === 1
            ? HttpResponse.json(
                { code: 'XX000', message: 'Service unavailable', details: null, hint: null },
                { status: 500 },
              )
            : storyPositionHistory,
        ).handler,
        ...holdings.slice(2),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(/Your returns could not be loaded/, {}, SLOW)).toBeVisible();
    await expect(canvas.getByRole('table', { name: 'Positions' })).toBeVisible();
    await expect(canvas.queryByRole('group', { name: 'Money-weighted return' })).toBeNull();
    const exportButton = canvas.getByRole('button', { name: /Export CSV/ });
    await expect(exportButton).toBeDisabled();
    await expect(exportButton).toHaveAccessibleDescription('No export without the income received');
    await userEvent.click(canvas.getByRole('button', { name: 'Retry' }));
    await expect(await card(canvasElement, 'Income received')).toHaveTextContent('€125');
    await expect(exportButton).toBeEnabled();
    await expect(canvas.queryByText(/Your returns could not be loaded/)).toBeNull();
  },
};

/** Positions without a day of history (units given, not bought): no returns, no chart, said so. */
export const PerformanceNoHistory: Story = {
  parameters: {
    msw: { handlers: [...holdings.slice(0, 1), rpcAnswer('my_position_history', []), ...holdings.slice(2)] },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByText(/No history yet: your returns and the value over time appear/, {}, SLOW),
    ).toBeVisible();
    await expect(canvas.queryByRole('table', { name: 'Value over time' })).toBeNull();
    const groningen = within(canvas.getByRole('table', { name: 'Positions' })).getByRole('row', {
      name: /Groningen Solar Park II/,
    });
    await expect(groningen).toHaveTextContent('€0');
    await expect(groningen).toHaveTextContent('—');
  },
};

/** Pending subscriptions are their own rows: the held one can be cancelled while its window runs, the other says it is over. */
export const PendingCancel: Story = {
  parameters: { msw: { handlers: [...holdings, cancelCall.handler] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const pending = await canvas.findByRole('heading', { name: 'Pending subscriptions' }, SLOW);
    const section = pending.closest('section') ?? canvasElement;
    const wind = within(section).getByRole('heading', { name: 'Baltic Offshore Wind Notes' }).closest('li');
    const lisbon = within(section).getByRole('heading', { name: 'Lisbon Affordable Homes' }).closest('li');
    if (!wind || !lisbon) throw new Error('each pending subscription is a list item');
    await expect(wind).toHaveTextContent(/2 days 2\d hours left to cancel/);
    await expect(wind).toHaveTextContent('funds held');
    await expect(lisbon).toHaveTextContent('Awaiting payment');
    await expect(within(lisbon).queryByRole('button')).toBeNull();
    await userEvent.click(
      within(wind).getByRole('button', { name: 'Cancel the subscription to Baltic Offshore Wind Notes' }),
    );
    await waitFor(() => expect(cancelCall.calls).toEqual([{ investment_id: storyInvestments()[0]?.id }]), SLOW);
  },
};

/** Kenya's income too, in odd cents, so the export's income column is checked on more than one figure. */
const historyWithIncome = [
  ...storyPositionHistory,
  {
    opportunity_id: 'clean-water-kenya',
    day: '2025-12-15',
    flow_cents: -3_075,
    income_cents: 3_075,
    value_cents: 500_000,
  },
];

/**
 * The export's lines are the screen's cents: the positions' values add up to the Value card, and
 * each position's income received is the figure of its row, all of them the Income received card.
 */
export const CsvAgreesWithScreen: Story = {
  parameters: {
    msw: { handlers: [rpcAnswer('my_position_history', historyWithIncome), ...holdings] },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const table = await canvas.findByRole('table', { name: 'Positions' }, SLOW);
    const exportButton = canvas.getByRole('button', { name: /Export CSV/ });
    // The export waits for the history, where the income comes from.
    await waitFor(() => expect(exportButton).toBeEnabled(), SLOW);
    const blobs: Blob[] = [];
    const created = spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      if (blob instanceof Blob) blobs.push(blob);
      return 'blob:story';
    });
    try {
      await userEvent.click(exportButton);
      await waitFor(() => expect(blobs).toHaveLength(1));
    } finally {
      created.mockRestore();
    }
    const csv = (await blobs[0]?.text()) ?? '';
    const lines = csv.trim().split('\r\n');
    await expect(lines[0]).toBe(
      'Kind,Name,Category,Units,Cost (EUR),Fees (EUR),Value (EUR),Income received (EUR),Status',
    );
    const fee = (investmentQuote(1_000_000, 'bank').managementFeeCents / 100).toFixed(2);
    await expect(lines).toContain(
      `Position,Groningen Solar Park II,Renewable energy,10000,10000.00,${fee},10500.50,125.00,Active`,
    );
    const positionLines = lines.filter((line) => line.startsWith('Position,')).map((line) => line.split(','));
    const centsOf = (cell: string | undefined) => Math.round(Number(cell) * 100);
    const valueCents = positionLines.map((cells) => centsOf(cells[6])).reduce((a, b) => a + b, 0);
    await expect(valueCents).toBe(1_800_050);

    const headers = within(table)
      .getAllByRole('columnheader')
      .map((header) => header.textContent);
    const incomeColumn = headers.indexOf('Income received');
    await expect(incomeColumn).toBeGreaterThan(0);
    await expect(positionLines).toHaveLength(3);
    for (const cells of positionLines) {
      const row = within(table).getByRole('row', { name: new RegExp(cells[1] ?? '') });
      await expect(row.children[incomeColumn]).toHaveTextContent(formatEuros(centsOf(cells[7])));
    }
    const incomeCents = positionLines.map((cells) => centsOf(cells[7])).reduce((a, b) => a + b, 0);
    await expect(incomeCents).toBe(15_575);
    await expect(
      within(await card(canvasElement, 'Income received')).getByText(formatEuros(incomeCents)),
    ).toBeVisible();
    const pendingLines = lines.filter((line) => line.startsWith('Pending,'));
    await expect(pendingLines).toHaveLength(2);
    // A subscription not yet issued has received nothing: its income cell is empty.
    for (const line of pendingLines) await expect(line).toMatch(/,,[^,]+$/);
  },
};

/** A row opens its position: the detail with the investor's share of the impact. */
export const OpenPosition: Story = {
  parameters: { msw: { handlers: holdings } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const positions = await canvas.findByRole('table', { name: 'Positions' }, SLOW);
    await userEvent.click(within(positions).getByRole('link', { name: 'Kenya Clean Water Kiosks' }));
    const detail = await canvas.findByRole('group', { name: 'Position in Kenya Clean Water Kiosks' }, SLOW);
    await expect(detail).toHaveFocus();
    await expect(detail).toHaveTextContent('Safe drinking water: 150 people served per day per year');
  },
};

/** A new member: nothing owned, nothing pending, a way to the opportunities. */
export const Empty: Story = {
  parameters: { msw: { handlers: [rpcAnswer('my_positions', []), tableAnswers.empty('investments')] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: 'No placements yet' }, SLOW)).toBeVisible();
    const cash = await card(canvasElement, 'Cash available');
    await waitFor(() => expect(within(cash).getByText('€0')).toBeVisible(), SLOW);
    await userEvent.click(canvas.getByRole('button', { name: 'Explore Opportunities' }));
    await expectNavigatedTo(canvasElement, '/opportunities');
  },
};

export const Loading: Story = {
  parameters: { msw: { handlers: [rpcLoading('my_positions')] } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Loading your placements…')).toBeInTheDocument();
  },
};

/** The positions cannot be read: the error with Retry, and no figures that would be wrong. */
export const Failed: Story = {
  parameters: {
    msw: { handlers: [rpcRefusal('my_positions', { code: 'XX000', message: 'Service unavailable' }, 500)] },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: 'Failed to load your placements' }, SLOW)).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Retry' })).toBeEnabled();
    await expect(canvas.queryByRole('group', { name: 'Value' })).toBeNull();
  },
};

/** Portfolio on a 390 px phone (tag `phone`: the visual test shoots it at that width). */
export const PortfolioPhone: Story = {
  ...Portfolio,
  name: 'Portfolio — phone',
  tags: ['phone'],
  globals: { viewport: { value: 'phone', isRotated: false } },
};
