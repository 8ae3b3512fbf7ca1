import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { OfflineBanner } from './OfflineBanner';

const meta = {
  title: 'Shell/OfflineBanner',
  component: OfflineBanner,
  parameters: { layout: 'fullscreen' },
  args: { offline: true },
} satisfies Meta<typeof OfflineBanner>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Offline: docs/product.md's exact sentence, in a status region screen readers announce. */
export const Offline: Story = {
  play: async ({ canvasElement }) => {
    const status = within(canvasElement).getByRole('status');
    await expect(status).toHaveTextContent('You’re offline. Some actions won’t work until connection is restored.');
    await expect(within(status).getByText(/You’re offline\./)).toBeVisible();
  },
};

/** Online: the status region stays in the page, empty, ready to announce a change. */
export const Online: Story = {
  args: { offline: false },
  play: async ({ canvasElement }) => {
    const status = within(canvasElement).getByRole('status');
    await expect(status).toBeEmptyDOMElement();
    await expect(within(canvasElement).queryByText(/offline/)).toBeNull();
  },
};
