import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { MoneyText } from './MoneyText';

const meta = {
  title: 'Data display/MoneyText',
  component: MoneyText,
  tags: ['autodocs'],
  parameters: {
    docs: {
      description: {
        component:
          "An amount given in integer cents, shown in euros with the en-IE locale.\n\n**When to use:** for every amount in euros: it formats through the domain's `formatEuros` (en-IE).\n\n**When not:** for percentages, counts or other currencies.",
      },
    },
  },
  argTypes: {
    tone: { control: 'inline-radio', options: ['default', 'muted', 'positive', 'negative'] },
    weight: { control: 'inline-radio', options: ['regular', 'medium', 'bold'] },
  },
  args: { cents: 500_000 },
} satisfies Meta<typeof MoneyText>;

export default meta;
type Story = StoryObj<typeof meta>;

export const WholeEuros: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('€5,000')).toBeVisible();
  },
};

export const WithCents: Story = {
  args: { cents: 5_050 },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('€50.50')).toBeVisible();
  },
};

export const LargeAmount: Story = {
  args: { cents: 1_250_000_000, size: '7', weight: 'bold' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('€12,500,000')).toBeVisible();
  },
};

export const Zero: Story = {
  args: { cents: 0 },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('€0')).toBeVisible();
  },
};

export const Positive: Story = {
  args: { cents: 12_345, tone: 'positive' },
  play: async ({ canvasElement }) => {
    const amount = within(canvasElement).getByText('€123.45');
    await expect(amount).toBeVisible();
    await expect(amount).toHaveAttribute('data-tone', 'positive');
  },
};

export const Negative: Story = {
  args: { cents: 2_000, tone: 'negative' },
  play: async ({ canvasElement }) => {
    const amount = within(canvasElement).getByText('€20');
    await expect(amount).toBeVisible();
    await expect(amount).toHaveAttribute('data-tone', 'negative');
  },
};

export const Muted: Story = {
  args: { cents: 10_000, tone: 'muted' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('€100')).toBeVisible();
  },
};
