import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { type AppStoryParameters, sessionAs, withApp } from '../../test-support';
import Placements from '.';

const meta = {
  title: 'Screens/Placements',
  component: Placements,
  decorators: [withApp],
  parameters: {
    layout: 'fullscreen',
    app: { url: '/placements', session: sessionAs('investor'), shell: true } satisfies AppStoryParameters,
  },
} satisfies Meta<typeof Placements>;
export default meta;
type Story = StoryObj<typeof meta>;

/** docs/product.md §2: only the text 'Placements'. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('heading', { level: 1, name: 'Placements' })).toBeVisible();
  },
};

/** Default on a 390 px phone (tag `phone`: the visual test shoots it at that width). */
export const DefaultPhone: Story = {
  ...Default,
  name: 'Default — phone',
  tags: ['phone'],
  globals: { viewport: { value: 'phone', isRotated: false } },
};
