import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { ComingSoon } from './ComingSoon';

const meta = {
  title: 'Feedback/ComingSoon',
  component: ComingSoon,
  tags: ['autodocs'],
  parameters: {
    docs: {
      description: {
        component:
          "The page of a route that is not built yet (docs/product.md §2: 'coming soon').\n\n**When to use:** for a page or section that exists in the navigation but is not built yet, with a way back.\n\n**When not:** for missing data (EmptyState) or a failure (ErrorState).",
      },
    },
  },
  args: { title: 'Support' },
} satisfies Meta<typeof ComingSoon>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Support' })).toBeVisible();
    await expect(canvas.getByText('Coming soon')).toBeVisible();
    await expect(canvas.getByText('We’re building this page. Check back soon.')).toBeVisible();
    await expect(canvas.queryByRole('button')).toBeNull();
  },
};

export const WithDescriptionAndAction: Story = {
  args: {
    title: 'Compliance Center',
    description: 'KYC reviews, alerts and audit exports will live here.',
    action: { label: 'Go to Dashboard', onClick: fn() },
  },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Compliance Center' })).toBeVisible();
    await expect(canvas.getByText('KYC reviews, alerts and audit exports will live here.')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Go to Dashboard' }));
    await expect(args.action?.onClick).toHaveBeenCalledTimes(1);
  },
};

export const AsSection: Story = {
  args: { title: 'Community', headingLevel: 2 },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('heading', { level: 2, name: 'Community' })).toBeVisible();
  },
};
