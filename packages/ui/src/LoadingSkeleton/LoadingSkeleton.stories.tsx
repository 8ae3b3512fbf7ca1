import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { LoadingSkeleton } from './LoadingSkeleton';

const meta = {
  title: 'Feedback/LoadingSkeleton',
  component: LoadingSkeleton,
  tags: ['autodocs'],
  parameters: {
    docs: {
      description: {
        component:
          "Placeholder shapes for a card grid, a table or a text block. A busy status region named 'Loading…'; the pulse stops under prefers-reduced-motion.\n\n**When to use:** while a section's data loads, shaped like what will appear (text, cards, table).\n\n**When not:** for actions in progress (disable the button and say so) or for more than a few seconds without a message.",
      },
    },
  },
  argTypes: { variant: { control: 'inline-radio', options: ['cards', 'table', 'text'] } },
  args: { variant: 'cards' },
} satisfies Meta<typeof LoadingSkeleton>;

export default meta;
type Story = StoryObj<typeof meta>;

export const CardGrid: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const status = canvas.getByRole('status', { name: 'Loading…' });
    await expect(status).toHaveAttribute('aria-busy', 'true');
    await expect(status).toHaveTextContent('Loading…');
    const shapes = within(status).getByTestId('skeleton-shapes');
    await expect(shapes.children).toHaveLength(6);
    await expect(shapes.parentElement).toHaveAttribute('aria-hidden', 'true');
  },
};

export const Table: Story = {
  args: { variant: 'table', count: 4 },
  play: async ({ canvasElement }) => {
    const status = within(canvasElement).getByRole('status', { name: 'Loading…' });
    await expect(status).toHaveAttribute('aria-busy', 'true');
    // A header row and four body rows.
    await expect(within(status).getByTestId('skeleton-shapes').children).toHaveLength(5);
  },
};

export const TextBlock: Story = {
  args: { variant: 'text' },
  play: async ({ canvasElement }) => {
    const status = within(canvasElement).getByRole('status', { name: 'Loading…' });
    await expect(status).toHaveAttribute('aria-busy', 'true');
    await expect(within(status).getByTestId('skeleton-shapes').children).toHaveLength(3);
  },
};

export const CustomLabel: Story = {
  args: { variant: 'table', label: 'Loading documents…' },
  play: async ({ canvasElement }) => {
    const status = within(canvasElement).getByRole('status', { name: 'Loading documents…' });
    await expect(status).toHaveAttribute('aria-busy', 'true');
  },
};

/** The pulse is an animation that a reduced-motion preference switches off (checked in CSS). */
export const Animated: Story = {
  args: { variant: 'text', count: 2 },
  play: async ({ canvasElement }) => {
    const status = within(canvasElement).getByRole('status', { name: 'Loading…' });
    const block = within(status).getByTestId('skeleton-shapes').firstElementChild;
    if (!block) throw new Error('expected a skeleton block');
    const reduced = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    await expect(getComputedStyle(block).animationName === 'none').toBe(reduced);
  },
};
