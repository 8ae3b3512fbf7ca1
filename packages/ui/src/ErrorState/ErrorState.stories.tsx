import type { Meta, StoryObj } from '@storybook/react-vite';
import { messages } from '@vault/domain';
import { expect, fn, userEvent, within } from 'storybook/test';
import { ErrorState } from './ErrorState';

const meta = {
  title: 'Feedback/ErrorState',
  component: ErrorState,
  tags: ['autodocs'],
  parameters: {
    docs: {
      description: {
        component:
          "A list that failed to load: its title, 'Please check your connection and try again.' and Retry, announced as an alert.\n\n**When to use:** when loading a section failed; say what failed and offer Retry.\n\n**When not:** for a form field's message (put it by the field) or for an empty result (EmptyState).",
      },
    },
  },
  args: { title: messages.opportunitiesFailed, onRetry: fn() },
} satisfies Meta<typeof ErrorState>;

export default meta;
type Story = StoryObj<typeof meta>;

export const OpportunitiesFailed: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const alert = canvas.getByRole('alert');
    await expect(within(alert).getByRole('heading', { name: 'Failed to load opportunities' })).toBeVisible();
    await expect(within(alert).getByText('Please check your connection and try again.')).toBeVisible();
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    await expect(args.onRetry).toHaveBeenCalledTimes(1);
  },
};

export const DocumentsFailed: Story = {
  args: { title: messages.documentsFailed },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { name: 'Failed to load documents' })).toBeVisible();
    await expect(canvas.getByText('Please check your connection and try again.')).toBeVisible();
    await userEvent.tab();
    await expect(canvas.getByRole('button', { name: 'Retry' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(args.onRetry).toHaveBeenCalledTimes(1);
  },
};

export const CustomMessage: Story = {
  args: { title: 'Failed to load portfolio', message: 'The server did not answer in time.', retryLabel: 'Try again' },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('The server did not answer in time.')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Try again' }));
    await expect(args.onRetry).toHaveBeenCalledTimes(1);
  },
};
