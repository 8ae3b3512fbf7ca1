import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { type AppStoryParameters, withApp } from '../../test-support';
import Welcome from '.';

const meta = {
  title: 'Screens/Welcome',
  component: Welcome,
  decorators: [withApp],
  parameters: { layout: 'fullscreen', app: { url: '/welcome' } satisfies AppStoryParameters },
} satisfies Meta<typeof Welcome>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '/register');
    await expect(canvas.getByRole('link', { name: 'View Opportunities' })).toHaveAttribute('href', '/opportunities');
  },
};

/** Default on a 390 px phone (tag `phone`: the visual test shoots it at that width). */
export const DefaultPhone: Story = {
  ...Default,
  name: 'Default — phone',
  tags: ['phone'],
  globals: { viewport: { value: 'phone', isRotated: false } },
};
