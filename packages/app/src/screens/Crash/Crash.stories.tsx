import type { Meta, StoryObj } from '@storybook/react-vite';
import { messages } from '@vault/domain';
import { expect, within } from 'storybook/test';
import { CrashView } from '.';

const meta = {
  title: 'Screens/Crash',
  component: CrashView,
  args: { error: new Error('Cannot read properties of undefined (reading "apy")') },
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof CrashView>;
export default meta;
type Story = StoryObj<typeof meta>;

/** docs/product.md §2 'Crash page': the message, Try again and Go to Homepage. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: messages.crashed })).toBeVisible();
    await expect(canvas.getByRole('alert')).toHaveTextContent('Cannot read properties of undefined');
    await expect(canvas.getByRole('button', { name: 'Try again' })).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Go to Homepage' })).toHaveAttribute('href', '/');
  },
};

export const NonErrorValue: Story = {
  args: { error: 'Chunk failed to load' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent('Chunk failed to load');
  },
};

/** Default on a 390 px phone (tag `phone`: the visual test shoots it at that width). */
export const DefaultPhone: Story = {
  ...Default,
  name: 'Default — phone',
  tags: ['phone'],
  globals: { viewport: { value: 'phone', isRotated: false } },
};
