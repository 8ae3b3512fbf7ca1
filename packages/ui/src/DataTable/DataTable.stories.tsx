import type { Meta, StoryObj } from '@storybook/react-vite';
import type { Loan, Status } from '@vault/domain';
import { expect, userEvent, within } from 'storybook/test';
import { StatusChip } from '../StatusChip';
import { DataTable, type DataTableColumn } from './DataTable';

/** Rows as a screen shows them: money and dates already formatted. */
interface InvestmentRow {
  name: string;
  amount: string;
  date: string;
  status: Status;
}

const investments: InvestmentRow[] = [
  { name: 'Solar Park Groningen', amount: '€5,000', date: '2025-03-14', status: 'Active' },
  { name: 'Clean Water Kenya', amount: '€2,500', date: '2024-11-02', status: 'Active' },
  { name: 'Affordable Housing Lisbon', amount: '€10,000', date: '2023-06-21', status: 'Matured' },
];

const investmentColumns: DataTableColumn<InvestmentRow>[] = [
  { key: 'name', header: 'Name' },
  { key: 'amount', header: 'Amount', align: 'right' },
  { key: 'date', header: 'Date' },
  { key: 'status', header: 'Status', render: (row) => <StatusChip status={row.status} /> },
];

const meta = {
  title: 'Data display/DataTable',
  component: DataTable<InvestmentRow>,
  tags: ['autodocs'],
  parameters: {
    docs: {
      description: {
        component:
          'A semantic `<table>` with typed columns (`key`, `header`, `render`, `align`), a caption that names it (visible or visually hidden) and an empty message.\n\n**When to use:** for rows of records that people compare by column (investments, users, documents).\n\n**When not:** for a handful of facts about one thing (use a description list) or for cards people browse (OpportunityCard).',
      },
    },
  },
  argTypes: { columns: { control: false }, rows: { control: 'object' } },
  args: {
    caption: 'Recent investments',
    columns: investmentColumns,
    rows: investments,
    getRowKey: (row) => row.name,
  },
} satisfies Meta<typeof DataTable<InvestmentRow>>;

export default meta;
type Story = StoryObj<typeof meta>;

export const WithRows: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const table = canvas.getByRole('table', { name: 'Recent investments' });
    await expect(canvas.getByText('Recent investments')).toBeVisible();
    const headers = within(table).getAllByRole('columnheader');
    await expect(headers.map((h) => h.textContent)).toEqual(['Name', 'Amount', 'Date', 'Status']);
    const rows = within(table).getAllByRole('row');
    // One header row and three data rows.
    await expect(rows).toHaveLength(4);
    const [, first, , last] = rows;
    if (!first || !last) throw new Error('expected data rows');
    await expect(within(first).getByRole('rowheader', { name: 'Solar Park Groningen' })).toBeVisible();
    await expect(within(first).getByText('€5,000')).toBeVisible();
    await expect(within(first).getByText('Active')).toBeVisible();
    await expect(within(last).getByText('Matured')).toBeVisible();
  },
};

/** Where everything fits, the table's scroll area is no tab stop: Tab goes straight past it. */
export const FitsNoTabStop: Story = {
  name: 'Fits: no tab stop',
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.queryByRole('group', { name: 'Recent investments' })).toBeNull();
    await expect(canvasElement.querySelector('[tabindex="0"]')).toBeNull();
  },
};

/** On a phone the table is wider than the screen: its scroll area is a named group Tab reaches (the arrow keys then scroll it). */
export const ScrollsSidewaysOnPhone: Story = {
  name: 'Wider than a phone: a named tab stop',
  tags: ['phone'],
  args: {
    columns: [
      ...investmentColumns,
      { key: 'reference', header: 'Reference', render: (row) => `VLT-${row.date}-${row.name.toUpperCase()}` },
    ],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const region = await canvas.findByRole('group', { name: 'Recent investments' });
    await expect(region.scrollWidth).toBeGreaterThan(region.clientWidth);
    await userEvent.tab();
    await expect(region).toHaveFocus();
  },
};

export const Empty: Story = {
  args: { rows: [], emptyMessage: 'No investments yet.' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const table = canvas.getByRole('table', { name: 'Recent investments' });
    await expect(within(table).getAllByRole('columnheader')).toHaveLength(4);
    const cell = within(table).getByRole('cell', { name: 'No investments yet.' });
    await expect(cell).toBeVisible();
    await expect(cell).toHaveAttribute('colspan', '4');
  },
};

export const HiddenCaption: Story = {
  args: { captionHidden: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    // Still the table's accessible name, but not drawn on screen.
    const table = canvas.getByRole('table', { name: 'Recent investments' });
    await expect(table).toBeVisible();
    const caption = canvas.getByText('Recent investments');
    await expect(caption.getBoundingClientRect().width).toBeLessThanOrEqual(1);
  },
};

const loans: Loan[] = [
  { id: 'LN-1001', borrower: 'Green Homes BV', amount: '€250,000', status: 'Active' },
  { id: 'LN-1002', borrower: 'AquaPure Ltd', amount: '€120,000', status: 'Pending' },
];

/** Another entity through the same component: loans with a row header on the borrower. */
export const Loans: StoryObj<typeof DataTable<Loan>> = {
  render: () => (
    <DataTable<Loan>
      caption="Loan portfolio"
      rows={loans}
      getRowKey={(row) => row.id}
      rowHeaderKey="borrower"
      columns={[
        { key: 'id', header: 'Loan' },
        { key: 'borrower', header: 'Borrower' },
        { key: 'amount', header: 'Amount', align: 'right' },
        { key: 'status', header: 'Status', render: (row) => <StatusChip status={row.status} /> },
      ]}
    />
  ),
  play: async ({ canvasElement }) => {
    const table = within(canvasElement).getByRole('table', { name: 'Loan portfolio' });
    await expect(within(table).getByRole('rowheader', { name: 'Green Homes BV' })).toBeVisible();
    await expect(within(table).getByText('€120,000')).toBeVisible();
    await expect(within(table).getByText('Pending')).toBeVisible();
  },
};
