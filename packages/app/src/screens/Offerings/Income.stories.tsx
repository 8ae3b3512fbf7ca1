import type { Meta, StoryObj } from '@storybook/react-vite';
import { actionErrors } from '@vault/domain';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { rpcAnswer, rpcLoading } from '../../../../../mocks/story';
import { type AppStoryParameters, recordedRpc, SLOW, sessionAs, withApp } from '../../test-support';
import Offerings from '.';
import {
  fill,
  fillDate,
  form,
  issued,
  issuedMaturity,
  maturityReads,
  openIssued,
  serverTable,
} from './lifecycleStorySupport';

/** What record_offering_income answers for €12,500.50 received on 1 March 2026 (docs/lifecycle.md). */
const recorded = {
  id: 41,
  opportunity_id: issued.id,
  amount_cents: 1_250_050,
  received_on: '2026-03-01',
  reference: 'RENT-2026-02',
  recorded_by: '5a1d0000-0000-4000-8000-000000000503',
  recorded_at: '2026-03-02T10:00:00Z',
};

/** The offering's income as `list_offering_income` answers it: newest first, with what the account may pay. */
const incomeRows = [
  { ...recorded, available_cents: 3_750_050 },
  {
    ...recorded,
    id: 40,
    amount_cents: 1_100_000,
    received_on: '2026-02-02',
    reference: 'RENT-2026-01',
    recorded_at: '2026-02-03T09:00:00Z',
    available_cents: 3_750_050,
  },
];

const offerings = rpcAnswer('list_offerings', [issued]);
const spvs = rpcAnswer('offering_spvs', [{ id: 'spv-equity', name: 'Vault Equity SPV', kind: 'equity' }]);
const record = recordedRpc('record_offering_income', () => recorded);
// Before the recording, the earlier month only; after it, both.
const income = recordedRpc('list_offering_income', (_body, n) => (n === 1 ? incomeRows.slice(1) : incomeRows));

const spvHandlers = [offerings, spvs, record.handler, income.handler, ...maturityReads];

const meta = {
  title: 'Screens/Offerings/Income received',
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

const incomeForm = async (canvas: ReturnType<typeof within>) => within(await form(canvas, 'Record income received'));

/** By keyboard: Enter in the reference sends it in cents; the list reads again and shows what the account may pay. */
export const RecordIncome: Story = {
  play: async ({ canvasElement }) => {
    const canvas = await openIssued(canvasElement);
    const incomeTable = () => canvas.findByRole('table', { name: 'Income of Porto Heat Network' }, SLOW);
    await waitFor(async () => expect(within(await incomeTable()).getAllByRole('row')).toHaveLength(2), SLOW);
    const recording = await incomeForm(canvas);
    await expect(recording.getByLabelText('Received on (UTC)')).toHaveValue('2026-03-02');
    await userEvent.type(recording.getByLabelText('Amount (€)'), '12,500.50');
    await fillDate(recording.getByLabelText('Received on (UTC)'), '2026-03-01');
    await userEvent.type(recording.getByLabelText('Reference'), 'RENT-2026-02{Enter}');
    await waitFor(() => expect(record.calls).toHaveLength(1), SLOW);
    await expect(record.calls[0]).toEqual({
      opportunity_id: issued.id,
      amount_cents: 1_250_050,
      received_on: '2026-03-01',
      reference: 'RENT-2026-02',
    });
    await expect(
      await recording.findByText('Income recorded: €12,500.50 received on 1 Mar 2026 (RENT-2026-02).', {}, SLOW),
    ).toHaveAttribute('role', 'status');
    // The list reads again after the recording: a new table replaces the one read first.
    await waitFor(async () => expect(within(await incomeTable()).getAllByRole('row')).toHaveLength(3), SLOW);
    const rows = within(await incomeTable()).getAllByRole('row');
    await expect(rows[1]).toHaveTextContent(/1 Mar 2026.*RENT-2026-02.*€12,500.50/);
    await expect(rows[2]).toHaveTextContent(/2 Feb 2026.*RENT-2026-01.*€11,000/);
    await expect(canvas.getByText("The offering's account may pay €37,500.50 now.")).toBeVisible();
    await expect(income.calls).toEqual([{ offering_id: issued.id }, { offering_id: issued.id }]);
  },
};

/** What the form cannot send is said beside each field, nothing is sent, and what was typed stays. */
export const IncomeErrors: Story = {
  play: async ({ canvasElement }) => {
    const canvas = await openIssued(canvasElement);
    const recording = await incomeForm(canvas);
    await fill(recording.getByLabelText('Amount (€)'), 'twelve');
    await fillDate(recording.getByLabelText('Received on (UTC)'), '2099-01-01');
    await userEvent.click(recording.getByRole('button', { name: 'Record income' }));
    await expect(recording.getByLabelText('Amount (€)')).toHaveAccessibleDescription(
      'Amount (€) must be an amount in euros above 0, such as 12500',
    );
    await expect(recording.getByLabelText('Received on (UTC)')).toHaveAccessibleDescription(
      'Received on (UTC) cannot be in the future',
    );
    await expect(recording.getByLabelText('Reference')).toHaveAccessibleDescription(
      "A reference is required: the payer's, as on the statement",
    );
    await waitFor(() => expect(recording.getByLabelText('Amount (€)')).toHaveFocus());
    await expect(recording.getByLabelText('Amount (€)')).toHaveValue('twelve');
    await expect(recording.getByLabelText('Received on (UTC)')).toHaveValue('2099-01-01');
    await expect(record.calls).toEqual([]);
  },
};

/** The server refuses a reference already used for other income: its message beside Reference, every value kept. */
export const IncomeReferenceRefused: Story = {
  parameters: {
    msw: {
      handlers: [
        record.refusing(actionErrors.incomeReferenceReused),
        ...spvHandlers.filter((h) => h !== record.handler),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = await openIssued(canvasElement);
    const recording = await incomeForm(canvas);
    await fill(recording.getByLabelText('Amount (€)'), '11000');
    await fill(recording.getByLabelText('Reference'), 'RENT-2026-01');
    await userEvent.keyboard('{Enter}');
    await waitFor(
      () =>
        expect(recording.getByLabelText('Reference')).toHaveAccessibleDescription(
          actionErrors.incomeReferenceReused.message,
        ),
      SLOW,
    );
    await waitFor(() => expect(recording.getByLabelText('Reference')).toHaveFocus());
    await expect(recording.getByLabelText('Amount (€)')).toHaveValue('11000');
    await expect(recording.getByLabelText('Reference')).toHaveValue('RENT-2026-01');
  },
};

/** A refusal of the offering's state (it has matured) shows above the button. */
export const IncomeRefusedMatured: Story = {
  parameters: {
    msw: {
      handlers: [
        record.refusing(actionErrors.offeringMatured),
        serverTable('offering_maturities', [issuedMaturity]),
        ...spvHandlers.filter((h) => h !== record.handler),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = await openIssued(canvasElement);
    const recording = await incomeForm(canvas);
    await fill(recording.getByLabelText('Amount (€)'), '500');
    await fill(recording.getByLabelText('Reference'), 'LATE-1');
    await userEvent.click(recording.getByRole('button', { name: 'Record income' }));
    await expect(await recording.findByRole('alert', {}, SLOW)).toHaveTextContent('the offering has matured');
    await expect(recording.getByLabelText('Amount (€)')).toHaveValue('500');
    // The maturity card says so too: what it paid.
    // The date is its own <time> element: the paragraph is found by its own words, then read whole.
    const matured = await canvas.findByText(/^Matured on/, {}, SLOW);
    await expect(matured).toHaveTextContent(/^Matured on 2 Mar 2026:/);
    await expect(matured).toBeVisible();
  },
};

/** mfo_admin sees the income and what the account may pay, without the forms. */
export const IncomeAsStaff: Story = {
  parameters: {
    app: { url: '/offerings', session: sessionAs('mfo_admin') } satisfies AppStoryParameters,
    msw: { handlers: [offerings, rpcAnswer('offering_spvs', []), rpcAnswer('list_offering_income', incomeRows)] },
  },
  play: async ({ canvasElement }) => {
    const canvas = await openIssued(canvasElement);
    const list = await canvas.findByRole('table', { name: 'Income of Porto Heat Network' }, SLOW);
    await waitFor(() => expect(within(list).getAllByRole('row')).toHaveLength(3), SLOW);
    await expect(canvas.getByText("The offering's account may pay €37,500.50 now.")).toBeVisible();
    await expect(canvas.queryByRole('form', { name: 'Record income received' })).toBeNull();
  },
};

export const IncomeLoading: Story = {
  parameters: { msw: { handlers: [rpcLoading('list_offering_income'), ...spvHandlers] } },
  play: async ({ canvasElement }) => {
    const canvas = await openIssued(canvasElement);
    await expect(await canvas.findByText('Loading the income…', {}, SLOW)).toBeVisible();
  },
};
