import type { Meta, StoryObj } from '@storybook/react-vite';
import { HttpResponse } from 'msw';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { rpcAnswer, rpcLoading, rpcRefusal } from '../../../../../mocks/story';
import { type AppStoryParameters, findConsoleTable, recordedRpc, SLOW, sessionAs, withApp } from '../../test-support';
import Reports from '.';

const TRIAL = 'Trial balance';
const TRIAL_HEADERS = ['Currency', 'Debits pending', 'Debits posted', 'Credits pending', 'Credits posted'];
const REFUSED = 'Refused payment events';
const REFUSED_HEADERS = ['Refused at', 'Event', 'Provider event', 'Amount', 'Reason'];
const ESCROW = 'Escrow per offering';
const ESCROW_HEADERS = [
  'Offering',
  'SPV',
  'Holds',
  'Pending in',
  'Credits posted',
  'Debits posted',
  'Credits pending',
  'Debits pending',
];

/** The ledger after €2,500 and €400 came in, €1,000 was confirmed and €123.45 by card is still held. */
const trialRows = [
  { currency: 'EUR', debits_pending: 12_653, debits_posted: 391_000, credits_pending: 12_653, credits_posted: 391_000 },
];

/** Two refused events, newest first: a charge-back larger than the payment, a payment naming no member. */
const refusalRows = [
  {
    id: 2,
    event_id: 'evt_1QdisputeA',
    provider_ref: 'pi_2',
    member_id: '11111111-1111-4111-8111-111111111111',
    kind: 'chargeback',
    reason: 'amount differs from the payment (€20)',
    refused_at: '2026-11-25T16:40:00Z',
    amount_cents: 3_000,
    currency: 'EUR',
    status: null,
  },
  {
    id: 1,
    event_id: 'evt_1QpaymentB',
    provider_ref: 'pi_1',
    member_id: null,
    kind: 'payment',
    reason: 'unknown member',
    refused_at: '2026-11-24T09:15:00Z',
    amount_cents: 2_500,
    currency: 'EUR',
    status: 'settled',
  },
];

/** The equity SPV's offering (confirmed and pending money) and the lending SPV's (pending only). */
const solarEscrow = {
  opportunity_id: 'solar-park-groningen',
  opportunity_name: 'Groningen Solar Park II',
  spv_id: 'spv-equity',
  currency: 'EUR',
  debits_pending: 0,
  debits_posted: 0,
  credits_pending: 12_345,
  credits_posted: 100_000,
  holds_cents: 100_000,
  pending_in_cents: 12_345,
};
const windEscrow = {
  opportunity_id: 'offshore-wind-baltic',
  opportunity_name: 'Baltic Offshore Wind Notes',
  spv_id: 'spv-lending',
  currency: 'EUR',
  debits_pending: 0,
  debits_posted: 0,
  credits_pending: 70_000,
  credits_posted: 0,
  holds_cents: 0,
  pending_in_cents: 70_000,
};

const unavailable = { code: 'XX000', message: 'Service unavailable' };
const failing = () => HttpResponse.json({ ...unavailable, details: null, hint: null }, { status: 500 });

/** The three reads answering rows; their calls are each story's own. */
const trial = recordedRpc('ledger_trial_balance', () => trialRows);
const refusals = recordedRpc('list_ledger_refusals', () => refusalRows);
const escrows = recordedRpc('ledger_escrows', () => [windEscrow, solarEscrow]);
const verifying = recordedRpc('ledger_verify', () => null);
const loaded = [trial.handler, refusals.handler, escrows.handler, verifying.handler];

const meta = {
  title: 'Screens/Reports/Ledger',
  component: Reports,
  decorators: [withApp],
  parameters: {
    layout: 'fullscreen',
    app: { url: '/reports', session: sessionAs('mfo_admin') } satisfies AppStoryParameters,
    msw: { handlers: loaded },
  },
} satisfies Meta<typeof Reports>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The table `name`'s body rows once `count` of them have come. */
async function rowsOf(canvasElement: HTMLElement, name: string, headers: readonly string[], count: number) {
  const table = await findConsoleTable(canvasElement, name, headers);
  await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(count + 1), SLOW);
  return within(table).getAllByRole('row').slice(1);
}

/** mfo_admin: the trial balance per currency, the refused events with their reasons, every offering's escrow. */
export const MfoAdmin: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 2, name: 'Ledger' })).toBeVisible();
    const [eur] = await rowsOf(canvasElement, TRIAL, TRIAL_HEADERS, 1);
    // Euros as the app writes them everywhere: cents only when there are some.
    await expect(eur).toHaveTextContent('EUR€126.53€3,910€126.53€3,910');

    const events = await rowsOf(canvasElement, REFUSED, REFUSED_HEADERS, 2);
    await expect(events[0]).toHaveTextContent(
      /Charge-back.*evt_1QdisputeA.*€30.*amount differs from the payment \(€20\)/,
    );
    await expect(events[1]).toHaveTextContent(/Payment.*evt_1QpaymentB.*€25.*unknown member/);

    const offerings = await rowsOf(canvasElement, ESCROW, ESCROW_HEADERS, 2);
    await expect(offerings[0]).toHaveTextContent('Baltic Offshore Wind Notesspv-lending€0€700€0€0€700€0');
    await expect(offerings[1]).toHaveTextContent('Groningen Solar Park IIspv-equity€1,000€123.45€1,000€0€123.45€0');
    // Nothing is verified until asked.
    await expect(verifying.calls).toEqual([]);
    await expect(canvas.queryByRole('alert')).toBeNull();
  },
};

const ownEscrow = recordedRpc('ledger_escrows', () => [solarEscrow]);

/**
 * eq_spv_admin: only the escrow, of its own SPV's offerings (what the server answers it); the
 * trial balance, Verify and the refused events are not shown and not even asked for.
 */
export const SpvAdmin: Story = {
  parameters: {
    app: { url: '/reports', session: sessionAs('eq_spv_admin') } satisfies AppStoryParameters,
    msw: { handlers: [trial.handler, refusals.handler, ownEscrow.handler, verifying.handler] },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const [own] = await rowsOf(canvasElement, ESCROW, ESCROW_HEADERS, 1);
    await expect(own).toHaveTextContent('Groningen Solar Park II');
    await expect(canvas.queryByText('Baltic Offshore Wind Notes')).toBeNull();
    await expect(canvas.getByText(/each of your SPVs’ offerings/)).toBeVisible();
    await expect(canvas.queryByRole('heading', { name: TRIAL })).toBeNull();
    await expect(canvas.queryByRole('heading', { name: REFUSED })).toBeNull();
    await expect(canvas.queryByRole('button', { name: 'Verify' })).toBeNull();
    await expect(ownEscrow.calls).toEqual([{}]);
    await expect(trial.calls).toEqual([]);
    await expect(refusals.calls).toEqual([]);
    await expect(canvas.queryByRole('alert')).toBeNull();
  },
};

/** Nothing has moved yet: each part says so. */
export const Empty: Story = {
  parameters: {
    msw: {
      handlers: [
        rpcAnswer('ledger_trial_balance', []),
        rpcAnswer('list_ledger_refusals', []),
        rpcAnswer('ledger_escrows', []),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('No money has moved yet', {}, SLOW)).toBeVisible();
    await expect(await canvas.findByText('No refused payment events', {}, SLOW)).toBeVisible();
    await expect(await canvas.findByText('No offering has received money yet', {}, SLOW)).toBeVisible();
  },
};

/** The three reads have not answered: each table is busy. */
export const Loading: Story = {
  parameters: {
    msw: {
      handlers: [rpcLoading('ledger_trial_balance'), rpcLoading('list_ledger_refusals'), rpcLoading('ledger_escrows')],
    },
  },
  play: async ({ canvasElement }) => {
    for (const name of [TRIAL, REFUSED, ESCROW]) {
      const table = await within(canvasElement).findByRole('table', { name }, SLOW);
      await expect(table.closest('[aria-busy="true"]')).not.toBeNull();
    }
  },
};

const trialOnRetry = recordedRpc('ledger_trial_balance', (_, call) => (call === 1 ? failing() : trialRows));

/** Each read fails: its message with Retry; Retry on the trial balance reads it again and shows it. */
export const Failed: Story = {
  parameters: {
    msw: {
      handlers: [
        trialOnRetry.handler,
        rpcRefusal('list_ledger_refusals', unavailable, 500),
        rpcRefusal('ledger_escrows', unavailable, 500),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    for (const part of ['trial balance', 'refused payment events', 'escrow accounts']) {
      await expect(
        await canvas.findByText(new RegExp(`The ${part} could not be loaded: Service unavailable`), {}, SLOW),
      ).toBeVisible();
    }
    await expect(canvas.getAllByRole('button', { name: 'Retry' })).toHaveLength(3);
    const trialPart = canvas.getByRole('region', { name: TRIAL });
    await userEvent.click(within(trialPart).getByRole('button', { name: 'Retry' }));
    const [eur] = await rowsOf(canvasElement, TRIAL, TRIAL_HEADERS, 1);
    await expect(eur).toHaveTextContent('EUR');
    await expect(trialOnRetry.calls).toHaveLength(2);
    await expect(canvas.getAllByRole('button', { name: 'Retry' })).toHaveLength(2);
  },
};

/** Verify: the server answers null, every invariant holds. */
export const VerifyHolds: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await rowsOf(canvasElement, TRIAL, TRIAL_HEADERS, 1);
    await userEvent.click(canvas.getByRole('button', { name: 'Verify' }));
    await expect(await canvas.findByText('Every invariant holds', {}, SLOW)).toBeVisible();
    await expect(verifying.calls).toEqual([{}]);
    await expect(canvas.queryByRole('alert')).toBeNull();
  },
};

const failure = '2: account 7 does not match its transfers';

/** Verify: the server names the first invariant that fails; it is shown as it says it. */
export const VerifyFails: Story = {
  parameters: { msw: { handlers: [...loaded.slice(0, 3), rpcAnswer('ledger_verify', failure)] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await rowsOf(canvasElement, TRIAL, TRIAL_HEADERS, 1);
    await userEvent.click(canvas.getByRole('button', { name: 'Verify' }));
    const alert = await canvas.findByRole('alert', {}, SLOW);
    await expect(alert).toHaveTextContent(`An invariant fails: ${failure}`);
    await expect(canvas.queryByText('Every invariant holds')).toBeNull();
  },
};

/** Verify while the server checks: the button is busy and says what it does. */
export const VerifyChecking: Story = {
  parameters: { msw: { handlers: [...loaded.slice(0, 3), rpcLoading('ledger_verify')] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await rowsOf(canvasElement, TRIAL, TRIAL_HEADERS, 1);
    await userEvent.click(canvas.getByRole('button', { name: 'Verify' }));
    await expect(await canvas.findByText('Checking every invariant…', {}, SLOW)).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Verify' })).toBeDisabled();
  },
};

/** Verify cannot run (the server fails): the reason, and the button is there to try again. */
export const VerifyFailed: Story = {
  parameters: { msw: { handlers: [...loaded.slice(0, 3), rpcRefusal('ledger_verify', unavailable, 500)] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await rowsOf(canvasElement, TRIAL, TRIAL_HEADERS, 1);
    await userEvent.click(canvas.getByRole('button', { name: 'Verify' }));
    await expect(await canvas.findByRole('alert', {}, SLOW)).toHaveTextContent(
      'The ledger could not be verified: Service unavailable',
    );
    await expect(canvas.getByRole('button', { name: 'Verify' })).toBeEnabled();
  },
};
