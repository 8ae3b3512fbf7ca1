import type { Meta, StoryObj } from '@storybook/react-vite';
import { messages } from '@vault/domain';
import { expect, within } from 'storybook/test';
import { type AppStoryParameters, withApp } from '../../test-support';
import { NotFoundPage as NotFound } from '.';

const meta = {
  title: 'Screens/NotFound',
  component: NotFound,
  decorators: [withApp],
  parameters: { layout: 'fullscreen', app: { url: '/no-such-page' } satisfies AppStoryParameters },
} satisfies Meta<typeof NotFound>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: messages.notFound })).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/');
  },
};

/** Default on a 390 px phone (tag `phone`: the visual test shoots it at that width). */
export const DefaultPhone: Story = {
  ...Default,
  name: 'Default — phone',
  tags: ['phone'],
  globals: { viewport: { value: 'phone', isRotated: false } },
};
