import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { OfferingProgress } from './OfferingProgress';

const meta = {
  title: 'Data display/OfferingProgress',
  component: OfferingProgress,
  tags: ['autodocs'],
  parameters: {
    layout: 'padded',
    docs: {
      description: {
        component:
          "An offering's subscriptions against its maximum, its minimum target marked; the bar's accessible value says the figures.",
      },
    },
  },
  args: {
    percent: 30,
    text: '€300,000 raised of €1,000,000 (30%)',
    minPercent: 20,
    minText: 'Minimum target €200,000, reached',
    daysLeft: '12 days left',
  },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 420 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof OfferingProgress>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The bar is named by its figures and says them as its value; the minimum sits where it belongs. */
export const Open: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const bar = canvas.getByRole('progressbar', { name: '€300,000 raised of €1,000,000 (30%)' });
    await expect(bar).toHaveAttribute('aria-valuenow', '30');
    await expect(bar).toHaveAttribute('aria-valuetext', '€300,000 raised of €1,000,000 (30%)');
    await expect(canvas.getByText('12 days left')).toBeVisible();
    await expect(canvas.getByTestId('min-target-tick').style.left).toBe('20%');
  },
};

/** Nothing raised yet and no minimum: an empty bar, no tick. */
export const NothingYet: Story = {
  args: { percent: 0, text: '€0 raised of €500,000 (0%)', minPercent: null, minText: null, daysLeft: 'Last day' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '0');
    await expect(canvas.queryByTestId('min-target-tick')).toBeNull();
  },
};
