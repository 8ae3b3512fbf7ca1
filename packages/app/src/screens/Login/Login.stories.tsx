import type { Meta, StoryObj } from '@storybook/react-vite';
import { messages } from '@vault/domain';
import { expect, userEvent, within } from 'storybook/test';
import { type AppStoryParameters, expectToast, withApp } from '../../test-support';
import Login from '.';

const meta = {
  title: 'Screens/Login',
  component: Login,
  decorators: [withApp],
  parameters: { layout: 'fullscreen', app: { url: '/login' } satisfies AppStoryParameters },
} satisfies Meta<typeof Login>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Sign In' }));
    await expectToast(messages.fillAllFields);
  },
};

export const DemoMode: Story = {
  parameters: { app: { url: '/login', demo: true } satisfies AppStoryParameters },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('button', { name: 'Sign in as investor' })).toBeVisible();
  },
};

/** Default on a 390 px phone (tag `phone`: the visual test shoots it at that width). */
export const DefaultPhone: Story = {
  ...Default,
  name: 'Default — phone',
  tags: ['phone'],
  globals: { viewport: { value: 'phone', isRotated: false } },
};
