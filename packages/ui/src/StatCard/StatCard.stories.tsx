import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { MoneyText } from '../MoneyText';
import { StatCard } from './StatCard';

const UsersIcon = (
  <svg width="15" height="15" viewBox="0 0 15 15" fill="none" aria-hidden="true">
    <circle cx="7.5" cy="5" r="2.5" stroke="currentColor" />
    <path d="M2.5 13c0-2.8 2.2-4.5 5-4.5s5 1.7 5 4.5" stroke="currentColor" />
  </svg>
);

const meta = {
  title: 'Data display/StatCard',
  component: StatCard,
  tags: ['autodocs'],
  parameters: {
    docs: {
      description: {
        component:
          'A headline figure with its label, an optional trend, hint and icon.\n\n**When to use:** for one headline figure with its label, in a row of figures (dashboards).\n\n**When not:** for lists of values (DataTable) or for a figure that needs a chart to be understood.',
      },
    },
  },
  args: { label: 'Total Users', value: '1,284' },
  argTypes: { value: { control: 'text' }, icon: { control: false } },
} satisfies Meta<typeof StatCard>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Basic: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const card = canvas.getByRole('group', { name: 'Total Users' });
    await expect(within(card).getByText('1,284')).toBeVisible();
  },
};

export const WithTrendUp: Story = {
  args: { trend: { direction: 'up', label: '+12% this month' }, icon: UsersIcon },
  play: async ({ canvasElement }) => {
    const card = within(canvasElement).getByRole('group', { name: 'Total Users' });
    await expect(within(card).getByText('+12% this month')).toBeVisible();
  },
};

export const WithTrendDown: Story = {
  args: { label: 'Compliance Alerts', value: '3', trend: { direction: 'down', label: '2 fewer than last week' } },
  play: async ({ canvasElement }) => {
    const card = within(canvasElement).getByRole('group', { name: 'Compliance Alerts' });
    await expect(within(card).getByText('3')).toBeVisible();
    await expect(within(card).getByText('2 fewer than last week')).toBeVisible();
  },
};

export const WithTrendFlat: Story = {
  args: { label: 'Open Placements', value: '8', trend: { direction: 'flat', label: 'No change' } },
  play: async ({ canvasElement }) => {
    const card = within(canvasElement).getByRole('group', { name: 'Open Placements' });
    await expect(within(card).getByText('No change')).toBeVisible();
  },
};

export const WithMoneyAndHint: Story = {
  args: {
    label: 'Total Assets Managed',
    value: <MoneyText cents={4_250_000_000} />,
    hint: 'Across all family offices',
  },
  play: async ({ canvasElement }) => {
    const card = within(canvasElement).getByRole('group', { name: 'Total Assets Managed' });
    await expect(within(card).getByText('€42,500,000')).toBeVisible();
    await expect(within(card).getByText('Across all family offices')).toBeVisible();
  },
};
