import type { Meta, StoryObj } from '@storybook/react-vite';
import { messages } from '@vault/domain';
import { expect, fn, userEvent, within } from 'storybook/test';
import { EmptyState } from './EmptyState';

const meta = {
  title: 'Feedback/EmptyState',
  component: EmptyState,
  tags: ['autodocs'],
  parameters: {
    docs: {
      description: {
        component:
          'What a list shows when it is empty, with an optional single action.\n\n**When to use:** when a list or table loaded fine and has nothing in it; say why and offer the next action.\n\n**When not:** while loading (LoadingSkeleton) or after a failure (ErrorState).',
      },
    },
  },
  args: {
    title: messages.noOpportunityResults,
    description: 'Try another category or region, or reset the filters.',
    action: { label: 'Reset Filters', onClick: fn() },
  },
} satisfies Meta<typeof EmptyState>;

export default meta;
type Story = StoryObj<typeof meta>;

export const NoFilterResults: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { name: 'No results match your filters' })).toBeVisible();
    await expect(canvas.getByText('Try another category or region, or reset the filters.')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Reset Filters' }));
    await expect(args.action?.onClick).toHaveBeenCalledTimes(1);
  },
};

export const NoDocuments: Story = {
  args: {
    title: messages.noDocuments,
    description: 'Documents appear here once you invest in an opportunity.',
    action: { label: 'Explore Opportunities', onClick: fn() },
  },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { name: 'No documents yet' })).toBeVisible();
    const button = canvas.getByRole('button', { name: 'Explore Opportunities' });
    await userEvent.tab();
    await expect(button).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(args.action?.onClick).toHaveBeenCalledTimes(1);
  },
};

export const WithoutAction: Story = {
  args: { title: 'No notifications', description: 'You are all caught up.', action: undefined },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { name: 'No notifications' })).toBeVisible();
    await expect(canvas.queryByRole('button')).toBeNull();
  },
};
