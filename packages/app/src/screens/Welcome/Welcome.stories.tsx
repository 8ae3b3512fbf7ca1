import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { type AppStoryParameters, withApp } from '../../storybook';
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
