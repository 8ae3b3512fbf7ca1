import type { Meta, StoryObj } from '@storybook/react-vite';
import { actionErrors, formatEuros, redemptionLockedError } from '@vault/domain';
import { HttpResponse } from 'msw';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { rpcAnswer, rpcLoading, rpcRefusal, tableAnswers } from '../../../../../mocks/story';
import {
  type AppStoryParameters,
  recordedRpc,
  SLOW,
  sessionAs,
  storyBalance,
  storyInvestments,
  storyPositions,
  withApp,
} from '../../test-support';
import Placements from '.';

const groningen = 'solar-park-groningen';

const meta = {
  title: 'Screens/Placements/After the issue',
  component: Placements,
  decorators: [withApp],
  parameters: {
    layout: 'fullscreen',
    app: {
      url: `/placements?position=${groningen}`,
      session: sessionAs('investor'),
      shell: true,
    } satisfies AppStoryParameters,
  },
} satisfies Meta<typeof Placements>;
export default meta;
type Story = StoryObj<typeof meta>;

const holdings = [
  rpcAnswer('my_positions', storyPositions),
  rpcAnswer('my_balance', [storyBalance]),
  tableAnswers.rows('investments', storyInvestments),
];

/** What redemption_quote answers for `units` at €1.05 a unit and a 2% fee (docs/lifecycle.md §3). */
const quoteOf = (units: number) => {
  const price = units * 105;
  const fee = Math.floor((price * 200 + 5_000) / 10_000);
  return {
    redeemable: true,
    lockup_ends_on: null,
    units,
    unit_price_cents: 105,
    price_cents: price,
    fee_cents: fee,
    net_cents: price - fee,
    fee_bps: 200,
  };
};
const quote = recordedRpc('redemption_quote', (body) => quoteOf(Number(body.units)));
const locked = rpcAnswer('redemption_quote', { ...quoteOf(200), redeemable: false, lockup_ends_on: '2026-09-14' });
const request = recordedRpc('request_redemption', () => 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb');
/** The first request fails as a server error would; the retry is answered. */
const requestFailsFirst = recordedRpc('request_redemption', (_body, n) =>
  n === 1
    ? HttpResponse.json({ code: 'XX000', message: 'Service unavailable' }, { status: 500 })
    : 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb',
);

const incomeLines = [
  {
    distribution_id: 'cccccccc-cccc-4ccc-8ccc-cccccccccccc',
    opportunity_id: groningen,
    opportunity_name: 'Groningen Solar Park II',
    record_date: '2026-02-27',
    kind: 'income',
    status: 'declared',
    paid_at: null,
    units: 10_000,
    gross_cents: 30_000,
    withholding_cents: 4_500,
    net_cents: 25_500,
  },
  {
    distribution_id: 'dddddddd-dddd-4ddd-8ddd-dddddddddddd',
    opportunity_id: groningen,
    opportunity_name: 'Groningen Solar Park II',
    record_date: '2025-12-31',
    kind: 'income',
    status: 'paid',
    paid_at: '2026-01-06T10:00:00Z',
    units: 10_000,
    gross_cents: 40_001,
    withholding_cents: 6_000,
    net_cents: 34_001,
  },
  {
    distribution_id: 'eeeeeeee-eeee-4eee-8eee-eeeeeeeeeeee',
    opportunity_id: 'clean-water-kenya',
    opportunity_name: 'Kenya Clean Water Kiosks',
    record_date: '2025-12-31',
    kind: 'income',
    status: 'paid',
    paid_at: '2026-01-06T10:00:00Z',
    units: 5_000,
    gross_cents: 9_999,
    withholding_cents: 0,
    net_cents: 9_999,
  },
];

const myRedemptions = [
  {
    id: 'ffffffff-ffff-4fff-8fff-ffffffffffff',
    opportunity_id: groningen,
    opportunity_name: 'Groningen Solar Park II',
    units: 1_000,
    status: 'approved',
    requested_at: '2026-02-02T09:00:00Z',
    due_at: '2026-02-04T09:00:00Z',
    decided_at: '2026-02-03T09:00:00Z',
    reason: null,
    unit_price_cents: 105,
    price_cents: 105_000,
    fee_cents: 2_100,
    net_cents: 102_900,
  },
  {
    id: '12121212-1212-4121-8121-121212121212',
    opportunity_id: groningen,
    opportunity_name: 'Groningen Solar Park II',
    units: 500,
    status: 'rejected',
    requested_at: '2026-01-12T09:00:00Z',
    due_at: '2026-01-14T09:00:00Z',
    decided_at: '2026-01-13T09:00:00Z',
    reason: 'Units pledged as collateral',
    unit_price_cents: null,
    price_cents: null,
    fee_cents: null,
    net_cents: null,
  },
];

const detail = (canvasElement: HTMLElement) =>
  within(canvasElement).findByRole('group', { name: 'Position in Groningen Solar Park II' }, SLOW);

async function openRedeem(canvasElement: HTMLElement) {
  const canvas = within(canvasElement);
  await detail(canvasElement);
  await userEvent.click(await canvas.findByRole('button', { name: 'Redeem' }, SLOW));
  const form = await canvas.findByRole('form', { name: 'Redeem units of Groningen Solar Park II' }, SLOW);
  return within(form);
}

/** By keyboard: Redeem puts the focus in Units, the live quote comes, Enter asks with a key. */
export const QuoteThenRequest: Story = {
  parameters: { msw: { handlers: [...holdings, quote.handler, request.handler] } },
  play: async ({ canvasElement }) => {
    const form = await openRedeem(canvasElement);
    const units = form.getByLabelText('Units to redeem');
    await waitFor(() => expect(units).toHaveFocus());
    await userEvent.keyboard('200');
    // 200 units at €1.05: €210, less the 2% fee of €4.20.
    await expect(await form.findByText(/You would receive/, {}, SLOW)).toHaveTextContent(
      `200 units at €1.05: ${formatEuros(21_000)}, less the early redemption fee (2%) of ${formatEuros(420)}. You would receive ${formatEuros(20_580)}.`,
    );
    await expect(quote.calls.at(-1)).toEqual({ opportunity_id: groningen, units: 200 });
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(request.calls).toHaveLength(1), SLOW);
    await expect(request.calls[0]).toMatchObject({ opportunity_id: groningen, units: 200 });
    await expect(String(request.calls[0]?.idempotency_key)).toMatch(/^[0-9a-f-]{36}$/);
    await expect(await within(canvasElement).findByText(/Your request to redeem 200 units/, {}, SLOW)).toBeVisible();
    await expect(within(canvasElement).queryByRole('form', { name: /Redeem units/ })).toBeNull();
  },
};

/** Units still locked up: the quote says from which day they may be asked. */
export const LockedUp: Story = {
  parameters: { msw: { handlers: [...holdings, locked] } },
  play: async ({ canvasElement }) => {
    const form = await openRedeem(canvasElement);
    await userEvent.type(form.getByLabelText('Units to redeem'), '200');
    await expect(await form.findByText(/locked up until/, {}, SLOW)).toHaveTextContent(
      /^These units are locked up until 14 Sept? 2026; you may ask to redeem them from that day\.$/,
    );
  },
};

/** The request is refused for the lock-up: the server's message, and the units typed kept. */
export const RequestRefused: Story = {
  parameters: {
    msw: {
      handlers: [...holdings, locked, rpcRefusal('request_redemption', redemptionLockedError('2026-09-14'))],
    },
  },
  play: async ({ canvasElement }) => {
    const form = await openRedeem(canvasElement);
    await userEvent.type(form.getByLabelText('Units to redeem'), '200{Enter}');
    await expect(await form.findByRole('alert', {}, SLOW)).toHaveTextContent(
      'REDEMPTION_LOCKED: these units are locked up until 2026-09-14',
    );
    await expect(form.getByLabelText('Units to redeem')).toHaveValue('200');
  },
};

/** A request that failed is sent again with the same key, so the server answers the first one. */
export const RetrySendsTheSameKey: Story = {
  parameters: { msw: { handlers: [...holdings, quote.handler, requestFailsFirst.handler] } },
  play: async ({ canvasElement }) => {
    const form = await openRedeem(canvasElement);
    await userEvent.type(form.getByLabelText('Units to redeem'), '300');
    await userEvent.click(form.getByRole('button', { name: 'Ask to redeem' }));
    await expect(await form.findByRole('alert', {}, SLOW)).toBeVisible();
    await userEvent.click(form.getByRole('button', { name: 'Ask to redeem' }));
    await waitFor(() => expect(requestFailsFirst.calls).toHaveLength(2), SLOW);
    const [first, second] = requestFailsFirst.calls;
    await expect(second).toEqual(first);
    await expect(first).toMatchObject({ units: 300 });
  },
};

/** Units the form cannot read, or more than held: the message beside the field, nothing asked. */
export const BadUnits: Story = {
  parameters: { msw: { handlers: [...holdings, quote.handler, request.handler] } },
  play: async ({ canvasElement }) => {
    const form = await openRedeem(canvasElement);
    const units = form.getByLabelText('Units to redeem');
    await userEvent.type(units, '10001{Enter}');
    await expect(units).toHaveAccessibleDescription(/At most 10,000 units, those you hold/);
    await expect(units).toHaveAttribute('aria-invalid', 'true');
    await expect(units).toHaveValue('10001');
    await expect(request.calls).toEqual([]);
    await expect(quote.calls).toEqual([]);
  },
};

/** The position's income (paid lines add up, a declared one waits) and the member's redemptions of it. */
export const IncomeAndRedemptions: Story = {
  parameters: {
    msw: {
      handlers: [...holdings, rpcAnswer('my_distributions', incomeLines), rpcAnswer('my_redemptions', myRedemptions)],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(await detail(canvasElement));
    const position = within(canvasElement);
    // Only the paid line of this position: €340.01, not the declared €255 nor Kenya's €99.99.
    await expect(await position.findByText('€340.01 received after tax withheld.', {}, SLOW)).toBeVisible();
    const income = position.getByRole('table', { name: 'Distributions of this position' });
    await expect(within(income).getAllByRole('row')).toHaveLength(3);
    await expect(within(income).getAllByRole('row')[1]).toHaveTextContent(/€300.*€45.*€255.*Declared, not yet paid/);
    // The redemptions are their own request: wait for them, not only for the income.
    const redemptions = await position.findByRole('table', { name: 'Your redemptions of this position' }, SLOW);
    await expect(within(redemptions).getAllByRole('row')[1]).toHaveTextContent(/1,000.*Approved.*€1,029 to your cash/);
    await expect(within(redemptions).getAllByRole('row')[2]).toHaveTextContent(/500.*Rejected.*Units pledged/);
    await expect(canvas.getByRole('link', { name: 'View the opportunity' })).toBeVisible();
    // Every redemption is listed under the positions too, with its offering.
    const all = await position.findByRole('table', { name: 'Your redemptions' }, SLOW);
    await expect(within(all).getAllByRole('row')[1]).toHaveTextContent(/Groningen Solar Park II.*1,000.*Approved/);
  },
};

/** Nothing yet: each part says so, no list of redemptions under the positions, and a matured position offers no Redeem. */
export const NothingYet: Story = {
  parameters: {
    app: {
      url: '/placements?position=schools-ghana',
      session: sessionAs('investor'),
      shell: true,
    } satisfies AppStoryParameters,
    msw: { handlers: holdings },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('group', { name: 'Position in Ghana Solar Schools' }, SLOW);
    await expect(await canvas.findByText('No distribution from this position yet.', {}, SLOW)).toBeVisible();
    await expect(
      await canvas.findByText('You have not asked to redeem units of this position.', {}, SLOW),
    ).toBeVisible();
    await expect(canvas.queryByRole('button', { name: 'Redeem' })).toBeNull();
    await expect(canvas.queryByRole('table', { name: 'Your redemptions' })).toBeNull();
  },
};

export const IncomeLoading: Story = {
  parameters: { msw: { handlers: [...holdings, rpcLoading('my_distributions'), rpcLoading('my_redemptions')] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Loading your income…', {}, SLOW)).toBeVisible();
    await expect(canvas.getByText('Loading your redemptions…')).toBeVisible();
  },
};

export const IncomeFailed: Story = {
  parameters: {
    msw: {
      handlers: [
        ...holdings,
        rpcRefusal('my_distributions', { code: 'XX000', message: 'Service unavailable' }, 500),
        rpcRefusal('my_redemptions', actionErrors.redemptionDenied),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(/Your income could not be loaded/, {}, SLOW)).toBeVisible();
    // In the position's detail and in place of the list of every redemption.
    await waitFor(() => expect(canvas.getAllByText(/Your redemptions could not be loaded/)).toHaveLength(2), SLOW);
    // The income and redemptions of the position, and the list of every redemption under the positions.
    await waitFor(() => expect(canvas.getAllByRole('button', { name: 'Retry' })).toHaveLength(3), SLOW);
  },
};
