import type { Meta, StoryObj } from '@storybook/react-vite';
import { opportunityCategories, opportunityRegions } from '@vault/domain';
import { expect, fn, userEvent, within } from 'storybook/test';
import { controlled } from '../internal/controlled';
import { FilterPills, type FilterPillsProps } from './FilterPills';

const categoryOptions = ['All', ...opportunityCategories];
const regionOptions = ['All', ...opportunityRegions];

const Controlled = controlled<string, FilterPillsProps>(FilterPills);

const meta = {
  title: 'Data display/FilterPills',
  component: FilterPills,
  tags: ['autodocs'],
  parameters: {
    docs: {
      description: {
        component:
          'A labelled group of toggle pills (`aria-pressed`), one pressed at a time. Tab reaches every pill; the arrow keys, Home and End move between them; Enter or Space picks one.\n\n**When to use:** for a few mutually exclusive filters over a list, visible at once (categories, regions).\n\n**When not:** for more than about eight options or several choices at once (use a select or checkboxes).',
      },
    },
  },
  render: (args) => <Controlled {...args} />,
  args: { label: 'Category', options: categoryOptions, value: 'All', onChange: fn() },
} satisfies Meta<typeof FilterPills>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Categories: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const group = canvas.getByRole('group', { name: 'Category' });
    const pills = within(group).getAllByRole('button');
    await expect(pills.map((p) => p.textContent)).toEqual([
      'All',
      'Renewable energy',
      'Social impact, Housing',
      'Clean water',
      'Education',
    ]);
    await expect(within(group).getByRole('button', { name: 'All' })).toHaveAttribute('aria-pressed', 'true');

    await userEvent.click(within(group).getByRole('button', { name: 'Clean water' }));
    await expect(args.onChange).toHaveBeenCalledWith('Clean water');
    await expect(within(group).getByRole('button', { name: 'Clean water' })).toHaveAttribute('aria-pressed', 'true');
    await expect(within(group).getByRole('button', { name: 'All' })).toHaveAttribute('aria-pressed', 'false');

    await userEvent.click(within(group).getByRole('button', { name: 'Social impact, Housing' }));
    await expect(args.onChange).toHaveBeenLastCalledWith('Social impact, Housing');
    await expect(within(group).getByRole('button', { name: 'Social impact, Housing' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(within(group).getByRole('button', { name: 'Clean water' })).toHaveAttribute('aria-pressed', 'false');
  },
};

export const RegionsByKeyboard: Story = {
  args: { label: 'Region', options: regionOptions },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const group = canvas.getByRole('group', { name: 'Region' });
    const pill = (name: string) => within(group).getByRole('button', { name });

    await userEvent.tab();
    await expect(pill('All')).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}{ArrowRight}');
    await expect(pill('Netherlands')).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(args.onChange).toHaveBeenCalledWith('Netherlands');
    await expect(pill('Netherlands')).toHaveAttribute('aria-pressed', 'true');

    await userEvent.keyboard('{End}');
    await expect(pill('Asia')).toHaveFocus();
    await userEvent.keyboard(' ');
    await expect(args.onChange).toHaveBeenLastCalledWith('Asia');
    await expect(pill('Asia')).toHaveAttribute('aria-pressed', 'true');

    // The arrows wrap around, Home goes back to the start, and Tab reaches every pill.
    await userEvent.keyboard('{ArrowRight}');
    await expect(pill('All')).toHaveFocus();
    await userEvent.keyboard('{ArrowLeft}');
    await expect(pill('Asia')).toHaveFocus();
    await userEvent.keyboard('{Home}');
    await expect(pill('All')).toHaveFocus();
    await userEvent.tab();
    await expect(pill('EU')).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(args.onChange).toHaveBeenLastCalledWith('EU');
    await expect(args.onChange).toHaveBeenCalledTimes(3);
  },
};

export const PreselectedValue: Story = {
  args: { label: 'Region', options: regionOptions, value: 'Africa' },
  play: async ({ canvasElement, args }) => {
    const group = within(canvasElement).getByRole('group', { name: 'Region' });
    const africa = within(group).getByRole('button', { name: 'Africa' });
    await expect(africa).toHaveAttribute('aria-pressed', 'true');
    // Picking the pill that is already pressed changes nothing.
    await userEvent.click(africa);
    await expect(args.onChange).not.toHaveBeenCalled();
    await expect(africa).toHaveAttribute('aria-pressed', 'true');
  },
};

export const HiddenLabel: Story = {
  args: { labelHidden: true },
  play: async ({ canvasElement, args }) => {
    const group = within(canvasElement).getByRole('group', { name: 'Category' });
    await userEvent.click(within(group).getByRole('button', { name: 'Education' }));
    await expect(args.onChange).toHaveBeenCalledWith('Education');
  },
};
