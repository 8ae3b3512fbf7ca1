import type { Meta, StoryObj } from '@storybook/react-vite';
import { consoleErrors } from '@vault/domain';
import { HttpResponse, http } from 'msw';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import {
  type AppStoryParameters,
  consoleListStates,
  expectRefusalKeepsDialog,
  findConsoleTable,
  openConsoleRow,
  openRowByKeyboard,
  recordedRpc,
  rpcListHandlers,
  SLOW,
  sessionAs,
  withApp,
} from '../../test-support';
import Loans from '.';

/** Two loans as `loan_book` answers them: one overdue, one up to date. */
const book = [
  {
    id: 'LN-2025-014',
    borrower: 'Zonnepark Drenthe B.V.',
    amount: '€1,250,000',
    status: 'Active',
    due_cents: 6_250_000,
    paid_cents: 3_125_000,
    next_due_on: '2026-12-15',
    overdue: true,
  },
  {
    id: 'LN-2025-017',
    borrower: 'AquaKiosk Kenya Ltd',
    amount: '€480,000',
    status: 'Active',
    due_cents: 0,
    paid_cents: 0,
    next_due_on: '2027-01-10',
    overdue: false,
  },
];

const bookHandler = http.post('*/rest/v1/rpc/loan_book', () => HttpResponse.json(book));
const bookStates = rpcListHandlers('loan_book');

/** The record_repayment calls a story made. */
const recordRepayment = recordedRpc('record_repayment', () => ({
  id: 1,
  loan_id: 'LN-2025-014',
  amount_cents: 125_050,
  paid_on: '2026-11-20',
}));

const meta = {
  title: 'Screens/Loans',
  component: Loans,
  decorators: [withApp],
  parameters: {
    layout: 'fullscreen',
    app: { url: '/loans', session: sessionAs('cl_spv_admin') } satisfies AppStoryParameters,
    msw: { handlers: [bookHandler, recordRepayment.handler] },
  },
} satisfies Meta<typeof Loans>;
export default meta;
type Story = StoryObj<typeof meta>;

const openDrenthe = (canvasElement: HTMLElement) =>
  openConsoleRow(canvasElement, {
    heading: 'Loans',
    table: 'Loan book',
    row: 'Open LN-2025-014, Zonnepark Drenthe B.V.',
  });

/** The loan book: due, repaid, next due; the overdue loan is flagged. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const table = await findConsoleTable(canvasElement, 'Loan book', [
      'Loan',
      'Borrower',
      'Amount',
      'Due to date',
      'Repaid',
      'Next due',
      'Status',
    ]);
    await within(table).findByText('Zonnepark Drenthe B.V.', {}, SLOW);
    const rows = within(table).getAllByRole('row');
    await expect(rows[1]).toHaveTextContent(/LN-2025-014.*€62,500.*€31,250.*Overdue/);
    await expect(rows[2]).toHaveTextContent(/LN-2025-017.*Active/);
  },
};

/** Record repayment: euros typed, shown in cents, sent as integer cents with the date. */
export const RecordRepayment: Story = {
  play: async ({ canvasElement }) => {
    const canvas = await openDrenthe(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Record repayment' }));
    const dialog = await screen.findByRole('dialog', {}, SLOW);
    await userEvent.type(within(dialog).getByLabelText('Amount (€)'), '1250.50');
    await expect(within(dialog).getByText('€1,250.50 = 125050 cents')).toBeVisible();
    // Paid on starts at today (a later day is refused by the field and by the server).
    const today = new Date().toISOString().slice(0, 10);
    await expect(within(dialog).getByLabelText('Paid on')).toHaveValue(today);
    await userEvent.type(within(dialog).getByLabelText("Lender's reference"), 'BANK-2026-0042');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Record repayment' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), SLOW);
    await expect(recordRepayment.calls).toEqual([
      { loan_id: 'LN-2025-014', amount_cents: 125_050, paid_on: today, reference: 'BANK-2026-0042' },
    ]);
    await expect(await canvas.findByRole('status', {}, SLOW)).toHaveTextContent(/LN-2025-014: repayment of €1,250.50/);
  },
};

/** An amount that is not euros is refused before any call. */
export const AmountRequired: Story = {
  play: async ({ canvasElement }) => {
    const canvas = await openDrenthe(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Record repayment' }));
    const dialog = await screen.findByRole('dialog', {}, SLOW);
    await userEvent.type(within(dialog).getByLabelText('Amount (€)'), 'abc');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Record repayment' }));
    await expect(within(dialog).getByRole('alert')).toHaveTextContent(/Type an amount in euros/);
    await expect(recordRepayment.calls).toEqual([]);
  },
};

/** The server refuses: its message in the dialog, which stays open with what was typed. */
export const RecordRefused: Story = {
  parameters: {
    msw: {
      handlers: [bookHandler, recordRepayment.refusing(consoleErrors.loanNotActive)],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = await openDrenthe(canvasElement);
    await expectRefusalKeepsDialog(canvas, {
      action: 'Record repayment',
      field: 'Amount (€)',
      text: '300',
      message: /only an active loan takes repayments/,
      fill: (dialog) => userEvent.type(within(dialog).getByLabelText("Lender's reference"), 'BANK-2026-0043'),
    });
  },
};

/** Keyboard: Tab to the row's button, Enter opens the detail and its action. */
export const KeyboardPath: Story = {
  play: async ({ canvasElement }) => {
    await openRowByKeyboard(canvasElement, {
      table: 'Loan book',
      row: 'Open LN-2025-014, Zonnepark Drenthe B.V.',
      action: 'Record repayment',
      opensDialog: true,
    });
  },
};

const states = consoleListStates({
  table: 'Loan book',
  empty: { handler: bookStates.empty, text: 'No loans' },
  loading: bookStates.loading,
  failed: { handler: bookStates.error(consoleErrors.loanBookDenied), text: /The loan book could not be loaded/ },
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
