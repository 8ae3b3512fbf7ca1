import type { Meta, StoryObj } from '@storybook/react-vite';
import { actionErrors, formatEuros } from '@vault/domain';
import { HttpResponse } from 'msw';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { rpcAnswer, rpcLoading } from '../../../../../mocks/story';
import { type AppStoryParameters, recordedRpc, SLOW, sessionAs, withApp } from '../../test-support';
import Offerings from '.';
import {
  issued,
  issuedMaturity,
  issuedPrices,
  issuedRecord,
  openIssued,
  serverTable,
  serverTableLoading,
} from './lifecycleStorySupport';

/** Closed on 1 February 2021: its five-year term ended on 1 February 2026, a month before the stories' day. */
const ENDED_DECIDED_AT = '2021-02-01T10:00:00+00:00';
/** 1,000 units outstanding at the latest price, €104 (15 January 2026). */
const TO_PAY_CENTS = 1_000 * 10_400;

/** What mature_offering answers: the `offering_maturities` row (docs/lifecycle.md §4). */
const maturity = issuedMaturity;

const offerings = rpcAnswer('list_offerings', [issued]);
const spvs = rpcAnswer('offering_spvs', [{ id: 'spv-equity', name: 'Vault Equity SPV', kind: 'equity' }]);
const mature = recordedRpc('mature_offering', () => maturity);
/** The first call is refused (the account holds less), the retry of the same call pays. */
const matureAfterRefusal = recordedRpc('mature_offering', (_body, n) =>
  n === 1
    ? HttpResponse.json({ ...actionErrors.offeringAccountShort, details: null, hint: null }, { status: 400 })
    : maturity,
);

/** The reads of the offering: its record (closed at `decidedAt`), its prices, and its maturity once `matured()` says so. */
const reads = (decidedAt: string, matured: () => boolean = () => false) => [
  serverTable('offering_records', [issuedRecord(decidedAt)]),
  serverTable('unit_prices', issuedPrices),
  serverTable('offering_maturities', () => (matured() ? [maturity] : [])),
];

const ended = (call: { spy: { mock: { calls: readonly unknown[] } } }) => [
  offerings,
  spvs,
  ...reads(ENDED_DECIDED_AT, () => call.spy.mock.calls.length > 0),
];

const meta = {
  title: 'Screens/Offerings/Maturity',
  component: Offerings,
  decorators: [withApp],
  parameters: {
    layout: 'fullscreen',
    app: { url: '/offerings', session: sessionAs('eq_spv_admin') } satisfies AppStoryParameters,
    msw: { handlers: [mature.handler, ...ended(mature)] },
  },
} satisfies Meta<typeof Offerings>;
export default meta;
type Story = StoryObj<typeof meta>;

const findMaturity = async (canvasElement: HTMLElement) => {
  await openIssued(canvasElement);
  return within(await within(canvasElement).findByRole('region', { name: 'Maturity' }, SLOW));
};

/** Before the end of its term Mature waits, disabled, and says the day the term ends. */
export const TermNotEnded: Story = {
  parameters: { msw: { handlers: [mature.handler, offerings, spvs, ...reads('2025-03-01T17:00:00+00:00')] } },
  play: async ({ canvasElement }) => {
    const card = await findMaturity(canvasElement);
    const button = await card.findByRole('button', { name: 'Mature' }, SLOW);
    await expect(button).toBeDisabled();
    await expect(button).toHaveAccessibleDescription(/^Matures on 1 Mar 2030\./);
    await expect(card.getByText(/Matures on/)).toHaveTextContent(
      'Matures on 1 Mar 2030. Then each holder is paid their units at the final price.',
    );
    await expect(mature.calls).toEqual([]);
  },
};

/** The term has ended: Mature opens a summary of what it pays, the units outstanding × the latest price; Cancel sends nothing. */
export const ConfirmSummary: Story = {
  play: async ({ canvasElement }) => {
    const card = await findMaturity(canvasElement);
    // The card reads the offering's record and prices first: wait for it to say the term ended.
    await expect(await card.findByText(/Its term ended on/, {}, SLOW)).toHaveTextContent(
      'Its term ended on 1 Feb 2026',
    );
    await userEvent.click(await card.findByRole('button', { name: 'Mature' }, SLOW));
    const dialog = within(await screen.findByRole('dialog', { name: 'Mature Porto Heat Network' }, SLOW));
    await expect(dialog.getByText('Units outstanding').nextElementSibling).toHaveTextContent('1,000');
    await expect(dialog.getByText('Final price').nextElementSibling).toHaveTextContent(
      '€104 a unit (the price as of 15 Jan 2026)',
    );
    await expect(dialog.getByText('To pay').nextElementSibling).toHaveTextContent(formatEuros(TO_PAY_CENTS));
    await userEvent.click(dialog.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), SLOW);
    await expect(mature.calls).toEqual([]);
    await expect(card.getByRole('button', { name: 'Mature' })).toBeEnabled();
  },
};

/** Matured: the server's answer (holders paid, the total), the card says so and the list reads Matured. */
export const Matures: Story = {
  play: async ({ canvasElement }) => {
    const card = await findMaturity(canvasElement);
    const list = within(canvasElement).getByRole('table', { name: 'Offerings' });
    await expect(within(list).getByRole('row', { name: /Porto Heat Network/ })).toHaveTextContent('Issued');
    await userEvent.click(await card.findByRole('button', { name: 'Mature' }, SLOW));
    const dialog = await screen.findByRole('dialog', { name: 'Mature Porto Heat Network' }, SLOW);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Mature' }));
    await expect(await card.findByRole('status', {}, SLOW)).toHaveTextContent(
      'Porto Heat Network matured: €104,000 paid to 2 holders, 1,000 units at €104 a unit.',
    );
    await expect(mature.calls).toEqual([{ opportunity_id: issued.id }]);
    await expect(card.getByText(/Matured on/)).toHaveTextContent('Matured on 2 Mar 2026');
    await expect(card.queryByRole('button', { name: 'Mature' })).toBeNull();
    await waitFor(
      () => expect(within(list).getByRole('row', { name: /Porto Heat Network/ })).toHaveTextContent('Matured'),
      SLOW,
    );
  },
};

/** Refused (the account holds less): the message in the summary, which keeps its figures; Mature there sends the same call again. */
export const RefusedThenRetried: Story = {
  parameters: { msw: { handlers: [matureAfterRefusal.handler, ...ended(matureAfterRefusal)] } },
  play: async ({ canvasElement }) => {
    const card = await findMaturity(canvasElement);
    await userEvent.click(await card.findByRole('button', { name: 'Mature' }, SLOW));
    const dialog = within(await screen.findByRole('dialog', { name: 'Mature Porto Heat Network' }, SLOW));
    await userEvent.click(dialog.getByRole('button', { name: 'Mature' }));
    await expect(await dialog.findByRole('alert', {}, SLOW)).toHaveTextContent(
      actionErrors.offeringAccountShort.message,
    );
    await expect(screen.getByRole('dialog')).toBeVisible();
    await expect(dialog.getByText('To pay').nextElementSibling).toHaveTextContent(formatEuros(TO_PAY_CENTS));
    await userEvent.click(dialog.getByRole('button', { name: 'Mature' }));
    await expect(await card.findByRole('status', {}, SLOW)).toHaveTextContent('€104,000 paid to 2 holders');
    await expect(matureAfterRefusal.calls).toEqual([{ opportunity_id: issued.id }, { opportunity_id: issued.id }]);
  },
};

/** While the call runs: the summary's Mature is busy and cannot be pressed again, nor the card's. */
export const Maturing: Story = {
  parameters: { msw: { handlers: [rpcLoading('mature_offering'), ...ended(mature)] } },
  play: async ({ canvasElement }) => {
    const card = await findMaturity(canvasElement);
    await userEvent.click(await card.findByRole('button', { name: 'Mature' }, SLOW));
    const dialog = within(await screen.findByRole('dialog', { name: 'Mature Porto Heat Network' }, SLOW));
    await userEvent.click(dialog.getByRole('button', { name: 'Mature' }));
    const busy = await dialog.findByRole('button', { name: 'Mature…' }, SLOW);
    await expect(busy).toBeDisabled();
    await expect(busy).toHaveAttribute('aria-busy', 'true');
    await expect(card.queryByRole('status')).toBeNull();
  },
};

/** By keyboard: Enter on Mature opens the summary on its Mature, Enter there matures; the focus lands on what it did. */
export const MatureByKeyboard: Story = {
  play: async ({ canvasElement }) => {
    const card = await findMaturity(canvasElement);
    (await card.findByRole('button', { name: 'Mature' }, SLOW)).focus();
    await userEvent.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Mature Porto Heat Network' }, SLOW);
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Mature' })).toHaveFocus(), SLOW);
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), SLOW);
    await expect(mature.calls).toEqual([{ opportunity_id: issued.id }]);
    await waitFor(() => expect(card.getByText(/Matured on/)).toHaveFocus(), SLOW);
  },
};

/** Matured before (by the schedule or another administrator): what it paid, no Mature, Matured in the list. */
export const AlreadyMatured: Story = {
  parameters: { msw: { handlers: [mature.handler, offerings, spvs, ...reads(ENDED_DECIDED_AT, () => true)] } },
  play: async ({ canvasElement }) => {
    const card = await findMaturity(canvasElement);
    await expect(await card.findByText(/Matured on/, {}, SLOW)).toHaveTextContent(
      'Matured on 2 Mar 2026: €104,000 paid to 2 holders, 1,000 units at €104 a unit.',
    );
    await expect(card.queryByRole('button', { name: 'Mature' })).toBeNull();
    const list = within(canvasElement).getByRole('table', { name: 'Offerings' });
    await expect(within(list).getByRole('row', { name: /Porto Heat Network/ })).toHaveTextContent('Matured');
    await expect(mature.calls).toEqual([]);
  },
};

/** Its facts load before Mature shows: no button to press on figures not yet read. */
export const FactsLoading: Story = {
  parameters: {
    msw: {
      handlers: [serverTableLoading('offering_records'), ...ended(mature)],
    },
  },
  play: async ({ canvasElement }) => {
    const card = await findMaturity(canvasElement);
    await expect(await card.findByText('Loading the maturity…', {}, SLOW)).toBeVisible();
    await expect(card.queryByRole('button', { name: 'Mature' })).toBeNull();
  },
};

/** The record's reads (a Storybook spy: empty at every story's start). */
const recordReads = fn().mockName('offering_records reads');

/** Its facts cannot be read: said with Retry, which reads again. */
export const FactsFailed: Story = {
  parameters: {
    msw: {
      handlers: [
        serverTable('offering_records', () => {
          recordReads();
          return recordReads.mock.calls.length === 1
            ? HttpResponse.json({ message: 'Service unavailable' }, { status: 500 })
            : [issuedRecord(ENDED_DECIDED_AT)];
        }),
        ...ended(mature),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const card = await findMaturity(canvasElement);
    await expect(await card.findByRole('alert', {}, SLOW)).toHaveTextContent(/The maturity could not be read/);
    await userEvent.click(card.getByRole('button', { name: 'Retry' }));
    await expect(await card.findByRole('button', { name: 'Mature' }, SLOW)).toBeEnabled();
  },
};
