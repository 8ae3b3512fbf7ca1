import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, within } from 'storybook/test';
import { FilterBar, type FilterBarDateRangeValue } from './FilterBar';

interface AuditFilters {
  member: string;
  action: string;
  range: FilterBarDateRangeValue;
}

const noFilters: AuditFilters = { member: '', action: '', range: { from: '', to: '' } };

const actionOptions = [
  { value: 'kyc.approved', label: 'KYC approved' },
  { value: 'kyc.rejected', label: 'KYC rejected' },
  { value: 'investment.confirmed', label: 'Investment confirmed' },
];

/** The /audit filters as a screen holds them; each change is also reported to `onChange`. */
function AuditFilterBar({
  initial = noFilters,
  onChange,
  onClear,
}: {
  initial?: AuditFilters;
  onChange: (filters: AuditFilters) => void;
  onClear: () => void;
}) {
  const [filters, setFilters] = useState(initial);
  const update = (next: AuditFilters) => {
    setFilters(next);
    onChange(next);
  };
  return (
    <FilterBar
      label="Filter audit events"
      filters={[
        {
          kind: 'search',
          id: 'member',
          label: 'Member',
          placeholder: 'Name or email',
          value: filters.member,
          onChange: (member) => update({ ...filters, member }),
        },
        {
          kind: 'select',
          id: 'action',
          label: 'Action',
          allLabel: 'All actions',
          options: actionOptions,
          value: filters.action,
          onChange: (action) => update({ ...filters, action }),
        },
        {
          kind: 'dateRange',
          id: 'date',
          label: 'Date',
          value: filters.range,
          onChange: (range) => update({ ...filters, range }),
        },
      ]}
      onClear={() => {
        update(noFilters);
        onClear();
      }}
    />
  );
}

const meta = {
  title: 'Console/FilterBar',
  component: AuditFilterBar,
  tags: ['autodocs'],
  parameters: {
    docs: {
      description: {
        component:
          "A console's filters in one row of labelled, controlled inputs: a text search (the caller debounces it), selects, a date range (From and To under one legend), and **Clear filters**, enabled while any filter is set. It wraps onto several lines on a narrow screen. The screen holds the values and asks the server.\n\n**When to use:** above a ConsoleTable whose list the server filters.\n\n**When not:** for a few preset choices (FilterPills) or for sorting (SortSelect).",
      },
    },
  },
  args: { onChange: fn(), onClear: fn() },
} satisfies Meta<typeof AuditFilterBar>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Every input has its label; typing, choosing and picking dates report the new values. */
export const Default: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const form = canvas.getByRole('form', { name: 'Filter audit events' });
    const clear = within(form).getByRole('button', { name: 'Clear filters' });
    await expect(clear).toBeDisabled();

    await userEvent.type(within(form).getByRole('searchbox', { name: 'Member' }), 'ada');
    await expect(args.onChange).toHaveBeenLastCalledWith({ ...noFilters, member: 'ada' });
    await expect(clear).toBeEnabled();

    const action = within(form).getByRole('combobox', { name: 'Action' });
    await expect(
      within(action)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['All actions', 'KYC approved', 'KYC rejected', 'Investment confirmed']);
    await userEvent.selectOptions(action, 'kyc.rejected');
    await expect(args.onChange).toHaveBeenLastCalledWith({ ...noFilters, member: 'ada', action: 'kyc.rejected' });

    const dates = within(form).getByRole('group', { name: 'Date' });
    const from = within(dates).getByLabelText('From');
    await userEvent.type(from, '2026-01-02');
    await expect(args.onChange).toHaveBeenLastCalledWith({
      member: 'ada',
      action: 'kyc.rejected',
      range: { from: '2026-01-02', to: '' },
    });
    // To may not be before From.
    await expect(within(dates).getByLabelText('To')).toHaveAttribute('min', '2026-01-02');
  },
};

/** Clear filters empties every input and tells the screen; it is then disabled again. */
export const ClearFilters: Story = {
  name: 'Clear filters',
  args: { initial: { member: 'grace', action: 'kyc.approved', range: { from: '2026-01-01', to: '2026-01-31' } } },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('searchbox', { name: 'Member' })).toHaveValue('grace');
    await expect(canvas.getByRole('combobox', { name: 'Action' })).toHaveValue('kyc.approved');
    await userEvent.click(canvas.getByRole('button', { name: 'Clear filters' }));
    await expect(args.onClear).toHaveBeenCalledTimes(1);
    await expect(canvas.getByRole('searchbox', { name: 'Member' })).toHaveValue('');
    await expect(canvas.getByRole('combobox', { name: 'Action' })).toHaveValue('');
    await expect(canvas.getByLabelText('From')).toHaveValue('');
    await expect(canvas.getByLabelText('To')).toHaveValue('');
    await expect(canvas.getByRole('button', { name: 'Clear filters' })).toBeDisabled();
  },
};

/** At phone width the filters wrap onto several lines; nothing scrolls sideways. */
export const Narrow: Story = {
  name: 'Narrow (phone)',
  tags: ['phone'],
  globals: { viewport: { value: 'phoneSmall' } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const form = canvas.getByRole('form', { name: 'Filter audit events' });
    await expect(form.scrollWidth).toBeLessThanOrEqual(form.clientWidth);
    const search = canvas.getByRole('searchbox', { name: 'Member' }).getBoundingClientRect();
    const action = canvas.getByRole('combobox', { name: 'Action' }).getBoundingClientRect();
    // Wrapped: the select sits below the search field, not beside it.
    await expect(action.top).toBeGreaterThan(search.bottom);
  },
};
