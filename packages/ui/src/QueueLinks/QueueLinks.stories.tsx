import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { QueueLinks } from './QueueLinks';

const meta = {
  title: 'Console/QueueLinks',
  component: QueueLinks,
  tags: ['autodocs'],
  parameters: {
    docs: {
      description: {
        component:
          "How much waits in each of a staff member's queues, each a link to the queue ('3 KYC cases waiting').\n\n**When to use:** at the top of a staff dashboard.\n\n**When not:** for figures that lead nowhere (StatCard).",
      },
    },
  },
  args: {
    label: 'Your queues',
    links: [
      { key: 'kyc_cases', count: 3, label: '3 KYC cases waiting', href: '/kyc' },
      { key: 'offerings_to_approve', count: 1, label: '1 offering to approve', href: '/offerings?status=in_review' },
      { key: 'alerts', count: 0, label: '0 open alerts', href: '/compliance' },
    ],
    onNavigate: fn(),
  },
} satisfies Meta<typeof QueueLinks>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Each queue is a link with its count; a plain click routes in the app. */
export const Default: Story = {
  play: async ({ canvasElement, args }) => {
    const nav = within(canvasElement).getByRole('navigation', { name: 'Your queues' });
    const link = within(nav).getByRole('link', { name: '1 offering to approve' });
    await expect(link).toHaveAttribute('href', '/offerings?status=in_review');
    await expect(within(nav).getAllByRole('link')).toHaveLength(3);
    await userEvent.click(link);
    await expect(args.onNavigate).toHaveBeenCalledWith('/offerings?status=in_review');
  },
};

/** No queue: nothing is drawn. */
export const NoQueues: Story = {
  args: { links: [] },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByRole('navigation')).toBeNull();
  },
};
