import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { DemoBadge } from './DemoBadge';

const meta = { title: 'Shell/DemoBadge', component: DemoBadge } satisfies Meta<typeof DemoBadge>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The header's badge while demo mode is on: a text label, not colour alone. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const badge = within(canvasElement).getByText('Demo');
    await expect(badge).toBeVisible();
    await expect(badge).toHaveAttribute('title', 'Demo mode is on: sample accounts and data');
  },
};
