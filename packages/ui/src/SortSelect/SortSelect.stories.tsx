import type { Meta, StoryObj } from '@storybook/react-vite';
import { opportunitySorts } from '@vault/domain';
import { expect, fn, userEvent, within } from 'storybook/test';
import { controlled } from '../internal/controlled';
import { SortSelect, type SortSelectProps } from './SortSelect';

const Controlled = controlled<SortSelectProps['value'], SortSelectProps>(SortSelect);

const meta = {
  title: 'Data display/SortSelect',
  component: SortSelect,
  tags: ['autodocs'],
  parameters: {
    docs: {
      description: {
        component:
          "The opportunities' sort order: a native `<select>` labelled 'Sort by', fed by the domain's `opportunitySorts`.\n\n**When to use:** above a list whose order people may change (opportunities).\n\n**When not:** for filtering (FilterPills) or for table columns (sort there).",
      },
    },
  },
  argTypes: { value: { control: 'select', options: opportunitySorts.map((s) => s.id) } },
  render: (args) => <Controlled {...args} />,
  args: { value: 'relevance', onChange: fn() },
} satisfies Meta<typeof SortSelect>;

export default meta;
type Story = StoryObj<typeof meta>;

export const ChooseEachOption: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const select = canvas.getByRole('combobox', { name: 'Sort by' });
    await expect(select).toHaveDisplayValue('Relevance');
    const options = within(select).getAllByRole('option');
    await expect(options.map((o) => o.textContent)).toEqual([
      'Relevance',
      'APY high to low',
      'Min Investment low to high',
      'Term short to long',
    ]);
    for (const [label, id] of [
      ['APY high to low', 'apy-desc'],
      ['Min Investment low to high', 'min-asc'],
      ['Term short to long', 'term-asc'],
      ['Relevance', 'relevance'],
    ] as const) {
      await userEvent.selectOptions(select, label);
      await expect(args.onChange).toHaveBeenLastCalledWith(id);
      await expect(select).toHaveDisplayValue(label);
    }
    await expect(args.onChange).toHaveBeenCalledTimes(4);
  },
};

export const Preselected: Story = {
  args: { value: 'term-asc' },
  play: async ({ canvasElement }) => {
    const select = within(canvasElement).getByRole('combobox', { name: 'Sort by' });
    await expect(select).toHaveDisplayValue('Term short to long');
    // A native select: in the tab order, and the browser's own keys pick an option.
    await userEvent.tab();
    await expect(select).toHaveFocus();
  },
};
