import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, within } from 'storybook/test';
import { StatusBadge } from '../StatusBadge';
import { ConsoleTable, type ConsoleTableColumn, type ConsoleTableProps } from './ConsoleTable';

/** A KYC review as the /kyc queue shows it: dates already formatted by the screen. */
interface Review {
  id: string;
  name: string;
  email: string;
  submittedAt: string;
  providerResult: 'approved' | 'rejected' | 'resubmission_requested';
}

const reviews: Review[] = [
  {
    id: 'm-1',
    name: 'Ada Lovelace',
    email: 'ada@example.com',
    submittedAt: '12 Jan 2026, 09:14',
    providerResult: 'approved',
  },
  {
    id: 'm-2',
    name: 'Grace Hopper',
    email: 'grace@example.com',
    submittedAt: '12 Jan 2026, 10:02',
    providerResult: 'resubmission_requested',
  },
  {
    id: 'm-3',
    name: 'Katherine Johnson',
    email: 'katherine@example.com',
    submittedAt: '13 Jan 2026, 16:40',
    providerResult: 'rejected',
  },
];

const columns: ConsoleTableColumn<Review>[] = [
  { id: 'name', header: 'Name', cell: (row) => row.name, primary: true, width: '11rem' },
  { id: 'email', header: 'Email', cell: (row) => row.email },
  { id: 'submitted', header: 'Submitted at', cell: (row) => row.submittedAt },
  {
    id: 'result',
    header: "Provider's result",
    cell: (row) => <StatusBadge status={row.providerResult} />,
  },
];

/** The table with its selection held as a screen would hold it, still reporting to the spy. */
function Selectable(args: ConsoleTableProps<Review>) {
  const [selectedId, setSelectedId] = useState(args.selectedId ?? null);
  return (
    <ConsoleTable<Review>
      {...args}
      selectedId={selectedId}
      onSelect={(row) => {
        setSelectedId(row.id);
        args.onSelect?.(row);
      }}
    />
  );
}

const meta = {
  title: 'Console/ConsoleTable',
  component: ConsoleTable<Review>,
  tags: ['autodocs'],
  parameters: {
    docs: {
      description: {
        component:
          "An operator's queue or list: typed columns, a primary column that names each row (its row header and select button, sticky when a narrow screen scrolls sideways), a selected row, and the states of a server-paged list: loading (skeleton rows), empty, error with Retry, and Load more (keyset paging). Tab reaches the selected row (or the first); Up, Down, Home and End move between rows; Enter or Space selects.\n\n**When to use:** for a console's queue or list whose rows open a DetailPanel.\n\n**When not:** for a short read-only table (DataTable).",
      },
    },
  },
  render: (args) => <Selectable {...args} />,
  argTypes: { columns: { control: false }, rows: { control: 'object' } },
  args: {
    caption: 'KYC reviews waiting',
    columns,
    rows: reviews,
    getRowId: (row) => row.id,
    onSelect: fn(),
    empty: 'No reviews waiting',
  },
} satisfies Meta<typeof ConsoleTable<Review>>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The queue: a row header per row, and a click anywhere on a row selects it. */
export const Queue: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const table = canvas.getByRole('table', { name: 'KYC reviews waiting' });
    const headers = within(table).getAllByRole('columnheader');
    await expect(headers.map((header) => header.textContent)).toEqual([
      'Name',
      'Email',
      'Submitted at',
      "Provider's result",
    ]);
    await expect(within(table).getAllByRole('row')).toHaveLength(4);
    await expect(within(table).getByRole('rowheader', { name: 'Grace Hopper' })).toBeVisible();
    await expect(within(table).getByText('Resubmission requested')).toBeVisible();

    await userEvent.click(within(table).getByText('katherine@example.com'));
    await expect(args.onSelect).toHaveBeenCalledWith(reviews[2]);
    await expect(within(table).getByRole('button', { name: 'Katherine Johnson' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(within(table).getByRole('button', { name: 'Ada Lovelace' })).toHaveAttribute('aria-pressed', 'false');
  },
};

/** The keyboard path: Tab to the first row, Down to the next, Enter selects; End and Home jump. */
export const KeyboardSelection: Story = {
  name: 'Keyboard selection',
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const ada = canvas.getByRole('button', { name: 'Ada Lovelace' });
    const grace = canvas.getByRole('button', { name: 'Grace Hopper' });
    const katherine = canvas.getByRole('button', { name: 'Katherine Johnson' });
    // One tab stop for the whole table (roving focus).
    await expect(ada).toHaveAttribute('tabindex', '0');
    await expect(grace).toHaveAttribute('tabindex', '-1');

    await userEvent.tab();
    await expect(ada).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    await expect(grace).toHaveFocus();
    await expect(args.onSelect).not.toHaveBeenCalled();
    await userEvent.keyboard('{Enter}');
    await expect(args.onSelect).toHaveBeenCalledWith(reviews[1]);
    await expect(grace).toHaveAttribute('aria-pressed', 'true');

    await userEvent.keyboard('{End}');
    await expect(katherine).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    await expect(katherine).toHaveFocus();
    await userEvent.keyboard('{Home}');
    await expect(ada).toHaveFocus();
    await userEvent.keyboard(' ');
    await expect(args.onSelect).toHaveBeenLastCalledWith(reviews[0]);

    // Leaving and coming back lands on the row last reached.
    await userEvent.tab({ shift: true });
    await userEvent.tab();
    await expect(ada).toHaveFocus();
  },
};

/** A selected row is the table's tab stop and is marked pressed. */
export const WithSelection: Story = {
  name: 'Selected row',
  args: { selectedId: 'm-2' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const grace = canvas.getByRole('button', { name: 'Grace Hopper' });
    await expect(grace).toHaveAttribute('aria-pressed', 'true');
    await expect(grace).toHaveAttribute('tabindex', '0');
    await userEvent.tab();
    await expect(grace).toHaveFocus();
  },
};

export const Loading: Story = {
  args: { loading: true, rows: [] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const table = canvas.getByRole('table', { name: 'KYC reviews waiting' });
    await expect(table.closest('[aria-busy="true"]')).not.toBeNull();
    await expect(canvas.getByRole('status')).toHaveTextContent('Loading KYC reviews waiting…');
    await expect(canvasElement.querySelectorAll('[data-skeleton]')).toHaveLength(5);
    await expect(canvas.queryByText('No reviews waiting')).toBeNull();
  },
};

export const Empty: Story = {
  args: { rows: [] },
  play: async ({ canvasElement }) => {
    const table = within(canvasElement).getByRole('table', { name: 'KYC reviews waiting' });
    const cell = within(table).getByRole('cell', { name: 'No reviews waiting' });
    await expect(cell).toBeVisible();
    await expect(cell).toHaveAttribute('colspan', '4');
    await expect(within(canvasElement).queryByRole('button')).toBeNull();
  },
};

export const LoadFailed: Story = {
  name: 'Error with Retry',
  args: { rows: [], error: 'The reviews could not be loaded. Check your connection and try again.', onRetry: fn() },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('alert')).toHaveTextContent('The reviews could not be loaded.');
    await expect(canvas.queryByText('No reviews waiting')).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: 'Retry' }));
    await expect(args.onRetry).toHaveBeenCalledTimes(1);
  },
};

export const Paging: Story = {
  name: 'Paging: Load more',
  args: { hasMore: true, onLoadMore: fn() },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const more = canvas.getByRole('button', { name: 'Load more' });
    await expect(more).toBeEnabled();
    await userEvent.click(more);
    await expect(args.onLoadMore).toHaveBeenCalledTimes(1);
  },
};

export const LoadingMore: Story = {
  name: 'Paging: loading the next page',
  args: { hasMore: true, loadingMore: true, onLoadMore: fn() },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const more = canvas.getByRole('button', { name: 'Loading more…' });
    await expect(more).toBeDisabled();
    // The rows already loaded stay.
    await expect(canvas.getByRole('button', { name: 'Ada Lovelace' })).toBeVisible();
  },
};

export const LastPage: Story = {
  name: 'Paging: last page',
  args: { hasMore: false, onLoadMore: fn() },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByRole('button', { name: 'Load more' })).toBeNull();
  },
};

/**
 * At 360–390 px the table scrolls sideways inside a named tab stop, and the primary column stays
 * in view while it does.
 */
export const Narrow: Story = {
  name: 'Narrow (phone)',
  tags: ['phone'],
  globals: { viewport: { value: 'phoneSmall' } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const region = await canvas.findByRole('group', { name: 'KYC reviews waiting' });
    await expect(region.scrollWidth).toBeGreaterThan(region.clientWidth);
    const nameHeader = canvas.getByRole('columnheader', { name: 'Name' });
    await expect(getComputedStyle(nameHeader).position).toBe('sticky');
    const ada = canvas.getByRole('button', { name: 'Ada Lovelace' });
    const before = ada.getBoundingClientRect().left;
    region.scrollLeft = 200;
    await new Promise((resolve) => requestAnimationFrame(() => resolve(undefined)));
    await expect(Math.round(ada.getBoundingClientRect().left)).toBe(Math.round(before));
    region.scrollLeft = 0;
  },
};
