import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { PaletteHint } from './PaletteHint';

const meta = { title: 'Shell/PaletteHint', component: PaletteHint } satisfies Meta<typeof PaletteHint>;

export default meta;
type Story = StoryObj<typeof meta>;

/** docs/product.md's hint, word for word. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Press Ctrl+K (or Cmd+K on Mac) to search')).toBeVisible();
  },
};
